import { Link } from 'react-router'
import { useTranslation } from '~/i18n/use-translation'
import type { Route } from './+types/board'
import { boardPageData } from '~/staff/ops-pages.server'
import { intlLocale, toLanguage } from '~/i18n/config'
import { PickupTime, useFlightLine } from '~/components/ops/flight-status'
import { useFilingStateText } from '~/components/ops/filing-state'

export async function loader({ context, request }: Route.LoaderArgs) {
  return boardPageData(context, request)
}

export const meta: Route.MetaFunction = ({ data }) => [
  ...(data ? [{ title: data.meta.title }] : []),
  { name: 'robots', content: 'noindex, nofollow' },
]

export default function OpsBoard({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const flightLine = useFlightLine()
  const filingText = useFilingStateText()
  const board = loaderData
  const { view } = board
  // With JavaScript the rows follow new bookings by themselves
  // (app/enhancements/board-refresh.ts); without, Refresh reloads.
  const { bookings } = board
  const dayLink = (day: string) => (day === board.today ? '/ops' : `/ops?day=${day}`)
  const manyDays = view.week || Boolean(view.search)
  // Plain links and forms: the board is always loaded as a document (see the layout).
  return (
    <section>
      <h1 id="ops-board-title">{board.heading}</h1>
      <div className="ops-days">
        <nav aria-label={t('ops.board.daysLabel')}>
          <ul>
            <li>
              <a href={`/ops?${board.previous}`}>
                {t(view.week ? 'ops.board.previousWeek' : 'ops.board.previousDay')}
              </a>
            </li>
            <li>
              <a
                href="/ops"
                aria-current={!manyDays && view.day === board.today ? 'page' : undefined}
              >
                {t('ops.board.today')}
              </a>
            </li>
            <li>
              <a
                href={dayLink(board.tomorrow)}
                aria-current={!manyDays && view.day === board.tomorrow ? 'page' : undefined}
              >
                {t('ops.board.tomorrow')}
              </a>
            </li>
            <li>
              <a href={`/ops?${board.next}`}>
                {t(view.week ? 'ops.board.nextWeek' : 'ops.board.nextDay')}
              </a>
            </li>
            <li>
              <a
                href={`/ops?day=${view.day}&view=week`}
                aria-current={view.week && !view.search ? 'page' : undefined}
              >
                {t('ops.board.week')}
              </a>
            </li>
            <li>
              <a href={`/ops?${board.query}`}>{t('ops.board.refresh')}</a>
            </li>
          </ul>
        </nav>
      </div>
      <form method="get" action="/ops" className="ops-filters" aria-label={t('ops.board.filters')}>
        {view.week ? <input type="hidden" name="view" value="week" /> : null}
        <div className="field">
          <label htmlFor="ops-day">
            {t(view.week ? 'ops.board.weekFrom' : 'ops.board.dayLabel')}
          </label>
          <input id="ops-day" name="day" type="date" required defaultValue={view.day} />
        </div>
        <div className="field">
          <label htmlFor="ops-status">{t('ops.board.columns.status')}</label>
          <select id="ops-status" name="status" defaultValue={view.status ?? ''}>
            <option value="">{t('ops.board.any')}</option>
            {board.statuses.map((status) => (
              <option key={status} value={status}>
                {t(`ops.statuses.${status}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="ops-class">{t('ops.board.columns.vehicle')}</label>
          <select id="ops-class" name="class" defaultValue={view.vehicleClass ?? ''}>
            <option value="">{t('ops.board.any')}</option>
            {board.vehicleClasses.map((item) => (
              <option key={item.code} value={item.code}>
                {item.title}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="ops-driver">{t('ops.dispatch.board.driver')}</label>
          <select id="ops-driver" name="driver" defaultValue={view.driverId ?? ''}>
            <option value="">{t('ops.board.any')}</option>
            {board.drivers.map((driver) => (
              <option key={driver.id} value={driver.id}>
                {driver.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="ops-search">{t('ops.board.search')}</label>
          <input
            id="ops-search"
            name="q"
            type="search"
            maxLength={100}
            defaultValue={view.search}
            aria-describedby="ops-search-hint"
          />
          <p id="ops-search-hint" className="field__hint">
            {t('ops.board.searchHint')}
          </p>
        </div>
        <button type="submit" className="button">
          {t('ops.board.show')}
        </button>
      </form>
      <p className="ops-board-tools">
        <a href={`/ops/run-sheet?${board.query}`}>{t('ops.board.runSheet')}</a>
        <a href={`/ops/board.csv?${board.query}`} download>
          {t('ops.board.csv')}
        </a>
      </p>
      <details className="ops-export">
        <summary>{t('ops.board.exportTitle')}</summary>
        <form method="get" action="/ops/board.csv" aria-label={t('ops.board.exportTitle')}>
          <div className="field">
            <label htmlFor="ops-export-from">{t('ops.board.exportFrom')}</label>
            <input id="ops-export-from" name="day" type="date" required defaultValue={view.day} />
          </div>
          <div className="field">
            <label htmlFor="ops-export-until">{t('ops.board.exportUntil')}</label>
            <input
              id="ops-export-until"
              name="until"
              type="date"
              required
              defaultValue={view.day}
            />
          </div>
          <div className="field">
            <label htmlFor="ops-export-dates">{t('ops.board.exportDates')}</label>
            <select id="ops-export-dates" name="dates" defaultValue="pickup">
              <option value="pickup">{t('ops.board.exportByPickup')}</option>
              <option value="paid">{t('ops.board.exportByPayment')}</option>
            </select>
          </div>
          <button type="submit" className="button">
            {t('ops.board.exportSubmit')}
          </button>
        </form>
      </details>
      <p
        role="status"
        // For app/enhancements/board-refresh.ts: where the rows come from, and how to say when.
        data-board-refresh={`/ops?${board.query}`}
        data-updated={t('ops.board.updatedAt', { time: '{time}' })}
        data-time-locale={intlLocale[toLanguage(i18n.language)]}
      >
        {t('ops.board.count', { count: bookings.length })}
      </p>
      {bookings.length === 0 ? (
        <p data-board-rows="">
          {t(
            view.search
              ? 'ops.board.noMatch'
              : view.week
                ? 'ops.board.emptyWeek'
                : 'ops.board.empty',
          )}
        </p>
      ) : (
        <div
          className="ops-table-wrap"
          data-board-rows=""
          role="region"
          aria-labelledby="ops-board-title"
          tabIndex={0}
        >
          <table className="ops-table ops-board">
            <thead>
              <tr>
                {manyDays ? <th scope="col">{t('ops.board.columns.day')}</th> : null}
                <th scope="col">{t('ops.board.columns.time')}</th>
                <th scope="col">{t('ops.board.columns.reference')}</th>
                <th scope="col">{t('ops.board.columns.status')}</th>
                <th scope="col">{t('ops.board.columns.vehicle')}</th>
                <th scope="col">{t('ops.board.columns.route')}</th>
                <th scope="col">{t('ops.board.columns.passengers')}</th>
                <th scope="col">{t('ops.board.columns.flight')}</th>
                <th scope="col">{t('ops.board.columns.traveller')}</th>
                <th scope="col">{t('ops.dispatch.board.driver')}</th>
              </tr>
            </thead>
            <tbody>
              {bookings.map((booking) => (
                <tr
                  key={booking.reference}
                  className={booking.problem ? 'ops-row--problem' : undefined}
                >
                  {manyDays ? <td>{booking.dayLabel}</td> : null}
                  <td>
                    <PickupTime booked={booking.time} flight={booking.flightStatus} />
                  </td>
                  <th scope="row">
                    <Link to={`/ops/bookings/${booking.reference}`}>{booking.reference}</Link>
                  </th>
                  <td className={`ops-status--${booking.status}`}>
                    {t(`ops.statuses.${booking.status}`)}
                    {booking.namesGiven ? (
                      <span className="ops-names-given"> {t('ops.board.namesGiven')}</span>
                    ) : null}
                    {booking.problem ? (
                      <strong className="ops-problem">
                        {' '}
                        {t(`ops.board.problems.${booking.problem}`)}
                      </strong>
                    ) : null}
                    {booking.filing ? (
                      <span className="ops-filing"> {filingText(booking.filing)}</span>
                    ) : null}
                    {booking.problem === 'overbooked' && booking.overbookedAllowance ? (
                      <span className="ops-overbooked-why">
                        {' '}
                        {t(
                          booking.overbookedAllowance.addedBy
                            ? 'ops.board.overbookedAllowedBy'
                            : 'ops.board.overbookedAllowed',
                          booking.overbookedAllowance,
                        )}
                      </span>
                    ) : null}
                  </td>
                  <td>{booking.vehicle}</td>
                  <td className="ops-board__route">{booking.route}</td>
                  <td>{booking.passengers ?? '–'}</td>
                  <td>
                    {booking.flight ?? '–'}
                    {booking.flightStatus ? (
                      <span className="ops-flight-short">
                        {' '}
                        {flightLine.short(booking.flightStatus)}
                      </span>
                    ) : null}
                  </td>
                  <td>
                    {booking.traveller || '–'}
                    {booking.company ? (
                      <span className="ops-company-label">{booking.company}</span>
                    ) : null}
                  </td>
                  <td className="ops-board__driver">
                    {booking.driver ? (
                      booking.driver
                    ) : booking.status === 'confirmed' ? (
                      <UnassignedCell booking={booking} />
                    ) : (
                      '–'
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="field__hint">{t('ops.board.shownStatuses')}</p>
    </section>
  )
}

/**
 * The driver cell of a ride without its driver: where its offers stand, the
 * drivers suggested for it (nearest first) and the way to offer or assign it.
 */
function UnassignedCell({
  booking,
}: {
  booking: {
    reference: string
    offers:
      { kind: 'waiting'; count: number; until: string } | { kind: 'lapsed'; count: number } | null
    suggested: { name: string; km: number | null }[]
  }
}) {
  const { t } = useTranslation()
  return (
    <>
      <span className="ops-unassigned">
        <strong>{t('ops.dispatch.board.unassigned')}</strong>{' '}
        {/* Named without the reference, which the row's header already gives: links are found by it. */}
        <Link to={`/ops/bookings/${booking.reference}/assign`}>
          {t('ops.offers.board.offerLink')}
        </Link>
      </span>
      {booking.offers ? (
        <span className="ops-offer-state">
          {' '}
          {t(`ops.offers.round.${booking.offers.kind}`, booking.offers)}
        </span>
      ) : null}
      {booking.suggested.length > 0 ? (
        <span className="ops-suggested">
          {' '}
          {t('ops.offers.board.suggested', {
            names: booking.suggested
              .map((suggestion) =>
                suggestion.km === null
                  ? suggestion.name
                  : t('ops.offers.board.suggestedKm', suggestion),
              )
              .join(', '),
          })}
        </span>
      ) : null}
    </>
  )
}
