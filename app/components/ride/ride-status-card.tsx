import { Link } from 'react-router'
import { useTranslation } from '~/i18n/use-translation'
import { phoneHref } from '~/config/site'
import type { RideCar, RideStatus } from '~/traveller/ride-status'
import { useSite } from '~/utils/root-data'

/**
 * The ride as it goes: where it stands now (announced to screen readers when
 * it changes), the timeline with the time of each step, and the driver and car
 * once assigned. Shown to the traveller and on the shared page alike, from the
 * status the page keeps current (app/enhancements/ride-status.ts).
 */
export function RideStatusCard({
  ride,
  refreshHref,
  statusUrl,
  guest = false,
  headingId = 'ride-title',
  title,
}: {
  ride: RideStatus
  refreshHref: string
  /** A second card on the page (a return ride) needs its own heading id and title. */
  headingId?: string
  title?: string
  /**
   * The status resource a page polls: given, the card carries it and the status
   * shown, for app/enhancements/ride-status.ts on a page React does not hydrate.
   */
  statusUrl?: string
  /** On the shared page: the headings speak of the traveller's ride, not the reader's. */
  guest?: boolean
}) {
  const { t, i18n } = useTranslation()
  const { mapsBrowserKey } = useSite()
  const { status, timeline, driver, ended } = ride
  const current = timeline.findLastIndex((entry) => entry.done)
  const now = timeline[current]
  // The map beside the polled card only: app/enhancements/car-map.ts moves its
  // car as each status arrives, and shows it once there is a car to show.
  const map =
    mapsBrowserKey && statusUrl && !ended ? (
      <section
        className="card ride-map"
        aria-label={t('traveller.ride.carPosition.mapLabel')}
        data-car-map={JSON.stringify(ride.car?.map ?? null)}
        data-maps-key={mapsBrowserKey}
        data-maps-language={i18n.language}
        data-car-title={t('traveller.ride.carPosition.carMarker')}
        data-pickup-title={t('traveller.ride.carPosition.pickupMarker')}
        hidden={!ride.car?.map}
      />
    ) : null
  return (
    <>
      <section
        className="card ride"
        aria-labelledby={headingId}
        // Each card its own part: a return ride's card is swapped beside the outbound's.
        data-live-part={headingId === 'ride-title' ? 'ride' : headingId}
        data-ride-status={statusUrl ? JSON.stringify(ride) : undefined}
        data-status-url={statusUrl}
        data-refresh-url={statusUrl ? refreshHref : undefined}
      >
        <div className="card__body">
          <h2 id={headingId}>
            {title ?? t(guest ? 'traveller.shared.rideTitle' : 'traveller.ride.title')}
          </h2>
          <p className="ride__now" aria-live="polite">
            {now
              ? t('traveller.ride.now', { status: t(`traveller.ride.steps.${now.step}`) })
              : null}
          </p>
          {status === 'on_the_way' ? <CarDistance car={ride.car} /> : null}
          <ol className="ride-timeline">
            {timeline.map((entry, index) => (
              <li
                key={entry.step}
                className={`ride-timeline__step${entry.done ? ' is-done' : ''}`}
                aria-current={index === current ? 'step' : undefined}
              >
                <span className="ride-timeline__label">
                  {t(`traveller.ride.steps.${entry.step}`)}
                </span>
                <span className="ride-timeline__time">
                  {entry.done
                    ? (entry.time ?? '')
                    : t(
                        entry.step === 'refunded'
                          ? 'traveller.ride.underWay'
                          : 'traveller.ride.toCome',
                      )}
                </span>
              </li>
            ))}
          </ol>
          <h3 className="ride__driver-title">
            {t(guest ? 'traveller.shared.driverTitle' : 'traveller.ride.driverTitle')}
          </h3>
          {driver ? (
            <dl className="trip-summary__list ride__driver">
              <div>
                <dt>{t('traveller.ride.driver')}</dt>
                <dd>{driver.name}</dd>
              </div>
              {driver.contact ? (
                <div>
                  <dt>{t('traveller.ride.driverPhone')}</dt>
                  <dd className="ride__contact">
                    <a href={phoneHref(driver.contact.phone)}>{driver.contact.phone}</a>
                    {driver.contact.whatsapp ? (
                      <a href={driver.contact.whatsapp} rel="noopener noreferrer">
                        {t('traveller.ride.whatsappDriver')}
                      </a>
                    ) : null}
                  </dd>
                </div>
              ) : null}
              <div>
                <dt>{t('traveller.ride.car')}</dt>
                <dd>{driver.colour ? `${driver.car}, ${driver.colour}` : driver.car}</dd>
              </div>
              <div>
                <dt>{t('traveller.ride.plate')}</dt>
                <dd className="ride__plate">{driver.plate}</dd>
              </div>
            </dl>
          ) : (
            <p>
              {status === 'cancelled'
                ? t('traveller.ride.noDriverCancelled')
                : t(guest ? 'traveller.shared.driverWaiting' : 'traveller.ride.driverWaiting')}
            </p>
          )}
          {ended ? null : (
            <p className="ride__refresh">
              <Link to={refreshHref} preventScrollReset>
                {t('traveller.ride.refresh')}
              </Link>
            </p>
          )}
        </div>
      </section>
      {map}
    </>
  )
}

/** How far the car is while it is on the way, in words, with the time its position was sent. */
function CarDistance({ car }: { car: RideCar | null }) {
  const { t } = useTranslation()
  if (!car) return <p className="ride__car">{t('traveller.ride.carPosition.none')}</p>
  return (
    <p className="ride__car">
      <strong>
        {car.atPickup
          ? t('traveller.ride.carPosition.atPickup')
          : t('traveller.ride.carPosition.away', { km: car.km, count: car.minutes })}
      </strong>{' '}
      <span className="ride__car-time">
        {t(car.stale ? 'traveller.ride.carPosition.stale' : 'traveller.ride.carPosition.updated', {
          time: car.at,
        })}
      </span>
    </p>
  )
}
