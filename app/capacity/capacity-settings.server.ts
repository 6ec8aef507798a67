import type { Executor } from '~/db/executor'
import type { DatabaseHandle } from '~/db/connect.server'
import { lockedRead, writeTransaction } from '~/db/write.server'
import { vehicleClassCodes } from '~/domain/booking/vehicle-classes'
import { changedFields, type AuditValues } from '~/domain/staff/audit-actions'
import { recordStaffAction } from '~/audit/audit.server'
import { lockVehicle } from '~/dispatch/vehicles.server'
import type { CapacityRulesValues } from './capacity-forms'
import { rulesOfRow } from './capacity.server'

/**
 * What staff change on /ops/capacity (docs/capacity.md): the company's rules
 * (the one row of capacity_settings), the closed periods and the vehicles'
 * service blocks. Each write is one transaction with its audit row; the
 * rules are saved under the capacity lock Book Now takes (lockCapacity), so a
 * sale checks against the rules before the change or after it, never half.
 */

/** The rules as stored, with who changed them last and when. */
export interface CapacitySettings extends CapacityRulesValues {
  updatedAt: string | null
  updatedBy: string | null
}

/** The rules stored, as the page's form starts from them. */
export async function readCapacitySettings(executor: Executor): Promise<CapacitySettings> {
  const row = await executor
    .selectFrom('capacity_settings')
    .leftJoin('staff_accounts', 'staff_accounts.id', 'capacity_settings.updated_by')
    .select([
      'capacity_settings.fleet_limited',
      'capacity_settings.drivers_limited',
      'capacity_settings.minimum_notice_minutes',
      'capacity_settings.buffer_before_minutes',
      'capacity_settings.buffer_after_minutes',
      'capacity_settings.upgrades_json',
      'capacity_settings.caps_json',
      'capacity_settings.updated_at',
      'staff_accounts.name',
    ])
    .where('capacity_settings.id', '=', 1)
    .executeTakeFirst()
  return {
    ...rulesOfRow(row),
    // The migration's row has no author: nobody has set the rules yet.
    updatedAt: row?.name ? row.updated_at : null,
    updatedBy: row?.name ?? null,
  }
}

/** The rules as the audit log shows them: flat, one field per class and setting. */
export function rulesAuditValues(rules: CapacityRulesValues): AuditValues {
  const values: AuditValues = {
    fleetLimited: rules.fleetLimited,
    driversLimited: rules.driversLimited,
    minimumNoticeMinutes: rules.minimumNoticeMinutes,
    bufferBeforeMinutes: rules.bufferBeforeMinutes,
    bufferAfterMinutes: rules.bufferAfterMinutes,
  }
  for (const code of vehicleClassCodes) {
    values[`upgrades.${code}`] = rules.upgrades[code]?.join(',') || null
    values[`perDay.${code}`] = rules.caps[code]?.perDay ?? null
    values[`perHour.${code}`] = rules.caps[code]?.perHour ?? null
  }
  return values
}

/**
 * Saves the rules: the row and an audit entry of what changed, before and
 * after. Saving the rules as they are writes nothing (`changed: false`).
 */
export async function saveCapacityRules(
  handle: DatabaseHandle,
  rules: CapacityRulesValues,
  staffAccountId: number,
  now: Date,
): Promise<{ changed: boolean }> {
  return writeTransaction(handle, async (trx) => {
    // The row Book Now locks: a sale being checked finishes first, the next one reads these.
    const current = await lockedRead(
      trx,
      trx.selectFrom('capacity_settings').selectAll().where('id', '=', 1),
    ).executeTakeFirst()
    const changes = changedFields(rulesAuditValues(rulesOfRow(current)), rulesAuditValues(rules))
    if (current && Object.keys(changes.after).length === 0) return { changed: false }
    const columns = {
      fleet_limited: rules.fleetLimited ? 1 : 0,
      drivers_limited: rules.driversLimited ? 1 : 0,
      minimum_notice_minutes: rules.minimumNoticeMinutes,
      buffer_before_minutes: rules.bufferBeforeMinutes,
      buffer_after_minutes: rules.bufferAfterMinutes,
      upgrades_json: JSON.stringify(rules.upgrades),
      caps_json: JSON.stringify(rules.caps),
      updated_by: staffAccountId,
      updated_at: now.toISOString(),
    }
    if (current) {
      await trx.updateTable('capacity_settings').set(columns).where('id', '=', 1).execute()
    } else {
      await trx
        .insertInto('capacity_settings')
        .values({ id: 1, ...columns })
        .execute()
    }
    await recordStaffAction(
      trx,
      {
        accountId: staffAccountId,
        action: 'capacity.changed',
        subject: 'capacity',
        ...changes,
      },
      now,
    )
    return { changed: true }
  })
}

