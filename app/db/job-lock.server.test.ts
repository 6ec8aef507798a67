import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrateToLatest, openDatabase, type DatabaseHandle } from './connect.server'
import { storageBackends } from '../../tests/support/database-backends'
import { runExclusively } from './job-lock.server'

/** A job that runs until `finish` is called, recording that it started. */
function heldJob() {
  let finish!: () => void
  const done = new Promise<void>((resolve) => (finish = resolve))
  const job = {
    started: 0,
    finish,
    work: async () => {
      job.started++
      await done
      return 'finished'
    },
  }
  return job
}

describe.each(storageBackends())('periodic jobs under a database lock on $name', (backend) => {
  let first: DatabaseHandle
  let second: DatabaseHandle

  beforeAll(async () => {
    first = await backend.open()
    await migrateToLatest(first.db)
    // Another instance on the same database.
    second = backend.url ? openDatabase(backend.url) : await backend.open()
  })
  afterAll(async () => {
    await second.db.destroy()
    await first.db.destroy()
    await backend.close()
  })

  it('runs a job in one instance at a time; the others skip it and run it next time', async () => {
    const held = heldJob()
    const running = runExclusively(first, 'mail', held.work)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(held.started).toBe(1)
    const skipped = await Promise.all([
      runExclusively(second, 'mail', held.work),
      runExclusively(first, 'mail', held.work),
    ])
    expect(skipped).toEqual([{ ran: false }, { ran: false }])
    // Another job is not held back.
    expect(await runExclusively(second, 'other', async () => 'other')).toEqual({
      ran: true,
      value: 'other',
    })
    held.finish()
    expect(await running).toEqual({ ran: true, value: 'finished' })
    expect(held.started).toBe(1)
    expect(await runExclusively(second, 'mail', async () => 'next')).toEqual({
      ran: true,
      value: 'next',
    })
  })

  it('lets the job run again after a run that failed', async () => {
    await expect(
      runExclusively(first, 'failing', async () => {
        throw new Error('provider down')
      }),
    ).rejects.toThrow('provider down')
    expect(await runExclusively(second, 'failing', async () => 'ok')).toEqual({
      ran: true,
      value: 'ok',
    })
  })

  if (backend.name === 'SQLite') {
    it('takes over a lease whose holder died, respects one still running, and renews its own', async () => {
      const past = new Date(Date.now() - 1_000).toISOString()
      const future = new Date(Date.now() + 60_000).toISOString()
      await first.db
        .insertInto('job_leases')
        .values([
          { name: 'dead', holder: 'crashed-instance', expires_at: past },
          { name: 'alive', holder: 'busy-instance', expires_at: future },
        ])
        .execute()
      expect(await runExclusively(first, 'dead', async () => 'taken over')).toEqual({
        ran: true,
        value: 'taken over',
      })
      expect(await runExclusively(first, 'alive', async () => 'no')).toEqual({ ran: false })

      // A run longer than its lease keeps it by renewing.
      const held = heldJob()
      const running = runExclusively(first, 'long', held.work, { leaseMs: 90 })
      for (let check = 0; check < 6; check++) {
        await new Promise((resolve) => setTimeout(resolve, 50))
        expect(await runExclusively(second, 'long', async () => 'no')).toEqual({ ran: false })
      }
      held.finish()
      await running
      expect(
        await first.db.selectFrom('job_leases').selectAll().where('name', '=', 'long').execute(),
      ).toEqual([])
    })
  } else {
    it('is free again as soon as the holding connection dies', async () => {
      const holder = new pg.Client({ connectionString: backend.url })
      await holder.connect()
      await holder.query(`select pg_advisory_lock(hashtext('marmara.jobs'), hashtext('crash'))`)
      expect(await runExclusively(first, 'crash', async () => 'no')).toEqual({ ran: false })
      await holder.end()
      expect(await runExclusively(first, 'crash', async () => 'yes')).toEqual({
        ran: true,
        value: 'yes',
      })
    })
  }
})
