import { describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/connect.server'
import { createStaffAccount } from '~/staff/accounts.server'
import { istanbulInstant, type WeeklyShift } from '~/domain/dispatch/working-hours'
import { storageBackends, useMigratedDatabase } from '../../tests/support/database-backends'
import { addDriver } from './drivers.server'
import {
  addDriverTimeOff,
  driverDuty,
  driverHours,
  driverTimeOff,
  dutyOfDrivers,
  removeDriverTimeOff,
  saveDriverHours,
} from './driver-hours.server'

// Monday 7 June 2027, 09:00 in Istanbul.
const now = new Date('2027-06-07T06:00:00Z')
const span = (date: string, from: string, until: string, untilDate = date) => ({
  start: istanbulInstant(date, from).getTime(),
  end: istanbulInstant(untilDate, until).getTime(),
})

describe.each(storageBackends())('driver hours and time off on $name', (backend) => {
  let handle: DatabaseHandle
  useMigratedDatabase(backend, (opened) => (handle = opened))

  let counter = 0
  async function dispatcherAndDriver(name: string) {
    const dispatcher = await createStaffAccount(
      handle,
      {
        email: `hours-${counter++}@example.com`,
        name: 'Deniz Ak',
        role: 'dispatcher',
        password: 'a-long-password-1',
      },
      now,
    )
    const driver = await addDriver(
      handle,
      {
        name,
        phone: '+90 532 000 00 30',
        languages: 'Turkish',
        licenceNumber: `H-${counter++}`,
        offerChannel: 'sms' as const,
        usualVehicleId: null,
        staffAccountId: null,
        active: true,
      },
      dispatcher.id,
      now,
    )
    if (!driver.ok) throw new Error('driver not stored')
    return { dispatcherId: dispatcher.id, driverId: driver.id }
  }

  const audit = (driverId: number) =>
    handle.db
      .selectFrom('staff_audit')
      .select(['action', 'before_json', 'after_json', 'account_id'])
      .where('subject', '=', `driver:${driverId}`)
      .where('action', 'like', 'driver.%')
      .where('action', '!=', 'driver.added')
      .orderBy('id')
      .execute()
      .then((rows) =>
        rows.map((row) => ({
          action: row.action,
          accountId: row.account_id,
          before: row.before_json === null ? null : JSON.parse(row.before_json),
          after: row.after_json === null ? null : JSON.parse(row.after_json),
        })),
      )

  it('keeps a week of hours, a split shift too, and audits what changed', async () => {
    const { dispatcherId, driverId } = await dispatcherAndDriver('Ayşe Kara')
    expect(await driverHours(handle.db, driverId)).toEqual([])
    const week: WeeklyShift[] = [
      { weekday: 2, starts: '14:00', ends: '18:00' },
      { weekday: 1, starts: '08:00', ends: '18:00' },
      { weekday: 2, starts: '08:00', ends: '12:00' },
    ]
    expect(await saveDriverHours(handle, driverId, week, dispatcherId, now)).toEqual({
      ok: true,
      changed: true,
    })
    expect(await driverHours(handle.db, driverId)).toEqual([
      { weekday: 1, starts: '08:00', ends: '18:00' },
      { weekday: 2, starts: '08:00', ends: '12:00' },
      { weekday: 2, starts: '14:00', ends: '18:00' },
    ])
    // The same week again changes nothing and logs nothing.
    expect(await saveDriverHours(handle, driverId, [...week].reverse(), dispatcherId, now)).toEqual(
      { ok: true, changed: false },
    )
    // Monday shorter, Tuesday off, Sunday night on.
    await saveDriverHours(
      handle,
      driverId,
      [
        { weekday: 1, starts: '08:00', ends: '16:00' },
        { weekday: 7, starts: '20:00', ends: '24:00' },
      ],
      dispatcherId,
      now,
    )
    expect(await audit(driverId)).toEqual([
      {
        action: 'driver.hours_changed',
        accountId: dispatcherId,
        before: { monday: null, tuesday: null },
        after: { monday: '08:00–18:00', tuesday: '08:00–12:00, 14:00–18:00' },
      },
      {
        action: 'driver.hours_changed',
        accountId: dispatcherId,
        before: { monday: '08:00–18:00', tuesday: '08:00–12:00, 14:00–18:00', sunday: null },
        after: { monday: '08:00–16:00', tuesday: null, sunday: '20:00–24:00' },
      },
    ])
    // Clearing the week: the driver works any time again.
    await saveDriverHours(handle, driverId, [], dispatcherId, now)
    expect(await driverHours(handle.db, driverId)).toEqual([])
    expect(await saveDriverHours(handle, 999_999, [], dispatcherId, now)).toEqual({
      ok: false,
      refusal: 'notFound',
    })
  })

  it('refuses a stretch that ends before it starts or a weekday out of the week', async () => {
    const { driverId } = await dispatcherAndDriver('Check Constraint')
    await expect(
      handle.db
        .insertInto('driver_hours')
        .values({ driver_id: driverId, weekday: 1, starts: '18:00', ends: '08:00' })
        .execute(),
    ).rejects.toThrow()
    await expect(
      handle.db
        .insertInto('driver_hours')
        .values({ driver_id: driverId, weekday: 8, starts: '08:00', ends: '18:00' })
        .execute(),
    ).rejects.toThrow()
  })

  it('adds and removes time off, lists what is not over, and only the driver’s own', async () => {
    const { dispatcherId, driverId } = await dispatcherAndDriver('Emre Tan')
    const other = await dispatcherAndDriver('Other Driver')
    const dayOff = {
      startsAt: istanbulInstant('2027-06-09', '00:00'),
      endsAt: istanbulInstant('2027-06-09', '24:00'),
      note: 'Doctor',
    }
    const added = await addDriverTimeOff(handle, driverId, dayOff, dispatcherId, now)
    expect(added.ok).toBe(true)
    if (!added.ok) return
    // One already over is kept but not listed.
    await addDriverTimeOff(
      handle,
      driverId,
      {
        startsAt: istanbulInstant('2027-06-01', '00:00'),
        endsAt: istanbulInstant('2027-06-02', '00:00'),
        note: '',
      },
      dispatcherId,
      new Date('2027-05-30T00:00:00Z'),
    )
    expect(await driverTimeOff(handle.db, driverId, now)).toEqual([
      {
        id: added.id,
        driverId,
        startsAt: '2027-06-08T21:00:00.000Z',
        endsAt: '2027-06-09T21:00:00.000Z',
        note: 'Doctor',
      },
    ])
    // Another driver's page cannot remove it: not found for them.
    expect(
      await removeDriverTimeOff(handle, other.driverId, added.id, other.dispatcherId, now),
    ).toEqual({ ok: false, refusal: 'notFound' })
    expect(await driverTimeOff(handle.db, driverId, now)).toHaveLength(1)
    expect(await removeDriverTimeOff(handle, driverId, added.id, dispatcherId, now)).toEqual({
      ok: true,
    })
    expect(await driverTimeOff(handle.db, driverId, now)).toEqual([])
    expect(await removeDriverTimeOff(handle, driverId, added.id, dispatcherId, now)).toEqual({
      ok: false,
      refusal: 'notFound',
    })
    const entries = await audit(driverId)
    expect(entries.map((entry) => entry.action)).toEqual([
      'driver.time_off_added',
      'driver.time_off_added',
      'driver.time_off_removed',
    ])
    expect(entries[0]).toMatchObject({
      after: {
        startsAt: '2027-06-08T21:00:00.000Z',
        endsAt: '2027-06-09T21:00:00.000Z',
        note: 'Doctor',
      },
    })
    expect(entries[1]!.after.note).toBeNull()
    expect(entries[2]).toMatchObject({ before: { note: 'Doctor' }, after: null })
  })

  it('tells who is on duty for a ride from their hours and time off', async () => {
    const { dispatcherId, driverId } = await dispatcherAndDriver('Mert Can')
    const anyTime = await dispatcherAndDriver('Any Time')
    const week = [1, 2, 3, 4, 5].map((weekday) => ({
      weekday: weekday as WeeklyShift['weekday'],
      starts: '08:00',
      ends: '18:00',
    }))
    await saveDriverHours(handle, driverId, week, dispatcherId, now)
    await addDriverTimeOff(
      handle,
      driverId,
      {
        startsAt: istanbulInstant('2027-06-09', '00:00'),
        endsAt: istanbulInstant('2027-06-09', '24:00'),
        note: '',
      },
      dispatcherId,
      now,
    )
    // Friday 11 June.
    expect(await driverDuty(handle.db, driverId, span('2027-06-11', '10:00', '12:00'))).toEqual({
      onDuty: true,
    })
    expect(
      await driverDuty(handle.db, driverId, span('2027-06-11', '20:00', '22:00')),
    ).toMatchObject({ onDuty: false, reason: 'notWorking', weekday: 5, time: '20:00' })
    // Wednesday: the day off.
    expect(
      await driverDuty(handle.db, driverId, span('2027-06-09', '10:00', '12:00')),
    ).toMatchObject({
      onDuty: false,
      reason: 'timeOff',
      startsAt: '2027-06-08T21:00:00.000Z',
    })
    const both = await dutyOfDrivers(
      handle.db,
      [driverId, anyTime.driverId],
      span('2027-06-12', '03:00', '05:00'),
    )
    expect(both.get(driverId)).toMatchObject({ onDuty: false, reason: 'notWorking', weekday: 6 })
    expect(both.get(anyTime.driverId)).toEqual({ onDuty: true })
  })

  it('goes with its driver', async () => {
    const { dispatcherId, driverId } = await dispatcherAndDriver('Gone Driver')
    await saveDriverHours(
      handle,
      driverId,
      [{ weekday: 1, starts: '08:00', ends: '12:00' }],
      dispatcherId,
      now,
    )
    await addDriverTimeOff(
      handle,
      driverId,
      {
        startsAt: istanbulInstant('2027-06-09', '00:00'),
        endsAt: istanbulInstant('2027-06-10', '00:00'),
        note: 'x',
      },
      dispatcherId,
      now,
    )
    // Foreign keys are on in SQLite too (openDatabase), so the rows go with the driver.
    await handle.db.deleteFrom('drivers').where('id', '=', driverId).execute()
    expect(await driverHours(handle.db, driverId)).toEqual([])
    expect(await driverTimeOff(handle.db, driverId, now)).toEqual([])
  })
})
