import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { Route } from './+types/board'
import { boardPageData } from '~/staff/ops-pages.server'

export async function loader({ context, request }: Route.LoaderArgs) {
  return boardPageData(context, request)
}

export const meta: Route.MetaFunction = ({ data }) => [
  ...(data ? [{ title: data.meta.title }] : []),
  { name: 'robots', content: 'noindex, nofollow' },
]

export default function OpsBoard({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const board = loaderData
  const dayLink = (day: string) => (day === board.today ? '/ops' : `/ops?day=${day}`)
  // Plain links and form: the board is always loaded as a document (see the layout).
  return (
    <section>
      <h1 id="ops-board-title">{t('ops.board.heading', { date: board.dayLabel })}</h1>
      <div className="ops-days">
        <nav aria-label={t('ops.board.daysLabel')}>
          <ul>
            <li>
              <a href={dayLink(board.previousDay)}>{t('ops.board.previousDay')}</a>
            </li>
            <li>
              <a href="/ops" aria-current={board.day === board.today ? 'page' : undefined}>
                {t('ops.board.today')}
              </a>
            </li>
            <li>
              <a
                href={dayLink(board.tomorrow)}
                aria-current={board.day === board.tomorrow ? 'page' : undefined}
              >
                {t('ops.board.tomorrow')}
              </a>
            </li>
            <li>
              <a href={dayLink(board.nextDay)}>{t('ops.board.nextDay')}</a>
            </li>
            <li>
              <a href={dayLink(board.day)}>{t('ops.board.refresh')}</a>
            </li>
          </ul>
        </nav>
        <form method="get" action="/ops">
          <div className="field">
            <label htmlFor="ops-day">{t('ops.board.dayLabel')}</label>
            <input id="ops-day" name="day" type="date" required defaultValue={board.day} />
          </div>
          <button type="submit" className="button">
            {t('ops.board.show')}
          </button>
        </form>
      </div>
      <p>{t('ops.board.count', { count: board.bookings.length })}</p>
      {board.bookings.length === 0 ? (
        <p>{t('ops.board.empty')}</p>
      ) : (
        <div
          className="ops-table-wrap"
          role="region"
          aria-labelledby="ops-board-title"
          tabIndex={0}
        >
          <table className="ops-table">
            <thead>
              <tr>
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
              {board.bookings.map((booking) => (
                <tr key={booking.reference}>
                  <td>{booking.time}</td>
                  <th scope="row">
                    <Link to={`/ops/bookings/${booking.reference}`}>{booking.reference}</Link>
                  </th>
                  <td className={`ops-status--${booking.status}`}>
                    {t(`ops.statuses.${booking.status}`)}
                  </td>
                  <td>{booking.vehicle}</td>
                  <td>{t('ops.routeValue', { from: booking.from, to: booking.to })}</td>
                  <td>{booking.passengers ?? '–'}</td>
                  <td>{booking.flight ?? '–'}</td>
                  <td>{booking.traveller || '–'}</td>
                  <td>
                    {booking.driver ??
                      (booking.status === 'confirmed' ? (
                        <strong>{t('ops.dispatch.board.unassigned')}</strong>
                      ) : (
                        '–'
                      ))}
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
