import type { Executor } from '~/booking/booking-store.server'
import type { DatabaseHandle } from '~/db/connect.server'
import type { DriverPayRule, DriversTable, OfferChannel } from '~/db/schema'
import type { Selectable } from 'kysely'
import { lockedRead, writeTransaction } from '~/db/write.server'
import { changedFields, type AuditValues } from '~/domain/staff/audit-actions'
import { recordStaffAction } from '~/audit/audit.server'
import { isUniqueViolation } from './unique-violation.server'
import { seal, unseal } from '~/security/sealed-text.server'
import { maskedNumber } from '~/domain/identity/travel-identity'

/**
 * The company's drivers. Each change is written with its audit row in one
 * transaction; a driver is deactivated, never deleted.
 */

export type DriverRow = Selectable<DriversTable>

export interface DriverInput {
  name: string
  phone: string
  languages: string
  licenceNumber: string
  /** Their T.C. identity number, as its 11 digits; undefined keeps the one stored (if any). */
  identityNumber?: string
  /** The sex on their identity card, which the crew list asks; undefined keeps the one stored. */
  documentSex?: 'female' | 'male' | null
  /** The driver's own sign-in (a staff account of role driver), if they have one. */
  staffAccountId: number | null
  /** How they hear of a job offered to them. */
  offerChannel: OfferChannel
  /** The car an accepted offer assigns with them; null: none. */
  usualVehicleId: number | null
  active: boolean
  /**
   * How they are paid (docs/settlements.md); null: not set, undefined keeps
   * the one stored. `payAmount` is kuruş per ride or per hour, or a share's percent.
   */
  payRule?: DriverPayRule | null
  payAmount?: number | null
}

export interface DriverListItem extends DriverRow {
  accountEmail: string | null
}

/** Every driver, active ones first, by name, with the e-mail of their sign-in. */
export async function listDrivers(executor: Executor): Promise<DriverListItem[]> {
  const rows = await executor
    .selectFrom('drivers')
    .leftJoin('staff_accounts', 'staff_accounts.id', 'drivers.staff_account_id')
    .selectAll('drivers')
    .select('staff_accounts.email as accountEmail')
    .orderBy('drivers.active', 'desc')
    .orderBy('drivers.name')
    .orderBy('drivers.id')
    .execute()
  return rows
}

export function findDriver(executor: Executor, id: number): Promise<DriverRow | undefined> {
  return executor.selectFrom('drivers').selectAll().where('id', '=', id).executeTakeFirst()
}

/**
 * The driver, its row locked until the transaction ends (`lockedRead`): an edit
 * or an assignment of the same driver waits for this one.
 */
export function lockDriver(trx: Executor, id: number): Promise<DriverRow | undefined> {
  return lockedRead(
    trx,
    trx.selectFrom('drivers').selectAll().where('id', '=', id),
  ).executeTakeFirst()
}

/** The driver record linked to a staff account (how a signed-in driver finds their jobs). */
export function driverOfAccount(
  executor: Executor,
  accountId: number,
): Promise<DriverRow | undefined> {
  return executor
    .selectFrom('drivers')
    .selectAll()
    .where('staff_account_id', '=', accountId)
    .executeTakeFirst()
}

/**
 * The driver sign-ins a driver record may be linked to: enabled accounts of
 * role driver not linked to another driver (`forDriver`'s own link included).
 */
export async function linkableDriverAccounts(executor: Executor, forDriver?: number) {
  let query = executor
    .selectFrom('staff_accounts')
    .leftJoin('drivers', 'drivers.staff_account_id', 'staff_accounts.id')
    .select(['staff_accounts.id', 'staff_accounts.name', 'staff_accounts.email'])
    .where('staff_accounts.role', '=', 'driver')
    .where('staff_accounts.disabled_at', 'is', null)
  query =
    forDriver === undefined
      ? query.where('drivers.id', 'is', null)
      : query.where((eb) => eb.or([eb('drivers.id', 'is', null), eb('drivers.id', '=', forDriver)]))
  return query.orderBy('staff_accounts.name').execute()
}

export type DriverRefusal = 'notFound' | 'accountUnavailable'
export type DriverOutcome = { ok: true; id: number } | { ok: false; refusal: DriverRefusal }

/** The driver's T.C. number opened, or null when none was entered. */
export function driverIdentityNumber(row: Pick<DriverRow, 'identity_sealed'>): string | null {
  return row.identity_sealed ? unseal(row.identity_sealed, 'driver-identity') : null
}

/** The identity column for a change: a new number sealed, or what is stored kept. */
function identityColumn(input: DriverInput, current?: DriverRow): string | null {
  if (input.identityNumber === undefined) return current?.identity_sealed ?? null
  return seal(input.identityNumber, 'driver-identity')
}

/**
 * A driver as the audit log shows them: the T.C. number by its last digits
 * only (the log is read by every dispatcher and kept for years).
 */
async function auditValues(executor: Executor, driver: DriverInput): Promise<AuditValues> {
  const account =
    driver.staffAccountId === null
      ? undefined
      : await executor
          .selectFrom('staff_accounts')
          .select('email')
          .where('id', '=', driver.staffAccountId)
          .executeTakeFirst()
  const vehicle =
    driver.usualVehicleId === null
      ? undefined
      : await executor
          .selectFrom('vehicles')
          .select('plate')
          .where('id', '=', driver.usualVehicleId)
          .executeTakeFirst()
  return {
    name: driver.name,
    phone: driver.phone,
    languages: driver.languages,
    licence: driver.licenceNumber,
    identityNumber: driver.identityNumber ? maskedNumber(driver.identityNumber) : null,
    documentSex: driver.documentSex ?? null,
    account: account?.email ?? null,
    offerChannel: driver.offerChannel,
    usualVehicle: vehicle?.plate ?? null,
    active: driver.active,
    payRule: driver.payRule ?? null,
    payAmount: payAuditText(driver.payRule ?? null, driver.payAmount ?? null),
  }
}

