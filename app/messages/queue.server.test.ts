import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/connect.server'
import { writeTransaction } from '~/db/write.server'
import { createMailer, type Mailer } from '~/adapters/mail/mailer.server'
import { createOutboxMessenger } from '~/adapters/messaging/outbox-messenger.server'
import { createTwilioMessenger } from '~/adapters/messaging/twilio-messenger.server'
import { storageBackends, useMigratedDatabase } from '../../tests/support/database-backends'
import { startFakeTwilio, type FakeTwilio } from '../../tests/support/twilio-fake-server'
import {
  deliverMessage,
  deliverQueuedMessages,
  MAX_SEND_ATTEMPTS,
  queueMail,
  queueMessage,
  type Transports,
} from './queue.server'
import { recordOptOut } from './opt-outs.server'
import { recordDeliveryReport, recordInboundMessage } from './provider-reports.server'

const now = new Date('2026-11-20T08:00:00Z')
const later = (minutes: number) => new Date(now.getTime() + minutes * 60_000)

const message = {
  dedupeKey: 'reminder:booking-1',
  kind: 'traveller.reminder',
  bookingId: null,
  language: 'en',
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

describe.each(storageBackends())('the message queue on $name', (backend) => {
  let handle: DatabaseHandle
  let outboxDir: string
  let outbox: Transports
  let down: Transports
  useMigratedDatabase(backend, (opened) => (handle = opened))

  beforeEach(async () => {
    outboxDir = await mkdtemp(path.join(os.tmpdir(), 'outgoing-mail-'))
    outbox = { mailer: createMailer({ outboxDir }), messenger: createOutboxMessenger(outboxDir) }
    down = { ...outbox, mailer: downMailer }
  })
  afterEach(() => rm(outboxDir, { recursive: true, force: true }))

  it('queues a message once per key and sends it once, attachments included', async () => {
    const first = await writeTransaction(handle, (trx) => queueMail(trx, message, now))
    const again = await queueMail(handle.db, { ...message, subject: 'Another' }, now)
    expect(first).toBeTypeOf('number')
    expect(again).toBeUndefined()

    const outcomes = await Promise.all([
      deliverMessage(handle, first!, now, outbox),
      deliverMessage(handle, first!, now, outbox),
    ])
    expect(outcomes.sort()).toEqual(['sent', 'skipped'])
    const files = (await readdir(outboxDir, { withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name)
    expect(files).toHaveLength(1)
    const eml = await readFile(path.join(outboxDir, files[0]!), 'utf8')
    expect(eml).toContain('Subject: Your transfer tomorrow')
    expect(eml).toContain('ride.ics')
    expect(await deliverQueuedMessages(handle, later(60), outbox)).toBe(0)
  })

  /** A message of its own for each test: the database lives for the whole file. */
  async function queued(key: string) {
    const id = await queueMail(handle.db, { ...message, dedupeKey: key }, now)
    expect(id).toBeTypeOf('number')
    return id!
  }

  it('puts a failed send back with a pause that doubles, and the periodic job sends it after', async () => {
    const id = await queued('pause')
    expect(await deliverMessage(handle, id, now, down)).toBe('failed')
    // Two minutes after the first failed try, four after the second.
    expect(await deliverQueuedMessages(handle, later(1), outbox)).toBe(0)
    expect(await deliverQueuedMessages(handle, later(2), down)).toBe(0)
    expect(await deliverQueuedMessages(handle, later(5), outbox)).toBe(0)
    expect(await deliverQueuedMessages(handle, later(6), outbox)).toBe(1)
    const row = await handle.db
      .selectFrom('outgoing_messages')
      .select(['status', 'attempts'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ status: 'sent', attempts: 3 })
  })

  it('leaves a send within its lease alone and takes over one whose lease ran out', async () => {
    const id = await queued('lease')
    // A process claimed it and died: the row stays 'sending' under its lease.
    const stuck: Mailer = { send: () => new Promise<never>(() => {}) }
    void deliverMessage(handle, id, now, { ...outbox, mailer: stuck })
    await expect.poll(async () => (await statusOf(id)).status).toBe('sending')
    expect(await deliverQueuedMessages(handle, later(5), outbox)).toBe(0)
    expect(await deliverQueuedMessages(handle, later(11), outbox)).toBe(1)
  })

  it('gives up after the last try and leaves the message failed', async () => {
    const id = await queued('give-up')
    let at = now
    for (let attempt = 1; attempt <= MAX_SEND_ATTEMPTS; attempt++) {
      expect(await deliverMessage(handle, id, at, down)).toBe('failed')
      at = new Date(at.getTime() + 60 * 60_000)
    }
    expect(await statusOf(id)).toEqual({ status: 'failed', attempts: MAX_SEND_ATTEMPTS })
    expect(await deliverQueuedMessages(handle, later(24 * 60), outbox)).toBe(0)
  })

  it('sends an SMS and a WhatsApp message through the messenger, the template kept', async () => {
    const sms = await queueMessage(
      handle.db,
      {
        channel: 'sms',
        dedupeKey: 'text:sms',
        kind: 'traveller.confirmed',
        reference: 'MC-ABC123',
        language: 'tr',
        to: '+905325550100',
        text: 'Rezervasyonunuz onaylandı.',
      },
      now,
    )
    const whatsapp = await queueMessage(
      handle.db,
      {
        channel: 'whatsapp',
        dedupeKey: 'text:whatsapp',
        kind: 'traveller.confirmed',
        language: 'en',
        to: '+905325550101',
        text: 'Booking confirmed.',
        template: { name: 'traveller.confirmed', variables: ['MC-ABC123'] },
      },
      now,
    )
    expect(await deliverMessage(handle, sms!, now, outbox)).toBe('sent')
    expect(await deliverMessage(handle, whatsapp!, now, outbox)).toBe('sent')
    const folder = path.join(outboxDir, 'messages')
    const records = await Promise.all(
      (await readdir(folder)).map(async (file) =>
        JSON.parse(await readFile(path.join(folder, file), 'utf8')),
      ),
    )
    expect(records).toContainEqual({
      channel: 'sms',
      to: '+905325550100',
      body: 'Rezervasyonunuz onaylandı.',
      reference: 'MC-ABC123',
      language: 'tr',
    })
    expect(records).toContainEqual(
      expect.objectContaining({
        channel: 'whatsapp',
        template: { name: 'traveller.confirmed', variables: ['MC-ABC123'] },
      }),
    )
    // The outbox reports no delivery: the message stays sent, not delivered.
    expect((await statusOf(sms!)).status).toBe('sent')
  })

  it('never sends to a number that said STOP, before or after the message was queued', async () => {
    const text = {
      channel: 'sms' as const,
      kind: 'traveller.reminder',
      language: 'en',
      to: '+905325550199',
      text: 'See you tomorrow.',
    }
    const before = await queueMessage(handle.db, { ...text, dedupeKey: 'stop:1' }, now)
    await recordOptOut(handle.db, '+905325550199', ['sms'], 'inbound', now)
    const after = await queueMessage(handle.db, { ...text, dedupeKey: 'stop:2' }, now)
    expect(after).toBeUndefined()
    expect(await deliverMessage(handle, before!, now, outbox)).toBe('failed')
    const rows = await handle.db
      .selectFrom('outgoing_messages')
      .select(['dedupe_key', 'status', 'error'])
      .where('dedupe_key', 'in', ['stop:1', 'stop:2'])
      .orderBy('dedupe_key')
      .execute()
    expect(rows).toEqual([
      { dedupe_key: 'stop:1', status: 'stopped', error: 'opted-out' },
      { dedupe_key: 'stop:2', status: 'stopped', error: 'opted-out' },
    ])
    // WhatsApp to the same number is another channel: an SMS STOP does not stop it.
    expect(
      await queueMessage(
        handle.db,
        {
          ...text,
          channel: 'whatsapp',
          dedupeKey: 'stop:3',
          template: { name: 'x', variables: [] },
        },
        now,
      ),
    ).toBeTypeOf('number')
  })

  it('sends a message once when two instances race for it', async () => {
    const second = await backend.openAnother()
    try {
      const ids = await Promise.all(
        [1, 2, 3, 4, 5].map((index) =>
          queueMail(handle.db, { ...message, dedupeKey: `race:${index}` }, now),
        ),
      )
      const outcomes = await Promise.all(
        ids.flatMap((id) => [
          deliverMessage(handle, id!, now, outbox),
          deliverMessage(second, id!, now, outbox),
        ]),
      )
      expect(outcomes.filter((outcome) => outcome === 'sent')).toHaveLength(5)
      expect(outcomes.filter((outcome) => outcome === 'skipped')).toHaveLength(5)
      const files = (await readdir(outboxDir, { withFileTypes: true })).filter((entry) =>
        entry.isFile(),
      )
      expect(files).toHaveLength(5)
    } finally {
      await second.db.destroy()
    }
  })

  async function statusOf(id: number) {
    return handle.db
      .selectFrom('outgoing_messages')
      .select(['status', 'attempts'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  }
})

describe.each(storageBackends())('texts through Twilio on $name', (backend) => {
  let handle: DatabaseHandle
  let twilio: FakeTwilio
  let transports: Transports
  useMigratedDatabase(backend, (opened) => (handle = opened))

  beforeAll(async () => {
    twilio = await startFakeTwilio()
    transports = {
      mailer: createMailer({ outboxDir: os.tmpdir() }),
      messenger: createTwilioMessenger({
        accountSid: twilio.accountSid,
        authToken: twilio.authToken,
        smsFrom: '+15005550006',
        whatsappFrom: '+14155238886',
        whatsappTemplates: { 'traveller.confirmed': 'HX00000000000000000000000000000001' },
        apiUrl: twilio.url,
      }),
    }
  })
  afterAll(() => twilio.close())

  let serial = 0
  async function queuedText(channel: 'sms' | 'whatsapp', to: string, kind = 'traveller.confirmed') {
    const id = await queueMessage(
      handle.db,
      {
        channel,
        dedupeKey: `twilio:${++serial}`,
        kind,
        language: 'en',
        to,
        text: 'Booking MC-ABC123 confirmed.',
        ...(channel === 'whatsapp' ? { template: { name: kind, variables: ['MC-ABC123'] } } : {}),
      },
      now,
    )
    return id!
  }

  async function row(id: number) {
    return handle.db
      .selectFrom('outgoing_messages')
      .select(['channel', 'status', 'error', 'provider_id', 'provider_status', 'fallback_of'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  }

  async function fallbackOf(id: number) {
    return handle.db
      .selectFrom('outgoing_messages')
      .select(['id', 'channel', 'status', 'recipient', 'text_body'])
      .where('fallback_of', '=', id)
      .execute()
  }

  it('sends a WhatsApp message that cannot go by SMS instead, once', async () => {
    // No WhatsApp account behind the number (Twilio 63003).
    const id = await queuedText('whatsapp', '+15005550010')
    expect(await deliverMessage(handle, id, now, transports)).toBe('failed')
    expect(await row(id)).toMatchObject({ status: 'failed', error: 'invalid-recipient:63003' })
    const [sms, ...more] = await fallbackOf(id)
    expect(more).toEqual([])
    expect(sms).toMatchObject({ channel: 'sms', recipient: '+15005550010' })
    await deliverQueuedMessages(handle, now, transports)
    expect((await row(sms!.id)).status).toBe('sent')
    expect(twilio.messages.filter((message) => message.params.To === '+15005550010')).toHaveLength(
      1,
    )
  })

  it('sends a kind without an approved template by SMS', async () => {
    const id = await queuedText('whatsapp', '+905325550110', 'traveller.driver_on_the_way')
    expect(await deliverMessage(handle, id, now, transports)).toBe('failed')
    expect((await row(id)).error).toBe('no-template')
    expect(await fallbackOf(id)).toHaveLength(1)
  })

  it('stores delivery reports in order, and sends an undelivered WhatsApp message by SMS once', async () => {
    const id = await queuedText('whatsapp', '+905325550111')
    expect(await deliverMessage(handle, id, now, transports)).toBe('sent')
    const { provider_id: sid } = await row(id)
    expect(sid).toMatch(/^SM/)
    expect(await recordDeliveryReport(handle, { providerId: sid!, status: 'sent' }, now)).toBe(true)
    expect(await row(id)).toMatchObject({ status: 'sent', provider_status: 'sent' })
    const undelivered = { providerId: sid!, status: 'undelivered', errorCode: 63016 }
    await recordDeliveryReport(handle, undelivered, later(1))
    await recordDeliveryReport(handle, undelivered, later(2))
    expect(await row(id)).toMatchObject({ status: 'undelivered', error: 'provider:63016' })
    expect(await fallbackOf(id)).toHaveLength(1)

    const other = await queuedText('sms', '+905325550112')
    await deliverMessage(handle, other, now, transports)
    const otherSid = (await row(other)).provider_id!
    await recordDeliveryReport(handle, { providerId: otherSid, status: 'delivered' }, later(1))
    // A late 'sent' report does not take a delivered message back.
    await recordDeliveryReport(handle, { providerId: otherSid, status: 'sent' }, later(2))
    expect(await row(other)).toMatchObject({ status: 'delivered', provider_status: 'sent' })
    expect(
      await recordDeliveryReport(handle, { providerId: 'SMunknown', status: 'delivered' }, now),
    ).toBe(false)
  })

  it('stops writing to a number the provider reports unsubscribed', async () => {
    const first = await queuedText('sms', '+15005550004')
    expect(await deliverMessage(handle, first, now, transports)).toBe('failed')
    expect(await row(first)).toMatchObject({ status: 'failed', error: 'opted-out:21610' })
    const requests = twilio.requests.length
    const second = await queueMessage(
      handle.db,
      {
        channel: 'sms',
        dedupeKey: 'unsubscribed:2',
        kind: 'traveller.reminder',
        language: 'en',
        to: '+15005550004',
        text: 'See you tomorrow.',
      },
      now,
    )
    expect(second).toBeUndefined()
    await deliverQueuedMessages(handle, later(60), transports)
    expect(twilio.requests.length).toBe(requests)
  })

  it('honours STOP on either channel for both, and START again', async () => {
    const number = '+905325550113'
    expect(
      await recordInboundMessage(handle, { from: `whatsapp:${number}`, body: ' stop ' }, now),
    ).toBe('stopped')
    expect(await queuedText('sms', number).catch(() => undefined)).toBeUndefined()
    expect(await queuedText('whatsapp', number).catch(() => undefined)).toBeUndefined()
    expect(await recordInboundMessage(handle, { from: number, body: 'Thanks!' }, now)).toBe(
      'ignored',
    )
    // Turkish travellers write İPTAL.
    expect(await recordInboundMessage(handle, { from: number, body: 'START' }, now)).toBe('started')
    expect(await queuedText('sms', number)).toBeTypeOf('number')
    expect(await recordInboundMessage(handle, { from: number, body: 'İptal' }, now)).toBe('stopped')
    expect(await queuedText('sms', number).catch(() => undefined)).toBeUndefined()
  })
})
