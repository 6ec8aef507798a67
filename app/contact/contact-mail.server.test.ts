import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/connect.server'
import { storageBackends, useMigratedDatabase } from '../../tests/support/database-backends'
import { senderHash, storeContactMessage } from './contact-messages.server'
import { mailContactMessage, retryContactMails } from './contact-mail.server'

/** The outbox e-mails whose text contains `marker`. */
function mailsWith(marker: string): string[] {
  const outbox = process.env.OUTBOX_DIR!
  return readdirSync(outbox, { withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => readFileSync(join(outbox, entry.name), 'utf8'))
    .filter((mail) => mail.includes(marker))
}

const minutes = (from: Date, count: number) => new Date(from.getTime() + count * 60_000)

describe.each(storageBackends())('contact e-mails claimed with a lease on $name', (backend) => {
  let handle: DatabaseHandle
  const now = new Date()
  let sender = 0

  useMigratedDatabase(backend, (opened) => (handle = opened))

  /** A message stored an hour ago whose first send never happened (the process stopped). */
  async function waitingMessage(subject: string): Promise<number> {
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
    return outcome.id
  }

  async function row(id: number) {
    return handle.db
      .selectFrom('contact_messages')
      .select(['mail_status', 'mail_claimed_until'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  }

  it('sends each waiting message once when two retry runs overlap', async () => {
    const subjects = [1, 2, 3, 4].map(
      (index) => `Overlap ${index} ${backend.name} ${now.getTime()}`,
    )
    for (const subject of subjects) await waitingMessage(subject)
    const sent = await Promise.all([
      retryContactMails(handle, now),
      retryContactMails(handle, now),
      retryContactMails(handle, now),
    ])
    expect(sent.reduce((sum, count) => sum + count, 0)).toBe(subjects.length)
    for (const subject of subjects) expect(mailsWith(subject)).toHaveLength(1)
  })

  it('leaves a send within its lease alone, however old the message', async () => {
    const subject = `In flight ${backend.name} ${now.getTime()}`
    const id = await waitingMessage(subject)
    // Another instance claimed it a minute ago and is still talking to the SMTP server.
    await handle.db
      .updateTable('contact_messages')
      .set({ mail_status: 'sending', mail_claimed_until: minutes(now, 9).toISOString() })
      .where('id', '=', id)
      .execute()
    expect(await retryContactMails(handle, now)).toBe(0)
    expect(await mailContactMessage(handle, id, now)).toBe(false)
    expect(mailsWith(subject)).toHaveLength(0)
    expect((await row(id)).mail_status).toBe('sending')
  })

  it('retries a send whose lease ran out (its process died), once', async () => {
    const subject = `Abandoned ${backend.name} ${now.getTime()}`
    const id = await waitingMessage(subject)
    await handle.db
      .updateTable('contact_messages')
      .set({ mail_status: 'sending', mail_claimed_until: minutes(now, -1).toISOString() })
      .where('id', '=', id)
      .execute()
    const sent = await Promise.all([retryContactMails(handle, now), retryContactMails(handle, now)])
    expect(sent.reduce((sum, count) => sum + count, 0)).toBe(1)
    expect(mailsWith(subject)).toHaveLength(1)
    expect(await row(id)).toEqual({ mail_status: 'sent', mail_claimed_until: null })
  })
})
