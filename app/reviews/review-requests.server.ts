import type { DatabaseHandle } from '~/db/connect.server'
import { writeTransaction } from '~/db/write.server'
import { bookingLink, shortBookingLink } from '~/booking/booking-access.server'
import { lockBooking } from '~/booking/booking-store.server'
import { queueTravellerNotice } from '~/booking/notice-builder.server'
import { queuedKeys } from '~/messages/queue.server'
import {
  REVIEW_REQUEST_DELAY_HOURS,
  REVIEW_REQUEST_LATEST_HOURS,
  reviewRequestDue,
} from '~/domain/reviews/review-rules'
import { findReview } from './reviews.server'

/**
 * Two hours after the driver marks a ride finished, its traveller is asked
 * once how it went (docs/reviews.md): one message, by the text channel they
 * chose or else by e-mail, with the signed link to the review page.
 * `review-request:<booking>` (the e-mail) and its text's key make it once
 * however often the maintenance run asks.
 */
export const reviewRequestKey = (bookingId: string) => `review-request:${bookingId}`
const textKeyOf = (bookingId: string) => `text.reviewRequest:${reviewRequestKey(bookingId)}`

/** Queues the requests now due; answers the ids queued (the same run sends them). */
export async function queueReviewRequests(handle: DatabaseHandle, now: Date): Promise<number[]> {
  const earliest = new Date(now.getTime() - REVIEW_REQUEST_LATEST_HOURS * 3_600_000)
  const latest = new Date(now.getTime() - REVIEW_REQUEST_DELAY_HOURS * 3_600_000)
  const finished = await handle.db
    .selectFrom('booking_events')
    .innerJoin('bookings', 'bookings.id', 'booking_events.booking_id')
    .leftJoin('ride_reviews', 'ride_reviews.booking_id', 'bookings.id')
    .select(['bookings.id', 'booking_events.created_at'])
    .where('booking_events.to_status', '=', 'finished')
    .where('bookings.status', '=', 'finished')
    .where('ride_reviews.booking_id', 'is', null)
    .where('booking_events.created_at', '>=', earliest.toISOString())
    .where('booking_events.created_at', '<=', latest.toISOString())
    .execute()
  const due = finished.filter((row) => reviewRequestDue(new Date(row.created_at), now))
  if (due.length === 0) return []
  const asked = await queuedKeys(
    handle.db,
    due.flatMap(({ id }) => [reviewRequestKey(id), textKeyOf(id)]),
  )
  const queued: number[] = []
  for (const { id } of due) {
    if (asked.has(reviewRequestKey(id)) || asked.has(textKeyOf(id))) continue
    const ids = await writeTransaction(handle, async (trx) => {
      const booking = await lockBooking(trx, id)
      if (!booking || booking.status !== 'finished' || (await findReview(trx, id))) return []
      return queueTravellerNotice(
        trx,
        booking,
        ({ t }) => ({
          dedupeKey: reviewRequestKey(id),
          kind: 'traveller.review_request',
          name: 'reviewRequest',
          paragraphs: [
            t('notices.traveller.reviewRequestText'),
            t('notices.traveller.reviewRequestHow'),
          ],
          link: {
            label: t('notices.traveller.reviewRequestLink'),
            url: bookingLink(id, '/ride-review'),
          },
          oneChannel: true,
          text: {
            kind: 'reviewRequest',
            occasion: reviewRequestKey(id),
            values: { link: shortBookingLink(booking.reference, 'review') },
          },
        }),
        now,
      )
    })
    queued.push(...ids.filter((queuedId): queuedId is number => queuedId !== undefined))
  }
  return queued
}
