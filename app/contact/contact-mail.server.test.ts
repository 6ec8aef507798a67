import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/connect.server'
import { storageBackends, useMigratedDatabase } from '../../tests/support/database-backends'
import { senderHash, storeContactMessage } from './contact-messages.server'
import { deliverQueuedMessages } from '~/messages/queue.server'
import { queueWaitingContactMails } from './contact-mail.server'

/** The outbox e-mails whose text contains `marker`. */
function mailsWith(marker: string): string[] {
  const outbox = process.env.OUTBOX_DIR!
  return readdirSync(outbox, { withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => readFileSync(join(outbox, entry.name), 'utf8'))
    .filter((mail) => mail.includes(marker))
}

const minutes = (from: Date, count: number) => new Date(from.getTime() + count * 60_000)

describe.each(storageBackends())(
  'contact e-mails through the message queue on $name',
  (backend) => {
    let handle: DatabaseHandle
    const now = new Date()
    let sender = 0

    useMigratedDatabase(backend, (opened) => (handle = opened))

    /** A message stored before the queue took the contact form over, still to be mailed. */
    async function waitingMessage(subject: string, status: 'stored' | 'sending'): Promise<number> {
      const outcome = await storeContactMessage(
        handle,
        {
          fullName: 'Ayşe Yılmaz',
          email: 'ayse@example.com.tr',
          subject,
          message: 'A transfer for twelve, please.',
          language: 'en',
          senderHash: senderHash(`198.51.100.${++sender}`, 'lease-test-secret-0123456789'),
        },
        minutes(now, -60),
      )
      if (!outcome.stored) throw new Error('not stored')
      // As the old sender left it: no queued e-mail, the row waiting (or claimed by a dead process).
      await handle.db.deleteFrom('outgoing_messages').where('id', '=', outcome.mailId!).execute()
      await handle.db
        .updateTable('contact_messages')
        .set({
          mail_status: status,
          mail_claimed_until: status === 'sending' ? minutes(now, -1).toISOString() : null,
        })
        .where('id', '=', outcome.id)
        .execute()
      return outcome.id
    }

    it('queues a new message with its storing, and sends it once', async () => {
      const subject = `Fresh ${backend.name} ${now.getTime()}`
      const outcome = await storeContactMessage(
        handle,
        {
          fullName: 'Ali Kaya',
          email: 'ali@example.com',
          subject,
          message: 'Two cars for a wedding.',
          language: 'tr',
          senderHash: senderHash('198.51.100.200', 'lease-test-secret-0123456789'),
        },
        now,
      )
      if (!outcome.stored) throw new Error('not stored')
      await Promise.all([deliverQueuedMessages(handle, now), deliverQueuedMessages(handle, now)])
      expect(mailsWith(subject)).toHaveLength(1)
    })

    it('queues and sends each message left waiting by the old sender once, when two runs overlap', async () => {
      const subjects = [1, 2, 3, 4].map(
        (index) => `Overlap ${index} ${backend.name} ${now.getTime()}`,
      )
      for (const [index, subject] of subjects.entries()) {
        await waitingMessage(subject, index % 2 ? 'sending' : 'stored')
      }
      const queued = await Promise.all([
        queueWaitingContactMails(handle, now).catch(() => 0),
        queueWaitingContactMails(handle, now).catch(() => 0),
      ])
      expect(queued[0] + queued[1]).toBe(subjects.length)
      await deliverQueuedMessages(handle, now)
      for (const subject of subjects) expect(mailsWith(subject)).toHaveLength(1)
      expect(await queueWaitingContactMails(handle, now)).toBe(0)
    })

    it('queues the e-mail of a message stored after the last one was deleted', async () => {
      const store = (subject: string, at: Date) =>
        storeContactMessage(
          handle,
          {
            fullName: 'Ali Kaya',
            email: 'ali@example.com',
            subject,
            message: 'A car for Friday.',
            language: 'en',
            senderHash: senderHash(`198.51.100.${++sender}`, 'lease-test-secret-0123456789'),
          },
          at,
        )
      const first = await store(`Deleted ${backend.name}`, minutes(now, -2))
      if (!first.stored) throw new Error('not stored')
      // As the retention job (or a test) removes a message: SQLite may give its id to the next.
      await handle.db.deleteFrom('contact_messages').where('id', '=', first.id).execute()
      const subject = `After the deleted one ${backend.name} ${now.getTime()}`
      const second = await store(subject, minutes(now, -1))
      if (!second.stored) throw new Error('not stored')
      expect(second.mailId).toBeTypeOf('number')
      await deliverQueuedMessages(handle, now)
      expect(mailsWith(subject)).toHaveLength(1)
    })
  },
)
