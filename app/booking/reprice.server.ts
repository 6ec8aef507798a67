import type { BookingRow } from '~/db/schema'
import type { DatabaseHandle } from '~/db/connect.server'
import { logger } from '~/utils/logger.server'
import { DraftUnavailableError, repriceFailedBooking } from './bookings.server'
import type { PaymentDetails } from './booking-forms'
import { quoteTrip } from './trip-quote.server'
import { ratesProvider } from './providers.server'

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
  const result = await quoteTrip(
    {
      date: booking.trip_date,
      time: booking.trip_time,
      pickup: booking.pickup_text,
      destination: booking.destination_text,
    },
    now,
  )
  if (result.kind !== 'priced') return { kind: 'unavailable' }
  const quote = result.classes.find((candidate) => candidate.code === booking.vehicle_class)
  if (!quote || quote.cents <= 0) return { kind: 'unavailable' }
  const input = {
    pickup: result.pickup,
    destination: result.destination,
    distance: result.distance,
    quote,
    currency: booking.currency,
    rates: await ratesProvider().current(),
  }
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
