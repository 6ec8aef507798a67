import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll } from 'vitest'
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../../app/db/connect.server'

/**
 * For storage tests, which run twice: on a real SQLite file and on the
 * PostgreSQL server of the machine (a throwaway database per run).
 * TEST_POSTGRES_URL names the server; its default is the local trust-auth cluster.
 */
export const postgresAdminUrl =
  process.env.TEST_POSTGRES_URL ?? 'postgres://root@127.0.0.1:5432/postgres'

export interface Backend {
  name: string
  /** The database's address (PostgreSQL only): further pools on the same database. */
  url?: string
  open: () => Promise<DatabaseHandle>
  /** Another connection to the database `open` made, as a second instance of the app has. */
  openAnother: () => Promise<DatabaseHandle>
  close: () => Promise<void>
}

export function sqliteBackend(): Backend {
  const folder = mkdtempSync(join(tmpdir(), 'mc-sqlite-'))
  return {
    name: 'SQLite',
    open: async () => openDatabase(join(folder, 'data', 'test.db')),
    openAnother: async () => openDatabase(join(folder, 'data', 'test.db')),
    close: async () => rmSync(folder, { recursive: true, force: true }),
  }
}

let postgresDatabases = 0

export function postgresBackend(): Backend {
  // Unique per process and per call: several test files run at once.
  const name = `mc_test_${process.pid}_${Date.now()}_${postgresDatabases++}`
  const admin = () => new pg.Client({ connectionString: postgresAdminUrl })
  const url = new URL(postgresAdminUrl)
  url.pathname = `/${name}`
  return {
    name: 'PostgreSQL',
    url: url.toString(),
    open: async () => {
      const client = admin()
      await client.connect()
      await client.query(`create database ${name}`)
      await client.end()
      return openDatabase(url.toString())
    },
    openAnother: async () => openDatabase(url.toString()),
    close: async () => {
      const client = admin()
      await client.connect()
      // The pool's connections may still be closing: a forced drop would then
      // end them from the server side, and pg reports that as an uncaught error.
      for (let attempt = 0; attempt < 100; attempt++) {
        const { rows } = await client.query<{ open: string }>(
          'select count(*) as open from pg_stat_activity where datname = $1',
          [name],
        )
        if (Number(rows[0]?.open) === 0) break
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      await client.query(`drop database if exists ${name} with (force)`)
      await client.end()
    },
  }
}

/** Both backends, for `describe.each(storageBackends())('… on $name', …)`. */
export function storageBackends(): Backend[] {
  return [sqliteBackend(), postgresBackend()]
}

/**
 * Opens the backend's database, migrated, before the describe block's tests
 * (handing it to `use`) and closes it after them.
 */
export function useMigratedDatabase(backend: Backend, use: (handle: DatabaseHandle) => void) {
  let opened: DatabaseHandle | undefined
  beforeAll(async () => {
    opened = await backend.open()
    await migrateToLatest(opened.db)
    use(opened)
  })
  afterAll(async () => {
    await opened?.db.destroy()
    await backend.close()
  })
}
