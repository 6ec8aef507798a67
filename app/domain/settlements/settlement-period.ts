import { addDays, istanbulDate } from '~/domain/booking-window'
import { readReportPeriod, type PeriodError } from '~/domain/reports/report-period'

/** A settlement's period: the first and last Istanbul days of the pickups, inclusive. */
export interface SettlementPeriod {
  from: string
  to: string
}

/** The current Istanbul week at `now`: Monday to Sunday. */
export function currentWeek(now: Date): SettlementPeriod {
  const today = istanbulDate(now)
  const [year, month, day] = today.split('-').map(Number) as [number, number, number]
  // 0 Sunday … 6 Saturday; Monday starts the week.
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay()
  const from = addDays(today, -((weekday + 6) % 7))
  return { from, to: addDays(from, 6) }
}

export type SettlementPeriodReading =
  | { ok: true; period: SettlementPeriod }
  | {
      ok: false
      typed: SettlementPeriod
      errors: { from?: PeriodError; to?: PeriodError }
    }

/**
 * The period asked for (?from=&to=): the current week when neither is
 * given; read and checked as the reports' period is (calendar days, the end
 * not before the start, at most a year).
 */
export function readSettlementPeriod(params: URLSearchParams, now: Date): SettlementPeriodReading {
  const week = currentWeek(now)
  const asked = new URLSearchParams({
    from: (params.get('from') ?? '').trim() || week.from,
    to: (params.get('to') ?? '').trim() || week.to,
  })
  const reading = readReportPeriod(asked, now)
  if (reading.ok) return { ok: true, period: { from: reading.period.from, to: reading.period.to } }
  return {
    ok: false,
    typed: { from: reading.typed.from, to: reading.typed.to },
    errors: reading.errors,
  }
}