/** From one instant to a later one. */
export interface Span {
  startsAt: Date
  endsAt: Date
}

function checkedSpan({ startsAt, endsAt }: Span) {
  if (!(endsAt.getTime() > startsAt.getTime())) throw new Error('A span must end after it starts')
  return { starts_at: startsAt.toISOString(), ends_at: endsAt.toISOString() }
}

export interface ClosedPeriodInput extends Span {
  reasonEn: string
  reasonTr: string
}

/** A closed period as the page lists it. */
export interface ClosedPeriodRecord {
  id: number
  startsAt: string
  endsAt: string
  reasonEn: string
  reasonTr: string
}

/** The closed periods not yet over at `now`, the soonest first. */
export async function listClosedPeriods(
  executor: Executor,
  now: Date,
): Promise<ClosedPeriodRecord[]> {
  const rows = await executor
    .selectFrom('closed_periods')
    .select(['id', 'starts_at', 'ends_at', 'reason_en', 'reason_tr'])
    .where('ends_at', '>', now.toISOString())
    .orderBy('starts_at')
    .orderBy('id')
    .execute()
  return rows.map((row) => ({
    id: row.id,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    reasonEn: row.reason_en,
    reasonTr: row.reason_tr,
  }))
}

function periodAuditValues(period: {
  starts_at: string
  ends_at: string
  reason_en: string
  reason_tr: string
}): AuditValues {
  return {
    startsAt: period.starts_at,
    endsAt: period.ends_at,
    reasonEn: period.reason_en,
    reasonTr: period.reason_tr,
  }
}

