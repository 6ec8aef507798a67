import type { Kysely, Selectable } from 'kysely'
import type { DatabaseHandle } from './connect.server'
import type { Executor } from './executor'
import type { PartnerSessionsTable, StaffSessionsTable, TravellerSessionsTable } from './schema'
import { newSecretToken, secretTokenKey, secretTokenPattern } from '~/utils/secret-token.server'

/**
 * The sign-in sessions of staff, travellers and partners' users, kept the same
 * way in three tables (each its own cookie: a traveller is never staff): the
 * browser holds 256 random bits, the table only their SHA-256; a session ends
 * when revoked, when unused for its idle time, or at its absolute end; its
 * `last_seen_at` is written at most once a minute, so a busy page does not
 * write on every request; ended sessions are kept a while (who signed in from
 * where, when), then deleted. What a session signs in (an account, a
 * company's user) is each kind's own business.
 */

interface SessionTables {
  staff_sessions: StaffSessionsTable
  traveller_sessions: TravellerSessionsTable
  partner_sessions: PartnerSessionsTable
}

type SessionTable = keyof SessionTables

/** The columns every session table has. */
interface SessionColumns {
  id: string
  created_at: string
  last_seen_at: string
  expires_at: string
  user_agent: string | null
  revoked_at: string | null
}

/** How long a session lasts unused, and at most after it started. */
export interface SessionLifetime {
  idleMs: number
  absoluteMs: number
}

export interface SessionStoreSettings<T extends SessionTable> {
  table: T
  /** The column naming who signed in. */
  owner: 'account_id' | 'user_id'
  /** A session's lifetime, read from its row (a remembered traveller's lasts longer). */
  lifetime: (session: Selectable<SessionTables[T]> & SessionColumns) => SessionLifetime
  /** Ended sessions are deleted once unused this many days. */
  retentionDays: number
}

const LAST_SEEN_RESOLUTION_MS = 60_000

/** The tokens every kind of session uses: 256 random bits, base64url. */
export const sessionTokenPattern = secretTokenPattern

/**
 * The three tables differ only in their owner column and a few columns of
 * their own, so the queries are written once against a loosely typed view
 * of them; what they return is typed by the table again.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above: one query, three tables
const loose = (executor: Executor | DatabaseHandle['db']) => executor as unknown as Kysely<any>

export function sessionStore<T extends SessionTable>(settings: SessionStoreSettings<T>) {
  type Session = Selectable<SessionTables[T]> & SessionColumns
  const { owner } = settings
  const table: string = settings.table

  const isLive = (session: Session, now: Date): boolean => {
    if (session.revoked_at) return false
    if (now.toISOString() >= session.expires_at) return false
    return now.getTime() - Date.parse(session.last_seen_at) < settings.lifetime(session).idleMs
  }

  return {
    isLive,

    /**
     * Starts a session for `ownerId` and returns the browser's token. `columns`
     * are the table's own (a traveller's `remember`, `proved_at`), `absoluteMs`
     * the session's whole life.
     */
    async start(
      executor: Executor,
      ownerId: number,
      options: { userAgent: string | null; absoluteMs: number; columns?: Record<string, unknown> },
      now: Date,
    ): Promise<string> {
      const token = newSecretToken()
      const at = now.toISOString()
      await loose(executor)
        .insertInto(table)
        .values({
          id: secretTokenKey(token),
          [owner]: ownerId,
          created_at: at,
          last_seen_at: at,
          expires_at: new Date(now.getTime() + options.absoluteMs).toISOString(),
          user_agent: options.userAgent ? options.userAgent.slice(0, 255) : null,
          revoked_at: null,
          ...options.columns,
        })
        .execute()
      return token
    },

    /** The live session a token names, marked seen; undefined for any other token. */
    async read(handle: DatabaseHandle, token: string | undefined, now: Date) {
      if (!token || !sessionTokenPattern.test(token)) return undefined
      const session = (await loose(handle.db)
        .selectFrom(table)
        .selectAll()
        .where('id', '=', secretTokenKey(token))
        .executeTakeFirst()) as Session | undefined
      if (!session || !isLive(session, now)) return undefined
      if (now.getTime() - Date.parse(session.last_seen_at) >= LAST_SEEN_RESOLUTION_MS) {
        const at = now.toISOString()
        await loose(handle.db)
          .updateTable(table)
          .set({ last_seen_at: at })
          .where('id', '=', session.id)
          .execute()
        session.last_seen_at = at
      }
      return session
    },

    /** Signs one browser out: its token signs no one in again. */
    async revoke(handle: DatabaseHandle, token: string, now: Date): Promise<void> {
      if (!sessionTokenPattern.test(token)) return
      await loose(handle.db)
        .updateTable(table)
        .set({ revoked_at: now.toISOString() })
        .where('id', '=', secretTokenKey(token))
        .where('revoked_at', 'is', null)
        .execute()
    },

    /** Signs every browser of `ownerId` out; how many sessions were live. */
    async revokeAll(executor: Executor, ownerId: number, now: Date): Promise<number> {
      const result = await loose(executor)
        .updateTable(table)
        .set({ revoked_at: now.toISOString() })
        .where(owner, '=', ownerId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst()
      return Number(result.numUpdatedRows)
    },

    /** The sessions of `ownerId` still live at `now`, newest first. */
    async listLive(handle: DatabaseHandle, ownerId: number, now: Date): Promise<Session[]> {
      const rows = (await loose(handle.db)
        .selectFrom(table)
        .selectAll()
        .where(owner, '=', ownerId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now.toISOString())
        .orderBy('created_at', 'desc')
        .execute()) as Session[]
      return rows.filter((row) => isLive(row, now))
    },

    /** Deletes the sessions unused for the retention period (the maintenance job). */
    async purge(handle: DatabaseHandle, now: Date): Promise<number> {
      const cutoff = new Date(now.getTime() - settings.retentionDays * 86_400_000)
      const result = await loose(handle.db)
        .deleteFrom(table)
        .where('last_seen_at', '<', cutoff.toISOString())
        .executeTakeFirst()
      return Number(result.numDeletedRows)
    },
  }
}
