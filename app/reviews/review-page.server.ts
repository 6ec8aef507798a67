import { data, redirect, type RouterContextProvider } from 'react-router'
import { parseWithZod } from '@conform-to/zod/v4'
import { requirePaidBooking } from '~/booking/paid-booking.server'
import { currentAssignment } from '~/dispatch/assignment.server'
import { lowAspects, reviewAspects, reviewAuthorName } from '~/domain/reviews/review-rules'
import { formatDate } from '~/utils/format'
import { istanbulDate } from '~/domain/booking-window'
import { markFormRefused, pageContext } from '~/utils/page-context.server'
import { REVIEW_COMMENT_MAX, reviewFormSchema } from './review-form'
import { findReview, starsOf, submitReview } from './reviews.server'
import { tipSectionAction, tipSectionData } from '~/tips/tip-section.server'

type Context = Readonly<RouterContextProvider>

/**
 * /ride-review: the traveller's review of their ride (docs/reviews.md), for
 * the booking's owner only (the signed link of the request, or the browser
 * that booked). A finished ride shows the form until it is reviewed, then the
 * review as sent, with the tip for the driver beside it; a ride still to
 * come or one that never happened says so.
 */
const ownBooking = (request: Request, page: ReturnType<typeof pageContext>) =>
  requirePaidBooking(request, { language: page.language, site: page.site, includeCancelled: true })

export type ReviewPageState = 'form' | 'reviewed' | 'notYet' | 'closed'

export async function reviewPageData(context: Context, request: Request) {
  const page = pageContext(context, request)
  const { language } = page
  const { handle, booking, view, linkTo } = await ownBooking(request, page)
  const review = await findReview(handle.db, booking.id)
  const assignment = await currentAssignment(handle.db, booking.id)
  const state: ReviewPageState = review
    ? 'reviewed'
    : booking.status === 'finished'
      ? 'form'
      : booking.status === 'cancelled' || booking.status === 'no_show'
        ? 'closed'
        : 'notYet'
  return {
    meta: page.meta('ride-review', { noindex: true }),
    state,
    reference: booking.reference,
    route: `${view.trip.pickup.name} → ${view.trip.destination.name}`,
    date: formatDate(view.trip.date, language),
    driverName: assignment?.driver.name.split(/\s+/)[0] ?? null,
    authorName: reviewAuthorName(booking.first_name, booking.last_name),
    commentMax: REVIEW_COMMENT_MAX,
    aspects: reviewAspects,
    review: review
      ? {
          stars: starsOf(review),
          comment: review.comment,
          /** The traveller let the site publish it (staff decide whether it is). */
          consented: review.publish_consent === 1,
          low: lowAspects(starsOf(review)).length > 0,
          sentOn: formatDate(istanbulDate(new Date(review.created_at)), language),
        }
      : null,
    /** A finished ride's tip for the driver, beside the review (null for any other ride). */
    tip: await tipSectionData(handle, booking, request, language),
    backHref: linkTo('/booking-received'),
  }
}

export async function reviewPageAction(context: Context, request: Request) {
  const page = pageContext(context, request)
  const { handle, booking, linkTo } = await ownBooking(request, page)
  const form = await request.formData()
  if (form.get('intent') === 'tip') return tipSectionAction(context, handle, booking, form)
  const submission = parseWithZod(form, { schema: reviewFormSchema })
  if (submission.status !== 'success') {
    markFormRefused(context)
    return data({ form: 'review' as const, result: submission.reply() }, { status: 400 })
  }
  const outcome = await submitReview(handle, booking.id, submission.value, new Date())
  if (outcome.kind === 'notFinished') {
    markFormRefused(context)
    return data(
      {
        form: 'review' as const,
        result: submission.reply({ formErrors: ['traveller.review.errors.notFinished'] }),
      },
      { status: 409 },
    )
  }
  // Saved, or saved already by an earlier send: the page shows the review as it is stored.
  return redirect(linkTo('/ride-review'), 303)
}
