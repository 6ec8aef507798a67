import { PostgresAdapter, sql, type Kysely, type Transaction } from 'kysely'
import type { Database } from './schema'
import type { DatabaseHandle } from './connect.server'
import { isSqliteBusy } from './sqlite-busy'

/**
 * SQLite's BEGIN IMMEDIATE, retried with short pauses while another connection
 * holds the write lock. better-sqlite3's own busy timeout would sleep the whole
 * thread instead: every request of the process stalls meanwhile, and a lock
 * held by another connection of this same process could never be released.
 */
export async function beginImmediateWaiting(
  connection: Kysely<Database>,
  waitMs: number,
): Promise<void> {
  const configured = await sql<{ timeout: number }>`pragma busy_timeout`.execute(connection)
  const busyTimeout = Math.trunc(configured.rows[0]?.timeout ?? 0)
  await sql`pragma busy_timeout = 0`.execute(connection)
  try {
    const deadline = Date.now() + waitMs
    for (let pause = 5; ; pause = Math.min(pause * 2, 250)) {
      try {
        await sql`begin immediate`.execute(connection)
        return
      } catch (error) {
        if (!isSqliteBusy(error) || Date.now() > deadline) throw error
        await new Promise((resolve) => setTimeout(resolve, pause))
      }
    }
  } finally {
    await sql`pragma busy_timeout = ${sql.raw(String(busyTimeout))}`.execute(connection)
  }
}

/** How long a SQLite write transaction waits for another process's write lock. */
const SQLITE_WRITE_WAIT_MS = 5_000

/**
 * Runs `work` in one write transaction. On SQLite it starts with BEGIN
 * IMMEDIATE, taking the write lock up front so two processes never both read
 * then fail to write (waiting for it without blocking the event loop); on
 * PostgreSQL a plain transaction (callers lock the rows they read with `lockedRead`).
 */
export async function writeTransaction<T>(
  handle: DatabaseHandle,
  work: (trx: Kysely<Database> | Transaction<Database>) => Promise<T>,
): Promise<T> {
  const committed: (() => void)[] = []
  const inTransaction = (trx: Kysely<Database> | Transaction<Database>) => {
    waitingForCommit.set(trx, committed)
    return work(trx)
  }
  let result: T
  if (handle.dialect === 'postgres') {
    result = await handle.db.transaction().execute(inTransaction)
  } else {
    result = await handle.db.connection().execute(async (connection) => {
      await beginImmediateWaiting(connection, SQLITE_WRITE_WAIT_MS)
      try {
        const value = await inTransaction(connection)
        await sql`commit`.execute(connection)
        return value
      } catch (error) {
        await sql`rollback`.execute(connection)
        throw error
      } finally {
        waitingForCommit.delete(connection)
      }
    })
  }
  for (const callback of committed) callback()
  return result
}

/** What each open write transaction does once it has committed (see afterCommit). */
const waitingForCommit = new WeakMap<object, (() => void)[]>()

/**
 * Runs `callback` once what `executor` wrote is committed: at the end of its
 * write transaction, or at once outside one (each statement commits itself).
 * A transaction rolled back drops it. For facts that must be counted only when
 * they happened (the metrics); the callback must not throw.
 */
export function afterCommit(
  executor: Kysely<Database> | Transaction<Database>,
  callback: () => void,
) {
  const waiting = waitingForCommit.get(executor)
  if (waiting) waiting.push(callback)
  else callback()
}

/**
 * A read inside `writeTransaction` whose rows stay locked until the transaction
 * ends: FOR UPDATE on PostgreSQL, where another instance could change them
 * meanwhile; on SQLite the transaction already holds the file's write lock
 * (BEGIN IMMEDIATE), so the plain read gives the same guarantee.
 */
export function lockedRead<Query extends { forUpdate(): Query }>(
  trx: Kysely<Database> | Transaction<Database>,
  query: Query,
): Query {
  return trx.getExecutor().adapter instanceof PostgresAdapter ? query.forUpdate() : query
}
