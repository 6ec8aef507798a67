import { useTranslation } from '~/i18n/use-translation'
import { phoneHref } from '~/config/site'
import { useSite } from '~/utils/root-data'
import type { MeetingPoint, RideFlight } from '~/traveller/ride-status'

/**
 * Where the traveller meets the driver: at Istanbul Airport or Sabiha
 * Gökçen, the way from the plane to the arrivals hall and the sign; anywhere
 * else, the address as booked. Then what to do when the driver cannot be seen.
 */
export function MeetingPointCard({
  meeting,
  companyPhone,
  pickupCode = null,
  flight = null,
  guest = false,
}: {
  meeting: MeetingPoint
  companyPhone: string
  /**
   * The traveller's followed flight (their own page only: its words speak to
   * them), from the polled ride status, so a new landing time refreshes it.
   */
  flight?: RideFlight | null
  /** The traveller's own page only, until they are on board: never on the shared page. */
  pickupCode?: string | null
  /** On the shared page, where the reader is not the one met. */
  guest?: boolean
}) {
  const { t } = useTranslation()
  // The flight is said to be followed only when a provider follows it.
  const { followsFlights } = useSite()
  return (
    <section data-live-part="meeting" className="card" aria-labelledby="meeting-title">
      <div className="card__body">
        <h2 id="meeting-title">
          {t(guest ? 'traveller.shared.meetTitle' : 'traveller.meet.title')}
        </h2>
        {flight && !guest ? <FlightNews flight={flight} companyPhone={companyPhone} /> : null}
        {meeting.kind === 'airport' ? (
          <>
            <p>
              {t(`traveller.meet.${meeting.airport}.hall`, {
                airport: meeting.name,
                sign: meeting.sign,
              })}
            </p>
            <ol className="meeting__steps">
              <li>{t('traveller.meet.stepPassport')}</li>
              <li>{t(`traveller.meet.${meeting.airport}.exit`)}</li>
              <li>{t('traveller.meet.stepSign', { sign: meeting.sign })}</li>
            </ol>
            <p>{t(followsFlights ? 'traveller.meet.waiting' : 'traveller.meet.waitingPlain')}</p>
          </>
        ) : (
          <p>{t('traveller.meet.address', { place: meeting.place })}</p>
        )}
        {pickupCode ? (
          <div className="pickup-code">
            <h3 id="pickup-code-title" className="pickup-code__title">
              {t('traveller.meet.codeTitle')}
            </h3>
            <p className="pickup-code__value">{pickupCode}</p>
            <p>{t('traveller.meet.codeHow')}</p>
            <p>
              <strong>{t('traveller.meet.codeOnly')}</strong>
            </p>
          </div>
        ) : null}
        <p>
          {t('traveller.meet.lost')} <a href={phoneHref(companyPhone)}>{companyPhone}</a>
        </p>
      </div>
    </section>
  )
}

/**
 * Where the traveller's flight is and when the driver meets them; for a
 * flight cancelled or diverted, that a person sorts it out with them.
 */
function FlightNews({ flight, companyPhone }: { flight: RideFlight; companyPhone: string }) {
  const { t } = useTranslation()
  const values = {
    flight: flight.ident,
    landing: flight.landing,
    pickup: flight.pickup,
    until: flight.freeWaitingEnds,
  }
  const callUs = flight.line === 'cancelled' || flight.line === 'diverted'
  return (
    <div className="meeting__flight">
      <p>
        <strong>
          {flight.line === 'landed' && !flight.freeWaitingEnds
            ? t('traveller.flight.landedNoTime', values)
            : t(`traveller.flight.${flight.line}`, values)}
        </strong>
        {callUs ? (
          <>
            {' '}
            <a href={phoneHref(companyPhone)}>{companyPhone}</a>
          </>
        ) : null}
      </p>
      {flight.checkedAt ? (
        <p className="meeting__flight-checked">
          {t('traveller.flight.checked', { time: flight.checkedAt })}
        </p>
      ) : null}
    </div>
  )
}
