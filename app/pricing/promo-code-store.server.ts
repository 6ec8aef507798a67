import type { DatabaseHandle } from '~/db/connect.server'
import type { PromoCodeRow } from '~/db/schema'
import type { Executor } from '~/db/executor'
import { lockedRead, writeTransaction } from '~/db/write.server'
import type { VehicleClassCode } from '~/domain/booking/vehicle-classes'
import { normalisePromoCode, type PromoRideKind, type PromoRules } from '~/domain/pricing/promo'
import { changedFields, type AuditValues } from '~/domain/staff/audit-actions'
import { recordStaffAction } from '~/audit/audit.server'
import { isUniqueViolation } from '~/dispatch/unique-violation.server'

/**
 * The promo codes as staff keep them: added and changed (a deactivation is a
 * change), each with its audit row in the same transaction. A code is never
 * deleted: its uses stay tied to the bookings that had it. The uses counter
 * is not staff's to set: only Book Now and the booking's expiry move it.
 */

/**
 * A code as staff set it: the rules the domain reads, the code as typed
 * (stored normalised: upper-case, no spaces), and the classes and ride kinds
 * as lists, empty for "any".
 */
export type PromoCodeInput = Omit<PromoRules, 'vehicleClasses' | 'rideKinds'> & {
  vehicleClasses: readonly VehicleClassCode[]
  rideKinds: readonly PromoRideKind[]
}

export type PromoCodeOutcome =
  { ok: true; id: number } | { ok: false; refusal: 'notFound' | 'codeTaken' }

/** Every code, active ones first, newest first. */
export function listPromoCodes(executor: Executor): Promise<PromoCodeRow[]> {
  return executor
    .selectFrom('promo_codes')
    .selectAll()
    .orderBy('active', 'desc')
    .orderBy('id', 'desc')
    .execute()
}

export function findPromoCodeById(executor: Executor, id: number) {
  return executor.selectFrom('promo_codes').selectAll().where('id', '=', id).executeTakeFirst()
}

function columns(input: PromoCodeInput) {
  const percent = input.kind === 'percent'
  return {
    code: normalisePromoCode(input.code),
    kind: input.kind,
    percent: percent ? input.percent : null,
    amount_cents: percent ? null : input.amountCents,
    valid_from: input.validFrom,
    valid_until: input.validUntil,
    max_uses: input.maxUses,
    max_uses_per_email: input.maxUsesPerEmail,
    vehicle_classes: input.vehicleClasses.length ? input.vehicleClasses.join(',') : null,
    ride_kinds: input.rideKinds.length ? input.rideKinds.join(',') : null,
    min_amount_cents: input.minAmountCents,
    first_ride_only: input.firstRideOnly ? 1 : 0,
    active: input.active ? 1 : 0,
  }
}

/** A code's stored columns as the audit log shows them. */
function auditValues(row: ReturnType<typeof columns>): AuditValues {
  return {
    code: row.code,
    kind: row.kind,
    percent: row.percent,
    amountCents: row.amount_cents,
    validFrom: row.valid_from,
    validUntil: row.valid_until,
    maxUses: row.max_uses,
    maxUsesPerEmail: row.max_uses_per_email,
    vehicleClasses: row.vehicle_classes,
    rideKinds: row.ride_kinds,
    minAmountCents: row.min_amount_cents,
    firstRideOnly: row.first_ride_only === 1,
    active: row.active === 1,
  }
}

async function codeTaken(executor: Executor, code: string, exceptId?: number) {
  let query = executor.selectFrom('promo_codes').select('id').where('code', '=', code)
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId)
  return (await query.executeTakeFirst()) !== undefined
}

export async function addPromoCode(
  handle: DatabaseHandle,
  input: PromoCodeInput,
  staffAccountId: number,
  now: Date,
): Promise<PromoCodeOutcome> {
  const at = now.toISOString()
  const values = columns(input)
  try {
    return await writeTransaction(handle, async (trx) => {
      if (await codeTaken(trx, values.code)) return { ok: false, refusal: 'codeTaken' } as const
      const { id } = await trx
        .insertInto('promo_codes')
        .values({
          ...values,
          created_by: staffAccountId,
          created_at: at,
          updated_by: staffAccountId,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      await recordStaffAction(
        trx,
        {
          accountId: staffAccountId,
          action: 'promo.added',
          subject: `promo:${id}`,
          after: auditValues(values),
        },
        now,
      )
      return { ok: true, id } as const
    })
  } catch (error) {
    // Another request stored the same code a moment before.
    if (isUniqueViolation(error)) return { ok: false, refusal: 'codeTaken' }
    throw error
  }
}

export async function changePromoCode(
  handle: DatabaseHandle,
  id: number,
  input: PromoCodeInput,
  staffAccountId: number,
  now: Date,
): Promise<PromoCodeOutcome> {
  const at = now.toISOString()
  const values = columns(input)
  try {
    return await writeTransaction(handle, async (trx) => {
      const current = await lockedRead(
        trx,
        trx.selectFrom('promo_codes').selectAll().where('id', '=', id),
      ).executeTakeFirst()
      if (!current) return { ok: false, refusal: 'notFound' } as const
      if (await codeTaken(trx, values.code, id)) {
        return { ok: false, refusal: 'codeTaken' } as const
      }
      await trx
        .updateTable('promo_codes')
        .set({ ...values, updated_by: staffAccountId, updated_at: at })
        .where('id', '=', id)
        .execute()
      const { before, after } = changedFields(auditValues(current), auditValues(values))
      if (Object.keys(after).length) {
        await recordStaffAction(
          trx,
          {
            accountId: staffAccountId,
            action: 'promo.changed',
            subject: `promo:${id}`,
            before,
            after,
          },
          now,
        )
      }
      return { ok: true, id } as const
    })
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, refusal: 'codeTaken' }
    throw error
  }
}
