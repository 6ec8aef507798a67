import type { DatabaseHandle } from '~/db/connect.server'
import type { Executor } from '~/db/executor'
import type { TravellerSessionsTable } from '~/db/schema'
import type { Selectable } from 'kysely'
import { newSecretToken, secretTokenKey, secretTokenPattern } from '~/utils/secret-token.server'
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
/** `last_seen_at` is written at most this often: a minute of slack does not matter. */
const LAST_SEEN_RESOLUTION_MS = 60_000

export const travellerSessionTokenPattern = secretTokenPattern

export type TravellerSession = Selectable<TravellerSessionsTable>

export interface SignedInTraveller {
  account: TravellerAccount
  session: TravellerSession
}

export async function startTravellerSession(
  executor: Executor,
  accountId: number,
  options: { remember: boolean; userAgent: string | null },
  now: Date,
): Promise<string> {
  const token = newSecretToken()
  const at = now.toISOString()
  const lifetime = options.remember ? REMEMBERED_ABSOLUTE_MS : SESSION_ABSOLUTE_MS
  await executor
    .insertInto('traveller_sessions')
    .values({
      id: secretTokenKey(token),
      account_id: accountId,
      remember: options.remember ? 1 : 0,
      created_at: at,
      last_seen_at: at,
      expires_at: new Date(now.getTime() + lifetime).toISOString(),
      user_agent: options.userAgent ? options.userAgent.slice(0, 255) : null,
      revoked_at: null,
      // Every sign-in is a proof: a password typed or a link from the mailbox opened.
      proved_at: at,
    })
    .execute()
  return token
}

/** Whether a session row still signs its holder in at `now`. */
export function travellerSessionIsLive(session: TravellerSession, now: Date): boolean {
  if (session.revoked_at) return false
  if (now.toISOString() >= session.expires_at) return false
  const idle = session.remember ? REMEMBERED_IDLE_MS : SESSION_IDLE_MS
  return now.getTime() - Date.parse(session.last_seen_at) < idle
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
  if (!token || !travellerSessionTokenPattern.test(token)) return undefined
  const session = await handle.db
    .selectFrom('traveller_sessions')
    .selectAll()
    .where('id', '=', secretTokenKey(token))
    .executeTakeFirst()
  if (!session || !travellerSessionIsLive(session, now)) return undefined
  const account = await findTravellerAccount(handle.db, session.account_id)
  if (!account) return undefined
  if (now.getTime() - Date.parse(session.last_seen_at) >= LAST_SEEN_RESOLUTION_MS) {
    const at = now.toISOString()
    await handle.db
      .updateTable('traveller_sessions')
      .set({ last_seen_at: at })
      .where('id', '=', session.id)
      .execute()
    session.last_seen_at = at
  }
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
export async function revokeTravellerSession(
  handle: DatabaseHandle,
  token: string,
  now: Date,
): Promise<void> {
  if (!travellerSessionTokenPattern.test(token)) return
  await handle.db
    .updateTable('traveller_sessions')
    .set({ revoked_at: now.toISOString() })
    .where('id', '=', secretTokenKey(token))
    .where('revoked_at', 'is', null)
    .execute()
}

/** Signs every browser of an account out (a new password, an address first proved). */
export async function revokeTravellerAccountSessions(
  executor: Executor,
  accountId: number,
  now: Date,
): Promise<number> {
  const result = await executor
    .updateTable('traveller_sessions')
    .set({ revoked_at: now.toISOString() })
    .where('account_id', '=', accountId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows)
}

/** Ended sessions and used or expired links are kept this long, then deleted. */
export const ENDED_TRAVELLER_ROWS_RETENTION_DAYS = 30

/** Deletes sessions unused, and links made, before the retention period (maintenance job). */
export async function purgeOldTravellerSessions(
  handle: DatabaseHandle,
  now: Date,
): Promise<number> {
  const cutoff = new Date(now.getTime() - ENDED_TRAVELLER_ROWS_RETENTION_DAYS * 86_400_000)
  const sessions = await handle.db
    .deleteFrom('traveller_sessions')
    .where('last_seen_at', '<', cutoff.toISOString())
    .executeTakeFirst()
  const tokens = await handle.db
    .deleteFrom('traveller_tokens')
    .where('expires_at', '<', cutoff.toISOString())
    .executeTakeFirst()
  return Number(sessions.numDeletedRows) + Number(tokens.numDeletedRows)
}
