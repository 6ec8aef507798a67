import { randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import { logger } from '~/utils/logger.server'
import type { DatabaseHandle } from './connect.server'
import { writeTransaction } from './write.server'

export type ExclusiveRun<T> = { ran: true; value: T } | { ran: false }

export interface JobLockOptions {
  /** SQLite: how long a lease lasts without renewal (a dead holder blocks the job this long). */
  leaseMs?: number
}

const defaultLeaseMs = 10 * 60_000

/**
 * Runs a periodic job in one instance at a time. If another instance (or this
 * one) is running the same job, returns `{ ran: false }` at once: the next
 * period tries again. PostgreSQL: a session advisory lock, held on one pooled
 * connection for the job's duration, gone with that connection if the process
 * dies. SQLite: a lease row, renewed while the job runs, that another instance
 * may take over once it has run out.
 */
export async function runExclusively<T>(
  handle: DatabaseHandle,
  job: string,
  work: () => Promise<T>,
  options: JobLockOptions = {},
): Promise<ExclusiveRun<T>> {
  if (handle.dialect === 'postgres') {
    return handle.db.connection().execute(async (connection) => {
      // Two 32-bit keys: a space of their own, apart from the single-key
      // transaction locks the rate limits take.
      const { rows } = await sql<{ locked: boolean }>`
        select pg_try_advisory_lock(hashtext('marmara.jobs'), hashtext(${job})) as locked`.execute(
        connection,
      )
      if (!rows[0]?.locked) return { ran: false } as const
      try {
        return { ran: true, value: await work() } as const
      } finally {
        await sql`select pg_advisory_unlock(hashtext('marmara.jobs'), hashtext(${job}))`
          .execute(connection)
          .catch((error: unknown) =>
            // The connection broke: the server already released the lock with it.
            logger.warn('job.unlock_failed', { job, error: String(error) }),
          )
      }
    })
  }
  const leaseMs = options.leaseMs ?? defaultLeaseMs
  const holder = randomBytes(12).toString('base64url')
  if (!(await takeLease(handle, job, holder, leaseMs))) return { ran: false }
  const renewal = setInterval(
    () =>
      void renewLease(handle, job, holder, leaseMs).catch((error: unknown) =>
        logger.warn('job.lease_renewal_failed', { job, error: String(error) }),
      ),
    Math.max(leaseMs / 3, 10),
  )
  renewal.unref()
  try {
    return { ran: true, value: await work() }
  } finally {
    clearInterval(renewal)
    await handle.db
      .deleteFrom('job_leases')
      .where('name', '=', job)
      .where('holder', '=', holder)
      .execute()
  }
}

async function takeLease(handle: DatabaseHandle, job: string, holder: string, leaseMs: number) {
  // Leases compare the real clock, never a job's own notion of "now" (tests move that).
  const now = new Date()
  return writeTransaction(handle, async (trx) => {
    const current = await trx
      .selectFrom('job_leases')
      .select(['holder', 'expires_at'])
      .where('name', '=', job)
      .executeTakeFirst()
    if (current && current.expires_at > now.toISOString()) return false
    const expires = new Date(now.getTime() + leaseMs).toISOString()
    if (current) {
      logger.warn('job.lease_taken_over', { job, expiredAt: current.expires_at })
      await trx
        .updateTable('job_leases')
        .set({ holder, expires_at: expires })
        .where('name', '=', job)
        .execute()
    } else {
      await trx
        .insertInto('job_leases')
        .values({ name: job, holder, expires_at: expires })
        .execute()
    }
    return true
  })
}

async function renewLease(handle: DatabaseHandle, job: string, holder: string, leaseMs: number) {
  await handle.db
    .updateTable('job_leases')
    .set({ expires_at: new Date(Date.now() + leaseMs).toISOString() })
    .where('name', '=', job)
    .where('holder', '=', holder)
    .execute()
}
