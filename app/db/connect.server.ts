import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import SQLite from 'better-sqlite3'
import pg from 'pg'
import {
  Kysely,
  Migrator,
  PostgresDialect,
  SqliteAdapter,
  SqliteDialect,
  sql,
  type Migration,
} from 'kysely'
import { logger } from '~/utils/logger.server'
import { beginImmediateWaiting } from './write.server'
import { isSqliteBusy } from './sqlite-busy'
import type { Database } from './schema'
import * as m0001 from './migrations/0001_bookings'
import * as m0002 from './migrations/0002_booking_details'
import * as m0003 from './migrations/0003_payments'
import * as m0004 from './migrations/0004_payment_attempt_lock'
import * as m0005 from './migrations/0005_leases_and_limits'
import * as m0006 from './migrations/0006_typed_fields'
import * as m0007 from './migrations/0007_staff'
import * as m0008 from './migrations/0008_staff_audit'
import * as m0009 from './migrations/0009_outgoing_mail'
import * as m0010 from './migrations/0010_dispatch'
import * as m0011 from './migrations/0011_refunds'
import * as m0012 from './migrations/0012_staff_second_factor'
import * as m0013 from './migrations/0013_traveller_actions'
import * as m0014 from './migrations/0014_hire_by_the_hour'
import * as m0015 from './migrations/0015_return_trips'
import * as m0016 from './migrations/0016_names_given'
import * as m0017 from './migrations/0017_pickup_address'
import * as m0018 from './migrations/0018_message_queue'
import * as m0019 from './migrations/0019_pickup_code'
import * as m0020 from './migrations/0020_flight_tracking'
import * as m0021 from './migrations/0021_departing_flight'
import * as m0022 from './migrations/0022_price_lists'
import * as m0023 from './migrations/0023_exchange_rate_pins'
import * as m0024 from './migrations/0024_promo_codes'
import * as m0025 from './migrations/0025_traveller_accounts'
import * as m0026 from './migrations/0026_companies'
import * as m0027 from './migrations/0027_session_proof'
import * as m0028 from './migrations/0028_promo_refused'
import * as m0029 from './migrations/0029_return_pickup'
import * as m0030 from './migrations/0030_personal_data_erased'
import * as m0031 from './migrations/0031_capacity'
import * as m0032 from './migrations/0032_minimum_notice'
import * as m0033 from './migrations/0033_driver_hours'
import * as m0034 from './migrations/0034_job_offers'
import * as m0035 from './migrations/0035_ride_positions'
import * as m0036 from './migrations/0036_drivers_limit'
import * as m0037 from './migrations/0037_allowances_route_minutes'
import * as m0038 from './migrations/0038_passenger_identity'
import * as m0039 from './migrations/0039_driver_identity'
import * as m0040 from './migrations/0040_uetds_filings'
import * as m0041 from './migrations/0041_e_invoices'
import * as m0042 from './migrations/0042_ride_reviews'
import * as m0043 from './migrations/0043_ride_tips'
import * as m0044 from './migrations/0044_driver_settlements'

/** Every migration, in order. Bundled with the server, so no folder is read at run time. */
export const migrations: Record<string, Migration> = {
  '0001_bookings': m0001,
  '0002_booking_details': m0002,
  '0003_payments': m0003,
  '0004_payment_attempt_lock': m0004,
  '0005_leases_and_limits': m0005,
  '0006_typed_fields': m0006,
  '0007_staff': m0007,
  '0008_staff_audit': m0008,
  '0009_outgoing_mail': m0009,
  '0010_dispatch': m0010,
  '0011_refunds': m0011,
  '0012_staff_second_factor': m0012,
  '0013_traveller_actions': m0013,
  '0014_hire_by_the_hour': m0014,
  '0015_return_trips': m0015,
  '0016_names_given': m0016,
  '0017_pickup_address': m0017,
  '0018_message_queue': m0018,
  '0019_pickup_code': m0019,
  '0020_flight_tracking': m0020,
  '0021_departing_flight': m0021,
  '0022_price_lists': m0022,
  '0023_exchange_rate_pins': m0023,
  '0024_promo_codes': m0024,
  '0025_traveller_accounts': m0025,
  '0026_companies': m0026,
  '0027_session_proof': m0027,
  '0028_promo_refused': m0028,
  '0029_return_pickup': m0029,
  '0030_personal_data_erased': m0030,
  '0031_capacity': m0031,
  '0032_minimum_notice': m0032,
  '0033_driver_hours': m0033,
  '0034_job_offers': m0034,
  '0035_ride_positions': m0035,
  '0036_drivers_limit': m0036,
  '0037_allowances_route_minutes': m0037,
  '0038_passenger_identity': m0038,
  '0039_driver_identity': m0039,
  '0040_uetds_filings': m0040,
  '0041_e_invoices': m0041,
  '0042_ride_reviews': m0042,
  '0043_ride_tips': m0043,
  '0044_driver_settlements': m0044,
}

