import { Link } from 'react-router'
import { useTranslation } from '~/i18n/use-translation'
import type { Route } from './+types/fleet-list'
import { pageContext } from '~/utils/page-context.server'
import { metaDescriptors } from '~/seo/meta'
import { listVehicleClasses } from '~/content/fleet.server'
import { pricedFleet } from '~/pricing/priced-fleet.server'
import {
  ALL,
  carBrandOptions,
  carTypeOptions,
  matchesFleetFilter,
  parseFleetFilter,
} from '~/content/fleet-filter'
import { PageHero } from '~/components/page-hero'
import { VehicleCard } from '~/components/cards'
import { loadAsDocument, staticPageHandle } from '~/utils/hydrate-handle'

export async function loader({ context, request }: Route.LoaderArgs) {
  const { language, site, meta } = pageContext(context, request)
  const filter = parseFleetFilter(new URL(request.url).searchParams)
  const vehicles = await pricedFleet(
    listVehicleClasses(language, site).filter((vehicle) => matchesFleetFilter(vehicle, filter)),
  )
  return { meta: meta('fleet-list'), filter, vehicles, language }
}

export const meta: Route.MetaFunction = ({ data }) => metaDescriptors(data?.meta)

// The filter's enhancement is app/enhancements/swap-form.ts, not React.
export const handle = staticPageHandle
export const clientLoader = loadAsDocument

export default function FleetList({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { filter, vehicles, language } = loaderData
  const optionLabel = (group: 'type' | 'brand', value: string) =>
    value === ALL ? t('fleet.all') : group === 'type' ? t(`fleet.carType.${value}`) : value
  return (
    <>
      <PageHero
        title={t('fleet.title')}
        lead={t('fleet.lead')}
        crumbs={[{ label: t('fleet.title') }]}
      />
      <section className="section">
        <div className="container fleet-layout">
          {/*
            A GET form: filtering works without JavaScript and the URL can be shared.
            With a script the list and the count are replaced in place, so the focus
            and the scroll stay on the form.
          */}
          <form
            method="get"
            action="/fleet-list"
            className="filter-card"
            aria-label={t('fleet.filterLabel')}
            data-swap="fleet-clear fleet-count fleet-results"
          >
            <div className="field">
              <label htmlFor="fleet-type">{t('fleet.vehicleType')}</label>
              <select
                id="fleet-type"
                name="type"
                defaultValue={filter.type}
                key={`type-${filter.type}`}
              >
                {carTypeOptions.map((value) => (
                  <option key={value} value={value}>
                    {optionLabel('type', value)}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor="fleet-brand">{t('fleet.make')}</label>
              <select
                id="fleet-brand"
                name="brand"
                defaultValue={filter.brand}
                key={`brand-${filter.brand}`}
              >
                {carBrandOptions.map((value) => (
                  <option key={value} value={value}>
                    {optionLabel('brand', value)}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className="button button--block">
              {t('fleet.applyFilter')}
            </button>
            <div id="fleet-clear">
              {filter.type !== ALL || filter.brand !== ALL ? (
                <Link to="/fleet-list" className="text-link">
                  {t('fleet.clearFilter')}
                </Link>
              ) : null}
            </div>
          </form>
          <div>
            <p className="result-count" role="status" id="fleet-count">
              {t('fleet.resultCount', { count: vehicles.length })}
            </p>
            <div id="fleet-results">
              {vehicles.length ? (
                <div className="grid grid--2">
                  {vehicles.map((vehicle) => (
                    <VehicleCard
                      key={vehicle.id}
                      vehicle={vehicle}
                      language={language}
                      headingLevel={2}
                    />
                  ))}
                </div>
              ) : (
                <p className="empty-state">{t('fleet.noItems')}</p>
              )}
            </div>
          </div>
        </div>
      </section>
    </>
  )
}
