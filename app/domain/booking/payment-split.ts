import { readPriceTerms } from '~/domain/pricing/price-terms'

/** Full card payment, or a card deposit (the price list's share) with the rest in cash to the driver. */
export const paymentOptions = ['fullCard', 'depositCash'] as const
export type PaymentOption = (typeof paymentOptions)[number]

/** The option a booking pays by until the traveller chooses one. */
export const DEFAULT_PAYMENT_OPTION: PaymentOption = 'fullCard'

export function paymentOptionOf(booking: { payment_option: PaymentOption | null }): PaymentOption {
  return booking.payment_option ?? DEFAULT_PAYMENT_OPTION
}

/**
 * What the card is charged now and what the driver collects in cash, in the
 * booking's minor units, for a deposit of `depositPercent` (the booking's price
 * terms). The deposit is rounded once; the cash part is the exact rest, so the
 * two always add up to the total.
 */
export function amountsDue(
  totalMinor: number,
  option: PaymentOption,
  depositPercent: number,
): { nowMinor: number; cashMinor: number } {
  if (option === 'depositCash') {
    const nowMinor = Math.round((totalMinor * depositPercent) / 100)
    return { nowMinor, cashMinor: totalMinor - nowMinor }
  }
  return { nowMinor: totalMinor, cashMinor: 0 }
}

/**
 * What the card paid and what the driver collects in cash. A paid booking
 * keeps what was really charged (`paid_minor`); before that, the chosen
 * option's amounts. The cash part never goes below zero, even if a charge
 * exceeded the total. The invoice, the received page, the voucher and the
 * e-mail all read it from here, so they never disagree.
 */
export function paymentSplit(booking: {
  payment_option: PaymentOption | null
  paid_minor: number | null
  total_minor: number
  price_terms: string
  /** A promo code's discount: the card and the driver share the total less it. */
  discount_minor?: number
}): { option: PaymentOption; paidMinor: number; cashMinor: number } {
  const option = paymentOptionOf(booking)
  const payable = booking.total_minor - (booking.discount_minor ?? 0)
  const paidMinor =
    booking.paid_minor ??
    amountsDue(payable, option, readPriceTerms(booking).depositPercent).nowMinor
  return { option, paidMinor, cashMinor: Math.max(payable - paidMinor, 0) }
}

/**
 * The return ride's part of what the card paid for a trip there and back:
 * in proportion to its price, so a deposit is shared like the prices; the
 * outbound keeps the exact rest, and the two parts add up to the payment.
 */
export function returnRideShare(
  tripTotalMinor: number,
  returnTotalMinor: number,
  paidMinor: number,
): number {
  if (tripTotalMinor <= 0) return 0
  return Math.min(returnTotalMinor, Math.round((paidMinor * returnTotalMinor) / tripTotalMinor))
}
