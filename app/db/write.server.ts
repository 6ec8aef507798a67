import { sql, type Kysely, type Transaction } from 'kysely'
import type { Database } from './schema'
import type { DatabaseHandle } from './connect.server'

/**
 * Runs `work` in one write transaction. On SQLite it starts with BEGIN
 * IMMEDIATE, taking the write lock up front so two processes never both read
 * then fail to write; on PostgreSQL a plain transaction (callers lock rows with
 * `forUpdate`).
 */
export async function writeTransaction<T>(
  handle: DatabaseHandle,
  work: (trx: Kysely<Database> | Transaction<Database>) => Promise<T>,
): Promise<T> {
  if (handle.dialect === 'postgres') return handle.db.transaction().execute(work)
  return handle.db.connection().execute(async (connection) => {
    await sql`begin immediate`.execute(connection)
    try {
      const result = await work(connection)
      await sql`commit`.execute(connection)
      return result
    } catch (error) {
      await sql`rollback`.execute(connection)
      throw error
    }
  })
}
