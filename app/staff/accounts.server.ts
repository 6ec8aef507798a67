import { hashPassword } from '~/utils/password-hash.server'
import type { DatabaseHandle } from '~/db/connect.server'
import type { Selectable } from 'kysely'
import type { StaffAccountsTable } from '~/db/schema'
import { disableRefusal, type DisableRefusal, type StaffRole } from '~/domain/staff/roles'
import {
  normalizeStaffEmail,
  staffPasswordProblem,
  type PasswordProblem,
} from '~/domain/staff/password'
import type { Executor } from '~/booking/booking-store.server'
import { lockedRead, writeTransaction } from '~/db/write.server'
import type { AuditValues, StaffAction } from '~/domain/staff/audit-actions'
import { recordStaffAction } from '~/audit/audit.server'
import { revokeAccountSessions } from './sessions.server'

export type StaffAccount = Selectable<StaffAccountsTable>

/** Hashed as every password is (app/utils/password-hash.server.ts). */
export function hashStaffPassword(password: string): Promise<string> {
  return hashPassword(password)
}

export type StaffAccountProblem = PasswordProblem | 'email-taken' | 'not-found' | 'invalid-email'

/** A refused account change; `problem` says why, for the command line's message. */
export class StaffAccountError extends Error {
  constructor(readonly problem: StaffAccountProblem) {
    super(`staff account: ${problem}`)
    this.name = 'StaffAccountError'
  }
}

function checkPassword(password: string) {
  const problem = staffPasswordProblem(password)
  if (problem) throw new StaffAccountError(problem)
}

export function findStaffAccountByEmail(
  handle: DatabaseHandle,
  email: string,
): Promise<StaffAccount | undefined> {
  return handle.db
    .selectFrom('staff_accounts')
    .selectAll()
    .where('email', '=', normalizeStaffEmail(email))
    .executeTakeFirst()
}

export function findStaffAccount(
  handle: DatabaseHandle,
  id: number,
): Promise<StaffAccount | undefined> {
  return handle.db.selectFrom('staff_accounts').selectAll().where('id', '=', id).executeTakeFirst()
}

export interface NewStaffAccount {
  email: string
  name: string
  role: StaffRole
  password: string
}

/**
 * Who made an account change: a signed-in admin in the console (the change is
 * written to the audit log with it), or nobody for the command line, which is
 * run by whoever holds the server.
 */
export type StaffActor = { accountId: number } | null

async function audit(
  trx: Executor,
  actor: StaffActor,
  action: StaffAction,
  account: Pick<StaffAccount, 'id'>,
  now: Date,
  values: { before?: AuditValues; after?: AuditValues } = {},
) {
  if (!actor) return
  await recordStaffAction(
    trx,
    { accountId: actor.accountId, action, subject: `staff:${account.id}`, ...values },
    now,
  )
}

export async function createStaffAccount(
  handle: DatabaseHandle,
  input: NewStaffAccount,
  now: Date,
  actor: StaffActor = null,
): Promise<StaffAccount> {
  const email = normalizeStaffEmail(input.email)
  if (!/^[^\s@]+@[^\s@]+$/.test(email) || email.length > 254) {
    throw new StaffAccountError('invalid-email')
  }
  checkPassword(input.password)
  if (await findStaffAccountByEmail(handle, email)) throw new StaffAccountError('email-taken')
  const at = now.toISOString()
  // Hashed before the write transaction: it takes tens of milliseconds.
  const passwordHash = await hashStaffPassword(input.password)
  try {
    return await writeTransaction(handle, async (trx) => {
      const account = await trx
        .insertInto('staff_accounts')
        .values({
          email,
          name: input.name.trim(),
          role: input.role,
          password_hash: passwordHash,
          disabled_at: null,
          created_at: at,
          updated_at: at,
        })
        .returningAll()
        .executeTakeFirstOrThrow()
      await audit(trx, actor, 'staff.added', account, now, {
        after: { email, name: account.name, role: account.role },
      })
      return account
    })
  } catch (error) {
    // Two adds of one e-mail at once: the unique index lets one through.
    if (await findStaffAccountByEmail(handle, email)) throw new StaffAccountError('email-taken')
    throw error
  }
}

async function existingAccount(handle: DatabaseHandle, email: string) {
  const account = await findStaffAccountByEmail(handle, email)
  if (!account) throw new StaffAccountError('not-found')
  return account
}

/** Disables an account and ends its sessions at once: a signed-in browser is signed out. */
export async function disableStaffAccount(
  handle: DatabaseHandle,
  email: string,
  now: Date,
  actor: StaffActor = null,
): Promise<StaffAccount> {
  const account = await existingAccount(handle, email)
  if (account.disabled_at) return account
  return writeTransaction(handle, (trx) => writeDisabled(trx, account, now, actor))
}

