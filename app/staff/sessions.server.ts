import type { Selectable } from 'kysely'
import type { DatabaseHandle } from '~/db/connect.server'
import type { Executor } from '~/booking/booking-store.server'
import type { StaffAccountsTable, StaffSessionsTable } from '~/db/schema'
import { newSecretToken, secretTokenKey, secretTokenPattern } from '~/utils/secret-token.server'

/** A session unused this long is over: a forgotten browser on a shared desk. */
export const STAFF_SESSION_IDLE_MS = 12 * 60 * 60_000
/** However busy, a session ends this long after sign-in. */
export const STAFF_SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60_000
/**
 * `last_seen_at` is written at most this often, so a busy page does not write
 * on every request; the idle limit is hours, minutes of slack do not matter.
 */
const LAST_SEEN_RESOLUTION_MS = 60_000

/** The browser holds 256 random bits; the table holds only their SHA-256. */
export const staffSessionTokenPattern = secretTokenPattern

export const sessionKey = secretTokenKey

export type StaffSession = Selectable<StaffSessionsTable>

export async function startStaffSession(
  handle: DatabaseHandle,
  accountId: number,
  userAgent: string | null,
  now: Date,
): Promise<string> {
  const token = newSecretToken()
  const at = now.toISOString()
  await handle.db
    .insertInto('staff_sessions')
    .values({
      id: sessionKey(token),
      account_id: accountId,
      created_at: at,
      last_seen_at: at,
      expires_at: new Date(now.getTime() + STAFF_SESSION_ABSOLUTE_MS).toISOString(),
      user_agent: userAgent ? userAgent.slice(0, 255) : null,
      revoked_at: null,
    })
    .execute()
  return token
}

export interface SignedInStaff {
  account: Selectable<StaffAccountsTable>
  session: StaffSession
}

/** Whether a session row still signs its holder in at `now`. */
export function sessionIsLive(session: StaffSession, now: Date): boolean {
  if (session.revoked_at) return false
  if (now.toISOString() >= session.expires_at) return false
  return now.getTime() - Date.parse(session.last_seen_at) < STAFF_SESSION_IDLE_MS
}

/**
 * The account a token signs in, or undefined: unknown, revoked, idle too long,
 * past its absolute end, or the account disabled. A live session is marked
 * seen, which keeps it from going idle.
 */
export async function readStaffSession(
  handle: DatabaseHandle,
  token: string | undefined,
  now: Date,
): Promise<SignedInStaff | undefined> {
  if (!token || !staffSessionTokenPattern.test(token)) return undefined
  const session = await handle.db
    .selectFrom('staff_sessions')
    .selectAll()
    .where('id', '=', sessionKey(token))
    .executeTakeFirst()
  if (!session || !sessionIsLive(session, now)) return undefined
  const account = await handle.db
    .selectFrom('staff_accounts')
    .selectAll()
    .where('id', '=', session.account_id)
    .executeTakeFirst()
  if (!account || account.disabled_at) return undefined
  if (now.getTime() - Date.parse(session.last_seen_at) >= LAST_SEEN_RESOLUTION_MS) {
    const at = now.toISOString()
    await handle.db
      .updateTable('staff_sessions')
      .set({ last_seen_at: at })
      .where('id', '=', session.id)
      .execute()
    session.last_seen_at = at
  }
  return { account, session }
}

/** Signs one browser out: its token signs no one in again. */
export async function revokeStaffSession(
  handle: DatabaseHandle,
  token: string,
  now: Date,
): Promise<void> {
  if (!staffSessionTokenPattern.test(token)) return
  await handle.db
    .updateTable('staff_sessions')
    .set({ revoked_at: now.toISOString() })
    .where('id', '=', sessionKey(token))
    .where('revoked_at', 'is', null)
    .execute()
}

/** Signs every browser of an account out (disabled, password reset). */
export async function revokeAccountSessions(
  executor: Executor,
  accountId: number,
  now: Date,
): Promise<number> {
  const result = await executor
    .updateTable('staff_sessions')
    .set({ revoked_at: now.toISOString() })
    .where('account_id', '=', accountId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows)
}

/** An account's sessions still live at `now`, newest first (for listing them). */
export async function listLiveStaffSessions(
  handle: DatabaseHandle,
  accountId: number,
  now: Date,
): Promise<StaffSession[]> {
  const rows = await handle.db
    .selectFrom('staff_sessions')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .orderBy('created_at', 'desc')
    .execute()
  return rows.filter((row) => sessionIsLive(row, now))
}

/** Ended sessions are kept this long (who signed in from where, when), then deleted. */
export const ENDED_SESSION_RETENTION_DAYS = 30

/**
 * Deletes the sessions unused for the retention period: every one of them
 * ended long ago (the idle limit is hours), revoked or not.
 */
export async function purgeOldStaffSessions(handle: DatabaseHandle, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - ENDED_SESSION_RETENTION_DAYS * 86_400_000)
  const result = await handle.db
    .deleteFrom('staff_sessions')
    .where('last_seen_at', '<', cutoff.toISOString())
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}