export type Dialect = 'sqlite' | 'postgres'

export interface DatabaseHandle {
  db: Kysely<Database>
  dialect: Dialect
  /** PostgreSQL's connection pool, for its gauges (none on SQLite). */
  pool?: pg.Pool
}

/**
 * How long the database may keep a caller waiting, in milliseconds. Without
 * them a database behind a network that drops packets holds every request
 * (and the readiness probe) forever. docs/database.md explains each choice.
 */
export interface ConnectionLimits {
  /** PostgreSQL: opening a connection (TCP and start-up). */
  connectTimeoutMs: number
  /**
   * PostgreSQL: waiting for a free pooled connection while all are busy. Under a
   * burst of bookings a request waits its turn rather than failing: this is
   * longer than a connect, which fails fast when the database is unreachable.
   */
  poolWaitTimeoutMs: number
  /** PostgreSQL, on the server: a statement running longer is cancelled. */
  statementTimeoutMs: number
  /** PostgreSQL, in the client: no answer this long means the network is gone. */
  queryTimeoutMs: number
  /** PostgreSQL, on the server: a session idle inside a transaction is ended (its locks freed). */
  idleInTransactionTimeoutMs: number
  /** PostgreSQL: an unused pooled connection is closed. */
  idleTimeoutMs: number
  /** SQLite: waiting for another process's write lock (busy_timeout). */
  busyTimeoutMs: number
}

/** What requests and jobs run with. */
export const servingLimits: ConnectionLimits = {
  connectTimeoutMs: 5_000,
  poolWaitTimeoutMs: 30_000,
  statementTimeoutMs: 10_000,
  queryTimeoutMs: 15_000,
  idleInTransactionTimeoutMs: 30_000,
  idleTimeoutMs: 30_000,
  busyTimeoutMs: 5_000,
}

/**
 * Migrations may build indexes on large tables and wait for another instance's
 * migration lock: their statements get minutes, not seconds.
 */
export const migrationLimits: ConnectionLimits = {
  ...servingLimits,
  statementTimeoutMs: 15 * 60_000,
  queryTimeoutMs: 15 * 60_000 + 5_000,
}

/**
 * pg's pool uses one setting, connectionTimeoutMillis, both for waiting on a
 * free connection and for opening one. Its clients enforce the connect limit
 * themselves, so a client class carrying the short one leaves the pool's own
 * setting to mean the wait.
 */
function clientWithConnectTimeout(connectTimeoutMs: number): typeof pg.Client {
  return class extends pg.Client {
    constructor(config?: string | pg.ClientConfig) {
      super(
        typeof config === 'string'
          ? { connectionString: config, connectionTimeoutMillis: connectTimeoutMs }
          : { ...config, connectionTimeoutMillis: connectTimeoutMs },
      )
    }
  }
}

/** The pg pool's settings for a URL: the limits, and TCP keep-alive to notice a dead peer. */
export function postgresPoolConfig(url: string, limits: ConnectionLimits): pg.PoolConfig {
  return {
    connectionString: url,
    max: 10,
    Client: clientWithConnectTimeout(limits.connectTimeoutMs),
    connectionTimeoutMillis: limits.poolWaitTimeoutMs,
    idleTimeoutMillis: limits.idleTimeoutMs,
    statement_timeout: limits.statementTimeoutMs,
    query_timeout: limits.queryTimeoutMs,
    idle_in_transaction_session_timeout: limits.idleInTransactionTimeoutMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  }
}

/**
 * A pool that outlives its connections: a restart, failover or network fault
 * ends them with an error event, which unhandled would end the process. Each
 * is logged and the broken connection dropped; the next query opens a new one.
 */
