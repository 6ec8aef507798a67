import { Link, data } from 'react-router'
import { useTranslation } from '~/i18n/use-translation'
import type { Route } from './+types/booking-completion'
import { pageContext } from '~/utils/page-context.server'
import { logger } from '~/utils/logger.server'
import { metaDescriptors } from '~/seo/meta'
import { findPaidBookingFor } from '~/booking/paid-booking.server'
import { phoneHref } from '~/config/site'
import { useSite } from '~/utils/root-data'
import { formatDate, formatMoney } from '~/utils/format'
import { rideLine } from '~/booking/ride-label'
import { staticPageHandle } from '~/utils/hydrate-handle'

// Not hydrated: plain forms, nothing that needs a script.
export const handle = staticPageHandle

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
type Problem = keyof typeof problems

const sameReference = (given: string, stored: string) =>
  given.trim().toUpperCase() === stored.trim().toUpperCase()

export async function loader({ context, request }: Route.LoaderArgs) {
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
      totalMinor: view.totalMinor,
      currency: view.currency,
      status: booking.status,
    },
    // Opened through the e-mail's signed link: the links onward carry it too.
    links: { received: linkTo('/booking-received'), invoice: linkTo('/invoice') },
    meta: meta('booking-completion', { noindex: true }),
  })
}

export const meta: Route.MetaFunction = ({ data }) => metaDescriptors(data?.meta)

export default function BookingCompletion({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  // Shown by app/enhancements/loading-status.ts while the next page loads.
  const loading = (
    <p className="loading-bar" role="status" hidden data-loading-status="">
      {t('completion.loading')}
    </p>
  )

  if (loaderData.state === 'error') {
    return (
      <>
        {loading}
        <CompletionProblem problem={loaderData.problem} />
      </>
    )
  }

  const { summary, language, links } = loaderData
  const completed = loaderData.state === 'completed'
  return (
    <div className="booking completion">
      {loading}
      <div className="booking__head">
        <div className="container">
          <h1>{completed ? t('completion.completedTitle') : t('completion.loadedTitle')}</h1>
        </div>
      </div>
      <div className="container booking__body completion__body">
        <section className="card" aria-labelledby="completion-summary-title">
          <div className="card__body">
            <h2 id="completion-summary-title">{t('completion.summaryTitle')}</h2>
            <dl className="trip-summary__list">
              {(
                [
                  [t('completion.reference'), summary.reference],
                  [t('completion.route'), rideLine(t, summary)],
                  [
                    t('completion.when'),
                    t('completion.whenValue', {
                      date: formatDate(summary.date, language),
                      time: summary.time,
                    }),
                  ],
                  [t('completion.vehicle'), summary.vehicle],
                  [
                    t('completion.total'),
                    formatMoney(summary.totalMinor / 100, summary.currency, language),
                  ],
                  [t('completion.status'), t(`completion.statuses.${summary.status}`)],
                ] as const
              ).map(([label, value]) => (
                <div key={label}>
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
            {completed ? (
              <p className="alert alert--success completion__names">
                {t('completion.namesRecorded')}
              </p>
            ) : null}
            <div className="completion__actions">
              <Link className="button button--accent" to={links.received}>
                {t('completion.viewBooking')}
              </Link>
              <Link className="button button--ghost" to={links.invoice}>
                {t('completion.viewInvoice')}
              </Link>
            </div>
          </div>
        </section>
      </div>
    </div>
  )
}

/** The three problem messages (missing, not found, fetch failed), each with the request to contact support. */
function CompletionProblem({ problem }: { problem: Problem }) {
  const { t } = useTranslation()
  const site = useSite()
  return (
    <section
      className="section container completion completion--error"
      aria-labelledby="completion-error-title"
    >
      <h1 id="completion-error-title">{t(`completion.${problem}`)}</h1>
      <p>{t('completion.support')}</p>
      <p className="completion__contact">
        <a href={phoneHref(site.phone)}>{site.phone}</a>
        <a href={`mailto:${site.email}`}>{site.email}</a>
      </p>
      <Link className="button" to="/contact">
        {t('completion.contactPage')}
      </Link>
    </section>
  )
}
