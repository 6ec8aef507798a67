import { useTranslation } from '~/i18n/use-translation'
import type { FlightView } from '~/flights/flight-view.server'

/**
 * A followed flight on the staff pages: the sentence the driver reads on a
 * job ('TK1984 landed at 14:52, terminal 1'), its short form for a table
 * cell ('landed 14:52'), and a pickup time that shows the move a late
 * landing made ('15:00 → 15:40').
 */

/** The time a line names: the actual landing once landed, else the expected one. */
function lineTime(flight: FlightView) {
  return flight.line === 'landed' ? flight.actualLanding : flight.expectedLanding
}

export function useFlightLine() {
  const { t } = useTranslation()
  return {
    /** The whole sentence, with the terminal and gate when known. */
    long: (flight: FlightView) =>
      [
        t(`ops.flight.line.${flight.line}`, { flight: flight.ident, time: lineTime(flight) }),
        flight.terminal ? t('ops.flight.terminal', { terminal: flight.terminal }) : null,
        flight.gate ? t('ops.flight.gate', { gate: flight.gate }) : null,
      ]
        .filter(Boolean)
        .join(', '),
    /** A few words for a table cell beside the flight number. */
    short: (flight: FlightView) => t(`ops.flight.short.${flight.line}`, { time: lineTime(flight) }),
  }
}

/** The booked time, and the one a late landing moved it to (read out as words, shown as an arrow). */
export function PickupTime({ booked, flight }: { booked: string; flight: FlightView | null }) {
  const { t } = useTranslation()
  if (!flight?.expectedPickup) return <>{booked}</>
  return (
    <span className="ops-pickup-moved">
      <span aria-hidden="true">
        {booked} → <strong>{flight.expectedPickup}</strong>
      </span>
      <span className="visually-hidden">
        {t('ops.flight.movedTime', { booked, pickup: flight.expectedPickup })}
      </span>
    </span>
  )
}

/**
 * The followed flight under the job's title: the pickup it moved (first: it
 * changes when the driver must be there), where the plane is, and until
 * when the waiting is free once it has landed.
 */
export function JobFlight({ flight }: { flight: FlightView }) {
  const { t } = useTranslation()
  const line = useFlightLine()
  return (
    <div className="ops-job-flight">
      {flight.expectedPickup ? (
        <p>
          <strong>
            {t('ops.flight.moved', { pickup: flight.expectedPickup, booked: flight.bookedPickup })}
          </strong>
        </p>
      ) : null}
      <p>
        {line.long(flight)}
        {flight.checkedAt ? (
          <span className="ops-job-flight__checked">
            {' '}
            ({t('ops.flight.checked', { time: flight.checkedAt })})
          </span>
        ) : null}
      </p>
      {flight.freeWaitingEnds ? (
        <p>{t('ops.flight.freeWaiting', { time: flight.freeWaitingEnds })}</p>
      ) : null}
    </div>
  )
}
