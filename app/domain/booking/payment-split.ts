import type { PaymentOption } from '~/db/schema'

/** Share of the total taken by card when the traveller pays a deposit (PRODUCT.md, Payment). */
export const DEPOSIT_SHARE = 0.3

/**
 * What the card is charged now and what the driver collects in cash, in the
 * booking's minor units. The deposit is rounded once; the cash part is the
 * exact rest, so the two always add up to the total.
 */
export function amountsDue(
  totalMinor: number,
  option: PaymentOption,
): { nowMinor: number; cashMinor: number } {
  if (option === 'depositCash') {
    const nowMinor = Math.round(totalMinor * DEPOSIT_SHARE)
    return { nowMinor, cashMinor: totalMinor - nowMinor }
  }
  return { nowMinor: totalMinor, cashMinor: 0 }
}