/** Adds a closed period: nothing is sold with a pickup inside it. */
export async function addClosedPeriod(
  handle: DatabaseHandle,
  input: ClosedPeriodInput,
  staffAccountId: number,
  now: Date,
): Promise<{ id: number }> {
  const values = { ...checkedSpan(input), reason_en: input.reasonEn, reason_tr: input.reasonTr }
  return writeTransaction(handle, async (trx) => {
    const { id } = await trx
      .insertInto('closed_periods')
      .values({ ...values, created_by: staffAccountId, created_at: now.toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow()
    await recordStaffAction(
      trx,
      {
        accountId: staffAccountId,
        action: 'closed_period.added',
        subject: `closed_period:${id}`,
        after: periodAuditValues(values),
      },
      now,
    )
    return { id }
  })
}

export type RemoveOutcome = { ok: true } | { ok: false; refusal: 'notFound' }

/** Removes a closed period (sales open again), its values kept in the audit entry. */
export async function removeClosedPeriod(
  handle: DatabaseHandle,
  id: number,
  staffAccountId: number,
  now: Date,
): Promise<RemoveOutcome> {
  return writeTransaction(handle, async (trx) => {
    const period = await lockedRead(
      trx,
      trx.selectFrom('closed_periods').selectAll().where('id', '=', id),
    ).executeTakeFirst()
    if (!period) return { ok: false, refusal: 'notFound' } as const
    await trx.deleteFrom('closed_periods').where('id', '=', id).execute()
    await recordStaffAction(
      trx,
      {
        accountId: staffAccountId,
        action: 'closed_period.removed',
        subject: `closed_period:${id}`,
        before: periodAuditValues(period),
      },
      now,
    )
    return { ok: true } as const
  })
}

export interface VehicleBlockInput extends Span {
  vehicleId: number
  note: string
}

/** A service block as the page lists it, with its vehicle's plate (stored normalised) and model. */
export interface VehicleBlockRecord {
  id: number
  vehicleId: number
  plate: string
  makeModel: string
  startsAt: string
  endsAt: string
  note: string
}

/** The service blocks not yet over at `now`, the soonest first. */
export async function listVehicleBlocks(
  executor: Executor,
  now: Date,
): Promise<VehicleBlockRecord[]> {
  const rows = await executor
    .selectFrom('vehicle_blocks')
    .innerJoin('vehicles', 'vehicles.id', 'vehicle_blocks.vehicle_id')
    .select([
      'vehicle_blocks.id',
      'vehicle_blocks.vehicle_id',
      'vehicles.plate',
      'vehicles.make_model',
      'vehicle_blocks.starts_at',
      'vehicle_blocks.ends_at',
      'vehicle_blocks.note',
    ])
    .where('vehicle_blocks.ends_at', '>', now.toISOString())
    .orderBy('vehicle_blocks.starts_at')
    .orderBy('vehicle_blocks.id')
    .execute()
  return rows.map((row) => ({
    id: row.id,
    vehicleId: row.vehicle_id,
    plate: row.plate,
    makeModel: row.make_model,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    note: row.note,
  }))
}

function blockAuditValues(
  block: { vehicle_id: number; starts_at: string; ends_at: string; note: string },
  plate: string | null,
): AuditValues {
  return {
    vehicleId: block.vehicle_id,
    plate,
    startsAt: block.starts_at,
    endsAt: block.ends_at,
    note: block.note,
  }
}

export type AddBlockOutcome = { ok: true; id: number } | { ok: false; refusal: 'vehicleNotFound' }

/** Takes an active vehicle out of service for a span: it is not counted then. */
export async function addVehicleBlock(
  handle: DatabaseHandle,
  input: VehicleBlockInput,
  staffAccountId: number,
  now: Date,
): Promise<AddBlockOutcome> {
  const values = { vehicle_id: input.vehicleId, ...checkedSpan(input), note: input.note }
  return writeTransaction(handle, async (trx) => {
    // A vehicle deactivated meanwhile counts for nothing already: no block is added to it.
    const vehicle = await lockVehicle(trx, input.vehicleId)
    if (!vehicle || vehicle.active !== 1) return { ok: false, refusal: 'vehicleNotFound' } as const
    const { id } = await trx
      .insertInto('vehicle_blocks')
      .values({ ...values, created_by: staffAccountId, created_at: now.toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow()
    await recordStaffAction(
      trx,
      {
        accountId: staffAccountId,
        action: 'vehicle_block.added',
        subject: `vehicle_block:${id}`,
        after: blockAuditValues(values, vehicle.plate),
      },
      now,
    )
    return { ok: true, id } as const
  })
}

/** Ends a service block (the car counts again), its values kept in the audit entry. */
export async function removeVehicleBlock(
  handle: DatabaseHandle,
  id: number,
  staffAccountId: number,
  now: Date,
): Promise<RemoveOutcome> {
  return writeTransaction(handle, async (trx) => {
    const block = await lockedRead(
      trx,
      trx
        .selectFrom('vehicle_blocks')
        .innerJoin('vehicles', 'vehicles.id', 'vehicle_blocks.vehicle_id')
        .selectAll('vehicle_blocks')
        .select('vehicles.plate')
        .where('vehicle_blocks.id', '=', id),
    ).executeTakeFirst()
    if (!block) return { ok: false, refusal: 'notFound' } as const
    await trx.deleteFrom('vehicle_blocks').where('id', '=', id).execute()
    await recordStaffAction(
      trx,
      {
        accountId: staffAccountId,
        action: 'vehicle_block.removed',
        subject: `vehicle_block:${id}`,
        before: blockAuditValues(block, block.plate),
      },
      now,
    )
    return { ok: true } as const
  })
}
