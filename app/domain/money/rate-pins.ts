import { istanbulDate } from '~/domain/booking-window'
import { baseCurrency, currencies, type Currency, type RatesSnapshot } from './currency'

/**
 * Exchange rates an admin pins for a while (the lira can move more in a day
 * than the ECB's daily rate follows): what a pin is, which pins are in force,
 * the rates a quote uses with them, and what a new pin must satisfy.
 */

/** Every currency but the euro, which the price list is in. */
export type PinnableCurrency = Exclude<Currency, 'EUR'>
export const pinnableCurrencies = currencies.filter(
  (currency): currency is PinnableCurrency => currency !== baseCurrency,
)

export function isPinnableCurrency(value: unknown): value is PinnableCurrency {
  return (pinnableCurrencies as readonly unknown[]).includes(value)
}

/** A pin not ended by hand (an ended one no longer counts, whatever its expiry). */
export interface OpenPin {
  id: number
  currency: Currency
  /** Units per euro, a decimal string. */
  rate: string
  expiresAt: string
  createdAt: string
}

/** How long ahead a pin may run, and how far from the source's rate it may be. */
export const pinLimits = { maxDays: 30, band: 0.5 } as const

/**
 * The pin in force for each currency at `now`: not expired; of two (two admins
 * pinning at the same moment), the newer.
 */
export function pinsInForce<Pin extends OpenPin>(
  pins: readonly Pin[],
  now: Date,
): Map<Currency, Pin> {
  const inForce = new Map<Currency, Pin>()
  for (const pin of pins) {
    if (pin.currency === baseCurrency || Date.parse(pin.expiresAt) <= now.getTime()) continue
    const other = inForce.get(pin.currency)
    const newer =
      !other ||
      pin.createdAt > other.createdAt ||
      (pin.createdAt === other.createdAt && pin.id > other.id)
    if (newer) inForce.set(pin.currency, pin)
  }
  return inForce
}

/**
 * The rates a quote uses at `now`: the source's, with each pinned currency's
 * rate replaced by its pin's and named in `pinned`. An expired pin is simply
 * left out, so the source's rate applies again the moment it expires.
 */
export function withPins(snapshot: RatesSnapshot, pins: readonly OpenPin[], now: Date) {
  const inForce = pinsInForce(pins, now)
  if (inForce.size === 0) return snapshot
  const rates = { ...snapshot.rates }
  const pinned: NonNullable<RatesSnapshot['pinned']> = {}
  for (const [currency, pin] of inForce) {
    rates[currency] = Number(pin.rate)
    pinned[currency] = { expiresAt: pin.expiresAt, pinnedOn: istanbulDate(new Date(pin.createdAt)) }
  }
  return { ...snapshot, rates, pinned } satisfies RatesSnapshot
}

/** A rate as staff type it: digits, a point or a comma, at most six decimals. */
const ratePattern = /^\d{1,7}(?:[.,]\d{1,6})?$/

/** The typed rate as stored (a point, no needless zeros), or undefined when it is no rate. */
export function parsePinRate(typed: string): string | undefined {
  const value = typed.trim()
  if (!ratePattern.test(value)) return undefined
  const rate = Number(value.replace(',', '.'))
  return rate > 0 ? String(rate) : undefined
}

/** The lowest and highest rate a pin may have, around the source's rate. */
export function pinRateBand(sourceRate: number) {
  return { min: sourceRate * (1 - pinLimits.band), max: sourceRate * (1 + pinLimits.band) }
}

export type PinRateRefusal = 'rateInvalid' | 'rateOutOfBand'
export type PinExpiryRefusal = 'expiryPast' | 'expiryTooFar'

/** Why a typed rate cannot be pinned against the source's rate, if it cannot. */
export function pinRateRefusal(typed: string, sourceRate: number): PinRateRefusal | undefined {
  const rate = parsePinRate(typed)
  if (rate === undefined) return 'rateInvalid'
  const band = pinRateBand(sourceRate)
  return Number(rate) < band.min || Number(rate) > band.max ? 'rateOutOfBand' : undefined
}

/** The instant of a date and time typed in Istanbul time (UTC+3 all year since 2016). */
export function istanbulInstant(date: string, time: string): Date | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) return undefined
  const instant = new Date(`${date}T${time}:00+03:00`)
  // 2026-02-31 parses to a date in March: a day that does not exist is refused.
  if (Number.isNaN(instant.getTime()) || istanbulDate(instant) !== date) return undefined
  return instant
}

/** Why a pin cannot run until `expiresAt`: it must end after now, within pinLimits.maxDays. */
export function pinExpiryRefusal(expiresAt: Date, now: Date): PinExpiryRefusal | undefined {
  if (expiresAt.getTime() <= now.getTime()) return 'expiryPast'
  if (expiresAt.getTime() > now.getTime() + pinLimits.maxDays * 86_400_000) return 'expiryTooFar'
  return undefined
}
