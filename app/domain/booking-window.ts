/**
 * When a trip may be booked:
 * a date from today to today + 20 days in Istanbul, a pickup in 15-minute steps.
 * Pure: "now" is always passed in.
 */
export const BOOKING_WINDOW_DAYS = 20
export const TIME_STEP_MINUTES = 15
/** All dates are Istanbul dates, whatever the server's zone: the company works in Istanbul. */
export const ISTANBUL_TIME_ZONE = 'Europe/Istanbul'

/**
 * The 96 pickup times in display order: 00:15, 00:30 … 23:45, then 00:00
 * (hours count 1 to 24, and 24 shows as 00).
 */
export function timeOptions(): string[] {
  const options: string[] = []
  for (let minutes = TIME_STEP_MINUTES; minutes <= 24 * 60; minutes += TIME_STEP_MINUTES) {
    const hour = Math.floor(minutes / 60) % 24
    const minute = minutes % 60
    options.push(`${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`)
  }
  return options
}

/** Built once: constructing an Intl formatter costs far more than using one. en-CA formats as YYYY-MM-DD. */
const istanbulDateFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: ISTANBUL_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
})

/** Today's date (YYYY-MM-DD) in Istanbul at the instant `now`. */
export function istanbulDate(now: Date): string {
  return istanbulDateFormat.format(now)
}

/** Built once, like the date's: the hour and minute in Istanbul, 24-hour clock. */
const istanbulClockFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: ISTANBUL_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
})

/** The time of day (HH:MM, 00:00-23:59) in Istanbul at the instant `now`. */
export function istanbulClock(now: Date): string {
  return istanbulClockFormat.format(now)
}

/** The hour of the day in Istanbul (0-23) at the instant `now`. */
export function istanbulHour(now: Date): number {
  return Number(istanbulClock(now).slice(0, 2))
}

/** Adds whole days to a calendar date (YYYY-MM-DD), independent of time zones. */
export function addDays(isoDate: string, days: number): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number]
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10)
}

/** The first and last bookable dates at the instant `now`. */
export function dateWindow(now: Date): { min: string; max: string } {
  const min = istanbulDate(now)
  return { min, max: addDays(min, BOOKING_WINDOW_DAYS) }
}
