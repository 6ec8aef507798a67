import { useTranslation } from '~/i18n/use-translation'
import type { Route } from './+types/run-sheet'
import { runSheetPageData } from '~/staff/run-sheet.server'
import { PickupAddress } from '~/components/ops/pickup-address'
import { PickupTime, useFlightLine } from '~/components/ops/flight-status'

export async function loader({ context, request }: Route.LoaderArgs) {
  return runSheetPageData(context, request)
}

export const meta: Route.MetaFunction = ({ data }) => [
  ...(data ? [{ title: data.meta.title }] : []),
  { name: 'robots', content: 'noindex, nofollow' },
]

export default function OpsRunSheet({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const flightLine = useFlightLine()
  const { jobs, heading, manyDays } = loaderData
  const dash = (value: string | number | null | undefined) =>
    value === null || value === undefined || value === '' ? '–' : value
  return (
    <article className="ops-run-sheet" aria-labelledby="ops-run-sheet-title">
      <h1 id="ops-run-sheet-title">{heading}</h1>
      <p>{t('ops.runSheet.count', { count: jobs.length })}</p>
      {jobs.length === 0 ? <p>{t('ops.runSheet.empty')}</p> : null}
      <ol className="ops-sheet-jobs">
        {jobs.map((job) => (
          <li key={job.reference} className="ops-sheet-job">
            <h2>
              {manyDays ? `${job.dayLabel}, ` : ''}
              <PickupTime booked={job.time} flight={job.flightStatus} /> · {job.reference}
            </h2>
            <dl className="ops-details">
              <dt>{t('ops.booking.route')}</dt>
              <dd>{job.route}</dd>
              <dt>{t('ops.booking.pickupAddress')}</dt>
              <dd>
                {job.pickupAddress ? (
                  <PickupAddress address={job.pickupAddress} mapsUrl={job.pickupMapsUrl} />
                ) : (
                  '–'
                )}
              </dd>
              <dt>{t('ops.booking.vehicle')}</dt>
              <dd>{job.vehicle}</dd>
              <dt>{t('ops.runSheet.load')}</dt>
              <dd>
                {t('ops.runSheet.loadValue', {
                  passengers: dash(job.passengers),
                  luggage: dash(job.luggage),
                })}
              </dd>
              <dt>{t('ops.booking.flight')}</dt>
              <dd>
                {dash(job.flight)}
                {job.flightStatus ? `, ${flightLine.short(job.flightStatus)}` : null}
              </dd>
              <dt>{t('ops.booking.signName')}</dt>
              <dd>{dash(job.signName)}</dd>
              <dt>{t('ops.booking.traveller')}</dt>
              <dd>
                {dash(job.traveller)}
                {job.phone ? (
                  <>
                    {', '}
                    <a href={`tel:${job.phone.replace(/[^\d+]/g, '')}`}>{job.phone}</a>
                  </>
                ) : null}
              </dd>
              <dt>{t('ops.booking.extras')}</dt>
              <dd>
                {job.extras.length
                  ? job.extras
                      .map((extra) =>
                        t('ops.booking.extraValue', {
                          name: t(`ops.extras.${extra.code}`, { defaultValue: extra.code }),
                          count: extra.quantity,
                        }),
                      )
                      .join(', ')
                  : '–'}
              </dd>
              <dt>{t('ops.booking.notes')}</dt>
              <dd>{dash(job.notes)}</dd>
            </dl>
          </li>
        ))}
      </ol>
    </article>
  )
}
