import * as z from 'zod/mini'
import { textField } from '~/forms/text-input'
import { addDays, TIME_STEP_MINUTES } from '~/domain/booking-window'
import {
  clockMinutes,
  clockText,
  istanbulInstant,
  sortedShifts,
  weekdays,
  type WeeklyShift,
  type Weekday,
} from '~/domain/dispatch/working-hours'

/**
 * The forms of a driver's working hours and time off, on the driver's own
 * page (/ops/jobs) and on their page for dispatch (/ops/drivers/:id): the
 * week, one stretch a day and an optional second one (a split shift), and a
 * stretch of time off. The server is their only judge (the staff pages are
 * not hydrated); what needs its clock (time off already over) is checked by
 * `timeOffSpan`. Messages are translation keys under `ops.driverHours.errors`.
 */
const error = (key: string) => `ops.driverHours.errors.${key}`

/** The weekdays as the form names them, Monday first. */
export const weekdayNames = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const
export type WeekdayName = (typeof weekdayNames)[number]

export const weekdayName = (weekday: Weekday): WeekdayName => weekdayNames[weekday - 1]!

/** The times a stretch may start at: 00:00, 00:15 … 23:45. */
export function startTimes(): string[] {
  const times: string[] = []
  for (let minutes = 0; minutes < 24 * 60; minutes += TIME_STEP_MINUTES) {
    times.push(clockText(minutes))
  }
  return times
}

/** The times a stretch may end at: 00:15 … 23:45, then 24:00 (the end of the day). */
export function endTimes(): string[] {
  const times: string[] = []
  for (let minutes = TIME_STEP_MINUTES; minutes <= 24 * 60; minutes += TIME_STEP_MINUTES) {
    times.push(clockText(minutes))
  }
  return times
}

const starts = startTimes() as [string, ...string[]]
const ends = endTimes() as [string, ...string[]]
const startField = z.optional(z.enum(starts, { error: error('timeUnknown') }))
const endField = z.optional(z.enum(ends, { error: error('timeUnknown') }))

type Day = { from?: string; until?: string; from2?: string; until2?: string }

/**
 * A weekday's stretches: each complete (a from without its until is refused),
 * its until after its from, and the two not overlapping.
 */
function checkDay(day: Day, context: z.core.$RefinementCtx<Day>) {
  const issue = (field: keyof Day, key: string) =>
    context.addIssue({ code: 'custom', path: [field], message: error(key) })
  const pairs = [
    { from: day.from, until: day.until, fromField: 'from', untilField: 'until' },
    { from: day.from2, until: day.until2, fromField: 'from2', untilField: 'until2' },
  ] as const
  const complete: { from: number; until: number }[] = []
  for (const pair of pairs) {
    if (pair.from && !pair.until) issue(pair.untilField, 'untilRequired')
    else if (!pair.from && pair.until) issue(pair.fromField, 'fromRequired')
    else if (pair.from && pair.until) {
      const from = clockMinutes(pair.from)
      const until = clockMinutes(pair.until)
      if (until <= from) issue(pair.untilField, 'untilNotAfterFrom')
      else complete.push({ from, until })
    }
  }
  const [first, second] = complete
  if (first && second && first.from < second.until && second.from < first.until) {
    issue('from2', 'overlap')
  }
}

/** A weekday's row: from and until, and a second from and until for a split shift. */
const daySchema = z.optional(
  z
    .object({ from: startField, until: endField, from2: startField, until2: endField })
    .check(z.superRefine(checkDay)),
)

/** The week: a row per weekday, each left empty for a day not worked. */
export const hoursSchema = z.object(
  Object.fromEntries(weekdayNames.map((name) => [name, daySchema])) as Record<
    WeekdayName,
    typeof daySchema
  >,
)
export type HoursForm = z.infer<typeof hoursSchema>

/** The week a valid form describes: each weekday's stretches, in order. */
export function hoursOfForm(form: HoursForm): WeeklyShift[] {
  const shifts: WeeklyShift[] = []
  for (const weekday of weekdays) {
    const day = form[weekdayName(weekday)]
    for (const [from, until] of [
      [day?.from, day?.until],
      [day?.from2, day?.until2],
    ]) {
      if (from && until) shifts.push({ weekday, starts: from, ends: until })
    }
  }
  return sortedShifts(shifts)
}

/** The form's starting values from the stored week: each day's first two stretches. */
export function hoursFormDefaults(shifts: readonly WeeklyShift[]) {
  const sorted = sortedShifts(shifts)
  return Object.fromEntries(
    weekdays.map((weekday) => {
      const [first, second] = sorted.filter((shift) => shift.weekday === weekday)
      return [
        weekdayName(weekday),
        {
          from: first?.starts ?? '',
          until: first?.ends ?? '',
          from2: second?.starts ?? '',
          until2: second?.ends ?? '',
        },
      ]
    }),
  ) as Record<WeekdayName, { from: string; until: string; from2: string; until2: string }>
}

/** The longest note on time off: the width of its column (migration 0033). */
export const MAX_TIME_OFF_NOTE = 200
/** The longest stretch of time off one entry may hold. */
export const MAX_TIME_OFF_DAYS = 366

const datePattern = /^\d{4}-\d{2}-\d{2}$/

/** A calendar day that exists, as a date input sends it (YYYY-MM-DD). */
export function isCalendarDate(value: string): boolean {
  return datePattern.test(value) && addDays(value, 0) === value
}

const day = (required: string) =>
  textField({ max: 10, required }).check(
    z.refine((value) => isCalendarDate(value), { error: error('dateInvalid') }),
  )

export const timeOffSchema = z.object({
  fromDate: day(error('fromDateRequired')),
  fromTime: z.enum(starts, { error: error('timeRequired') }),
  untilDate: day(error('untilDateRequired')),
  untilTime: z.enum(ends, { error: error('timeRequired') }),
  note: textField({ max: MAX_TIME_OFF_NOTE }),
})
export type TimeOffForm = z.infer<typeof timeOffSchema>

/** The time off form's starting values: the whole of today. */
export function timeOffDefaults(today: string) {
  return { fromDate: today, fromTime: '00:00', untilDate: today, untilTime: '24:00', note: '' }
}

/**
 * The instants of a time off form (Istanbul days and times, '24:00' the
 * midnight that ends the day), or the message beside the field that is
 * wrong: the until must come after the from, must not have passed already
 * (it would never be shown), and one entry holds at most a year.
 */
export function timeOffSpan(
  value: Pick<TimeOffForm, 'fromDate' | 'fromTime' | 'untilDate' | 'untilTime'>,
  now: Date,
):
  | { ok: true; startsAt: Date; endsAt: Date }
  | { ok: false; fieldErrors: Record<string, string[]> } {
  const startsAt = istanbulInstant(value.fromDate, value.fromTime)
  const endsAt = istanbulInstant(value.untilDate, value.untilTime)
  if (endsAt.getTime() <= startsAt.getTime()) {
    return { ok: false, fieldErrors: { untilDate: [error('untilNotAfterFrom')] } }
  }
  if (endsAt.getTime() <= now.getTime()) {
    return { ok: false, fieldErrors: { untilDate: [error('untilPast')] } }
  }
  if (endsAt.getTime() - startsAt.getTime() > MAX_TIME_OFF_DAYS * 24 * 3_600_000) {
    return { ok: false, fieldErrors: { untilDate: [error('tooLong')] } }
  }
  return { ok: true, startsAt, endsAt }
}
