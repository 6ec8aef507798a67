/** Annual billing: twelve months at 20 % off. */
export const ANNUAL_DISCOUNT = 0.2

export type Billing = 'monthly' | 'annual'

export function parseBilling(value: string | null): Billing {
  return value === 'annual' ? 'annual' : 'monthly'
}

/** A plan's price for the billing period, in euro cents to avoid float drift. */
export function planPriceCents(monthlyPrice: number, billing: Billing): number {
  const monthlyCents = Math.round(monthlyPrice * 100)
  if (billing === 'monthly') return monthlyCents
  return Math.round(monthlyCents * 12 * (1 - ANNUAL_DISCOUNT))
}
