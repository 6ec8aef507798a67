import type { Selectable } from 'kysely'
import type { DatabaseHandle } from '~/db/connect.server'
import type { Executor } from '~/booking/booking-store.server'
import type { CompanyRow, PartnerSessionsTable, PartnerUserRow } from '~/db/schema'
import { newSecretToken, secretTokenKey, secretTokenPattern } from '~/utils/secret-token.server'

/**
 * A partner's sign-in: a hotel's front desk keeps the page open through a
 * shift, so a session lasts a working day unused and a week at most. Kept
 * apart from staff sessions (own table, own cookie): a partner is a customer,
 * never a member of staff. The browser holds 256 random bits; the table only
 * their SHA-256, as for staff.
 */
export const PARTNER_SESSION_IDLE_MS = 12 * 60 * 60_000
export const PARTNER_SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60_000
const LAST_SEEN_RESOLUTION_MS = 60_000

export const partnerTokenPattern = secretTokenPattern

type PartnerSession = Selectable<PartnerSessionsTable>

export interface SignedInPartner {
  user: PartnerUserRow
  company: CompanyRow
  session: PartnerSession
}

export async function startPartnerSession(
  handle: DatabaseHandle,
  userId: number,
  userAgent: string | null,
  now: Date,
): Promise<string> {
  const token = newSecretToken()
  const at = now.toISOString()
  await handle.db
    .insertInto('partner_sessions')
    .values({
      id: secretTokenKey(token),
      user_id: userId,
      created_at: at,
      last_seen_at: at,
      expires_at: new Date(now.getTime() + PARTNER_SESSION_ABSOLUTE_MS).toISOString(),
      user_agent: userAgent ? userAgent.slice(0, 255) : null,
      revoked_at: null,
    })
    .execute()
  return token
}

function isLive(session: PartnerSession, now: Date): boolean {
  if (session.revoked_at || now.toISOString() >= session.expires_at) return false
  return now.getTime() - Date.parse(session.last_seen_at) < PARTNER_SESSION_IDLE_MS
}

/**
 * The partner a token signs in, with their company, or undefined: unknown,
 * revoked, idle, expired, the user disabled or the company deactivated.
 */
export async function readPartnerSession(
  handle: DatabaseHandle,
  token: string | undefined,
  now: Date,
): Promise<SignedInPartner | undefined> {
  if (!token || !partnerTokenPattern.test(token)) return undefined
  const session = await handle.db
    .selectFrom('partner_sessions')
    .selectAll()
    .where('id', '=', secretTokenKey(token))
    .executeTakeFirst()
  if (!session || !isLive(session, now)) return undefined
  const user = await handle.db
    .selectFrom('partner_users')
    .selectAll()
    .where('id', '=', session.user_id)
    .executeTakeFirst()
  if (!user || user.disabled_at) return undefined
  const company = await handle.db
    .selectFrom('companies')
    .selectAll()
    .where('id', '=', user.company_id)
    .executeTakeFirst()
  if (!company || !company.active) return undefined
  if (now.getTime() - Date.parse(session.last_seen_at) >= LAST_SEEN_RESOLUTION_MS) {
    session.last_seen_at = now.toISOString()
    await handle.db
      .updateTable('partner_sessions')
      .set({ last_seen_at: session.last_seen_at })
      .where('id', '=', session.id)
      .execute()
  }
  return { user, company, session }
}

export async function revokePartnerSession(handle: DatabaseHandle, token: string, now: Date) {
  if (!partnerTokenPattern.test(token)) return
  await handle.db
    .updateTable('partner_sessions')
    .set({ revoked_at: now.toISOString() })
    .where('id', '=', secretTokenKey(token))
    .where('revoked_at', 'is', null)
    .execute()
}

/** Signs every browser of a partner user out (disabled, a new password); how many were live. */
export async function revokePartnerUserSessions(executor: Executor, userId: number, now: Date) {
  const result = await executor
    .updateTable('partner_sessions')
    .set({ revoked_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows)
}

/** Ended sessions are kept this long (who signed in from where, when), then deleted. */
export const ENDED_PARTNER_SESSION_RETENTION_DAYS = 30

/** Deletes the sessions unused for the retention period (maintenance job). */
export async function purgeOldPartnerSessions(handle: DatabaseHandle, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - ENDED_PARTNER_SESSION_RETENTION_DAYS * 86_400_000)
  const result = await handle.db
    .deleteFrom('partner_sessions')
    .where('last_seen_at', '<', cutoff.toISOString())
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}
