import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { deliverMessage } from '~/messages/queue.server'
import type { DatabaseHandle } from '~/db/connect.server'
import { storageBackends, useMigratedDatabase } from '../../tests/support/database-backends'
import { contactRateLimit } from './contact-schema'
import {
  recentMessagesFrom,
  senderHash,
  storeContactMessage,
  type ContactMessageInput,
} from './contact-messages.server'

const secret = 'unit-test-secret-0123456789'

function message(sender: string, subject = 'Airport transfer'): ContactMessageInput {
  return {
    fullName: 'Ayşe Yılmaz',
    email: 'ayse@example.com.tr',
    subject,
    message: 'Twelve of us land at IST on 3 May: can you take us to Beşiktaş?',
    language: 'tr',
    senderHash: senderHash(sender, secret),
  }
}

const minutes = (from: Date, count: number) => new Date(from.getTime() + count * 60_000)

describe('the sender hash', () => {
  it('is a keyed SHA-256 that never shows the address', () => {
    const hash = senderHash('203.0.113.9', secret)
    expect(hash).toMatch(/^[0-9a-f]{64}$/)
    expect(hash).not.toContain('203')
    expect(senderHash('203.0.113.9', secret)).toBe(hash)
    expect(senderHash('203.0.113.10', secret)).not.toBe(hash)
    expect(senderHash('203.0.113.9', 'another-secret-0123456789')).not.toBe(hash)
  })
})

describe.each(storageBackends())('contact messages on $name', (backend) => {
  let handle: DatabaseHandle
  const now = new Date('2026-11-22T08:00:00Z')

  useMigratedDatabase(backend, (opened) => (handle = opened))

  it('stores a message as it came, waiting for the mailer', async () => {
    const input = message('198.51.100.1')
    const outcome = await storeContactMessage(handle, input, now)
    expect(outcome).toEqual({ stored: true, id: expect.any(Number), mailId: expect.any(Number) })
    const row = await handle.db
      .selectFrom('contact_messages')
      .selectAll()
      .where('id', '=', outcome.stored ? outcome.id : -1)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({
      id: outcome.stored ? outcome.id : -1,
      full_name: input.fullName,
      email: input.email,
      subject: input.subject,
      message: input.message,
      language: 'tr',
      sender_hash: input.senderHash,
      mail_status: 'queued',
      created_at: now.toISOString(),
      mailed_at: null,
      mail_claimed_until: null,
    })
  })

  it('hands a message to the company inbox once, with the sender as Reply-To', async () => {
    const input = { ...message('198.51.100.9'), subject: `Group transfer ${backend.name}` }
    const outcome = await storeContactMessage(handle, input, now)
    const mailId = outcome.stored ? outcome.mailId! : -1
    const sent = await Promise.all([
      deliverMessage(handle, mailId, now),
      deliverMessage(handle, mailId, now),
    ])
    expect(sent.sort()).toEqual(['sent', 'skipped'])
    const outbox = process.env.OUTBOX_DIR!
    const mails = readdirSync(outbox)
      .filter((file) => file.endsWith('.eml'))
      .map((file) => readFileSync(join(outbox, file), 'utf8'))
      .filter((mail) => mail.includes(`Group transfer ${backend.name}`))
    expect(mails).toHaveLength(1)
    expect(mails[0]).toMatch(/^To: reservations@marmarachauffeur\.com$/m)
    expect(mails[0]).toMatch(/^Reply-To: .*<ayse@example\.com\.tr>$/m)
  })

  it('counts only the sender’s own messages since the given moment', async () => {
    const sender = message('198.51.100.2').senderHash
    await storeContactMessage(handle, message('198.51.100.2'), minutes(now, -30))
    await storeContactMessage(handle, message('198.51.100.2'), minutes(now, -5))
    await storeContactMessage(handle, message('198.51.100.2'), now)
    await storeContactMessage(handle, message('198.51.100.3'), now)
    expect(await recentMessagesFrom(handle, sender, minutes(now, -10))).toBe(2)
    expect(await recentMessagesFrom(handle, sender, minutes(now, -60))).toBe(3)
    expect(await recentMessagesFrom(handle, senderHash('198.51.100.99', secret), now)).toBe(0)
  })

  it(`takes ${contactRateLimit.maxMessages} messages in ten minutes, refuses the next, and takes one again later`, async () => {
    const sender = '198.51.100.4'
    for (let index = 0; index < contactRateLimit.maxMessages; index++) {
      const outcome = await storeContactMessage(handle, message(sender), minutes(now, index))
      expect(outcome.stored).toBe(true)
    }
    const sixth = minutes(now, contactRateLimit.maxMessages)
    expect(await storeContactMessage(handle, message(sender, 'sixth'), sixth)).toEqual({
      stored: false,
      reason: 'rate-limited',
    })
    const hash = message(sender).senderHash
    expect(await recentMessagesFrom(handle, hash, now)).toBe(contactRateLimit.maxMessages)
    // Another sender is not held back.
    expect((await storeContactMessage(handle, message('198.51.100.5'), sixth)).stored).toBe(true)
    // Once the first message is more than ten minutes old, its place is free again.
    expect((await storeContactMessage(handle, message(sender), minutes(now, 11))).stored).toBe(true)
  })

  it('lets no more than the limit through when one sender posts many at once', async () => {
    const sender = '198.51.100.6'
    const outcomes = await Promise.all(
      Array.from({ length: contactRateLimit.maxMessages + 3 }, () =>
        storeContactMessage(handle, message(sender), now),
      ),
    )
    expect(outcomes.filter((outcome) => outcome.stored)).toHaveLength(contactRateLimit.maxMessages)
    expect(await recentMessagesFrom(handle, message(sender).senderHash, minutes(now, -1))).toBe(
      contactRateLimit.maxMessages,
    )
  })
})
