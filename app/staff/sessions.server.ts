import type { Selectable } from 'kysely'
import type { DatabaseHandle } from '~/db/connect.server'
import type { Executor } from '~/db/executor'
import type { StaffAccountsTable, StaffSessionsTable } from '~/db/schema'
import { sessionStore, sessionTokenPattern } from '~/db/session-store.server'

/** A session unused this long is over: a forgotten browser on a shared desk. */
export const STAFF_SESSION_IDLE_MS = 12 * 60 * 60_000
/** However busy, a session ends this long after sign-in. */
export const STAFF_SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60_000
/** Kept as every session is (app/db/session-store.server.ts). */
export const staffSessionTokenPattern = sessionTokenPattern

/** Ended sessions are kept this long (who signed in from where, when), then deleted. */
export const ENDED_SESSION_RETENTION_DAYS = 30

export type StaffSession = Selectable<StaffSessionsTable>

const staffSessions = sessionStore({
  table: 'staff_sessions',
  owner: 'account_id',
  lifetime: () => ({ idleMs: STAFF_SESSION_IDLE_MS, absoluteMs: STAFF_SESSION_ABSOLUTE_MS }),
  retentionDays: ENDED_SESSION_RETENTION_DAYS,
})

export function startStaffSession(
  handle: DatabaseHandle,
  accountId: number,
  userAgent: string | null,
  now: Date,
): Promise<string> {
  return staffSessions.start(
    handle.db,
    accountId,
    { userAgent, absoluteMs: STAFF_SESSION_ABSOLUTE_MS },
    now,
  )
}

export interface SignedInStaff {
  account: Selectable<StaffAccountsTable>
  session: StaffSession
}

/** Whether a session row still signs its holder in at `now`. */
export function sessionIsLive(session: StaffSession, now: Date): boolean {
  return staffSessions.isLive(session, now)
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
  const session = await staffSessions.read(handle, token, now)
  if (!session) return undefined
  const account = await handle.db
    .selectFrom('staff_accounts')
    .selectAll()
    .where('id', '=', session.account_id)
    .executeTakeFirst()
  if (!account || account.disabled_at) return undefined
  return { account, session }
}

/** Signs one browser out: its token signs no one in again. */
export function revokeStaffSession(handle: DatabaseHandle, token: string, now: Date) {
  return staffSessions.revoke(handle, token, now)
}

/** Signs every browser of an account out (disabled, password reset). */
export function revokeAccountSessions(executor: Executor, accountId: number, now: Date) {
  return staffSessions.revokeAll(executor, accountId, now)
}

/** An account's sessions still live at `now`, newest first (for listing them). */
export function listLiveStaffSessions(
  handle: DatabaseHandle,
  accountId: number,
  now: Date,
): Promise<StaffSession[]> {
  return staffSessions.listLive(handle, accountId, now)
}

/**
 * Deletes the sessions unused for the retention period: every one of them
 * ended long ago (the idle limit is hours), revoked or not.
 */
export function purgeOldStaffSessions(handle: DatabaseHandle, now: Date): Promise<number> {
  return staffSessions.purge(handle, now)
}
