import { execFile } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { root, scratchFolder, startServer, type RunningServer } from './server-process'

const script = join(root, 'scripts/backup.mjs')

interface Run {
  code: number
  stdout: string
  stderr: string
}

/** Runs `node scripts/backup.mjs [target]` in `cwd` with only the given settings. */
function backup(cwd: string, env: Record<string, string>, target?: string): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      target ? [script, target] : [script],
      { cwd, env: { PATH: process.env.PATH ?? '', ...env }, timeout: 60_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    )
  })
}

function hidden(html: string, name: string): string {
  const match = new RegExp(`name="${name}" value="([^"]*)"`).exec(html)
  if (!match) throw new Error(`no hidden field ${name}`)
  return match[1]!
}

/**
 * A traveller choosing a car, over and over: each round opens the vehicle page
 * and presses Select, which stores a new draft and its 'draft' event in one
 * transaction. Each writer has its own client address (the server trusts one
 * proxy hop here), so a per-client limit on new drafts does not stop the writes.
 */
async function keepSelecting(site: string, writer: number, running: () => boolean) {
  const date = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10)
  const trip = { date, time: '10:00', pickup: 'SAW', destination: 'Şile' }
  for (let round = 0; running(); round++) {
    const headers = { 'x-forwarded-for': `10.77.${writer}.${round % 250}` }
    const page = await fetch(`${site}/booking-vehicle?${new URLSearchParams(trip)}`, { headers })
    const html = await page.text()
    const select = await fetch(`${site}/booking-vehicle`, {
      method: 'POST',
      redirect: 'manual',
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        ...trip,
        currency: hidden(html, 'currency'),
        page: hidden(html, 'page'),
        shownPrice: hidden(html, 'shownPrice'),
        vehicleClass: /<button type="submit" value="([^"]+)"[^>]*name="vehicleClass"/.exec(
          html,
        )![1]!,
      }),
    })
    expect(select.status).toBe(303)
  }
}

function bookingIds(file: string): Set<string> {
  const database = new Database(file, { readonly: true, fileMustExist: true })
  try {
    const rows = database.prepare('select id from bookings').all() as { id: string }[]
    return new Set(rows.map((row) => row.id))
  } finally {
    database.close()
  }
}

describe('npm run backup on a SQLite database', () => {
  let folder: string
  let server: RunningServer
  const databaseFile = () => join(folder, 'site.sqlite')

  beforeAll(async () => {
    folder = scratchFolder()
    server = await startServer({
      DATABASE_URL: join(folder, 'site.sqlite'),
      OUTBOX_DIR: join(folder, 'outbox'),
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'warn',
    })
  })
  afterAll(async () => {
    await server?.stop()
  })

  it('copies a consistent database while the site keeps writing bookings', async () => {
    let running = true
    const writers = Array.from({ length: 4 }, (_, writer) =>
      keepSelecting(server.url, writer, () => running),
    )
    try {
      for (let waited = 0; bookingIds(databaseFile()).size < 40; waited += 100) {
        if (waited > 45_000) throw new Error('the writers stored too few drafts')
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      // Whatever was committed before the backup began must be in the copy. The
      // server's connection keeps recent commits in the WAL file, so a plain
      // copy of the database file would lack them.
      const committedBefore = bookingIds(databaseFile())
      const target = join(folder, 'copies', 'during-writes.sqlite')
      const run = await backup(folder, { DATABASE_URL: databaseFile() }, target)
      expect(run.stderr).toBe('')
      expect(run.code).toBe(0)
      const report = JSON.parse(run.stdout.trim()) as Record<string, unknown>
      expect(report).toMatchObject({ event: 'backup.written', file: target })

      const writtenAfter = bookingIds(databaseFile())
      const copy = new Database(target, { readonly: true, fileMustExist: true })
      try {
        expect(copy.pragma('integrity_check', { simple: true })).toBe('ok')
        const copied = bookingIds(target)
        expect(report.bookings).toBe(copied.size)
        expect([...committedBefore].filter((id) => !copied.has(id))).toEqual([])
        // A snapshot, not a mix: every copied draft has the event written with it.
        const withoutEvent = copy
          .prepare(
            `select count(*) as n from bookings b
             where not exists (select 1 from booking_events e where e.booking_id = b.id)`,
          )
          .get() as { n: number }
        expect(withoutEvent.n).toBe(0)
      } finally {
        copy.close()
      }
      // The site really was writing while the copy was taken.
      expect(writtenAfter.size).toBeGreaterThan(committedBefore.size)
      expect(readdirSync(join(folder, 'copies'))).toEqual(['during-writes.sqlite'])
    } finally {
      running = false
      await Promise.all(writers)
    }
  })

  it('writes to data/backups/marmara-<timestamp>.sqlite by default and never overwrites', async () => {
    const site = scratchFolder()
    mkdirSync(join(site, 'data'))
    const original = new Database(join(site, 'data', 'marmara.sqlite'))
    original.exec("create table bookings (id text primary key); insert into bookings values ('b1')")
    original.close()

    const first = await backup(site, {})
    expect(first.code).toBe(0)
    const [name, ...others] = readdirSync(join(site, 'data', 'backups'))
    expect(others).toEqual([])
    expect(name).toMatch(/^marmara-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.sqlite$/)
    expect(bookingIds(join(site, 'data', 'backups', name!))).toEqual(new Set(['b1']))

    const target = join(site, 'kept.sqlite')
    writeFileSync(target, 'an earlier backup')
    const refused = await backup(site, {}, target)
    expect(refused.code).not.toBe(0)
    expect(refused.stderr).toContain('exists already')
    expect(readFileSync(target, 'utf8')).toBe('an earlier backup')
  })

  it('fails without creating anything when the database file is missing', async () => {
    const site = scratchFolder()
    const run = await backup(site, { DATABASE_URL: 'data/nothing-here.sqlite' })
    expect(run.code).not.toBe(0)
    expect(run.stderr).toContain('no database at')
    expect(existsSync(join(site, 'data'))).toBe(false)
  })

  it('points to pg_dump and exits non-zero on a PostgreSQL DATABASE_URL', async () => {
    const run = await backup(scratchFolder(), {
      DATABASE_URL: 'postgres://root@127.0.0.1:5432/marmara',
    })
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('pg_dump')
  })
})
