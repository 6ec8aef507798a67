import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import SQLite from 'better-sqlite3'
import pg from 'pg'
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type Migration } from 'kysely'
import type { Database } from './schema'
import * as m0001 from './migrations/0001_bookings'
import * as m0002 from './migrations/0002_booking_details'
import * as m0003 from './migrations/0003_payments'
import * as m0004 from './migrations/0004_payment_attempt_lock'

/** Every migration, in order. Bundled with the server, so no folder is read at run time. */
const migrations: Record<string, Migration> = {
  '0001_bookings': m0001,
  '0002_booking_details': m0002,
  '0003_payments': m0003,
  '0004_payment_attempt_lock': m0004,
}

export type Dialect = 'sqlite' | 'postgres'

export interface DatabaseHandle {
  db: Kysely<Database>
  dialect: Dialect
}

/**
 * Opens the database a URL names: `postgres://…` for PostgreSQL, anything else
 * is a SQLite file path (created with its folder). SQLite runs in WAL mode with
 * a busy timeout, so several processes on one file wait rather than fail.
 */
export function openDatabase(url: string): DatabaseHandle {
  if (/^postgres(ql)?:\/\//.test(url)) {
    const pool = new pg.Pool({ connectionString: url, max: 10 })
    return {
      db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
      dialect: 'postgres',
    }
  }
  const file = url.replace(/^sqlite:(\/\/)?/, '')
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true })
  const database = new SQLite(file)
  database.pragma('journal_mode = WAL')
  database.pragma('busy_timeout = 5000')
  database.pragma('foreign_keys = ON')
  return {
    db: new Kysely<Database>({ dialect: new SqliteDialect({ database }) }),
    dialect: 'sqlite',
  }
}

/** Brings the schema up to date; safe to run from several processes at start. */
export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } })
  const { error, results } = await migrator.migrateToLatest()
  const failed = results?.find((result) => result.status === 'Error')
  if (error || failed) {
    throw new Error(
      `database migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${String(error)}`,
    )
  }
}
