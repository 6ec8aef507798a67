import { Link } from 'react-router'
import { useTranslation } from '~/i18n/use-translation'
import { phoneHref } from '~/config/site'
import type { RideStatus } from '~/traveller/ride-status'

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
  const { t } = useTranslation()
  const { status, timeline, driver, ended } = ride
  const current = timeline.findLastIndex((entry) => entry.done)
  const now = timeline[current]
  return (
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
          {now ? t('traveller.ride.now', { status: t(`traveller.ride.steps.${now.step}`) }) : null}
        </p>
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
  )
}
