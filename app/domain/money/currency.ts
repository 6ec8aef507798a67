/** Currencies a traveller can see prices in; the price list itself is in EUR. */
export const currencies = ['EUR', 'USD', 'GBP', 'TRY'] as const
export type Currency = (typeof currencies)[number]
export const baseCurrency: Currency = 'EUR'

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (currencies as readonly string[]).includes(value)
}

export function parseCurrency(value: unknown): Currency {
  return isCurrency(value) ? value : baseCurrency
}

/** A currency whose rate an admin pinned: until when, and the Istanbul day it was pinned. */
export interface PinnedRate {
  expiresAt: string
  pinnedOn: string
}

/**
 * Units of a currency for one euro, with the day they were published and by
 * whom (`source`). A currency named in `pinned` has an admin's rate instead
 * of the source's, dated the day it was pinned (see docs/pricing.md).
 */
export interface RatesSnapshot {
  date: string
  rates: Record<Currency, number>
  source: 'builtin' | 'ecb'
  pinned?: Partial<Record<Currency, PinnedRate>>
}

/**
 * The date a booking in `currency` records for its rate: the pin's day for a
 * pinned currency, else the day the source published its rates.
 */
export function ratesDateOf(snapshot: RatesSnapshot, currency: Currency): string {
  return snapshot.pinned?.[currency]?.pinnedOn ?? snapshot.date
}

/**
 * Euro cents in another currency's minor units, rounded half away from zero
 * once, at the end (the displayed price is the base price times the rate).
 */
export function convertCents(
  euroCents: number,
  currency: Currency,
  snapshot: RatesSnapshot,
): number {
  if (currency === baseCurrency) return euroCents
  return convertAtRate(euroCents, snapshot.rates[currency])
}

/** Euro cents at one rate (units of the currency per euro), rounded as convertCents does. */
export function convertAtRate(euroCents: number, rate: number): number {
  return Math.sign(euroCents) * Math.round(Math.abs(euroCents) * rate)
}