export type AdminDisableOutcome =
  { kind: 'disabled'; account: StaffAccount } | { kind: 'refused'; refusal: DisableRefusal }

/**
 * An admin disables an account from the console: never their own, never the
 * last admin who can sign in (disableRefusal). The admins are counted inside
 * the write, their rows locked on PostgreSQL (in one order, so two of these
 * never wait on each other), so two admins disabling each other at the same
 * moment leave one of them, not none.
 */
export async function disableStaffAccountAsAdmin(
  handle: DatabaseHandle,
  email: string,
  now: Date,
  actor: { accountId: number },
): Promise<AdminDisableOutcome> {
  const { id } = await existingAccount(handle, email)
  return writeTransaction(handle, async (trx): Promise<AdminDisableOutcome> => {
    const admins = lockedRead(
      trx,
      trx
        .selectFrom('staff_accounts')
        .select('id')
        .where('role', '=', 'admin')
        .where('disabled_at', 'is', null)
        .orderBy('id'),
    )
    const activeAdmins = (await admins.execute()).length
    const account = await lockedRead(
      trx,
      trx.selectFrom('staff_accounts').selectAll().where('id', '=', id),
    ).executeTakeFirstOrThrow()
    const refusal = disableRefusal(
      actor.accountId,
      { id: account.id, role: account.role, disabled: account.disabled_at !== null },
      activeAdmins,
    )
    if (refusal) return { kind: 'refused', refusal }
    if (account.disabled_at) return { kind: 'disabled', account }
    return { kind: 'disabled', account: await writeDisabled(trx, account, now, actor) }
  })
}

async function writeDisabled(
  trx: Executor,
  account: StaffAccount,
  now: Date,
  actor: StaffActor,
): Promise<StaffAccount> {
  const at = now.toISOString()
  await trx
    .updateTable('staff_accounts')
    .set({ disabled_at: at, updated_at: at })
    .where('id', '=', account.id)
    .execute()
  await revokeAccountSessions(trx, account.id, now)
  await audit(trx, actor, 'staff.disabled', account, now)
  return { ...account, disabled_at: at, updated_at: at }
}

/** Lets a disabled account sign in again (with the password it had). */
export async function enableStaffAccount(
  handle: DatabaseHandle,
  email: string,
  now: Date,
  actor: StaffActor = null,
): Promise<StaffAccount> {
  const account = await existingAccount(handle, email)
  if (!account.disabled_at) return account
  const at = now.toISOString()
  await writeTransaction(handle, async (trx) => {
    await trx
      .updateTable('staff_accounts')
      .set({ disabled_at: null, updated_at: at })
      .where('id', '=', account.id)
      .execute()
    await audit(trx, actor, 'staff.enabled', account, now)
  })
  return { ...account, disabled_at: null, updated_at: at }
}

/**
 * Sets a new password and ends the account's sessions (whoever knew the old
 * one is signed out). A disabled account stays disabled.
 */
export async function resetStaffPassword(
  handle: DatabaseHandle,
  email: string,
  password: string,
  now: Date,
  actor: StaffActor = null,
): Promise<StaffAccount> {
  checkPassword(password)
  const account = await existingAccount(handle, email)
  const at = now.toISOString()
  const passwordHash = await hashStaffPassword(password)
  await writeTransaction(handle, async (trx) => {
    await trx
      .updateTable('staff_accounts')
      .set({ password_hash: passwordHash, updated_at: at })
      .where('id', '=', account.id)
      .execute()
    await revokeAccountSessions(trx, account.id, now)
    await audit(trx, actor, 'staff.password_reset', account, now)
  })
  return { ...account, password_hash: passwordHash, updated_at: at }
}

/** Signs every browser of an account out, from the console. */
export async function endStaffSessions(
  handle: DatabaseHandle,
  email: string,
  now: Date,
  actor: StaffActor,
): Promise<number> {
  const account = await existingAccount(handle, email)
  return writeTransaction(handle, async (trx) => {
    const ended = await revokeAccountSessions(trx, account.id, now)
    await audit(trx, actor, 'staff.sessions_revoked', account, now, { after: { sessions: ended } })
    return ended
  })
}

/** Every account, admins first, then by name (for the console). */
export function listStaffAccounts(handle: DatabaseHandle): Promise<StaffAccount[]> {
  return handle.db
    .selectFrom('staff_accounts')
    .selectAll()
    .orderBy('role')
    .orderBy('name')
    .orderBy('id')
    .execute()
}

/** How many admins can still sign in: the console never takes this to zero. */
export async function activeAdminCount(handle: DatabaseHandle): Promise<number> {
  const row = await handle.db
    .selectFrom('staff_accounts')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('role', '=', 'admin')
    .where('disabled_at', 'is', null)
    .executeTakeFirstOrThrow()
  return Number(row.count)
}
