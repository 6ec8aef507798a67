import type { Executor } from '~/db/executor'
import type { DatabaseHandle } from '~/db/connect.server'
import { lockedRead, writeTransaction } from '~/db/write.server'
import { changedFields, type AuditValues } from '~/domain/staff/audit-actions'
import {
  dutyFor,
  sortedShifts,
  weekdays,
  type Duty,
  type DutyRecord,
  type WeeklyShift,
  type Weekday,
} from '~/domain/dispatch/working-hours'
import { recordStaffAction } from '~/audit/audit.server'
import { lockDriver } from './drivers.server'

/**
 * A driver's working hours and time off as stored (docs/dispatch.md,
 * "Working hours and time off"). Every change locks the driver's row first,
 * as an assignment does, so a change of hours and an assignment of the same
 * driver take turns; each writes its audit row (subject `driver:<id>`) in the
 * same transaction.
 */

/** A stretch of time off as the pages list it. */
export interface TimeOffRecord {
  id: number
  driverId: number
  startsAt: string
  endsAt: string
  note: string
}

/** The driver's weekly hours, in the week's order. */
export async function driverHours(executor: Executor, driverId: number): Promise<WeeklyShift[]> {
  const rows = await executor
    .selectFrom('driver_hours')
    .select(['weekday', 'starts', 'ends'])
    .where('driver_id', '=', driverId)
    .execute()
  return sortedShifts(
    rows.map((row) => ({ weekday: row.weekday as Weekday, starts: row.starts, ends: row.ends })),
  )
}

/** The driver's time off not over at `now`, the soonest first. */
export async function driverTimeOff(
  executor: Executor,
  driverId: number,
  now: Date,
): Promise<TimeOffRecord[]> {
  const rows = await executor
    .selectFrom('driver_time_off')
    .select(['id', 'driver_id', 'starts_at', 'ends_at', 'note'])
    .where('driver_id', '=', driverId)
    .where('ends_at', '>', now.toISOString())
    .orderBy('starts_at')
    .orderBy('id')
    .execute()
  return rows.map((row) => ({
    id: row.id,
    driverId: row.driver_id,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    note: row.note,
  }))
}

/**
 * Each driver's hours and the time off that overlaps `window` (no end: all
 * not over by its start), read in two queries for all of them.
 */
export async function dutyRecords(
  executor: Executor,
  driverIds: readonly number[],
  window: { start: number; end?: number },
): Promise<Map<number, DutyRecord>> {
  const records = new Map<number, DutyRecord>()
  if (driverIds.length === 0) return records
  const ids = [...new Set(driverIds)]
  let timeOffQuery = executor
    .selectFrom('driver_time_off')
    .select(['driver_id', 'starts_at', 'ends_at'])
    .where('driver_id', 'in', ids)
    // ISO instants in UTC sort as the times they name.
    .where('ends_at', '>', new Date(window.start).toISOString())
  if (window.end !== undefined) {
    timeOffQuery = timeOffQuery.where('starts_at', '<', new Date(window.end).toISOString())
  }
  const [hours, timeOff] = await Promise.all([
    executor
      .selectFrom('driver_hours')
      .select(['driver_id', 'weekday', 'starts', 'ends'])
      .where('driver_id', 'in', ids)
      .execute(),
    timeOffQuery.execute(),
  ])
  for (const id of ids) {
    records.set(id, {
      hours: hours
        .filter((row) => row.driver_id === id)
        .map((row) => ({ weekday: row.weekday as Weekday, starts: row.starts, ends: row.ends })),
      timeOff: timeOff
        .filter((row) => row.driver_id === id)
        .map((row) => ({ startsAt: row.starts_at, endsAt: row.ends_at })),
    })
  }
  return records
}

/** Whether each driver is on duty for the whole of [start, end). */
export async function dutyOfDrivers(
  executor: Executor,
  driverIds: readonly number[],
  interval: { start: number; end: number },
): Promise<Map<number, Duty>> {
  const duty = new Map<number, Duty>()
  for (const [id, record] of await dutyRecords(executor, driverIds, interval)) {
    duty.set(id, dutyFor(interval, record.hours, record.timeOff))
  }
  return duty
}

/** Whether one driver is on duty for the whole of [start, end). */
export async function driverDuty(
  executor: Executor,
  driverId: number,
  interval: { start: number; end: number },
): Promise<Duty> {
  return (await dutyOfDrivers(executor, [driverId], interval)).get(driverId) ?? { onDuty: true }
}

/** The audit log's field of each weekday. */
const weekdayFields: Record<Weekday, string> = {
  1: 'monday',
  2: 'tuesday',
  3: 'wednesday',
  4: 'thursday',
  5: 'friday',
  6: 'saturday',
  7: 'sunday',
}

/** The weekday an audit field names, if it names one. */
export function weekdayOfField(field: string): Weekday | undefined {
  return weekdays.find((weekday) => weekdayFields[weekday] === field)
}

