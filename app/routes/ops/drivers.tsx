import { useLocation } from 'react-router'
import { useTranslation } from '~/i18n/use-translation'
import type { Route } from './+types/drivers'
import { driversPageAction, driversPageData } from '~/staff/driver-pages.server'
import { OfferSettingsForm } from '~/components/ops/offer-settings'
import { DriverForm } from '~/components/ops/driver-fields'
import { DoneNotice } from '~/components/ops/dispatch-form'

export async function loader({ context, request }: Route.LoaderArgs) {
  return driversPageData(context, request)
}

export async function action({ context, request }: Route.ActionArgs) {
  return driversPageAction(context, request)
}

export const meta: Route.MetaFunction = ({ data }) => [
  ...(data ? [{ title: data.meta.title }] : []),
  { name: 'robots', content: 'noindex, nofollow' },
]

export default function OpsDrivers({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const location = useLocation()
  const page = loaderData
  return (
    <section>
      <h1 id="ops-drivers-title">{t('ops.dispatch.drivers.title')}</h1>
      <p>{t('ops.dispatch.drivers.lead')}</p>
      {page.added && !actionData ? (
        <DoneNotice>{t('ops.dispatch.drivers.added', { name: page.added })}</DoneNotice>
      ) : null}
      {page.saved && !actionData ? <DoneNotice>{t('ops.dispatch.saved')}</DoneNotice> : null}
      {page.drivers.length === 0 ? (
        <p>{t('ops.dispatch.drivers.empty')}</p>
      ) : (
        <div
          className="ops-table-wrap"
          role="region"
          aria-labelledby="ops-drivers-title"
          tabIndex={0}
        >
          <table className="ops-table">
            <thead>
              <tr>
                <th scope="col">{t('ops.dispatch.drivers.columns.name')}</th>
                <th scope="col">{t('ops.dispatch.drivers.columns.phone')}</th>
                <th scope="col">{t('ops.dispatch.drivers.columns.languages')}</th>
                <th scope="col">{t('ops.dispatch.drivers.columns.licence')}</th>
                <th scope="col">{t('ops.dispatch.drivers.columns.account')}</th>
                <th scope="col">{t('ops.dispatch.drivers.columns.status')}</th>
              </tr>
            </thead>
            <tbody>
              {page.drivers.map((driver) => (
                <tr key={driver.id}>
                  <th scope="row">
                    <a
                      href={`/ops/drivers/${driver.id}`}
                      aria-label={t('ops.dispatch.editLabel', { name: driver.name })}
                    >
                      {driver.name}
                    </a>
                  </th>
                  <td>{driver.phone}</td>
                  <td>{driver.languages}</td>
                  <td>{driver.licence}</td>
                  <td>{driver.account ?? '–'}</td>
                  <td>{t(driver.active ? 'ops.dispatch.active' : 'ops.dispatch.inactive')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h2 id="ops-driver-add-title">{t('ops.dispatch.drivers.addTitle')}</h2>
      <DriverForm
        // A driver just added leaves an empty form behind (the page stays mounted with JS).
        key={page.added ? location.key : 'driver-add'}
        id="driver-add"
        labelledBy="ops-driver-add-title"
        lastResult={actionData && 'result' in actionData ? actionData.result : undefined}
        accounts={page.accounts}
        vehicles={page.vehicles}
        submitLabel={t('ops.dispatch.drivers.add')}
        withActive={false}
      />
      <OfferSettingsForm
        settings={page.offerSettings}
        lastResult={
          actionData && 'settingsResult' in actionData ? actionData.settingsResult : undefined
        }
      />
    </section>
  )
}
