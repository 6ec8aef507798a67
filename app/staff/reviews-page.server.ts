import { data, redirect } from 'react-router'
import { getDatabase } from '~/db/db.server'
import type { ReviewStatus } from '~/db/schema'
import { istanbulDate } from '~/domain/booking-window'
import { referencePattern } from '~/domain/booking/reference'
import { rolesThatMay } from '~/domain/staff/roles'
import {
  moderateReview,
  reviewsForModeration,
  type ModerationDecision,
} from '~/reviews/reviews.server'
import { publishedReviewsNow } from '~/reviews/published-reviews.server'
import { formatDate } from '~/utils/format'
import { logger } from '~/utils/logger.server'
import { markFormRefused, pageContext } from '~/utils/page-context.server'
import { refuseCrossOrigin, requireStaff, staffPageHeaders } from './guard.server'
import { staffMeta } from './ops-pages.server'
import { notFound, type Context } from './dispatch-shared.server'

/**
 * /ops/reviews: the office ('reviews.moderate': admins and dispatchers)
 * reads travellers' reviews of their rides by status (new, published, kept
 * off the site) and publishes one, only with its traveller's consent, or
 * keeps it off the site. Drivers get 403. The store audits each decision.
 */

export const reviewTabs = ['new', 'published', 'hidden'] as const satisfies readonly ReviewStatus[]

/** The most reviews one tab lists: the newest. */
export const REVIEWS_SHOWN = 100

const decisions = ['publish', 'hide'] as const satisfies readonly ModerationDecision[]

const requireModerator = (request: Request) =>
  requireStaff(request, rolesThatMay('reviews.moderate'))

/** The tab asked for (?status=), `new` for anything else. */
export function reviewTab(request: Request): ReviewStatus {
  const asked = new URL(request.url).searchParams.get('status')
  return reviewTabs.find((tab) => tab === asked) ?? 'new'
}

export async function reviewsPageData(context: Context, request: Request) {
  await requireModerator(request)
  const { t, language } = pageContext(context, request)
  const status = reviewTab(request)
  const params = new URL(request.url).searchParams
  const done = params.get('done')
  const reference = params.get('reference')
  const rows = await reviewsForModeration((await getDatabase()).db, status, REVIEWS_SHOWN)
  return data(
    {
      meta: staffMeta(context, request, t('ops.reviews.title')),
      status,
      tabs: reviewTabs,
      done:
        done === 'published' || done === 'hidden'
          ? {
              status: done,
              reference: reference && referencePattern.test(reference) ? reference : null,
            }
          : null,
      more: rows.length >= REVIEWS_SHOWN,
      reviews: rows.map((row) => ({
        bookingId: row.booking_id,
        reference: row.reference,
        written: formatDate(istanbulDate(new Date(row.created_at)), language),
        driver: row.driver_name,
        stars: {
          driver: row.driver_stars,
          car: row.car_stars,
          punctuality: row.punctuality_stars,
        },
        comment: row.comment,
        language: t(`ops.languages.${row.language}`, { defaultValue: row.language }),
        consent: row.publish_consent === 1,
        mayPublish: row.publish_consent === 1 && row.status !== 'published',
        mayHide: row.status !== 'hidden',
      })),
    },
    { headers: staffPageHeaders },
  )
}

function field(form: FormData, name: string): string {
  const value = form.get(name)
  return typeof value === 'string' ? value : ''
}

/**
 * Publishes a review or keeps it off the site, then back to the tab it was
 * done on (303). Publishing one without consent: 409, said on the page; an
 * unknown review: 404.
 */
export async function reviewsPageAction(context: Context, request: Request) {
  const staff = await requireModerator(request)
  refuseCrossOrigin(request)
  const form = await request.formData()
  const bookingId = field(form, 'bookingId')
  const decision = decisions.find((known) => known === field(form, 'decision'))
  if (!bookingId || bookingId.length > 32 || !decision) {
    throw data('Bad request', { status: 400, headers: staffPageHeaders })
  }
  const handle = await getDatabase()
  const outcome = await moderateReview(
    handle,
    { accountId: staff.account.id, bookingId, decision },
    new Date(),
  )
  if (outcome.kind === 'notFound') throw notFound()
  if (outcome.kind === 'noConsent') {
    markFormRefused(context)
    return data({ error: 'noConsent' as const }, { status: 409, headers: staffPageHeaders })
  }
  // This instance's pages show the change at once; the others within their refresh interval.
  publishedReviewsNow().invalidate()
  logger.info('review.moderated', {
    booking: bookingId,
    status: outcome.status,
    by: staff.account.id,
  })
  const booking = await handle.db
    .selectFrom('bookings')
    .select('reference')
    .where('id', '=', bookingId)
    .executeTakeFirst()
  const query = new URLSearchParams({ status: reviewTab(request), done: outcome.status })
  if (booking) query.set('reference', booking.reference)
  return redirect(`/ops/reviews?${query.toString()}`, { status: 303, headers: staffPageHeaders })
}