/** The week as the audit log shows it: each weekday's stretches ('08:00–12:00, 14:00–18:00'). */
function hoursAuditValues(shifts: readonly WeeklyShift[]): AuditValues {
  const sorted = sortedShifts(shifts)
  return Object.fromEntries(
    weekdays.map((weekday) => {
      const day = sorted.filter((shift) => shift.weekday === weekday)
      return [
        weekdayFields[weekday],
        day.length ? day.map((shift) => `${shift.starts}–${shift.ends}`).join(', ') : null,
      ]
    }),
  )
}

export type HoursOutcome = { ok: true; changed: boolean } | { ok: false; refusal: 'notFound' }

/**
 * Replaces the driver's weekly hours with `shifts` (checked by the form:
 * app/dispatch/driver-hours-forms.ts). An unchanged week writes nothing.
 */
export async function saveDriverHours(
  handle: DatabaseHandle,
  driverId: number,
  shifts: readonly WeeklyShift[],
  staffAccountId: number,
  now: Date,
): Promise<HoursOutcome> {
  return writeTransaction(handle, async (trx): Promise<HoursOutcome> => {
    const driver = await lockDriver(trx, driverId)
    if (!driver) return { ok: false, refusal: 'notFound' }
    const current = await driverHours(trx, driverId)
    const changes = changedFields(hoursAuditValues(current), hoursAuditValues(shifts))
    if (Object.keys(changes.after).length === 0) return { ok: true, changed: false }
    await trx.deleteFrom('driver_hours').where('driver_id', '=', driverId).execute()
    const rows = sortedShifts(shifts).map((shift) => ({
      driver_id: driverId,
      weekday: shift.weekday,
      starts: shift.starts,
      ends: shift.ends,
    }))
    if (rows.length) await trx.insertInto('driver_hours').values(rows).execute()
    await recordStaffAction(
      trx,
      {
        accountId: staffAccountId,
        action: 'driver.hours_changed',
        subject: `driver:${driverId}`,
        ...changes,
      },
      now,
    )
    return { ok: true, changed: true }
  })
}

function timeOffAuditValues(span: {
  starts_at: string
  ends_at: string
  note: string
}): AuditValues {
  return { startsAt: span.starts_at, endsAt: span.ends_at, note: span.note || null }
}

export type AddTimeOffOutcome = { ok: true; id: number } | { ok: false; refusal: 'notFound' }

/** Adds time off to the driver: from `startsAt` to `endsAt` (checked by the form), with a note. */
export async function addDriverTimeOff(
  handle: DatabaseHandle,
  driverId: number,
  input: { startsAt: Date; endsAt: Date; note: string },
  staffAccountId: number,
  now: Date,
): Promise<AddTimeOffOutcome> {
  if (!(input.endsAt.getTime() > input.startsAt.getTime())) {
    throw new Error('Time off must end after it starts')
  }
  const values = {
    driver_id: driverId,
    starts_at: input.startsAt.toISOString(),
    ends_at: input.endsAt.toISOString(),
    note: input.note,
  }
  return writeTransaction(handle, async (trx): Promise<AddTimeOffOutcome> => {
    const driver = await lockDriver(trx, driverId)
    if (!driver) return { ok: false, refusal: 'notFound' }
    const { id } = await trx
      .insertInto('driver_time_off')
      .values({ ...values, created_by: staffAccountId, created_at: now.toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow()
    await recordStaffAction(
      trx,
      {
        accountId: staffAccountId,
        action: 'driver.time_off_added',
        subject: `driver:${driverId}`,
        after: timeOffAuditValues(values),
      },
      now,
    )
    return { ok: true, id }
  })
}

export type RemoveTimeOffOutcome = { ok: true } | { ok: false; refusal: 'notFound' }

/**
 * Removes one of the driver's stretches of time off, its values kept in the
 * audit entry. Another driver's is not found: the driver's id is part of the
 * question, so a driver's page can only remove their own.
 */
export async function removeDriverTimeOff(
  handle: DatabaseHandle,
  driverId: number,
  timeOffId: number,
  staffAccountId: number,
  now: Date,
): Promise<RemoveTimeOffOutcome> {
  return writeTransaction(handle, async (trx): Promise<RemoveTimeOffOutcome> => {
    const driver = await lockDriver(trx, driverId)
    if (!driver) return { ok: false, refusal: 'notFound' }
    const span = await lockedRead(
      trx,
      trx
        .selectFrom('driver_time_off')
        .selectAll()
        .where('id', '=', timeOffId)
        .where('driver_id', '=', driverId),
    ).executeTakeFirst()
    if (!span) return { ok: false, refusal: 'notFound' }
    await trx.deleteFrom('driver_time_off').where('id', '=', timeOffId).execute()
    await recordStaffAction(
      trx,
      {
        accountId: staffAccountId,
        action: 'driver.time_off_removed',
        subject: `driver:${driverId}`,
        before: timeOffAuditValues(span),
      },
      now,
    )
    return { ok: true }
  })
}
