import { rmSync } from 'node:fs'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { postgresAdminUrl, postgresBackend } from '../support/database-backends'
import { runNode, scratchFolder, startServer, type RunningServer } from './server-process'

const running: RunningServer[] = []
afterAll(async () => {
  await Promise.all(running.map((server) => server.stop('SIGKILL')))
})

/**
 * The built server's own start-up (what server.js awaits before it listens),
 * held until stdin says go: processes loaded beforehand then open and migrate
 * the database within a millisecond of each other.
 */
const startupOnSignal = `
const build = await import('./build/server/index.js')
process.stdout.write('loaded\\n')
await new Promise((resolve) => process.stdin.once('data', resolve))
await build.entry.module.startup()
process.stdout.write('started\\n')
process.exit(0)
`

async function waitForLine(lines: string[], text: string) {
  for (let waited = 0; waited < 30_000 && !lines.includes(text); waited += 20) {
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

describe('instances starting at once on one new SQLite file', () => {
  it.each([1, 2, 3, 4, 5])('all migrate it, one after the other (round %i)', async () => {
    const folder = scratchFolder()
    const env = {
      DATABASE_URL: join(folder, 'shared.sqlite'),
      SESSION_SECRET: 'process-test-secret-not-for-production',
      OUTBOX_DIR: join(folder, 'outbox'),
    }
    try {
      const starts = [1, 2, 3].map(() =>
        runNode(['--input-type=module', '-e', startupOnSignal], env),
      )
      await Promise.all(starts.map((start) => waitForLine(start.lines, 'loaded')))
      for (const start of starts) start.child.stdin?.write('go\n')
      const codes = await Promise.all(starts.map((start) => start.exited))
      const failures = starts.flatMap((start) => start.lines.filter((line) => /error/i.test(line)))
      expect(failures).toEqual([])
      expect(codes).toEqual([0, 0, 0])
    } finally {
      rmSync(folder, { recursive: true, force: true })
    }
  })

  it('two servers on one new file both serve', async () => {
    const folder = scratchFolder()
    const env = { DATABASE_URL: join(folder, 'shared.sqlite') }
    try {
      const servers = await Promise.allSettled([startServer(env), startServer(env)])
      for (const server of servers) if (server.status === 'fulfilled') running.push(server.value)
      expect(servers.map((server) => server.status)).toEqual(['fulfilled', 'fulfilled'])
      for (const server of servers) {
        if (server.status !== 'fulfilled') continue
        expect((await fetch(`${server.value.url}/readyz`)).status).toBe(200)
        await server.value.stop()
      }
    } finally {
      rmSync(folder, { recursive: true, force: true })
    }
  })
})

describe('a server on PostgreSQL when the database ends its connections', () => {
  const backend = postgresBackend()
  afterAll(async () => {
    await backend.close()
  })

  it('logs it, keeps running and is ready again', async () => {
    await (await backend.open()).db.destroy()
    const server = await startServer({ DATABASE_URL: backend.url! })
    running.push(server)
    // A few requests at once leave several idle connections in the pool.
    const answers = await Promise.all([1, 2, 3].map(() => fetch(`${server.url}/readyz`)))
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200])

    // What a database restart or failover does to every open connection.
    const admin = new pg.Client({ connectionString: postgresAdminUrl })
    await admin.connect()
    const { rowCount } = await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1',
      [new URL(backend.url!).pathname.slice(1)],
    )
    await admin.end()
    expect(rowCount).toBeGreaterThan(0)
    await new Promise((resolve) => setTimeout(resolve, 500))

    expect(server.child.exitCode).toBeNull()
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200)
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
    expect(server.logs().some((line) => line.event === 'database.connection_lost')).toBe(true)
    await server.stop()
  })
})
