import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, Socket, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  migrateToLatest,
  openDatabase,
  postgresPoolConfig,
  servingLimits,
  type DatabaseHandle,
} from './connect.server'
import {
  postgresAdminUrl,
  postgresBackend,
  type Backend,
} from '../../tests/support/database-backends'

/** Milliseconds a promise took to settle, and how it settled. */
async function timed<T>(work: Promise<T>) {
  const started = Date.now()
  try {
    return { value: await work, ms: Date.now() - started }
  } catch (error) {
    return { error: error as Error, ms: Date.now() - started }
  }
}

async function migrationNames(handle: DatabaseHandle) {
  const rows = await sql<{
    name: string
  }>`select name from kysely_migration order by name`.execute(handle.db)
  return rows.rows.map((row) => row.name)
}

describe('migrating one SQLite file from two connections at once', () => {
  // Each connection stands for a server process starting beside another one.
  it.each([1, 2, 3, 4])('both finish and the schema is migrated once (round %i)', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'mc-migrate-'))
    const file = join(folder, 'site.sqlite')
    const first = openDatabase(file)
    const second = openDatabase(file)
    try {
      const results = await Promise.allSettled([
        migrateToLatest(first.db),
        migrateToLatest(second.db),
      ])
      expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled'])
      const names = await migrationNames(first)
      expect(new Set(names).size).toBe(names.length)
      expect(names.length).toBeGreaterThanOrEqual(5)
      // The lock wait leaves the connection as it was configured.
      const timeout = await sql<{ timeout: number }>`pragma busy_timeout`.execute(second.db)
      expect(timeout.rows[0]?.timeout).toBe(servingLimits.busyTimeoutMs)
    } finally {
      await first.db.destroy()
      await second.db.destroy()
      rmSync(folder, { recursive: true, force: true })
    }
  })
})

describe('the PostgreSQL pool settings', () => {
  it('bound connecting, statements, open transactions and idle connections, with keep-alive', () => {
    const config = postgresPoolConfig('postgres://root@127.0.0.1:5432/x', servingLimits)
    expect(config).toMatchObject({
      connectionTimeoutMillis: servingLimits.poolWaitTimeoutMs,
      idleTimeoutMillis: servingLimits.idleTimeoutMs,
      statement_timeout: servingLimits.statementTimeoutMs,
      query_timeout: servingLimits.queryTimeoutMs,
      idle_in_transaction_session_timeout: servingLimits.idleInTransactionTimeoutMs,
      keepAlive: true,
    })
    for (const value of Object.values(servingLimits)) {
      expect(value).toBeGreaterThan(0)
      expect(value).toBeLessThanOrEqual(60_000)
    }
    // The server's own statement timeout answers first; the client's is the net for a lost network.
    expect(servingLimits.queryTimeoutMs).toBeGreaterThan(servingLimits.statementTimeoutMs)
  })
})

