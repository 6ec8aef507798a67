import type { DatabaseHandle } from '~/db/connect.server'
import { writeTransaction } from '~/db/write.server'
import { awaitingRideStatuses, isAwaitingRide } from '~/domain/booking/status'
import { bookingPickupInstant } from '~/domain/trip-search'
import { addDays, istanbulDate } from '~/domain/booking-window'
import { lockBooking, type Executor } from './booking-store.server'
import { queueTravellerNotice } from './notice-builder.server'
import { textLink } from './booking-texts.server'
import { queuedKeys } from '~/messages/queue.server'

/**
 * The passenger list filed before a ride needs every passenger's nationality
 * and document (docs/compliance.md). A booking still missing some within
 * `REMINDER_HOURS` of its pickup gets one reminder, by e-mail with the signed
 * link to the page that asks them, and by the traveller's chosen text
 * channel; `documents-reminder:<booking>` makes it once however often the
 * maintenance run asks. A return ride's passengers are given on its trip's
 * page, so only the trip (its outbound) is reminded.
 */
export const REMINDER_HOURS = 24

export const documentsReminderKey = (bookingId: string) => `documents-reminder:${bookingId}`

/** Whether some passenger of the party has no document yet (the party's size, at least one). */
export async function documentsMissing(
  executor: Executor,
  booking: { id: string; passenger_count: number | null },
): Promise<boolean> {
  const given = await executor
    .selectFrom('booking_passengers')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('booking_id', '=', booking.id)
    .where('identity_sealed', 'is not', null)
    .executeTakeFirstOrThrow()
  return Number(given.count) < Math.max(booking.passenger_count ?? 1, 1)
}

/** Queues the reminders now due; answers the ids queued (the same run sends them). */
export async function queueDocumentsReminders(
  handle: DatabaseHandle,
  now: Date,
): Promise<number[]> {
  const until = now.getTime() + REMINDER_HOURS * 3_600_000
  // Picked up today or tomorrow (Istanbul), then narrowed to the next 24 hours.
  const today = istanbulDate(now)
  const candidates = (
    await handle.db
      .selectFrom('bookings')
      .select(['id', 'trip_date', 'trip_time'])
      .where('status', 'in', awaitingRideStatuses)
      .where('outbound_booking_id', 'is', null)
      .where('trip_date', '>=', today)
      .where('trip_date', '<=', addDays(today, 1))
      .execute()
  ).filter((row) => {
    const pickup = bookingPickupInstant(row).getTime()
    return pickup > now.getTime() && pickup <= until
  })
  if (candidates.length === 0) return []
  const reminded = await queuedKeys(
    handle.db,
    candidates.map((row) => documentsReminderKey(row.id)),
  )
  const queued: number[] = []
  for (const { id } of candidates.filter((row) => !reminded.has(documentsReminderKey(row.id)))) {
    const ids = await writeTransaction(handle, async (trx) => {
      const booking = await lockBooking(trx, id)
      // Cancelled meanwhile, or every document given since: nothing to say.
      if (!booking || !isAwaitingRide(booking.status)) return []
      if (!(await documentsMissing(trx, booking))) return []
      // Within a day of the pickup its time is enough: the text stays within two SMS parts.
      const values = { time: booking.trip_time, link: await textLink(trx, booking) }
      return queueTravellerNotice(
        trx,
        booking,
        ({ say }) => ({
          dedupeKey: documentsReminderKey(id),
          kind: 'traveller.documents_reminder',
          name: 'documentsMissing',
          paragraphs: [
            say('notices.traveller.documentsMissingText', { time: booking.trip_time }),
            say('notices.traveller.documentsMissingHow'),
          ],
          text: { kind: 'documentsMissing', occasion: id, values },
        }),
        now,
      )
    })
    queued.push(...ids.filter((queuedId): queuedId is number => queuedId !== undefined))
  }
  return queued
}
