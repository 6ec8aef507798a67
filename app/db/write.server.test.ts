import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { afterAll, describe, expect, it } from 'vitest'
import { migrateToLatest, openDatabase, servingLimits } from './connect.server'
import { writeTransaction } from './write.server'

describe('SQLite write transactions from two connections to one file', () => {
  const folder = mkdtempSync(join(tmpdir(), 'mc-write-'))
  const file = join(folder, 'site.sqlite')
  const first = openDatabase(file)
  const second = openDatabase(file)
  afterAll(async () => {
    await first.db.destroy()
    await second.db.destroy()
    rmSync(folder, { recursive: true, force: true })
  })

  it('waits for the other’s write lock without stopping the event loop', async () => {
    await migrateToLatest(first.db)
    const ticks: number[] = []
    const ticker = setInterval(() => ticks.push(Date.now()), 10)
    const order: string[] = []
    try {
      await Promise.all([
        writeTransaction(first, async (trx) => {
          order.push('first begins')
          // Holds the write lock across a pause, as a transaction awaiting I/O does.
          await new Promise((resolve) => setTimeout(resolve, 300))
          await sql`insert into job_leases (name, holder, expires_at) values ('a', 'one', 'x')`.execute(
            trx,
          )
          order.push('first commits')
        }),
        new Promise((resolve) => setTimeout(resolve, 50)).then(() =>
          writeTransaction(second, async (trx) => {
            order.push('second begins')
            await sql`insert into job_leases (name, holder, expires_at) values ('b', 'two', 'x')`.execute(
              trx,
            )
          }),
        ),
      ])
    } finally {
      clearInterval(ticker)
    }
    expect(order).toEqual(['first begins', 'first commits', 'second begins'])
    // The timer kept firing while the second connection waited for the lock.
    expect(ticks.length).toBeGreaterThan(15)
    const timeout = await sql<{ timeout: number }>`pragma busy_timeout`.execute(second.db)
    expect(timeout.rows[0]?.timeout).toBe(servingLimits.busyTimeoutMs)
  })
})