function resilientPool(config: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool(config)
  // Errors of idle connections reach the pool (which already dropped the
  // connection); each connection's own listener below logs them.
  pool.on('error', () => undefined)
  pool.on('connect', (client) => {
    // A connection busy in a query when it breaks reports here, not to the pool.
    client.on('error', (error: Error & { code?: string }) => {
      logger.warn('database.connection_lost', { code: error.code, error: error.message })
    })
    // pg's query_timeout answers the caller but keeps the connection, still
    // waiting for the lost answer: every later query on it would queue behind
    // that. Ending it (at once: `_ending` is set before the caller releases it)
    // makes the pool discard it instead of handing it out again.
    const query = client.query.bind(client) as (...args: unknown[]) => unknown
    ;(client as { query: unknown }).query = (...args: unknown[]) => {
      const result = query(...args)
      if (!(result instanceof Promise)) return result
      return result.catch((error: unknown) => {
        if (error instanceof Error && error.message === 'Query read timeout') {
          logger.warn('database.query_timeout', { timeoutMs: config.query_timeout })
          client.end().catch(() => undefined)
        }
        throw error
      })
    }
  })
  return pool
}

/**
 * Opens the database a URL names: `postgres://…` for PostgreSQL, anything else
 * is a SQLite file path (created with its folder). SQLite runs in WAL mode with
 * a busy timeout, so several processes on one file wait rather than fail.
 */
export function openDatabase(url: string, limits: Partial<ConnectionLimits> = {}): DatabaseHandle {
  const effective = { ...servingLimits, ...limits }
  if (/^postgres(ql)?:\/\//.test(url)) {
    const pool = resilientPool(postgresPoolConfig(url, effective))
    return {
      db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
      dialect: 'postgres',
      pool,
    }
  }
  const file = url.replace(/^sqlite:(\/\/)?/, '')
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true })
  // better-sqlite3 applies the busy timeout from the first statement on; the
  // WAL switch also needs its own retry (switchToWal).
  const database = new SQLite(file, { timeout: effective.busyTimeoutMs })
  switchToWal(database, effective.busyTimeoutMs)
  database.pragma('foreign_keys = ON')
  return {
    db: new Kysely<Database>({ dialect: new SqliteDialect({ database }) }),
    dialect: 'sqlite',
  }
}

/**
 * Puts the file in WAL mode. When several processes open a new file at once,
 * SQLite can answer SQLITE_BUSY (or BUSY_RECOVERY) to the switch without calling the busy
 * handler (one of them is switching at that instant), so it is retried here
 * with short pauses until the busy timeout. This runs once, before the
 * process serves anything, so a blocking pause is harmless.
 */
function switchToWal(database: SQLite.Database, waitMs: number) {
  const deadline = Date.now() + waitMs
  for (let pause = 5; ; pause = Math.min(pause * 2, 250)) {
    try {
      database.pragma('journal_mode = WAL')
      return
    } catch (error) {
      if (!isSqliteBusy(error) || Date.now() > deadline) throw error
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, pause)
    }
  }
}

/** How long a starting process waits for another one's migration on the same SQLite file. */
const SQLITE_MIGRATION_WAIT_MS = 120_000

/**
 * Brings the schema up to date; safe to run from several processes at start.
 * PostgreSQL: kysely's migrator holds an advisory lock. SQLite: kysely's lock
 * does nothing across processes, so the whole run happens inside one
 * BEGIN IMMEDIATE transaction (the file's write lock): a second process waits,
 * then finds the migrations done.
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const run = async (target: Kysely<Database>) => {
    const migrator = new Migrator({
      db: target,
      provider: { getMigrations: async () => migrations },
    })
    const { error, results } = await migrator.migrateToLatest()
    const failed = results?.find((result) => result.status === 'Error')
    if (error || failed) {
      throw new Error(
        `database migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${String(error)}`,
      )
    }
  }
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return run(db)
  return db.connection().execute(async (connection) => {
    await beginImmediateWaiting(connection, SQLITE_MIGRATION_WAIT_MS)
    try {
      await run(connection)
      await sql`commit`.execute(connection)
    } catch (error) {
      await sql`rollback`.execute(connection)
      throw error
    }
  })
}
