import { Link } from 'react-router'
import { useTranslation } from '~/i18n/use-translation'
import type { Route } from './+types/booking-completion'
import { metaDescriptors } from '~/seo/meta'
import { phoneHref } from '~/config/site'
import { useSite } from '~/utils/root-data'
import { formatDate, formatMoney } from '~/utils/format'
import { rideLine } from '~/booking/ride-label'
import { staticPageHandle } from '~/utils/hydrate-handle'
import { completionPageData, type Problem } from '~/traveller/completion-page.server'

// Not hydrated: plain forms, nothing that needs a script.
export const handle = staticPageHandle

export async function loader({ context, request }: Route.LoaderArgs) {
  return completionPageData(context, request)
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
