import type { BookingRow } from '~/db/schema'
import type { DatabaseHandle } from '~/db/connect.server'
import { logger } from '~/utils/logger.server'
import { DraftUnavailableError, repriceFailedBooking } from './bookings.server'
import type { PaymentDetails } from './booking-forms'
import { quoteHourlyTrip, quoteTrip } from './trip-quote.server'
import { quoteRates } from '~/rates/quote-rates.server'
import { noReturn } from '~/domain/return-search'

export type RepriceResult =
  | { kind: 'repriced'; booking: BookingRow; previousTotalMinor: number }
  /** The trip can no longer be booked online (too close to pickup, the class gone). */
  | { kind: 'unavailable' }

/**
 * Prices a booking's trip again exactly as the vehicle step would (the same
 * search, rules, distance and today's rates), for the class and currency the
 * traveller chose, and stores the new quote on the same booking.
 */
export async function repriceForPayment(
  handle: DatabaseHandle,
  booking: BookingRow,
  details: PaymentDetails,
  now: Date,
): Promise<RepriceResult> {
  const ride = await quoteStoredRide(booking, now)
  if (!ride) return { kind: 'unavailable' }
  const input = { ...ride, currency: booking.currency, rates: await quoteRates(handle, now) }
  try {
    const repriced = await repriceFailedBooking(handle, booking.id, input, details, now)
    logger.info('booking.repriced', {
      reference: booking.reference,
      previousTotalMinor: booking.total_minor,
      totalMinor: repriced.total_minor,
      currency: repriced.currency,
    })
    return { kind: 'repriced', booking: repriced, previousTotalMinor: booking.total_minor }
  } catch (error) {
    if (error instanceof DraftUnavailableError) return { kind: 'unavailable' }
    throw error
  }
}

/**
 * A stored booking's ride priced again from its own search, for its class:
 * the transfer's route, or the hire's pickup and hours. Undefined when the
 * search no longer passes (too close to pickup) or the class is unavailable.
 */
async function quoteStoredRide(booking: BookingRow, now: Date) {
  const when = { date: booking.trip_date, time: booking.trip_time }
  if (booking.ride_mode === 'hourly') {
    const result = await quoteHourlyTrip(
      {
        ...when,
        pickup: booking.pickup_text,
        hours: String(booking.hire_hours ?? ''),
        plannedKm: booking.planned_km === null ? '' : String(booking.planned_km),
      },
      now,
    )
    if (result.kind !== 'priced') return undefined
    const quote = result.classes.find((candidate) => candidate.code === booking.vehicle_class)
    if (!quote) return undefined
    return {
      pickup: result.pickup,
      destination: result.pickup,
      distance: result.distance,
      quote,
      hire: { hours: result.hours, plannedKm: result.plannedKm },
      prices: result.prices,
    }
  }
  // A trip there and back is priced again with its return, both rides at today's rules.
  const back =
    booking.return_date && booking.return_time
      ? { wanted: true, date: booking.return_date, time: booking.return_time }
      : noReturn
  const result = await quoteTrip(
    { ...when, pickup: booking.pickup_text, destination: booking.destination_text },
    now,
    back,
  )
  if (result.kind !== 'priced') return undefined
  const index = result.classes.findIndex((candidate) => candidate.code === booking.vehicle_class)
  const quote = result.classes[index]
  if (!quote || quote.cents <= 0) return undefined
  const backQuote = result.back?.classes[index]
  if (result.back && (!backQuote || backQuote.cents <= 0)) return undefined
  return {
    pickup: result.pickup,
    destination: result.destination,
    distance: result.distance,
    quote,
    prices: result.prices,
    back:
      result.back && backQuote
        ? { date: result.back.date, time: result.back.time, quote: backQuote }
        : undefined,
  }
}