describe('PostgreSQL under failures', () => {
  let backend: Backend
  let url: string
  const handles: DatabaseHandle[] = []
  const open = (target: string, limits: Parameters<typeof openDatabase>[1]) => {
    const handle = openDatabase(target, limits)
    handles.push(handle)
    return handle
  }

  beforeAll(async () => {
    backend = postgresBackend()
    const handle = await backend.open()
    handles.push(handle)
    await migrateToLatest(handle.db)
    url = backend.url!
  })
  afterAll(async () => {
    for (const handle of handles) await handle.db.destroy().catch(() => undefined)
    await backend.close()
  })

  it('migrates a fresh database from two pools at once (the migrator’s advisory lock)', async () => {
    const fresh = postgresBackend()
    const first = await fresh.open()
    const second = openDatabase(fresh.url!)
    try {
      const results = await Promise.allSettled([
        migrateToLatest(first.db),
        migrateToLatest(second.db),
      ])
      expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled'])
      expect((await migrationNames(first)).length).toBeGreaterThanOrEqual(5)
    } finally {
      await first.db.destroy()
      await second.db.destroy()
      await fresh.close()
    }
  })

  it('lets a burst wait for a free connection longer than a connect may take', async () => {
    // Ten pooled connections, fourteen requests at once: four wait their turn.
    // Before, the connect timeout also bounded that wait and they failed.
    const handle = open(url, { connectTimeoutMs: 300, poolWaitTimeoutMs: 10_000 })
    const burst = await Promise.all(
      Array.from({ length: 14 }, () => timed(sql`select pg_sleep(0.5)`.execute(handle.db))),
    )
    expect(burst.map((query) => query.error?.message)).toEqual(Array(14).fill(undefined))
    expect(Math.max(...burst.map((query) => query.ms))).toBeGreaterThan(900)
  })

  it('cancels a statement that runs past the statement timeout, and keeps the connection', async () => {
    const handle = open(url, { statementTimeoutMs: 300 })
    const slow = await timed(sql`select pg_sleep(3)`.execute(handle.db))
    expect(slow.error?.message).toMatch(/statement timeout/)
    expect(slow.ms).toBeLessThan(2_000)
    const again = await sql<{ one: number }>`select 1 as one`.execute(handle.db)
    expect(again.rows).toEqual([{ one: 1 }])
  })

  it('ends a transaction left idle past the limit, and the pool answers again', async () => {
    const handle = open(url, { idleInTransactionTimeoutMs: 300 })
    const stalled = await timed(
      handle.db.transaction().execute(async (trx) => {
        await sql`select 1`.execute(trx)
        await new Promise((resolve) => setTimeout(resolve, 1_000))
        await sql`select 2`.execute(trx)
      }),
    )
    expect(stalled.error).toBeDefined()
    const again = await sql<{ one: number }>`select 1 as one`.execute(handle.db)
    expect(again.rows).toEqual([{ one: 1 }])
  })

  it('survives the server ending its connections, idle or busy, and answers again', async () => {
    const handle = open(url, {})
    // Three pooled connections: two idle, one in a long statement when the server ends it.
    await Promise.all([1, 2, 3].map(() => sql`select pg_sleep(0.05)`.execute(handle.db)))
    const busy = timed(sql`select pg_sleep(5)`.execute(handle.db))
    await new Promise((resolve) => setTimeout(resolve, 200))
    const admin = new pg.Client({ connectionString: postgresAdminUrl })
    await admin.connect()
    const { rows } = await admin.query<{ ended: boolean }>(
      'select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [new URL(url).pathname.slice(1)],
    )
    await admin.end()
    expect(rows.length).toBeGreaterThanOrEqual(3)
    expect((await busy).error?.message).toMatch(/terminat/)
    await new Promise((resolve) => setTimeout(resolve, 200))
    for (let query = 0; query < 5; query++) {
      const again = await sql<{ one: number }>`select 1 as one`.execute(handle.db)
      expect(again.rows).toEqual([{ one: 1 }])
    }
  })

  describe('a network that stops answering', () => {
    let silent: Server
    let silentPort: number
    const held: Socket[] = []
    beforeAll(async () => {
      // Accepts TCP and never says a word: a firewall dropping packets after the handshake.
      silent = createServer((socket) => held.push(socket))
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
      silentPort = (silent.address() as { port: number }).port
    })
    afterAll(async () => {
      for (const socket of held) socket.destroy()
      await new Promise((resolve) => silent.close(resolve))
    })

    it('gives up connecting within the connect timeout', async () => {
      const handle = open(`postgres://root@127.0.0.1:${silentPort}/nowhere`, {
        connectTimeoutMs: 500,
      })
      const attempt = await timed(sql`select 1`.execute(handle.db))
      expect(attempt.error?.message).toMatch(/timeout/i)
      expect(attempt.ms).toBeLessThan(2_000)
    })

    it('gives up a query whose answer never comes, then uses a fresh connection', async () => {
      // A relay to the real server that can start swallowing everything both ways.
      const target = new URL(url)
      let dropping = false
      const relays: Socket[] = []
      const relay = createServer((client) => {
        const upstream = new Socket()
        upstream.connect(Number(target.port || 5432), target.hostname)
        relays.push(client, upstream)
        client.on('data', (chunk) => dropping || upstream.write(chunk))
        upstream.on('data', (chunk) => dropping || client.write(chunk))
        client.on('error', () => upstream.destroy())
        upstream.on('error', () => client.destroy())
        client.on('close', () => upstream.destroy())
        upstream.on('close', () => client.destroy())
      })
      await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve))
      const relayed = new URL(url)
      relayed.port = String((relay.address() as { port: number }).port)
      relayed.hostname = '127.0.0.1'
      const handle = open(relayed.toString(), { queryTimeoutMs: 500, statementTimeoutMs: 400 })
      try {
        expect((await sql<{ one: number }>`select 1 as one`.execute(handle.db)).rows).toEqual([
          { one: 1 },
        ])
        dropping = true
        const lost = await timed(sql`select 1`.execute(handle.db))
        expect(lost.error?.message).toMatch(/timeout/i)
        expect(lost.ms).toBeLessThan(2_000)
        dropping = false
        // The connection that lost its answer is not handed out again.
        const again = await timed(sql<{ one: number }>`select 1 as one`.execute(handle.db))
        expect(again.error).toBeUndefined()
        expect(again.ms).toBeLessThan(2_000)
      } finally {
        for (const socket of relays) socket.destroy()
        await new Promise((resolve) => relay.close(resolve))
      }
    })
  })
})
