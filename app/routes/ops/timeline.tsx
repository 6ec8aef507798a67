import { useTranslation } from '~/i18n/use-translation'
import type { Route } from './+types/timeline'
import { timelinePageData } from '~/staff/timeline-page.server'

export async function loader({ context, request }: Route.LoaderArgs) {
  return timelinePageData(context, request)
}

export const meta: Route.MetaFunction = ({ data }) => [
  ...(data ? [{ title: data.meta.title }] : []),
  { name: 'robots', content: 'noindex, nofollow' },
]

type Page = Route.ComponentProps['loaderData']
type Row = Page['vehicleRows'][number] | Page['withoutVehicle'][number]
type Bar = Row['bars'][number]

/** One ride on a row: a link to its booking, placed from its pickup to its estimated end. */
function RideBar({ bar }: { bar: Bar }) {
  const { t } = useTranslation()
  const className = [
    'day-line-bar',
    bar.overbooked ? 'day-line-bar--over' : '',
    bar.clashes ? 'day-line-bar--clash' : '',
  ]
    .filter(Boolean)
    .join(' ')
  const times = `${bar.cutBefore ? '← ' : ''}${bar.from}–${bar.to}${bar.cutAfter ? ' →' : ''}`
  const shown = `${times} ${bar.reference}`
  const details = [
    t('ops.timeline.barDetails', {
      time: bar.time,
      route: bar.route,
      driver: bar.driver ?? t('ops.timeline.noDriver'),
      vehicle: bar.vehicle ?? t('ops.timeline.noVehicle'),
      class: bar.vehicleClass,
    }),
    bar.overbooked ? t('ops.timeline.overbookedBar') : '',
    bar.clashes ? t('ops.timeline.clashBar') : '',
  ]
    .filter(Boolean)
    .join(' ')
  return (
    <li
      className={className}
      style={{ insetInlineStart: `${bar.left}%`, inlineSize: `${bar.width}%` }}
    >
      {/* The name starts with the words shown, then says the rest of the ride. */}
      <a
        href={`/ops/bookings/${bar.reference}`}
        aria-label={`${shown}: ${details}`}
        title={`${shown}: ${bar.route}`}
      >
        <span className="day-line-bar__time">{times}</span>{' '}
        <span className="day-line-bar__ref">{bar.reference}</span>
      </a>
    </li>
  )
}

/** A row of the time line: its label, its rides on the day's hours, and its free time in words. */
function TimelineRow({
  label,
  bars,
  free,
}: {
  label: string
  bars: Bar[]
  free: { from: string; to: string }[] | null
}) {
  const { t } = useTranslation()
  return (
    <li className="day-line-row">
      <p className="day-line-row__label">{label}</p>
      <ol className="day-line-row__track" aria-label={t('ops.timeline.ridesOf', { label })}>
        {bars.map((bar) => (
          <RideBar key={bar.reference} bar={bar} />
        ))}
      </ol>
      {free ? (
        <p className="day-line-row__free">
          {free.length === 0
            ? t('ops.timeline.neverFree')
            : t('ops.timeline.free', {
                spans: free.map((gap) => `${gap.from}–${gap.to}`).join(', '),
              })}
        </p>
      ) : null}
    </li>
  )
}

/** The hours drawn above each group, every three hours. */
function HourScale({ hours }: { hours: string[] }) {
  return (
    <div className="day-line-scale" aria-hidden="true">
      <span className="day-line-row__label" />
      <ol className="day-line-scale__hours">
        {hours.map((hour, index) => (
          <li key={hour} style={{ insetInlineStart: `${(index / (hours.length - 1)) * 100}%` }}>
            {hour}
          </li>
        ))}
      </ol>
    </div>
  )
}

/** One group of rows (the cars, the rides without one, the drivers) under its hour scale. */
function TimelineGroup({
  title,
  empty,
  hours,
  rows,
}: {
  title: string
  empty: string
  hours: string[]
  rows: Row[]
}) {
  return (
    <>
      <h2>{title}</h2>
      {rows.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <div className="day-line">
          <HourScale hours={hours} />
          <ul className="day-line__rows">
            {rows.map((row) => (
              <TimelineRow key={row.key} label={row.label} bars={row.bars} free={row.free} />
            ))}
          </ul>
        </div>
      )}
    </>
  )
}

export default function OpsTimeline({ loaderData: page }: Route.ComponentProps) {
  const { t } = useTranslation()
  return (
    <section aria-labelledby="ops-timeline-title" className="ops-timeline">
      <h1 id="ops-timeline-title">{page.heading}</h1>
      <div className="ops-days">
        <nav aria-label={t('ops.timeline.days')}>
          <ul>
            <li>
              <a href={`/ops/timeline?day=${page.previous}`}>{t('ops.board.previousDay')}</a>
            </li>
            <li>
              <a href={`/ops/timeline?day=${page.today}`}>{t('ops.board.today')}</a>
            </li>
            <li>
              <a href={`/ops/timeline?day=${page.next}`}>{t('ops.board.nextDay')}</a>
            </li>
            <li>
              <a href={`/ops?day=${page.day}`}>{t('ops.timeline.board')}</a>
            </li>
          </ul>
        </nav>
      </div>
      <form method="get" className="ops-inline-form day-line-day">
        <div className="field">
          <label htmlFor="day-line-day">{t('ops.timeline.day')}</label>
          <input id="day-line-day" type="date" name="day" defaultValue={page.day} />
        </div>
        <button type="submit" className="button button--accent">
          {t('ops.timeline.show')}
        </button>
      </form>
      <p className="field__hint">{t('ops.timeline.lead')}</p>
      {page.overbookedCount > 0 ? (
        <p className="alert alert--error">
          {t('ops.timeline.overbooked', { count: page.overbookedCount })}
        </p>
      ) : null}

      <TimelineGroup
        title={t('ops.timeline.vehicles')}
        empty={t('ops.timeline.noVehicles')}
        hours={page.hours}
        rows={page.vehicleRows}
      />
      <TimelineGroup
        title={t('ops.timeline.withoutVehicle')}
        empty={t('ops.timeline.allHaveVehicles')}
        hours={page.hours}
        rows={page.withoutVehicle}
      />
      <TimelineGroup
        title={t('ops.timeline.drivers')}
        empty={t('ops.timeline.noDrivers')}
        hours={page.hours}
        rows={page.driverRows}
      />
    </section>
  )
}
