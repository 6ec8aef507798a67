import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/connect.server'
import { writeTransaction } from '~/db/write.server'
import { createMailer, type Mailer } from '~/adapters/mail/mailer.server'
import { storageBackends, useMigratedDatabase } from '../../tests/support/database-backends'
import {
  deliverMail,
  deliverQueuedMail,
  MAX_MAIL_ATTEMPTS,
  queueMail,
} from './outgoing-mail.server'

const now = new Date('2026-11-20T08:00:00Z')
const later = (minutes: number) => new Date(now.getTime() + minutes * 60_000)

const message = {
  dedupeKey: 'reminder:booking-1',
  kind: 'traveller.reminder',
  bookingId: null,
  to: 'traveller@example.com',
  subject: 'Your transfer tomorrow',
  text: 'See you tomorrow.',
  html: '<p>See you tomorrow.</p>',
  attachments: [{ filename: 'ride.ics', content: 'BEGIN:VCALENDAR', contentType: 'text/calendar' }],
}

/** A mailer that refuses every message, as a mail server that is down would. */
const downMailer: Mailer = {
  send: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:2525')),
}

describe.each(storageBackends())('the outgoing mail queue on $name', (backend) => {
  let handle: DatabaseHandle
  let outboxDir: string
  let outbox: Mailer
  useMigratedDatabase(backend, (opened) => (handle = opened))

  beforeEach(async () => {
    outboxDir = await mkdtemp(path.join(os.tmpdir(), 'outgoing-mail-'))
    outbox = createMailer({ outboxDir })
  })
  afterEach(() => rm(outboxDir, { recursive: true, force: true }))

  it('queues a message once per key and sends it once, attachments included', async () => {
    const first = await writeTransaction(handle, (trx) => queueMail(trx, message, now))
    const again = await queueMail(handle.db, { ...message, subject: 'Another' }, now)
    expect(first).toBeTypeOf('number')
    expect(again).toBeUndefined()

    const outcomes = await Promise.all([
      deliverMail(handle, first!, now, outbox),
      deliverMail(handle, first!, now, outbox),
    ])
    expect(outcomes.sort()).toEqual(['sent', 'skipped'])
    const files = await readdir(outboxDir)
    expect(files).toHaveLength(1)
    const eml = await readFile(path.join(outboxDir, files[0]!), 'utf8')
    expect(eml).toContain('Subject: Your transfer tomorrow')
    expect(eml).toContain('ride.ics')
    expect(await deliverQueuedMail(handle, later(60), outbox)).toBe(0)
  })

  /** A message of its own for each test: the database lives for the whole file. */
  async function queued(key: string) {
    const id = await queueMail(handle.db, { ...message, dedupeKey: key }, now)
    expect(id).toBeTypeOf('number')
    return id!
  }

  it('puts a failed send back with a pause, and the periodic job sends it after', async () => {
    const id = await queued('pause')
    expect(await deliverMail(handle, id, now, downMailer)).toBe('failed')
    // Within the pause nothing is tried; after it, the job sends.
    expect(await deliverQueuedMail(handle, later(1), outbox)).toBe(0)
    expect(await deliverQueuedMail(handle, later(6), outbox)).toBe(1)
    const row = await handle.db
      .selectFrom('outgoing_mail')
      .select(['status', 'attempts'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ status: 'sent', attempts: 2 })
  })

  it('leaves a send within its lease alone and takes over one whose lease ran out', async () => {
    const id = await queued('lease')
    // A process claimed it and died: the row stays 'sending' under its lease.
    const stuck: Mailer = { send: () => new Promise<never>(() => {}) }
    void deliverMail(handle, id, now, stuck)
    await expect.poll(async () => (await statusOf(id)).status).toBe('sending')
    expect(await deliverQueuedMail(handle, later(5), outbox)).toBe(0)
    expect(await deliverQueuedMail(handle, later(11), outbox)).toBe(1)
  })

  it('gives up after the last try and leaves the message failed', async () => {
    const id = await queued('give-up')
    let at = now
    for (let attempt = 1; attempt <= MAX_MAIL_ATTEMPTS; attempt++) {
      expect(await deliverMail(handle, id, at, downMailer)).toBe('failed')
      at = new Date(at.getTime() + 6 * 60_000)
    }
    expect(await statusOf(id)).toEqual({ status: 'failed', attempts: MAX_MAIL_ATTEMPTS })
    expect(await deliverQueuedMail(handle, later(24 * 60), outbox)).toBe(0)
  })

  async function statusOf(id: number) {
    return handle.db
      .selectFrom('outgoing_mail')
      .select(['status', 'attempts'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  }
})
