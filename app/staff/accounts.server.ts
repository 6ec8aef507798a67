import { hash } from '@node-rs/argon2'
import type { DatabaseHandle } from '~/db/connect.server'
import type { Selectable } from 'kysely'
import type { StaffAccountsTable } from '~/db/schema'
import type { StaffRole } from '~/domain/staff/roles'
import {
  normalizeStaffEmail,
  staffPasswordProblem,
  type PasswordProblem,
} from '~/domain/staff/password'
import { revokeAccountSessions } from './sessions.server'

export type StaffAccount = Selectable<StaffAccountsTable>

/**
 * argon2id with the library's defaults (19 MiB, 2 passes, 1 lane: the OWASP
 * minimum), which keeps a sign-in near 50 ms. The PHC string carries the
 * parameters and salt, so stronger settings later still verify old hashes.
 */
export function hashStaffPassword(password: string): Promise<string> {
  return hash(password)
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

export async function createStaffAccount(
  handle: DatabaseHandle,
  input: NewStaffAccount,
  now: Date,
): Promise<StaffAccount> {
  const email = normalizeStaffEmail(input.email)
  if (!/^[^\s@]+@[^\s@]+$/.test(email) || email.length > 254) {
    throw new StaffAccountError('invalid-email')
  }
  checkPassword(input.password)
  if (await findStaffAccountByEmail(handle, email)) throw new StaffAccountError('email-taken')
  const at = now.toISOString()
  const passwordHash = await hashStaffPassword(input.password)
  try {
    return await handle.db
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
  } catch (error) {
    // Two adds of one e-mail at once: the unique index lets one through.
    if (await findStaffAccountByEmail(handle, email)) throw new StaffAccountError('email-taken')
    throw error
  }
}

/** Disables an account and ends its sessions at once: a signed-in browser is signed out. */
export async function disableStaffAccount(
  handle: DatabaseHandle,
  email: string,
  now: Date,
): Promise<StaffAccount> {
  const account = await findStaffAccountByEmail(handle, email)
  if (!account) throw new StaffAccountError('not-found')
  const at = now.toISOString()
  await handle.db
    .updateTable('staff_accounts')
    .set({ disabled_at: account.disabled_at ?? at, updated_at: at })
    .where('id', '=', account.id)
    .execute()
  await revokeAccountSessions(handle, account.id, now)
  return { ...account, disabled_at: account.disabled_at ?? at, updated_at: at }
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
): Promise<StaffAccount> {
  checkPassword(password)
  const account = await findStaffAccountByEmail(handle, email)
  if (!account) throw new StaffAccountError('not-found')
  const at = now.toISOString()
  const passwordHash = await hashStaffPassword(password)
  await handle.db
    .updateTable('staff_accounts')
    .set({ password_hash: passwordHash, updated_at: at })
    .where('id', '=', account.id)
    .execute()
  await revokeAccountSessions(handle, account.id, now)
  return { ...account, password_hash: passwordHash, updated_at: at }
}
