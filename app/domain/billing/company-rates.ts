/** How a company earns: a commission on our prices, or net rates below them. */
export type CompanyRateKind = 'commission' | 'net'

/**
 * What a company's rates take off a booking: a net-rate company pays our
 * price less its percentage, rounded to the cent; a commission company pays
 * our price and earns its percentage on the monthly statement instead.
 */
export function companyDiscountMinor(
  totalMinor: number,
  company: { rate_kind: CompanyRateKind; rate_percent: number },
): number {
  if (company.rate_kind !== 'net' || company.rate_percent <= 0) return 0
  return Math.round((totalMinor * company.rate_percent) / 100)
}

/** The credit a company on account has left, in euro cents (never below nothing). */
export function creditLeftCents(company: {
  credit_limit_cents: number
  credit_used_cents: number
}): number {
  return Math.max(company.credit_limit_cents - company.credit_used_cents, 0)
}
