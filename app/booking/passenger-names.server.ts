import type { DatabaseHandle } from '~/db/connect.server'
import type { BookingRow } from '~/db/schema'
import { writeTransaction } from '~/db/write.server'
import { assertTransition } from '~/domain/booking/status'
import { changeStatus, lockBooking } from './booking-store.server'

export interface PassengerName {
  firstname: string
  lastname: string
}

/** The names stored for a booking, in order. */
export async function passengerNames(
  handle: DatabaseHandle,
  bookingId: string,
): Promise<PassengerName[]> {
  const rows = await handle.db
    .selectFrom('booking_passengers')
    .select(['first_name', 'last_name'])
    .where('booking_id', '=', bookingId)
    .orderBy('position')
    .execute()
  return rows.map((row) => ({ firstname: row.first_name, lastname: row.last_name }))
}

/**
 * 'Complete Reservation': replaces the names and
 * marks a confirmed booking completed, in one transaction. A completed booking
 * may correct its names; anything not yet paid cannot.
 */
export async function completeBooking(
  handle: DatabaseHandle,
  booking: BookingRow,
  names: PassengerName[],
  now: Date,
): Promise<void> {
  const at = now.toISOString()
  await writeTransaction(handle, async (trx) => {
    const current = await lockBooking(trx, booking.id)
    if (!current) throw new Error('booking not found')
    // A completed booking may correct its names; any other must be able to complete.
    if (current.status !== 'completed') assertTransition(current.status, 'completed')
    await trx.deleteFrom('booking_passengers').where('booking_id', '=', booking.id).execute()
    await trx
      .insertInto('booking_passengers')
      .values(
        names.map((name, position) => ({
          booking_id: booking.id,
          position,
          first_name: name.firstname,
          last_name: name.lastname,
        })),
      )
      .execute()
    if (current.status !== 'completed') {
      await changeStatus(trx, current, 'completed', {
        at,
        note: `${names.length} passenger names`,
        values: { completed_at: at },
      })
    }
  })
}
