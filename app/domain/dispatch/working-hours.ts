/**
 * A driver's working hours and time off, and whether they are on duty for a
 * whole stretch of time (docs/dispatch.md, "Working hours and time off").
 * Pure: instants come in as milliseconds since the epoch or ISO strings, and
 * the week is read in Istanbul time, UTC+3 all year (Turkey keeps no daylight
 * saving since 2016, as booking-window.ts and pickupInstant assume).
 */

/** 1 is Monday … 7 is Sunday (ISO 8601). */
export const weekdays = [1, 2, 3, 4, 5, 6, 7] as const
export type Weekday = (typeof weekdays)[number]

/** Istanbul's offset from UTC, in minutes. */
const ISTANBUL_OFFSET_MINUTES = 3 * 60
const MINUTE = 60_000
const DAY_MINUTES = 24 * 60

/** One stretch of a weekday's working hours: 'HH:MM' to 'HH:MM', the end up to '24:00'. */
export interface WeeklyShift {
  weekday: Weekday
  starts: string
  ends: string
}

/** A stretch of time off, between two instants (ISO strings); the end is excluded. */
export interface TimeOffSpan {
  startsAt: string
  endsAt: string
}

/** A driver's weekly hours and time off, as the duty rules read them. */
export interface DutyRecord {
  hours: WeeklyShift[]
  timeOff: TimeOffSpan[]
}

const clockPattern = /^([01]\d|2[0-4]):([0-5]\d)$/

/** Minutes since midnight of a 'HH:MM' time ('24:00' is 1440); NaN for anything else. */
export function clockMinutes(time: string): number {
  const match = clockPattern.exec(time)
  if (!match) return Number.NaN
  const minutes = Number(match[1]) * 60 + Number(match[2])
  return minutes > DAY_MINUTES ? Number.NaN : minutes
}

/** 'HH:MM' of minutes since midnight (1440 is '24:00'). */
export function clockText(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
}

/** Whether a shift reads as one: a weekday, a start from 00:00 and an end after it, up to 24:00. */
export function isValidShift(shift: WeeklyShift): boolean {
  const starts = clockMinutes(shift.starts)
  const ends = clockMinutes(shift.ends)
  return (
    weekdays.includes(shift.weekday) &&
    starts < DAY_MINUTES &&
    ends > starts &&
    // NaN compares false with everything: a malformed time fails above.
    ends <= DAY_MINUTES
  )
}

/** The shifts in the week's order: by weekday, then by start. */
export function sortedShifts(shifts: readonly WeeklyShift[]): WeeklyShift[] {
  return [...shifts].sort(
    (a, b) => a.weekday - b.weekday || clockMinutes(a.starts) - clockMinutes(b.starts),
  )
}

/** The Istanbul weekday and minute of the day at an instant. */
export function istanbulWeekTime(at: number): { weekday: Weekday; minute: number } {
  const local = new Date(at + ISTANBUL_OFFSET_MINUTES * MINUTE)
  const weekday = (((local.getUTCDay() + 6) % 7) + 1) as Weekday
  return { weekday, minute: local.getUTCHours() * 60 + local.getUTCMinutes() }
}

/** Why a driver is not on duty for a stretch of time. */
export type OffDuty =
  /** Their hours do not cover this moment (the first one of the stretch they do not cover). */
  | { reason: 'notWorking'; at: number; weekday: Weekday; time: string }
  /** They are off from one instant to another (the first such span that overlaps). */
  | { reason: 'timeOff'; startsAt: string; endsAt: string }

export type Duty = { onDuty: true } | ({ onDuty: false } & OffDuty)

/**
 * Whether a driver is on duty for the whole of [start, end) (milliseconds
 * since the epoch): no time off overlaps it, and their weekly hours cover
 * every moment of it. Hours that end at 24:00 join those that start at 00:00
 * the next day, so a stretch across midnight needs both. A driver without any
 * hours entered works any time (as before hours existed), time off aside.
 */
export function dutyFor(
  interval: { start: number; end: number },
  hours: readonly WeeklyShift[],
  timeOff: readonly TimeOffSpan[],
): Duty {
  const { start, end } = interval
  if (!(end > start)) return { onDuty: true }
  const off = [...timeOff]
    .filter((span) => Date.parse(span.startsAt) < end && start < Date.parse(span.endsAt))
    .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt))[0]
  if (off) return { onDuty: false, reason: 'timeOff', startsAt: off.startsAt, endsAt: off.endsAt }
  const shifts = hours.filter(isValidShift)
  if (shifts.length === 0) return { onDuty: true }
  let at = start
  while (at < end) {
    const { weekday, minute } = istanbulWeekTime(at)
    // The shift of that day holding this minute that runs longest (two may overlap).
    const holding = shifts
      .filter(
        (shift) =>
          shift.weekday === weekday &&
          clockMinutes(shift.starts) <= minute &&
          minute < clockMinutes(shift.ends),
      )
      .sort((a, b) => clockMinutes(b.ends) - clockMinutes(a.ends))[0]
    if (!holding) {
      return { onDuty: false, reason: 'notWorking', at, weekday, time: clockText(minute) }
    }
    // On to the end of that shift, a moment the day's clock reads as its minute.
    at += (clockMinutes(holding.ends) - minute) * MINUTE - (at % MINUTE)
  }
  return { onDuty: true }
}

/** The stretches of time off not yet over at `now`, the soonest first. */
export function timeOffAhead<T extends TimeOffSpan>(spans: readonly T[], now: number): T[] {
  return spans
    .filter((span) => Date.parse(span.endsAt) > now)
    .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt))
}

/** The instant of an Istanbul day and a 'HH:MM' time, '24:00' being the midnight that ends it. */
export function istanbulInstant(date: string, time: string): Date {
  const minutes = clockMinutes(time)
  const midnight = Date.parse(`${date}T00:00:00+03:00`)
  return new Date(midnight + minutes * MINUTE)
}
