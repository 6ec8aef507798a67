import { sql } from 'kysely'
import { getEnv } from '~/config/env.server'
import { logger } from '~/utils/logger.server'
import { observeDatabasePool } from '~/utils/metrics.server'
import {
  migrateToLatest,
  migrationLimits,
  openDatabase,
  type DatabaseHandle,
} from './connect.server'

let ready: Promise<DatabaseHandle> | undefined

/**
 * The process's database, opened and migrated on first use (the server asks
 * for it at start, so a broken database stops the start, not a traveller).
 */
export function getDatabase(): Promise<DatabaseHandle> {
  ready ??= (async () => {
    const url = getEnv().DATABASE_URL
    const handle = openDatabase(url)
    if (handle.pool) observeDatabasePool(handle.pool)
    if (handle.dialect === 'postgres') {
      // Its own short-lived connection, whose statements may take minutes
      // (index builds, another instance's migration lock); requests keep the
      // short limits.
      const migrating = openDatabase(url, migrationLimits)
      try {
        await migrateToLatest(migrating.db)
      } finally {
        await migrating.db.destroy()
      }
    } else {
      await migrateToLatest(handle.db)
    }
    logger.info('database.ready', { dialect: handle.dialect })
    return handle
  })()
  return ready
}

/** Whether the database answers a trivial query (the readiness probe). */
export async function databaseAnswers(): Promise<boolean> {
  try {
    const { db } = await getDatabase()
    await sql`select 1`.execute(db)
    return true
  } catch (error) {
    logger.error('database.unreachable', { error: String(error) })
    return false
  }
}
