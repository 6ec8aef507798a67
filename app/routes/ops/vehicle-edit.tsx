import { useTranslation } from '~/i18n/use-translation'
import { RecordHistory } from '~/components/ops/record-history'
import type { Route } from './+types/vehicle-edit'
import { editVehicleAction, editVehiclePageData } from '~/staff/vehicle-pages.server'
import { VehicleForm } from '~/components/ops/vehicle-fields'

export async function loader({ context, request, params }: Route.LoaderArgs) {
  return editVehiclePageData(context, request, params.id)
}

export async function action({ context, request, params }: Route.ActionArgs) {
  return editVehicleAction(context, request, params.id)
}

export const meta: Route.MetaFunction = ({ data }) => [
  ...(data ? [{ title: data.meta.title }] : []),
  { name: 'robots', content: 'noindex, nofollow' },
]

export default function OpsVehicleEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  return (
    <section aria-labelledby="ops-vehicle-title">
      <p>
        <a href="/ops/vehicles">{t('ops.dispatch.vehicles.back')}</a>
      </p>
      <h1 id="ops-vehicle-title">
        {t('ops.dispatch.vehicles.editTitle', { plate: loaderData.plate })}
      </h1>
      <VehicleForm
        id={`vehicle-${loaderData.id}`}
        labelledBy="ops-vehicle-title"
        lastResult={actionData?.result}
        defaultValue={loaderData.defaults}
        classes={loaderData.classes}
        submitLabel={t('ops.dispatch.save')}
        withActive
      />
      <RecordHistory entries={loaderData.history} />
    </section>
  )
}
