import { addDays, istanbulDate } from '~/domain/booking-window'
import { isReportGrouping, type ReportGrouping } from './report-sections'

/** The longest period one report covers, as for the bookings CSV: a year. */
export const MAX_REPORT_DAYS = 366

export type PeriodError = 'invalidDate' | 'beforeFrom' | 'tooLong'

export interface ReportPeriod {
  /** The first and last Istanbul days, inclusive. */
  from: string
  to: string
  by: ReportGrouping
}

export type PeriodReading =
  | { ok: true; period: ReportPeriod }
  /** What was typed, kept for the form, and an error beside each wrong field. */
  | {
      ok: false
      typed: { from: string; to: string; by: ReportGrouping }
      errors: { from?: PeriodError; to?: PeriodError }
    }

const isCalendarDay = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) && addDays(value, 0) === value

/** The current Istanbul month at `now`: its first and last days. */
export function currentMonth(now: Date): { from: string; to: string } {
  const today = istanbulDate(now)
  const from = `${today.slice(0, 7)}-01`
  const [year, month] = from.split('-').map(Number) as [number, number]
  const to = new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10)
  return { from, to }
}

/**
 * The period asked for in a query string (?from=&to=&by=): the current month
 * by days when nothing is asked; a date that is no calendar day, an end
 * before the start or a period longer than a year refused beside its field.
 */
export function readReportPeriod(params: URLSearchParams, now: Date): PeriodReading {
  const month = currentMonth(now)
  const from = (params.get('from') ?? '').trim().slice(0, 20) || month.from
  const to = (params.get('to') ?? '').trim().slice(0, 20) || month.to
  const askedBy = params.get('by')
  const by: ReportGrouping = isReportGrouping(askedBy) ? askedBy : 'day'
  const errors: { from?: PeriodError; to?: PeriodError } = {}
  if (!isCalendarDay(from)) errors.from = 'invalidDate'
  if (!isCalendarDay(to)) errors.to = 'invalidDate'
  else if (!errors.from && to < from) errors.to = 'beforeFrom'
  else if (!errors.from && to >= addDays(from, MAX_REPORT_DAYS)) errors.to = 'tooLong'
  if (errors.from || errors.to) return { ok: false, typed: { from, to, by }, errors }
  return { ok: true, period: { from, to, by } }
}

/** The instants (ISO, UTC) an Istanbul period runs from (inclusive) and until (exclusive). */
export function periodInstants(period: { from: string; to: string }) {
  // Istanbul keeps +03:00 all year (no summer time since 2016), as pickupInstant reads it.
  return {
    start: new Date(`${period.from}T00:00:00+03:00`).toISOString(),
    end: new Date(`${addDays(period.to, 1)}T00:00:00+03:00`).toISOString(),
  }
}
