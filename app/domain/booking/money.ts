import {
  baseCurrency,
  convertAtRate,
  convertCents,
  type Currency,
  type RatesSnapshot,
} from '~/domain/money/currency'
import { extraCodes, extrasCents, type ExtraQuantities, type ExtraUnitCents } from './extras'

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

/** A booking's vehicle prices in euro cents: one ride's, and its return's for a trip there and back. */
export interface RidePrices {
  vehicle_cents: number
  return_vehicle_cents: number | null
}

/** How many rides a booking's price pays: two for a trip there and back. */
export function rideCount(prices: RidePrices): 1 | 2 {
  return prices.return_vehicle_cents === null ? 1 : 2
}

/**
 * The booking's totals for its vehicle prices and the extras' quantities. The
 * extras ride in the car both ways, so a return pays them on each ride. The
 * total in the traveller's currency is the sum of the converted lines (each
 * unit converted, times its quantity), so the lines a traveller sees always
 * add up to the amount charged.
 */
export function bookingTotals(
  prices: RidePrices,
  extras: ExtraQuantities,
  booking: LockedRate,
  extraUnitCents: ExtraUnitCents,
) {
  const rides = rideCount(prices)
  const returnCents = prices.return_vehicle_cents ?? 0
  const extrasTotal = extrasCents(extras, extraUnitCents) * rides
  const totalMinor =
    toBookingMinor(prices.vehicle_cents, booking) +
    (rides === 2 ? toBookingMinor(returnCents, booking) : 0) +
    rides *
      extraCodes.reduce(
        (sum, code) => sum + extras[code] * toBookingMinor(extraUnitCents[code], booking),
        0,
      )
  return {
    extras_cents: extrasTotal,
    total_cents: prices.vehicle_cents + returnCents + extrasTotal,
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

/**
 * A trip's price as its vehicle card shows it: for a return, each ride
 * converted on its own and added, as the booking's total adds them.
 */
export function shownTripPriceMinor(
  quote: { cents: number; outbound?: { cents: number }; back?: { cents: number } },
  currency: Currency,
  rates: RatesSnapshot,
): number {
  if (!quote.outbound || !quote.back || quote.cents <= 0) {
    return shownPriceMinor(quote, currency, rates)
  }
  return (
    shownPriceMinor(quote.outbound, currency, rates) + shownPriceMinor(quote.back, currency, rates)
  )
}
