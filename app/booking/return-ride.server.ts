import type { BookingRow } from '~/db/schema'
import type { Executor } from './booking-store.server'

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
