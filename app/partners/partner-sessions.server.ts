import type { Selectable } from 'kysely'
import type { DatabaseHandle } from '~/db/connect.server'
import type { Executor } from '~/db/executor'
import type { CompanyRow, PartnerSessionsTable, PartnerUserRow } from '~/db/schema'
import { sessionStore, sessionTokenPattern } from '~/db/session-store.server'

/**
 * A partner's sign-in: a hotel's front desk keeps the page open through a
 * shift, so a session lasts a working day unused and a week at most. Kept
 * apart from staff sessions (own table, own cookie): a partner is a customer,
 * never a member of staff. Kept as every session is (app/db/session-store.server.ts).
 */
export const PARTNER_SESSION_IDLE_MS = 12 * 60 * 60_000
export const PARTNER_SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60_000

export const partnerTokenPattern = sessionTokenPattern

type PartnerSession = Selectable<PartnerSessionsTable>

export interface SignedInPartner {
  user: PartnerUserRow
  company: CompanyRow
  session: PartnerSession
}

const partnerSessions = sessionStore({
  table: 'partner_sessions',
  owner: 'user_id',
  lifetime: () => ({ idleMs: PARTNER_SESSION_IDLE_MS, absoluteMs: PARTNER_SESSION_ABSOLUTE_MS }),
  retentionDays: 30,
})

export async function startPartnerSession(
  handle: DatabaseHandle,
  userId: number,
  userAgent: string | null,
  now: Date,
): Promise<string> {
  return partnerSessions.start(
    handle.db,
    userId,
    { userAgent, absoluteMs: PARTNER_SESSION_ABSOLUTE_MS },
    now,
  )
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
  const session = await partnerSessions.read(handle, token, now)
  if (!session) return undefined
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
  return { user, company, session }
}

export function revokePartnerSession(handle: DatabaseHandle, token: string, now: Date) {
  return partnerSessions.revoke(handle, token, now)
}

/** Signs every browser of a partner user out (disabled, a new password); how many were live. */
export function revokePartnerUserSessions(executor: Executor, userId: number, now: Date) {
  return partnerSessions.revokeAll(executor, userId, now)
}

/** Deletes the sessions unused for 30 days, ended long before (maintenance job). */
export function purgeOldPartnerSessions(handle: DatabaseHandle, now: Date): Promise<number> {
  return partnerSessions.purge(handle, now)
}
