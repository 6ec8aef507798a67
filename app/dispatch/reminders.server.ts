import { awaitingRideStatuses, isAwaitingRide } from '~/domain/booking/status'
import type { DatabaseHandle } from '~/db/connect.server'
import { writeTransaction } from '~/db/write.server'
import { lockBooking } from '~/booking/booking-store.server'
import { addDays, istanbulDate, istanbulHour } from '~/domain/booking-window'
import { currentAssignment } from './assignment.server'
import { queuedKeys } from '~/messages/queue.server'
import { queueDriverDetailsMail, queueDriverDetailsTexts } from './traveller-mail.server'

export const reminderKey = (bookingId: string) => `reminder:${bookingId}`

/**
 * Queues the day-before reminder of every confirmed booking picked up
 * tomorrow (Istanbul), once the reminder hour has come today. The key
 * `reminder:<booking>` makes it once per booking however often this runs;
 * the reminder carries the driver and vehicle when they are assigned.
 * Returns the ids queued (the maintenance run sends them next).
 */
export async function queueReminders(
  handle: DatabaseHandle,
  now: Date,
  reminderHour: number,
): Promise<number[]> {
  if (istanbulHour(now) < reminderHour) return []
  const today = istanbulDate(now)
  const tomorrow = addDays(today, 1)
  const candidates = await handle.db
    .selectFrom('bookings')
    .select('bookings.id')
    .where('bookings.status', 'in', awaitingRideStatuses)
    .where('bookings.email', 'is not', null)
    // Picked up tomorrow: a '00:00' trip stored for today is the midnight ending it.
    .where((eb) =>
      eb.or([
        eb.and([eb('bookings.trip_date', '=', tomorrow), eb('bookings.trip_time', '!=', '00:00')]),
        eb.and([eb('bookings.trip_date', '=', today), eb('bookings.trip_time', '=', '00:00')]),
      ]),
    )
    .orderBy('bookings.trip_time')
    .execute()
  if (candidates.length === 0) return []
  // Those reminded already are skipped before any e-mail is written for them.
  const sent = await queuedKeys(
    handle.db,
    candidates.map(({ id }) => reminderKey(id)),
  )
  const due = candidates.filter(({ id }) => !sent.has(reminderKey(id)))
  const queued: number[] = []
  for (const { id } of due) {
    const ids = await writeTransaction(handle, async (trx) => {
      const booking = await lockBooking(trx, id)
      // Cancelled meanwhile: no reminder.
      if (!booking || !isAwaitingRide(booking.status)) return []
      const assignment = await currentAssignment(trx, id)
      return [
        await queueDriverDetailsMail(
          trx,
          booking,
          assignment ?? null,
          'reminder',
          reminderKey(id),
          now,
        ),
        ...(await queueDriverDetailsTexts(
          trx,
          booking,
          assignment ?? null,
          'reminder',
          reminderKey(id),
          now,
        )),
      ]
    })
    for (const queuedId of ids) if (queuedId !== undefined) queued.push(queuedId)
  }
  return queued
}
