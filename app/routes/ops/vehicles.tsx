import { useLocation } from 'react-router'
import { useTranslation } from '~/i18n/use-translation'
import type { Route } from './+types/vehicles'
import { addVehicleAction, vehiclesPageData } from '~/staff/vehicle-pages.server'
import { VehicleForm } from '~/components/ops/vehicle-fields'
import { DoneNotice } from '~/components/ops/dispatch-form'

export async function loader({ context, request }: Route.LoaderArgs) {
  return vehiclesPageData(context, request)
}

export async function action({ context, request }: Route.ActionArgs) {
  return addVehicleAction(context, request)
}

export const meta: Route.MetaFunction = ({ data }) => [
  ...(data ? [{ title: data.meta.title }] : []),
  { name: 'robots', content: 'noindex, nofollow' },
]

export default function OpsVehicles({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const location = useLocation()
  const page = loaderData
  return (
    <section>
      <h1 id="ops-vehicles-title">{t('ops.dispatch.vehicles.title')}</h1>
      <p>{t('ops.dispatch.vehicles.lead')}</p>
      {page.added && !actionData ? (
        <DoneNotice>{t('ops.dispatch.vehicles.added', { plate: page.added })}</DoneNotice>
      ) : null}
      {page.saved && !actionData ? <DoneNotice>{t('ops.dispatch.saved')}</DoneNotice> : null}
      {page.vehicles.length === 0 ? (
        <p>{t('ops.dispatch.vehicles.empty')}</p>
      ) : (
        <div
          className="ops-table-wrap"
          role="region"
          aria-labelledby="ops-vehicles-title"
          tabIndex={0}
        >
          <table className="ops-table">
            <thead>
              <tr>
                <th scope="col">{t('ops.dispatch.vehicles.columns.plate')}</th>
                <th scope="col">{t('ops.dispatch.vehicles.columns.class')}</th>
                <th scope="col">{t('ops.dispatch.vehicles.columns.makeModel')}</th>
                <th scope="col">{t('ops.dispatch.vehicles.columns.colour')}</th>
                <th scope="col">{t('ops.dispatch.vehicles.columns.seats')}</th>
                <th scope="col">{t('ops.dispatch.vehicles.columns.luggage')}</th>
                <th scope="col">{t('ops.dispatch.vehicles.columns.status')}</th>
              </tr>
            </thead>
            <tbody>
              {page.vehicles.map((vehicle) => (
                <tr key={vehicle.id}>
                  <th scope="row">
                    <a
                      href={`/ops/vehicles/${vehicle.id}`}
                      aria-label={t('ops.dispatch.editLabel', { name: vehicle.plate })}
                    >
                      {vehicle.plate}
                    </a>
                  </th>
                  <td>{vehicle.class}</td>
                  <td>{vehicle.makeModel}</td>
                  <td>{vehicle.colour ?? '–'}</td>
                  <td>{vehicle.seats}</td>
                  <td>{vehicle.luggage}</td>
                  <td>{t(vehicle.active ? 'ops.dispatch.active' : 'ops.dispatch.inactive')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h2 id="ops-vehicle-add-title">{t('ops.dispatch.vehicles.addTitle')}</h2>
      <VehicleForm
        key={page.added ? location.key : 'vehicle-add'}
        id="vehicle-add"
        labelledBy="ops-vehicle-add-title"
        lastResult={actionData?.result}
        classes={page.classes}
        submitLabel={t('ops.dispatch.vehicles.add')}
        withActive={false}
      />
    </section>
  )
}
