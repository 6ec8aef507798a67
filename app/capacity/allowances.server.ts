import type { Executor } from '~/db/executor'
import type { DatabaseHandle } from '~/db/connect.server'
import { lockedRead, writeTransaction } from '~/db/write.server'
import type { VehicleClassCode } from '~/domain/booking/vehicle-classes'
import type { CapacityAllowance } from '~/domain/capacity/capacity'
import type { AuditValues } from '~/domain/staff/audit-actions'
import { recordStaffAction } from '~/audit/audit.server'
import { lockCapacity } from './capacity-lock.server'

/**
 * Rides staff allow beyond the limits on purpose (docs/capacity.md, "Selling
 * over capacity"): so many more rides of a class with a pickup in a period,
 * and why. Added and removed under the capacity lock Book Now takes, so a
 * sale is checked with the allowance or without it, never half; each write
 * has its audit row. The reason is for staff only: travellers never see it.
 */

export interface AllowanceInput {
  vehicleClass: VehicleClassCode
  startsAt: Date
  endsAt: Date
  extraRides: number
  reason: string
}

/** An allowance as sales count it and the pages show it. */
export interface AllowanceRecord extends CapacityAllowance {
  id: number
  reason: string
  startsAt: string
  endsAt: string
  /** The staff member who added it (null once their account is gone). */
  addedBy: string | null
}

/** The allowances not yet over at `now`, the soonest first. */
export async function allowancesInForce(executor: Executor, now: Date): Promise<AllowanceRecord[]> {
  const rows = await executor
    .selectFrom('capacity_allowances')
    .leftJoin('staff_accounts', 'staff_accounts.id', 'capacity_allowances.created_by')
    .select([
      'capacity_allowances.id',
      'capacity_allowances.vehicle_class',
      'capacity_allowances.starts_at',
      'capacity_allowances.ends_at',
      'capacity_allowances.extra_rides',
      'capacity_allowances.reason',
      'staff_accounts.name',
    ])
    .where('capacity_allowances.ends_at', '>', now.toISOString())
    .orderBy('capacity_allowances.starts_at')
    .orderBy('capacity_allowances.id')
    .execute()
  return rows.map((row) => ({
    id: row.id,
    vehicleClass: row.vehicle_class,
    start: Date.parse(row.starts_at),
    end: Date.parse(row.ends_at),
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    extraRides: row.extra_rides,
    reason: row.reason,
    addedBy: row.name,
  }))
}

function allowanceAuditValues(row: {
  vehicle_class: string
  starts_at: string
  ends_at: string
  extra_rides: number
  reason: string
}): AuditValues {
  return {
    vehicleClass: row.vehicle_class,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    extraRides: row.extra_rides,
    reason: row.reason,
  }
}

/** Allows `extraRides` more rides of a class for pickups in a period. */
export async function addAllowance(
  handle: DatabaseHandle,
  input: AllowanceInput,
  staffAccountId: number,
  now: Date,
): Promise<{ id: number }> {
  if (!(input.endsAt.getTime() > input.startsAt.getTime())) {
    throw new Error('An allowance must end after it starts')
  }
  if (!Number.isInteger(input.extraRides) || input.extraRides < 1) {
    throw new Error('An allowance allows at least one ride')
  }
  const values = {
    vehicle_class: input.vehicleClass,
    starts_at: input.startsAt.toISOString(),
    ends_at: input.endsAt.toISOString(),
    extra_rides: input.extraRides,
    reason: input.reason,
  }
  return writeTransaction(handle, async (trx) => {
    await lockCapacity(trx)
    const { id } = await trx
      .insertInto('capacity_allowances')
      .values({ ...values, created_by: staffAccountId, created_at: now.toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow()
    await recordStaffAction(
      trx,
      {
        accountId: staffAccountId,
        action: 'capacity_allowance.added',
        subject: `capacity_allowance:${id}`,
        after: allowanceAuditValues(values),
      },
      now,
    )
    return { id }
  })
}

/**
 * Withdraws an allowance: nothing more is sold on it. Rides sold on it stay
 * sold (and stay flagged as over the fleet); its values stay in the audit entry.
 */
export async function removeAllowance(
  handle: DatabaseHandle,
  id: number,
  staffAccountId: number,
  now: Date,
): Promise<{ ok: true } | { ok: false; refusal: 'notFound' }> {
  return writeTransaction(handle, async (trx) => {
    await lockCapacity(trx)
    const allowance = await lockedRead(
      trx,
      trx.selectFrom('capacity_allowances').selectAll().where('id', '=', id),
    ).executeTakeFirst()
    if (!allowance) return { ok: false, refusal: 'notFound' } as const
    await trx.deleteFrom('capacity_allowances').where('id', '=', id).execute()
    await recordStaffAction(
      trx,
      {
        accountId: staffAccountId,
        action: 'capacity_allowance.removed',
        subject: `capacity_allowance:${id}`,
        before: allowanceAuditValues(allowance),
      },
      now,
    )
    return { ok: true } as const
  })
}
