import { describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/connect.server'
import { createStaffAccount } from '~/staff/accounts.server'
import { storageBackends, useMigratedDatabase } from '../../tests/support/database-backends'
import { fleetCars, readCapacityRules } from './capacity.server'
import {
  addClosedPeriod,
  addVehicleBlock,
  listClosedPeriods,
  listVehicleBlocks,
  readCapacitySettings,
  removeClosedPeriod,
  removeVehicleBlock,
  saveCapacityRules,
} from './capacity-settings.server'

/**
 * What /ops/capacity writes, against stored data, on a real SQLite file and
 * on PostgreSQL: the rules (read back by the sales' own reader), closed
 * periods and service blocks, each with its audit entry.
 */
const now = new Date('2026-11-20T08:00:00Z')
const hours = (count: number) => new Date(now.getTime() + count * 3_600_000)

describe.each(storageBackends())('capacity settings on $name', (backend) => {
  let handle: DatabaseHandle
  let admin: number
  useMigratedDatabase(backend, (opened) => (handle = opened))

  async function adminId() {
    if (!admin) {
      admin = (
        await createStaffAccount(
          handle,
          {
            email: 'capacity-admin@example.com',
            name: 'Ayla Admin',
            role: 'admin',
            password: 'a-long-password-1',
          },
          now,
        )
      ).id
    }
    return admin
  }

  async function vehicle(plate: string, active = true) {
    const at = now.toISOString()
    const { id } = await handle.db
      .insertInto('vehicles')
      .values({
        class_code: 'LUXMNVN',
        make_model: 'Mercedes-Benz Vito',
        plate,
        colour: null,
        seats: 6,
        luggage: 6,
        active: active ? 1 : 0,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return id
  }

  async function auditRows(subject: string) {
    const rows = await handle.db
      .selectFrom('staff_audit')
      .selectAll()
      .where('subject', '=', subject)
      .orderBy('id')
      .execute()
    return rows.map((row) => ({
      account: row.account_id,
      action: row.action,
      before: row.before_json === null ? null : (JSON.parse(row.before_json) as unknown),
      after: row.after_json === null ? null : (JSON.parse(row.after_json) as unknown),
    }))
  }

  it('saves the rules with an audit entry of what changed, read back as sales read them', async () => {
    const by = await adminId()
    expect(await readCapacitySettings(handle.db)).toEqual({
      fleetLimited: false,
      driversLimited: false,
      minimumNoticeMinutes: 120,
      bufferBeforeMinutes: 30,
      bufferAfterMinutes: 15,
      upgrades: {},
      caps: {},
      updatedAt: null,
      updatedBy: null,
    })
    const rules = {
      fleetLimited: true,
      driversLimited: true,
      minimumNoticeMinutes: 360,
      bufferBeforeMinutes: 45,
      bufferAfterMinutes: 15,
      upgrades: { ECOMNVN: ['LUXMNVN' as const] },
      caps: { ECOMNBS: { perDay: 4, perHour: null } },
    }
    expect(await saveCapacityRules(handle, rules, by, now)).toEqual({ changed: true })
    expect(await readCapacitySettings(handle.db)).toEqual({
      ...rules,
      updatedAt: now.toISOString(),
      updatedBy: 'Ayla Admin',
    })
    const inForce = await readCapacityRules(handle.db, now)
    expect(inForce).toMatchObject(rules)
    expect(await auditRows('capacity')).toEqual([
      {
        account: by,
        action: 'capacity.changed',
        before: {
          fleetLimited: false,
          driversLimited: false,
          minimumNoticeMinutes: 120,
          bufferBeforeMinutes: 30,
          'upgrades.ECOMNVN': null,
          'perDay.ECOMNBS': null,
        },
        after: {
          fleetLimited: true,
          driversLimited: true,
          minimumNoticeMinutes: 360,
          bufferBeforeMinutes: 45,
          'upgrades.ECOMNVN': 'LUXMNVN',
          'perDay.ECOMNBS': 4,
        },
      },
    ])

    // The same rules again change nothing and write nothing.
    expect(await saveCapacityRules(handle, rules, by, hours(1))).toEqual({ changed: false })
    expect(await auditRows('capacity')).toHaveLength(1)

    // Back to no limit at all: the caps and upgrades go, and sales read none.
    const none = { ...rules, fleetLimited: false, upgrades: {}, caps: {} }
    expect(await saveCapacityRules(handle, none, by, hours(2))).toEqual({ changed: true })
    expect(await readCapacityRules(handle.db, now)).toMatchObject({
      fleetLimited: false,
      upgrades: {},
      caps: {},
    })
    expect((await auditRows('capacity')).at(-1)).toMatchObject({
      before: { fleetLimited: true, 'upgrades.ECOMNVN': 'LUXMNVN', 'perDay.ECOMNBS': 4 },
      after: { fleetLimited: false, 'upgrades.ECOMNVN': null, 'perDay.ECOMNBS': null },
    })
  })

  it('adds closed periods, lists those not over, and removes one with its audit entry', async () => {
    const by = await adminId()
    const later = await addClosedPeriod(
      handle,
      { startsAt: hours(48), endsAt: hours(60), reasonEn: 'Marathon', reasonTr: 'Maraton' },
      by,
      now,
    )
    const sooner = await addClosedPeriod(
      handle,
      { startsAt: hours(-2), endsAt: hours(3), reasonEn: 'Snow', reasonTr: 'Kar' },
      by,
      now,
    )
    await addClosedPeriod(
      handle,
      { startsAt: hours(-10), endsAt: hours(-1), reasonEn: 'Over', reasonTr: 'Bitti' },
      by,
      hours(-20),
    )
    expect(await listClosedPeriods(handle.db, now)).toEqual([
      {
        id: sooner.id,
        startsAt: hours(-2).toISOString(),
        endsAt: hours(3).toISOString(),
        reasonEn: 'Snow',
        reasonTr: 'Kar',
      },
      {
        id: later.id,
        startsAt: hours(48).toISOString(),
        endsAt: hours(60).toISOString(),
        reasonEn: 'Marathon',
        reasonTr: 'Maraton',
      },
    ])
    // What sales read: the same periods, with their reasons in both languages.
    const inForce = (await readCapacityRules(handle.db, now)).closedPeriods
    expect(
      inForce.map((period) => period.reason).sort((a, b) => a.en!.localeCompare(b.en!)),
    ).toEqual([
      { en: 'Marathon', tr: 'Maraton' },
      { en: 'Snow', tr: 'Kar' },
    ])

    expect(await removeClosedPeriod(handle, later.id, by, hours(1))).toEqual({ ok: true })
    expect(await removeClosedPeriod(handle, later.id, by, hours(1))).toEqual({
      ok: false,
      refusal: 'notFound',
    })
    expect((await listClosedPeriods(handle.db, now)).map((period) => period.id)).toEqual([
      sooner.id,
    ])
    const period = {
      startsAt: hours(48).toISOString(),
      endsAt: hours(60).toISOString(),
      reasonEn: 'Marathon',
      reasonTr: 'Maraton',
    }
    expect(await auditRows(`closed_period:${later.id}`)).toEqual([
      { account: by, action: 'closed_period.added', before: null, after: period },
      { account: by, action: 'closed_period.removed', before: period, after: null },
    ])
  })

  it('refuses a period that does not end after it starts', async () => {
    const by = await adminId()
    await expect(
      addClosedPeriod(
        handle,
        { startsAt: hours(5), endsAt: hours(5), reasonEn: 'x', reasonTr: 'y' },
        by,
        now,
      ),
    ).rejects.toThrow(/end after it starts/)
  })

  it('blocks an active vehicle for service, counts it out then, and ends the block', async () => {
    const by = await adminId()
    const car = await vehicle('34BLK101')
    const retired = await vehicle('34BLK102', false)
    const block = await addVehicleBlock(
      handle,
      { vehicleId: car, startsAt: hours(24), endsAt: hours(30), note: 'Brakes at the dealer' },
      by,
      now,
    )
    expect(block.ok).toBe(true)
    if (!block.ok) return
    for (const vehicleId of [retired, 999_999]) {
      expect(
        await addVehicleBlock(
          handle,
          { vehicleId, startsAt: hours(24), endsAt: hours(30), note: 'Tyres' },
          by,
          now,
        ),
      ).toEqual({ ok: false, refusal: 'vehicleNotFound' })
    }
    expect(await listVehicleBlocks(handle.db, now)).toEqual([
      {
        id: block.id,
        vehicleId: car,
        plate: '34BLK101',
        makeModel: 'Mercedes-Benz Vito',
        startsAt: hours(24).toISOString(),
        endsAt: hours(30).toISOString(),
        note: 'Brakes at the dealer',
      },
    ])
    // Once over, a block is no longer listed.
    expect(await listVehicleBlocks(handle.db, hours(30))).toEqual([])
    // The fleet as the capacity check counts it: the car, blocked for that span.
    const cars = await fleetCars(handle.db)
    expect(cars).toContainEqual({
      vehicleClass: 'LUXMNVN',
      blocked: [{ start: hours(24).getTime(), end: hours(30).getTime() }],
    })

    expect(await removeVehicleBlock(handle, block.id, by, hours(1))).toEqual({ ok: true })
    expect(await removeVehicleBlock(handle, block.id, by, hours(1))).toEqual({
      ok: false,
      refusal: 'notFound',
    })
    expect(await listVehicleBlocks(handle.db, now)).toEqual([])
    const values = {
      vehicleId: car,
      plate: '34BLK101',
      startsAt: hours(24).toISOString(),
      endsAt: hours(30).toISOString(),
      note: 'Brakes at the dealer',
    }
    expect(await auditRows(`vehicle_block:${block.id}`)).toEqual([
      { account: by, action: 'vehicle_block.added', before: null, after: values },
      { account: by, action: 'vehicle_block.removed', before: values, after: null },
    ])
  })
})
