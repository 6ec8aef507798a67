import { useTranslation } from '~/i18n/use-translation'
import type { Route } from './+types/cars'
import { carsPageData } from '~/staff/cars-page.server'
import { intlLocale, toLanguage } from '~/i18n/config'
import { phoneHref } from '~/config/site'
import { useSite } from '~/utils/root-data'

export async function loader({ context, request }: Route.LoaderArgs) {
  return carsPageData(context, request)
}

export const meta: Route.MetaFunction = ({ data }) => [
  ...(data ? [{ title: data.meta.title }] : []),
  { name: 'robots', content: 'noindex, nofollow' },
]

type Car = Route.ComponentProps['loaderData']['cars'][number]

/** Where a car was last: near which place, how far from its pickup, and when it was sent. */
function WhereCell({ car }: { car: Car }) {
  const { t } = useTranslation()
  const position = car.position
  if (!position) return <>{t('ops.cars.noPosition')}</>
  return (
    <>
      {t(position.byPlace ? 'ops.cars.nearNamed' : 'ops.cars.near', { place: position.near })}
      {position.toPickup ? (
        <>
          <br />
          {position.toPickup.atPickup
            ? t('ops.cars.atPickup')
            : t('ops.cars.toPickup', {
                km: position.toPickup.km,
                count: position.toPickup.minutes,
              })}
        </>
      ) : null}
      <br />
      <span className={position.stale ? 'ops-flag' : 'ops-muted'}>
        {t(position.stale ? 'ops.cars.stale' : 'ops.cars.sentAt', { time: position.at })}
      </span>
    </>
  )
}

/**
 * Every car on the road now, one row each, kept current by the board's own
 * refresh (app/enhancements/board-refresh.ts); on a site with a Maps key, one
 * map of them all above (app/enhancements/fleet-map.ts), drawn from the rows.
 */
export default function OpsCars({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { mapsBrowserKey } = useSite()
  const { cars, withMap } = loaderData
  return (
    <section aria-labelledby="ops-cars-title" className="ops-cars">
      <h1 id="ops-cars-title">{t('ops.cars.title')}</h1>
      <p>{t('ops.cars.lead')}</p>
      {withMap ? (
        <section
          className="ops-cars__map"
          aria-label={t('ops.cars.mapLabel')}
          data-fleet-map=""
          data-maps-key={mapsBrowserKey}
          data-maps-language={i18n.language}
          hidden
        />
      ) : (
        <p className="ops-muted">{t('ops.cars.noMap')}</p>
      )}
      <p
        role="status"
        data-board-refresh="/ops/cars"
        data-updated={t('ops.board.updatedAt', { time: '{time}' })}
        data-time-locale={intlLocale[toLanguage(i18n.language)]}
      >
        {t('ops.cars.count', { count: cars.length })}
      </p>
      {cars.length === 0 ? (
        <p data-board-rows="">{t('ops.cars.empty')}</p>
      ) : (
        <div
          className="ops-table-wrap"
          data-board-rows=""
          role="region"
          aria-label={t('ops.cars.tableLabel')}
          tabIndex={0}
        >
          <table className="ops-table">
            <thead>
              <tr>
                <th scope="col">{t('ops.cars.columns.ride')}</th>
                <th scope="col">{t('ops.cars.columns.status')}</th>
                <th scope="col">{t('ops.cars.columns.driver')}</th>
                <th scope="col">{t('ops.cars.columns.where')}</th>
                <th scope="col">{t('ops.cars.columns.map')}</th>
              </tr>
            </thead>
            <tbody>
              {cars.map((car) => (
                <tr
                  key={car.reference}
                  data-car-lat={car.position?.lat}
                  data-car-lng={car.position?.lng}
                  data-car-label={`${car.reference}: ${car.driver}, ${car.vehicle}`}
                >
                  <td>
                    <a href={`/ops/bookings/${car.reference}`}>{car.reference}</a>
                    <br />
                    {car.time} {car.route}
                  </td>
                  <td>{t(`ops.statuses.${car.status}`)}</td>
                  <td>
                    {car.driver}
                    <br />
                    <a href={phoneHref(car.driverPhone)}>{car.driverPhone}</a>
                    <br />
                    {car.vehicle}
                  </td>
                  <td>
                    <WhereCell car={car} />
                  </td>
                  <td>
                    {car.position ? (
                      <a href={car.position.mapsUrl} target="_blank" rel="noreferrer">
                        {t('ops.cars.openMap', { reference: car.reference })}
                      </a>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
