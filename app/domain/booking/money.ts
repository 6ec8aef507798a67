import {
  baseCurrency,
  convertAtRate,
  convertCents,
  type Currency,
  type RatesSnapshot,
} from '~/domain/money/currency'
import { extraCodes, extrasCents, extraUnitCents, type ExtraQuantities } from './extras'

/** The part of a stored booking that says which currency and locked rate it is priced in. */
export interface LockedRate {
  currency: Currency
  /** Units of the currency per euro, as locked into the quote (a decimal string). */
  rate: string
  rates_date: string
}

/** Euro cents in the booking's currency at its locked rate. */
export function toBookingMinor(euroCents: number, booking: LockedRate): number {
  if (booking.currency === baseCurrency) return euroCents
  return convertAtRate(euroCents, Number(booking.rate))
}

/**
 * The booking's totals for a vehicle price and the extras' quantities. The
 * total in the traveller's currency is the sum of the converted lines (each
 * unit converted, times its quantity), so the lines a traveller sees always
 * add up to the amount charged.
 */
export function bookingTotals(vehicleCents: number, extras: ExtraQuantities, booking: LockedRate) {
  const extrasTotal = extrasCents(extras)
  const totalMinor =
    toBookingMinor(vehicleCents, booking) +
    extraCodes.reduce(
      (sum, code) => sum + extras[code] * toBookingMinor(extraUnitCents[code], booking),
      0,
    )
  return {
    extras_cents: extrasTotal,
    total_cents: vehicleCents + extrasTotal,
    total_minor: totalMinor,
  }
}

/**
 * The price a vehicle card shows for a class's quote, in the currency's minor
 * units at today's rates. 'Select' compares the price the traveller saw with
 * this same function, so the two can only differ when the price really changed.
 */
export function shownPriceMinor(
  quote: { cents: number },
  currency: Currency,
  rates: RatesSnapshot,
): number {
  return convertCents(quote.cents, currency, rates)
}
