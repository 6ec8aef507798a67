import type { DatabaseHandle } from '~/db/connect.server'
import type { Executor } from '~/db/executor'
import type { TravellerAccountRow } from '~/db/schema'
import type { Language } from '~/i18n/config'
import { normalizeStaffEmail } from '~/domain/staff/password'
import { readSavedDetails, type SavedDetails } from './account-forms'

/**
 * Travellers' accounts: one per e-mail address, stored lower-cased and
 * trimmed (as staff e-mails are), so 'Ayse@Example.com' and
 * 'ayse@example.com' are one account.
 */

export type TravellerAccount = TravellerAccountRow

export const normalizeTravellerEmail = normalizeStaffEmail

export function findTravellerAccount(
  executor: Executor,
  id: number,
): Promise<TravellerAccount | undefined> {
  return executor
    .selectFrom('traveller_accounts')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst()
}

export function findTravellerAccountByEmail(
  executor: Executor,
  email: string,
): Promise<TravellerAccount | undefined> {
  return executor
    .selectFrom('traveller_accounts')
    .selectAll()
    .where('email', '=', normalizeTravellerEmail(email))
    .executeTakeFirst()
}

/**
 * A new account, its e-mail not yet proved; undefined when the address has
 * an account already (another request may have made it a moment before).
 */
export async function createTravellerAccount(
  executor: Executor,
  account: { email: string; passwordHash: string; language: Language },
  now: Date,
): Promise<TravellerAccount | undefined> {
  const at = now.toISOString()
  return executor
    .insertInto('traveller_accounts')
    .values({
      email: normalizeTravellerEmail(account.email),
      password_hash: account.passwordHash,
      email_verified_at: null,
      language: account.language,
      saved_details: null,
      created_at: at,
      updated_at: at,
    })
    .onConflict((conflict) => conflict.column('email').doNothing())
    .returningAll()
    .executeTakeFirst()
}

/** The address is proved (a link sent to it was opened): bookings made with it show. */
export async function markEmailVerified(executor: Executor, id: number, now: Date): Promise<void> {
  await executor
    .updateTable('traveller_accounts')
    .set({ email_verified_at: now.toISOString(), updated_at: now.toISOString() })
    .where('id', '=', id)
    .where('email_verified_at', 'is', null)
    .execute()
}

export async function setTravellerPassword(
  executor: Executor,
  id: number,
  passwordHash: string | null,
  now: Date,
): Promise<void> {
  await executor
    .updateTable('traveller_accounts')
    .set({ password_hash: passwordHash, updated_at: now.toISOString() })
    .where('id', '=', id)
    .execute()
}

export function savedDetailsOf(account: Pick<TravellerAccount, 'saved_details'>): SavedDetails {
  return readSavedDetails(account.saved_details)
}

/**
 * Replaces the saved details with `details`; blank values are dropped, so
 * clearing a field on the account page forgets it. Only an account whose
 * address is proved keeps details (account-proof.ts): for another, nothing
 * is written.
 */
export async function saveTravellerDetails(
  handle: DatabaseHandle,
  id: number,
  details: SavedDetails,
  now: Date,
): Promise<void> {
  const kept = Object.fromEntries(
    Object.entries(details).filter(([, value]) => typeof value === 'string' && value !== ''),
  )
  await handle.db
    .updateTable('traveller_accounts')
    .set({
      saved_details: Object.keys(kept).length ? JSON.stringify(kept) : null,
      updated_at: now.toISOString(),
    })
    .where('id', '=', id)
    .where('email_verified_at', 'is not', null)
    .execute()
}

/** Forgets the saved details (what an unproved holder of the account may have left). */
export async function forgetSavedDetails(executor: Executor, id: number, now: Date): Promise<void> {
  await executor
    .updateTable('traveller_accounts')
    .set({ saved_details: null, updated_at: now.toISOString() })
    .where('id', '=', id)
    .execute()
}

/** Adds to the saved details (a booking step's "save to my account"), keeping the rest. */
export async function mergeTravellerDetails(
  handle: DatabaseHandle,
  id: number,
  details: SavedDetails,
  now: Date,
): Promise<void> {
  const account = await findTravellerAccount(handle.db, id)
  if (!account) return
  await saveTravellerDetails(handle, id, { ...savedDetailsOf(account), ...details }, now)
}
