import type { Currency } from '~/domain/money/currency'

/**
 * Tips for the driver (docs/reviews.md): the amounts the review page offers
 * and the bounds of one typed, in the booking's currency, in minor units.
 * Every tip goes to the driver in full; the company keeps none of it.
 */

interface TipScale {
  /** The three amounts offered, smallest first. */
  choices: readonly [number, number, number]
  min: number
  max: number
}

/** Round amounts a traveller recognises in each currency (about 5, 10 and 20 euros). */
const scales: Record<Currency, TipScale> = {
  EUR: { choices: [500, 1000, 2000], min: 100, max: 20_000 },
  USD: { choices: [500, 1000, 2000], min: 100, max: 20_000 },
  GBP: { choices: [500, 1000, 2000], min: 100, max: 20_000 },
  TRY: { choices: [20_000, 40_000, 80_000], min: 5_000, max: 800_000 },
}

export function tipScale(currency: Currency): TipScale {
  return scales[currency]
}

export type TipAmountCheck =
  { ok: true; minor: number } | { ok: false; reason: 'format' | 'tooSmall' | 'tooLarge' }

/**
 * A typed amount ("12", "12.50", "12,50") as minor units within the
 * currency's bounds. At most two decimals; no thousands separators, which a
 * comma-decimal reader and a dot-decimal reader would read differently.
 */
export function readTipAmount(typed: string, currency: Currency): TipAmountCheck {
  const match = /^(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(typed.trim())
  if (!match) return { ok: false, reason: 'format' }
  const minor = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
  const { min, max } = scales[currency]
  if (minor < min) return { ok: false, reason: 'tooSmall' }
  if (minor > max) return { ok: false, reason: 'tooLarge' }
  return { ok: true, minor }
}
