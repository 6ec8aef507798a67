import type { DatabaseHandle } from '~/db/connect.server'
import type { Executor } from '~/db/executor'
import type { BookingRow, ReviewStatus, RideReviewRow } from '~/db/schema'
import { writeTransaction } from '~/db/write.server'
import { lockBooking } from '~/booking/booking-store.server'
import { queueOpsNotice } from '~/booking/notice-builder.server'
import { currentAssignment } from '~/dispatch/assignment.server'
import { recordStaffAction } from '~/audit/audit.server'
import {
  lowAspects,
  overallScore,
  ratingSummary,
  reviewAuthorName,
  type RatingSummary,
  type ReviewStars,
} from '~/domain/reviews/review-rules'
import type { ReviewForm } from './review-form'

/**
 * Reviews of finished rides (docs/reviews.md): written once by the ride's
 * traveller, a low score told to dispatch in the same transaction, published
 * by staff only with the traveller's consent.
 */

export const lowReviewKey = (bookingId: string) => `low-review:${bookingId}`

export function starsOf(
  review: Pick<RideReviewRow, 'driver_stars' | 'car_stars' | 'punctuality_stars'>,
): ReviewStars {
  return {
    driver: review.driver_stars,
    car: review.car_stars,
    punctuality: review.punctuality_stars,
  }
}

export function findReview(executor: Executor, bookingId: string) {
  return executor
    .selectFrom('ride_reviews')
    .selectAll()
    .where('booking_id', '=', bookingId)
    .executeTakeFirst()
}

export type SubmitOutcome =
  /** `alertIds`: dispatch's e-mail when a score was low. */
  | { kind: 'saved'; review: RideReviewRow; alertIds: (number | undefined)[] }
  /** A review of this ride exists (the form sent twice, another tab). */
  | { kind: 'already'; review: RideReviewRow }
  /** The ride is not finished (cancelled, a no-show, still to come). */
  | { kind: 'notFinished' }

/** Stores a traveller's review of their finished ride, once. */
export async function submitReview(
  handle: DatabaseHandle,
  bookingId: string,
  form: ReviewForm,
  now: Date,
): Promise<SubmitOutcome> {
  return writeTransaction(handle, async (trx): Promise<SubmitOutcome> => {
    const booking = await lockBooking(trx, bookingId)
    if (!booking || booking.status !== 'finished') return { kind: 'notFinished' }
    const existing = await findReview(trx, bookingId)
    if (existing) return { kind: 'already', review: existing }
    const assignment = await currentAssignment(trx, bookingId)
    await trx
      .insertInto('ride_reviews')
      .values({
        booking_id: bookingId,
        driver_id: assignment?.driver.id ?? null,
        vehicle_class: booking.vehicle_class ?? '',
        driver_stars: form.driver,
        car_stars: form.car,
        punctuality_stars: form.punctuality,
        comment: form.comment ? form.comment : null,
        publish_consent: form.publish === 'yes' ? 1 : 0,
        author_name: reviewAuthorName(booking.first_name, booking.last_name),
        language: booking.language ?? 'en',
        created_at: now.toISOString(),
      })
      .execute()
    const review = (await findReview(trx, bookingId))!
    const low = lowAspects(starsOf(review))
    const alertIds = low.length ? [await queueLowReviewAlert(trx, booking, review, now)] : []
    return { kind: 'saved', review, alertIds }
  })
}

function queueLowReviewAlert(trx: Executor, booking: BookingRow, review: RideReviewRow, now: Date) {
  return queueOpsNotice(
    trx,
    booking,
    ({ t }) => ({
      dedupeKey: lowReviewKey(booking.id),
      kind: 'ops.low_review',
      name: 'lowReview',
      paragraphs: [t('notices.ops.lowReviewText'), t('notices.ops.lowReviewNext')],
      facts: [
        [t('notices.review.driver'), t('notices.review.stars', { count: review.driver_stars })],
        [t('notices.review.car'), t('notices.review.stars', { count: review.car_stars })],
        [
          t('notices.review.punctuality'),
          t('notices.review.stars', { count: review.punctuality_stars }),
        ],
        [t('notices.review.comment'), review.comment ?? t('notices.review.noComment')],
      ],
    }),
    now,
  )
}

export type ModerationDecision = 'publish' | 'hide'

export type ModerationOutcome =
  | { kind: 'done'; status: ReviewStatus }
  | { kind: 'notFound' }
  /** Publishing a review whose traveller did not consent: refused. */
  | { kind: 'noConsent' }

/** Staff publish a review (with consent only) or keep it off the site; audited. */
export async function moderateReview(
  handle: DatabaseHandle,
  request: { accountId: number; bookingId: string; decision: ModerationDecision },
  now: Date,
): Promise<ModerationOutcome> {
  return writeTransaction(handle, async (trx): Promise<ModerationOutcome> => {
    const review = await findReview(trx, request.bookingId)
    if (!review) return { kind: 'notFound' }
    if (request.decision === 'publish' && review.publish_consent !== 1) return { kind: 'noConsent' }
    const status: ReviewStatus = request.decision === 'publish' ? 'published' : 'hidden'
    if (review.status === status) return { kind: 'done', status }
    await trx
      .updateTable('ride_reviews')
      .set({ status, moderated_by: request.accountId, moderated_at: now.toISOString() })
      .where('booking_id', '=', request.bookingId)
      .execute()
    await recordStaffAction(
      trx,
      {
        accountId: request.accountId,
        action: request.decision === 'publish' ? 'review.published' : 'review.hidden',
        bookingId: request.bookingId,
        before: { status: review.status },
        after: { status },
      },
      now,
    )
    return { kind: 'done', status }
  })
}

/** The reviews staff look at: those still to moderate first, then the newest. */
export function reviewsForModeration(executor: Executor, status: ReviewStatus, limit = 100) {
  return executor
    .selectFrom('ride_reviews')
    .innerJoin('bookings', 'bookings.id', 'ride_reviews.booking_id')
    .leftJoin('drivers', 'drivers.id', 'ride_reviews.driver_id')
    .select([
      'ride_reviews.booking_id',
      'ride_reviews.driver_stars',
      'ride_reviews.car_stars',
      'ride_reviews.punctuality_stars',
      'ride_reviews.comment',
      'ride_reviews.publish_consent',
      'ride_reviews.author_name',
      'ride_reviews.language',
      'ride_reviews.status',
      'ride_reviews.vehicle_class',
      'ride_reviews.created_at',
      'ride_reviews.moderated_at',
      'bookings.reference',
      'drivers.name as driver_name',
    ])
    .where('ride_reviews.status', '=', status)
    .orderBy('ride_reviews.created_at', 'desc')
    .limit(limit)
    .execute()
}

/** Every published review's class and overall score: what the site's ratings are summed from. */
export async function publishedScores(
  executor: Executor,
): Promise<{ vehicleClass: string; score: number }[]> {
  const rows = await executor
    .selectFrom('ride_reviews')
    .select(['vehicle_class', 'driver_stars', 'car_stars', 'punctuality_stars'])
    .where('status', '=', 'published')
    .where('publish_consent', '=', 1)
    .execute()
  return rows.map((row) => ({ vehicleClass: row.vehicle_class, score: overallScore(starsOf(row)) }))
}

/** A driver's rating from every review of their rides (published or not): for staff. */
export async function driverRating(
  executor: Executor,
  driverId: number,
): Promise<RatingSummary | null> {
  const rows = await executor
    .selectFrom('ride_reviews')
    .select('driver_stars')
    .where('driver_id', '=', driverId)
    .execute()
  return ratingSummary(rows.map((row) => row.driver_stars))
}
