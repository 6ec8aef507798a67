import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { afterAll, describe, expect, it } from 'vitest'
import { storageBackends, useMigratedDatabase } from '../../tests/support/database-backends'
import { migrateToLatest, openDatabase, servingLimits, type DatabaseHandle } from './connect.server'
import { afterCommit, writeTransaction } from './write.server'

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

describe.each(storageBackends())('work after the commit on $name', (backend) => {
  let handle: DatabaseHandle
  useMigratedDatabase(backend, (opened) => (handle = opened))

  const lease = (name: string) =>
    sql`insert into job_leases (name, holder, expires_at) values (${name}, 'test', 'x')`

  it('runs once the transaction has committed, not before', async () => {
    const seen: string[] = []
    await writeTransaction(handle, async (trx) => {
      await lease('committed').execute(trx)
      afterCommit(trx, () => seen.push('counted'))
      seen.push('still open')
    })
    seen.push('returned')
    expect(seen).toEqual(['still open', 'counted', 'returned'])
  })

  it('is dropped with a transaction that rolls back', async () => {
    const seen: string[] = []
    const refused = new Error('refused halfway')
    await expect(
      writeTransaction(handle, async (trx) => {
        await lease('rolled-back').execute(trx)
        afterCommit(trx, () => seen.push('counted'))
        throw refused
      }),
    ).rejects.toBe(refused)
    // A later transaction does not run what the failed one left behind.
    await writeTransaction(handle, async (trx) => {
      await lease('after').execute(trx)
    })
    expect(seen).toEqual([])
  })

  it('runs at once outside a transaction, where each statement commits itself', async () => {
    const seen: string[] = []
    await lease('alone').execute(handle.db)
    afterCommit(handle.db, () => seen.push('counted'))
    expect(seen).toEqual(['counted'])
  })
})
