import type { BookingRow } from '~/db/schema'
import { isAwaitingRide } from '~/domain/booking/status'
import { lockBooking, type Executor } from './booking-store.server'
import type { RideReferences } from './ride-label'

/** The return ride of a paid trip there and back (its own booking), if there is one. */
export async function findReturnRide(
  executor: Executor,
  outboundId: string,
): Promise<BookingRow | undefined> {
  return executor
    .selectFrom('bookings')
    .selectAll()
    .where('outbound_booking_id', '=', outboundId)
    .executeTakeFirst()
}

/** A ride's other ride: the return of an outbound, or the outbound of a return. */
export async function findOtherRide(
  executor: Executor,
  booking: BookingRow,
): Promise<BookingRow | undefined> {
  if (booking.outbound_booking_id) {
    return executor
      .selectFrom('bookings')
      .selectAll()
      .where('id', '=', booking.outbound_booking_id)
      .executeTakeFirst()
  }
  return findReturnRide(executor, booking.id)
}

/**
 * A return ride still to come, locked for a change made with its outbound
 * (names, details); undefined when there is none, or it is over or cancelled.
 */
export async function lockReturnRideToCome(
  trx: Executor,
  outboundId: string,
): Promise<BookingRow | undefined> {
  const found = await findReturnRide(trx, outboundId)
  const ride = found ? await lockBooking(trx, found.id) : undefined
  return ride && isAwaitingRide(ride.status) ? ride : undefined
}

/** A booking's references: its own, and for a return ride the trip's (its outbound's). */
export async function rideReferences(
  executor: Executor,
  booking: BookingRow,
): Promise<RideReferences> {
  const outbound = booking.outbound_booking_id
    ? await executor
        .selectFrom('bookings')
        .select('reference')
        .where('id', '=', booking.outbound_booking_id)
        .executeTakeFirst()
    : undefined
  return { own: booking.reference, returnOf: outbound?.reference ?? null }
}
