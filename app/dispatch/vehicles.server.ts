import type { Selectable } from 'kysely'
import type { Executor } from '~/booking/booking-store.server'
import type { DatabaseHandle } from '~/db/connect.server'
import type { VehiclesTable } from '~/db/schema'
import { lockedRead, writeTransaction } from '~/db/write.server'
import type { VehicleClassCode } from '~/domain/booking/vehicle-classes'
import { normalisePlate } from '~/domain/dispatch/rules'
import { changedFields, type AuditValues } from '~/domain/staff/audit-actions'
import { recordStaffAction } from '~/audit/audit.server'
import { isUniqueViolation } from './unique-violation.server'

/**
 * The company's vehicles. The plate is stored normalised and unique; each
 * change is written with its audit row; a vehicle is deactivated, never deleted.
 */

export type VehicleRow = Selectable<VehiclesTable>

export interface VehicleInput {
  classCode: VehicleClassCode
  makeModel: string
  /** As typed: stored normalised (normalisePlate). */
  plate: string
  colour: string | null
  seats: number
  luggage: number
  active: boolean
}

/** Every vehicle, active ones first, by class then plate. */
export function listVehicles(executor: Executor): Promise<VehicleRow[]> {
  return executor
    .selectFrom('vehicles')
    .selectAll()
    .orderBy('active', 'desc')
    .orderBy('class_code')
    .orderBy('plate')
    .execute()
}

export function findVehicle(executor: Executor, id: number): Promise<VehicleRow | undefined> {
  return executor.selectFrom('vehicles').selectAll().where('id', '=', id).executeTakeFirst()
}

/**
 * The vehicle, its row locked until the transaction ends (`lockedRead`): an edit
 * or an assignment of the same vehicle waits for this one.
 */
export function lockVehicle(trx: Executor, id: number): Promise<VehicleRow | undefined> {
  return lockedRead(
    trx,
    trx.selectFrom('vehicles').selectAll().where('id', '=', id),
  ).executeTakeFirst()
}

export type VehicleRefusal = 'notFound' | 'plateTaken'
export type VehicleOutcome = { ok: true; id: number } | { ok: false; refusal: VehicleRefusal }

function auditValues(vehicle: VehicleInput): AuditValues {
  return {
    class: vehicle.classCode,
    makeModel: vehicle.makeModel,
    plate: normalisePlate(vehicle.plate),
    colour: vehicle.colour,
    seats: vehicle.seats,
    luggage: vehicle.luggage,
    active: vehicle.active,
  }
}

function asInput(row: VehicleRow): VehicleInput {
  return {
    classCode: row.class_code,
    makeModel: row.make_model,
    plate: row.plate,
    colour: row.colour,
    seats: row.seats,
    luggage: row.luggage,
    active: row.active === 1,
  }
}

function columns(input: VehicleInput) {
  return {
    class_code: input.classCode,
    make_model: input.makeModel,
    plate: normalisePlate(input.plate),
    colour: input.colour,
    seats: input.seats,
    luggage: input.luggage,
    active: input.active ? 1 : 0,
  }
}

async function plateTaken(executor: Executor, plate: string, exceptId?: number) {
  let query = executor
    .selectFrom('vehicles')
    .select('id')
    .where('plate', '=', normalisePlate(plate))
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId)
  return (await query.executeTakeFirst()) !== undefined
}

export async function addVehicle(
  handle: DatabaseHandle,
  input: VehicleInput,
  staffAccountId: number,
  now: Date,
): Promise<VehicleOutcome> {
  const at = now.toISOString()
  try {
    return await writeTransaction(handle, async (trx) => {
      if (await plateTaken(trx, input.plate)) return { ok: false, refusal: 'plateTaken' } as const
      const { id } = await trx
        .insertInto('vehicles')
        .values({ ...columns(input), created_at: at, updated_at: at })
        .returning('id')
        .executeTakeFirstOrThrow()
      await recordStaffAction(
        trx,
        {
          accountId: staffAccountId,
          action: 'vehicle.added',
          subject: `vehicle:${id}`,
          after: auditValues(input),
        },
        now,
      )
      return { ok: true, id } as const
    })
  } catch (error) {
    // Another request stored the same plate a moment before.
    if (isUniqueViolation(error)) return { ok: false, refusal: 'plateTaken' }
    throw error
  }
}

export async function changeVehicle(
  handle: DatabaseHandle,
  id: number,
  input: VehicleInput,
  staffAccountId: number,
  now: Date,
): Promise<VehicleOutcome> {
  try {
    return await writeTransaction(handle, async (trx) => {
      // Two edits at once take turns: the second one's audit row starts from what the first left.
      const current = await lockVehicle(trx, id)
      if (!current) return { ok: false, refusal: 'notFound' } as const
      if (await plateTaken(trx, input.plate, id)) {
        return { ok: false, refusal: 'plateTaken' } as const
      }
      const changes = changedFields(auditValues(asInput(current)), auditValues(input))
      if (Object.keys(changes.after).length === 0) return { ok: true, id } as const
      await trx
        .updateTable('vehicles')
        .set({ ...columns(input), updated_at: now.toISOString() })
        .where('id', '=', id)
        .execute()
      await recordStaffAction(
        trx,
        {
          accountId: staffAccountId,
          action: 'vehicle.changed',
          subject: `vehicle:${id}`,
          ...changes,
        },
        now,
      )
      return { ok: true, id } as const
    })
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, refusal: 'plateTaken' }
    throw error
  }
}
