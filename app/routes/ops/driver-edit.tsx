import { useTranslation } from '~/i18n/use-translation'
import { RecordHistory } from '~/components/ops/record-history'
import type { Route } from './+types/driver-edit'
import { editDriverAction, editDriverPageData } from '~/staff/driver-pages.server'
import { DriverForm } from '~/components/ops/driver-fields'
import { DriverHoursSections } from '~/components/ops/driver-hours'

export async function loader({ context, request, params }: Route.LoaderArgs) {
  return editDriverPageData(context, request, params.id)
}

export async function action({ context, request, params }: Route.ActionArgs) {
  return editDriverAction(context, request, params.id)
}

export const meta: Route.MetaFunction = ({ data }) => [
  ...(data ? [{ title: data.meta.title }] : []),
  { name: 'robots', content: 'noindex, nofollow' },
]

export default function OpsDriverEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  // A refused driver form, or a refused form of the working hours and time off.
  const driverResult = actionData && 'result' in actionData ? actionData.result : undefined
  const hoursReply = actionData && 'driverHours' in actionData ? actionData.driverHours : undefined
  return (
    <section aria-labelledby="ops-driver-title">
      <p>
        <a href="/ops/drivers">{t('ops.dispatch.drivers.back')}</a>
      </p>
      <h1 id="ops-driver-title">
        {t('ops.dispatch.drivers.editTitle', { name: loaderData.name })}
      </h1>
      <p className="ops-driver-rating">
        {loaderData.rating
          ? t('ops.reviews.driverRating', {
              average: loaderData.rating.average,
              count: loaderData.rating.count,
            })
          : t('ops.reviews.noRating')}
      </p>
      <p>
        <a href={`/ops/drivers/${loaderData.id}/settlement`}>{t('ops.settlements.link')}</a>
      </p>
      <DriverForm
        id={`driver-${loaderData.id}`}
        labelledBy="ops-driver-title"
        lastResult={driverResult}
        defaultValue={loaderData.defaults}
        accounts={loaderData.accounts}
        vehicles={loaderData.vehicles}
        submitLabel={t('ops.dispatch.save')}
        withActive
        identityGiven={loaderData.identityGiven}
      />
      <DriverHoursSections data={loaderData.hours} reply={hoursReply} audience="staff" />
      <RecordHistory entries={loaderData.history} />
    </section>
  )
}