/** A pay amount as the audit log shows it: '450.00 TRY' a ride or an hour, '30%' a share. */
function payAuditText(rule: DriverPayRule | null, amount: number | null): string | null {
  if (rule === null || amount === null) return null
  if (rule === 'share') return `${amount}%`
  return `${(amount / 100).toFixed(2)} TRY`
}

/** The pay columns for a write: what the input says, or what is stored when it says nothing. */
function payColumns(input: DriverInput, current?: DriverRow) {
  if (input.payRule === undefined) {
    return { pay_rule: current?.pay_rule ?? null, pay_amount: current?.pay_amount ?? null }
  }
  return {
    pay_rule: input.payRule,
    pay_amount: input.payRule === null ? null : (input.payAmount ?? null),
  }
}

function asInput(row: DriverRow): DriverInput {
  return {
    name: row.name,
    phone: row.phone,
    languages: row.languages,
    licenceNumber: row.licence_number,
    identityNumber: driverIdentityNumber(row) ?? undefined,
    documentSex: row.document_sex,
    staffAccountId: row.staff_account_id,
    offerChannel: row.offer_channel,
    usualVehicleId: row.usual_vehicle_id,
    active: row.active === 1,
    payRule: row.pay_rule,
    payAmount: row.pay_amount,
  }
}

/** Whether an account may be linked to driver `driverId` (undefined: a new driver). */
async function accountLinkable(executor: Executor, accountId: number | null, driverId?: number) {
  if (accountId === null) return true
  const free = await linkableDriverAccounts(executor, driverId)
  return free.some((account) => account.id === accountId)
}

export async function addDriver(
  handle: DatabaseHandle,
  input: DriverInput,
  staffAccountId: number,
  now: Date,
): Promise<DriverOutcome> {
  const at = now.toISOString()
  try {
    return await writeTransaction(handle, async (trx) => {
      if (!(await accountLinkable(trx, input.staffAccountId))) {
        return { ok: false, refusal: 'accountUnavailable' } as const
      }
      const { id } = await trx
        .insertInto('drivers')
        .values({
          name: input.name,
          phone: input.phone,
          languages: input.languages,
          licence_number: input.licenceNumber,
          identity_sealed: identityColumn(input),
          document_sex: input.documentSex ?? null,
          staff_account_id: input.staffAccountId,
          offer_channel: input.offerChannel,
          usual_vehicle_id: input.usualVehicleId,
          active: input.active ? 1 : 0,
          ...payColumns(input),
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      await recordStaffAction(
        trx,
        {
          accountId: staffAccountId,
          action: 'driver.added',
          subject: `driver:${id}`,
          after: await auditValues(trx, input),
        },
        now,
      )
      return { ok: true, id } as const
    })
  } catch (error) {
    // Another request linked the same account a moment before.
    if (isUniqueViolation(error)) return { ok: false, refusal: 'accountUnavailable' }
    throw error
  }
}

export async function changeDriver(
  handle: DatabaseHandle,
  id: number,
  input: DriverInput,
  staffAccountId: number,
  now: Date,
): Promise<DriverOutcome> {
  try {
    return await writeTransaction(handle, async (trx) => {
      // Two edits at once take turns: the second one's audit row starts from what the first left.
      const current = await lockDriver(trx, id)
      if (!current) return { ok: false, refusal: 'notFound' } as const
      if (!(await accountLinkable(trx, input.staffAccountId, id))) {
        return { ok: false, refusal: 'accountUnavailable' } as const
      }
      const before = asInput(current)
      const changes = changedFields(
        await auditValues(trx, before),
        // A number left empty is the one stored.
        await auditValues(trx, {
          ...input,
          identityNumber: input.identityNumber ?? before.identityNumber,
          documentSex: input.documentSex === undefined ? before.documentSex : input.documentSex,
          ...(input.payRule === undefined
            ? { payRule: before.payRule, payAmount: before.payAmount }
            : {}),
        }),
      )
      // Saving an unchanged form changes nothing and logs nothing.
      if (Object.keys(changes.after).length === 0) return { ok: true, id } as const
      await trx
        .updateTable('drivers')
        .set({
          name: input.name,
          phone: input.phone,
          languages: input.languages,
          licence_number: input.licenceNumber,
          identity_sealed: identityColumn(input, current),
          document_sex: input.documentSex === undefined ? current.document_sex : input.documentSex,
          staff_account_id: input.staffAccountId,
          offer_channel: input.offerChannel,
          usual_vehicle_id: input.usualVehicleId,
          active: input.active ? 1 : 0,
          ...payColumns(input, current),
          updated_at: now.toISOString(),
        })
        .where('id', '=', id)
        .execute()
      await recordStaffAction(
        trx,
        {
          accountId: staffAccountId,
          action: 'driver.changed',
          subject: `driver:${id}`,
          ...changes,
        },
        now,
      )
      return { ok: true, id } as const
    })
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, refusal: 'accountUnavailable' }
    throw error
  }
}
