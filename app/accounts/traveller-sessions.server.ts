import type { DatabaseHandle } from '~/db/connect.server'
import type { Executor } from '~/db/executor'
import type { TravellerSessionsTable } from '~/db/schema'
import type { Selectable } from 'kysely'
import { sessionStore, sessionTokenPattern } from '~/db/session-store.server'
import { findTravellerAccount, type TravellerAccount } from './traveller-accounts.server'

/**
 * A traveller's sign-ins, kept as staff sessions are (app/staff/sessions.server.ts):
 * the browser holds 256 random bits, the table their SHA-256. Two kinds:
 *
 * - not remembered: the cookie dies with the browser, and the session ends
 *   after 2 hours unused or 12 hours after sign-in, whichever comes first
 *   (a shared computer in a hotel lobby);
 * - "Remember me": the cookie is kept 30 days, the session ends 30 days
 *   after sign-in, or after 14 days unused.
 */
export const SESSION_IDLE_MS = 2 * 60 * 60_000
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60_000
export const REMEMBERED_IDLE_MS = 14 * 24 * 60 * 60_000
export const REMEMBERED_ABSOLUTE_MS = 30 * 24 * 60 * 60_000
/** Ended sessions and used or expired links are kept this long, then deleted. */
export const ENDED_TRAVELLER_ROWS_RETENTION_DAYS = 30

/** Kept as every session is (app/db/session-store.server.ts); a remembered one lasts longer. */
const travellerSessions = sessionStore({
  table: 'traveller_sessions',
  owner: 'account_id',
  lifetime: (session) =>
    session.remember
      ? { idleMs: REMEMBERED_IDLE_MS, absoluteMs: REMEMBERED_ABSOLUTE_MS }
      : { idleMs: SESSION_IDLE_MS, absoluteMs: SESSION_ABSOLUTE_MS },
  retentionDays: ENDED_TRAVELLER_ROWS_RETENTION_DAYS,
})

export const travellerSessionTokenPattern = sessionTokenPattern

export type TravellerSession = Selectable<TravellerSessionsTable>

export interface SignedInTraveller {
  account: TravellerAccount
  session: TravellerSession
}

export function startTravellerSession(
  executor: Executor,
  accountId: number,
  options: { remember: boolean; userAgent: string | null },
  now: Date,
): Promise<string> {
  return travellerSessions.start(
    executor,
    accountId,
    {
      userAgent: options.userAgent,
      absoluteMs: options.remember ? REMEMBERED_ABSOLUTE_MS : SESSION_ABSOLUTE_MS,
      // Every sign-in is a proof: a password typed or a link from the mailbox opened.
      columns: { remember: options.remember ? 1 : 0, proved_at: now.toISOString() },
    },
    now,
  )
}

/** Whether a session row still signs its holder in at `now`. */
export function travellerSessionIsLive(session: TravellerSession, now: Date): boolean {
  return travellerSessions.isLive(session, now)
}

/**
 * The account a token signs in, or undefined: unknown, revoked, idle too
 * long or past its end. A live session is marked seen, which keeps it from
 * going idle.
 */
export async function readTravellerSession(
  handle: DatabaseHandle,
  token: string | undefined,
  now: Date,
): Promise<SignedInTraveller | undefined> {
  const session = await travellerSessions.read(handle, token, now)
  if (!session) return undefined
  const account = await findTravellerAccount(handle.db, session.account_id)
  if (!account) return undefined
  return { account, session }
}

/** The session's holder proved who they are again (account-proof.ts: recent proof). */
export async function markTravellerSessionProved(
  executor: Executor,
  sessionId: string,
  now: Date,
): Promise<void> {
  await executor
    .updateTable('traveller_sessions')
    .set({ proved_at: now.toISOString() })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute()
}

/** Signs one browser out: its token signs no one in again. */
export function revokeTravellerSession(handle: DatabaseHandle, token: string, now: Date) {
  return travellerSessions.revoke(handle, token, now)
}

/** Signs every browser of an account out (a new password, an address first proved). */
export function revokeTravellerAccountSessions(executor: Executor, accountId: number, now: Date) {
  return travellerSessions.revokeAll(executor, accountId, now)
}

/** Deletes sessions unused, and links made, before the retention period (maintenance job). */
export async function purgeOldTravellerSessions(
  handle: DatabaseHandle,
  now: Date,
): Promise<number> {
  const cutoff = new Date(now.getTime() - ENDED_TRAVELLER_ROWS_RETENTION_DAYS * 86_400_000)
  const sessions = await travellerSessions.purge(handle, now)
  const tokens = await handle.db
    .deleteFrom('traveller_tokens')
    .where('expires_at', '<', cutoff.toISOString())
    .executeTakeFirst()
  return sessions + Number(tokens.numDeletedRows)
}
