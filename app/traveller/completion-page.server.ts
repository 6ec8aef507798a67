import { data, type RouterContextProvider } from 'react-router'
import { pageContext } from '~/utils/page-context.server'
import { logger } from '~/utils/logger.server'
import { findPaidBookingFor } from '~/booking/paid-booking.server'

type Context = Readonly<RouterContextProvider>

/**
 * The booking-completion page: it reads
 * `?conversationId=` (the booking's public reference, which the payment
 * provider echoes back) and shows the stored booking. States: loading (only
 * while the browser navigates), error, loaded and completed (the reservation:
 * every passenger's name given). Its status line is the booking's own status,
 * so only a ride that ended reads as completed. A reference is matched only
 * against the booking this request may see (signed cookie or signed link), so a
 * stranger, an unknown and a forged reference all get the same answer: nothing
 * is revealed about whether it exists.
 */
const problems = {
  missing: 400,
  notFound: 404,
  fetchFailed: 500,
} as const
export type Problem = keyof typeof problems

const sameReference = (given: string, stored: string) =>
  given.trim().toUpperCase() === stored.trim().toUpperCase()

export async function completionPageData(context: Context, request: Request) {
  const { language, site, t, meta } = pageContext(context, request)
  const failed = (problem: Problem) =>
    data(
      {
        state: 'error' as const,
        problem,
        meta: meta('booking-completion', {
          noindex: true,
          errorTitle: true,
          override: { title: t('completion.errorTitle'), description: t(`completion.${problem}`) },
        }),
      },
      { status: problems[problem] },
    )

  const url = new URL(request.url)
  const conversationId = url.searchParams.get('conversationId')?.trim()
  if (!conversationId) return failed('missing')

  let access
  try {
    access = await findPaidBookingFor(request, { language, site })
  } catch (error) {
    logger.error('booking_completion_fetch_failed', {
      message: error instanceof Error ? error.message : String(error),
    })
    return failed('fetchFailed')
  }
  // An unpaid booking, even this browser's own, has no completion to show.
  if (access.kind !== 'paid' || !sameReference(conversationId, access.paid.booking.reference)) {
    return failed('notFound')
  }

  const { booking, view, linkTo } = access.paid
  return data({
    state: booking.names_given_at ? ('completed' as const) : ('loaded' as const),
    language,
    summary: {
      reference: booking.reference,
      from: view.trip.pickup.name,
      to: view.trip.destination.name,
      hire: view.trip.hire,
      date: view.trip.date,
      time: view.trip.time,
      vehicle: view.vehicle.title,
      totalMinor: view.payableMinor,
      currency: view.currency,
      status: booking.status,
    },
    // Opened through the e-mail's signed link: the links onward carry it too.
    links: { received: linkTo('/booking-received'), invoice: linkTo('/invoice') },
    meta: meta('booking-completion', { noindex: true }),
  })
}
