import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { createInstance, type TFunction } from 'i18next'
import { interpolation } from '~/i18n/interpolation'
import { SMTPServer, type SMTPServerAddress } from 'smtp-server'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Language } from '~/i18n/config'
import { resources } from '~/i18n/resources'
import { formatMoney } from '~/utils/format'
import { logger } from '~/utils/logger.server'
import { bookingConfirmationMail, type BookingConfirmationInput } from '~/mail/booking-confirmation'
import { bookingCalendarEvent, ICS_CONTENT_TYPE } from '~/mail/ics'
import { createMailer, MailSendError, type OutgoingMail } from './mailer.server'

// ---------------------------------------------------------------------------
// A real SMTP peer on loopback: the transport is tested as it runs, not mocked.

interface Received {
  from: string | false
  to: string[]
  raw: string
}

interface TestServer {
  port: number
  received: Received[]
  close: () => Promise<void>
}

async function startSmtpServer(
  onRcptTo?: (address: SMTPServerAddress, callback: (error?: Error | null) => void) => void,
): Promise<TestServer> {
  const received: Received[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo: (address, _session, callback) =>
      onRcptTo ? onRcptTo(address, callback) : callback(),
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom && session.envelope.mailFrom.address,
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const address = server.server.address()
  if (!address || typeof address === 'string') throw new Error('no port')
  return {
    port: address.port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** A port nothing listens on: bound once by the OS, then released. */
async function closedPort(): Promise<number> {
  const probe = net.createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()))
  const { port } = probe.address() as net.AddressInfo
  await new Promise<void>((resolve) => probe.close(() => resolve()))
  return port
}

// ---------------------------------------------------------------------------
// Just enough MIME reading for the assertions (no mailparser here).

interface MimePart {
  headers: Map<string, string>
  body: string
}

function parseHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>()
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':')
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim())
  }
  return headers
}

function splitPart(raw: string): MimePart {
  const match = /\r?\n\r?\n/.exec(raw)
  if (!match) return { headers: parseHeaders(raw), body: '' }
  return {
    headers: parseHeaders(raw.slice(0, match.index)),
    body: raw.slice(match.index + match[0].length),
  }
}

/** Every leaf part of a message, depth first. */
function leafParts(raw: string): MimePart[] {
  const part = splitPart(raw)
  const type = part.headers.get('content-type') ?? 'text/plain'
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1]
  if (!type.toLowerCase().startsWith('multipart/') || !boundary) return [part]
  const sections = part.body.split(`--${boundary}`)
  // Drop the preamble and everything from the closing delimiter on.
  return sections
    .slice(1)
    .filter((section) => !section.startsWith('--'))
    .flatMap((section) => leafParts(section.replace(/^\r?\n/, '')))
}

function decodeQuotedPrintable(body: string): string {
  const bytes: number[] = []
  const soft = body.replace(/=\r?\n/g, '')
  for (let index = 0; index < soft.length; index++) {
    const hex = soft.slice(index + 1, index + 3)
    if (soft[index] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16))
      index += 2
    } else {
      bytes.push(...Buffer.from(soft[index] ?? '', 'utf8'))
    }
  }
  return Buffer.from(bytes).toString('utf8')
}

function decodeBody(part: MimePart): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase()
  if (encoding === 'base64')
    return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8')
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body)
  return part.body
}

/** RFC 2047 encoded words (B and Q), the whitespace between two of them dropped. */
function decodeHeader(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(
      /=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g,
      (_word, _charset: string, kind: string, text: string) =>
        kind.toUpperCase() === 'B'
          ? Buffer.from(text, 'base64').toString('utf8')
          : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    )
}

function partOfType(parts: MimePart[], type: string): MimePart {
  const part = parts.find((candidate) =>
    (candidate.headers.get('content-type') ?? '').toLowerCase().startsWith(type),
  )
  if (!part) throw new Error(`no ${type} part`)
  return part
}

// ---------------------------------------------------------------------------
// The confirmation, built as the booking code will build it.

async function fixedT(language: Language): Promise<TFunction> {
  const instance = createInstance()
  // i18next's default interpolation escapes HTML: the mail must not depend on it.
  // The rule numbers are the site's default variables, as in the real translator.
  await instance.init({
    resources,
    lng: language,
    fallbackLng: 'en',
    interpolation: { defaultVariables: interpolation.defaultVariables },
  })
  return instance.getFixedT(language)
}

const link = 'https://www.marmarachauffeur.com/booking/b/6f1c2a9e?sig=AbC-123_x&lng=tr'

function bookingInput(language: Language, overrides: Partial<BookingConfirmationInput> = {}) {
  const input: BookingConfirmationInput = {
    language,
    reference: 'MC-7K4Q9P',
    brand: 'Marmara Chauffeur',
    siteUrl: 'https://www.marmarachauffeur.com',
    link,
    invoiceLink: 'https://www.marmarachauffeur.com/invoice?key=6f1c2a9e.AbC-123_x',
    voucherLink: 'https://www.marmarachauffeur.com/booking-voucher?key=6f1c2a9e.AbC-123_x',
    manageLink: 'https://www.marmarachauffeur.com/manage-booking',
    pickup: 'İstanbul Havalimanı (IST)',
    destination: 'Beşiktaş, İstanbul',
    date: '2026-06-12',
    time: '14:30',
    vehicleTitle: 'Mercedes-Benz Vito',
    extras: ['Child Seat'],
    passengers: 2,
    luggage: 3,
    currency: 'EUR',
    totalMinor: 12000,
    paidMinor: 3600,
    cashMinor: 8400,
    paymentOption: 'depositCash',
    travellerName: 'Ayşe Yılmaz',
    phone: '+90 212 555 01 23',
    email: 'reservations@marmarachauffeur.com',
    flightNumber: 'TK1984',
    signName: 'AYŞE YILMAZ',
    ...overrides,
  }
  return input
}

async function confirmationMessage(language: Language): Promise<OutgoingMail> {
  const input = bookingInput(language)
  const mail = bookingConfirmationMail(input, await fixedT(language))
  const ics = bookingCalendarEvent({
    uid: '6f1c2a9e@marmarachauffeur.com',
    start: { date: input.date, time: input.time },
    durationMinutes: 60,
    summary: `${input.brand}: ${input.pickup} → ${input.destination}`,
    description: `${input.reference}\n${link}`,
    location: input.pickup,
    organizerName: input.brand,
    organizerEmail: input.email,
    now: new Date('2026-06-01T09:00:00Z'),
  })
  return {
    to: 'ayse.yilmaz@example.com',
    from: '"Marmara Chauffeur" <reservations@marmarachauffeur.com>',
    replyTo: 'reservations@marmarachauffeur.com',
    ...mail,
    attachments: [{ filename: 'booking.ics', content: ics, contentType: ICS_CONTENT_TYPE }],
    headers: { 'X-Booking-Reference': input.reference },
  }
}

// ---------------------------------------------------------------------------

describe('createMailer over SMTP (a real server on 127.0.0.1)', () => {
  let server: TestServer
  let outboxDir: string
  beforeAll(async () => {
    server = await startSmtpServer()
    outboxDir = await mkdtemp(path.join(os.tmpdir(), 'mail-unused-'))
  })
  afterAll(async () => {
    await server.close()
    await rm(outboxDir, { recursive: true, force: true })
  })

  for (const language of ['en', 'tr'] as const) {
    it(`delivers the ${language} confirmation with text, HTML and the calendar file`, async () => {
      const message = await confirmationMessage(language)
      const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${server.port}`, outboxDir })
      const before = server.received.length
      const sent = await mailer.send(message)

      expect(sent.transport).toBe('smtp')
      expect(server.received).toHaveLength(before + 1)
      const received = server.received.at(-1)!
      expect(received.from).toBe('reservations@marmarachauffeur.com')
      expect(received.to).toEqual(['ayse.yilmaz@example.com'])

      const root = splitPart(received.raw)
      expect(decodeHeader(root.headers.get('subject') ?? '')).toBe(message.subject)
      expect(root.headers.get('message-id')).toBe(sent.messageId)
      expect(root.headers.get('x-booking-reference')).toBe('MC-7K4Q9P')
      expect(root.headers.get('reply-to')).toBe('reservations@marmarachauffeur.com')

      const parts = leafParts(received.raw)
      const text = decodeBody(partOfType(parts, 'text/plain'))
      const html = decodeBody(partOfType(parts, 'text/html'))
      const calendarPart = partOfType(parts, 'text/calendar')
      const calendar = decodeBody(calendarPart)

      const paid = formatMoney(36, 'EUR', language)
      const cash = formatMoney(84, 'EUR', language)
      expect(text).toContain('MC-7K4Q9P')
      expect(text).toContain(paid)
      expect(text).toContain(cash)
      expect(text).toContain(link)
      expect(text).not.toContain('{{')
      expect(html).toContain(`<html lang="${language}"`)
      expect(html).toContain('MC-7K4Q9P')
      expect(html).toContain(link.replace(/&/g, '&amp;'))

      expect(calendarPart.headers.get('content-type')).toMatch(/^text\/calendar;.*method=PUBLISH/i)
      expect(calendarPart.headers.get('content-type')).toMatch(/charset=utf-8/i)
      expect(calendarPart.headers.get('content-disposition')).toMatch(
        /^attachment;\s*filename="?booking\.ics"?/,
      )
      expect(calendar).toContain('DTSTART;TZID=Europe/Istanbul:20260612T143000\r\n')
      expect(calendar).toContain('METHOD:PUBLISH\r\n')
    })
  }

  it('gives each language its own subject', async () => {
    const [en, tr] = await Promise.all([confirmationMessage('en'), confirmationMessage('tr')])
    expect(en.subject).toBe('Booking MC-7K4Q9P confirmed – Marmara Chauffeur')
    expect(tr.subject).toBe('MC-7K4Q9P numaralı rezervasyonunuz onaylandı – Marmara Chauffeur')
  })
})

describe('createMailer failures', () => {
  let outboxDir: string
  beforeAll(async () => {
    outboxDir = await mkdtemp(path.join(os.tmpdir(), 'mail-unused-'))
  })
  afterAll(() => rm(outboxDir, { recursive: true, force: true }))

  it('rejects when the server refuses the recipient, without quoting the address', async () => {
    const server = await startSmtpServer((_address, callback) => {
      const refusal = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 })
      callback(refusal)
    })
    try {
      const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${server.port}`, outboxDir })
      const error = await mailer.send(await confirmationMessage('en')).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(MailSendError)
      const failure = error as MailSendError
      expect(failure.permanent).toBe(true)
      expect(failure.responseCode).toBe(550)
      expect(failure.message).not.toContain('ayse.yilmaz@example.com')
      expect(server.received).toHaveLength(0)
    } finally {
      await server.close()
    }
  })

  it('rejects within a few seconds when nothing listens on the port', async () => {
    const port = await closedPort()
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, outboxDir })
    const started = Date.now()
    const error = await mailer.send(await confirmationMessage('en')).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(MailSendError)
    expect((error as MailSendError).permanent).toBe(false)
    expect(Date.now() - started).toBeLessThan(5_000)
  })

  it('gives up on a server that accepts the connection but never greets', async () => {
    const sockets = new Set<net.Socket>()
    const silent = net.createServer((socket) => sockets.add(socket))
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', () => resolve()))
    const { port } = silent.address() as net.AddressInfo
    try {
      const mailer = createMailer({
        smtpUrl: `smtp://127.0.0.1:${port}`,
        outboxDir,
        timeouts: { greeting: 300 },
      })
      const started = Date.now()
      const error = await mailer.send(await confirmationMessage('en')).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(MailSendError)
      expect((error as MailSendError).code).toBe('ETIMEDOUT')
      expect(Date.now() - started).toBeLessThan(5_000)
    } finally {
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => silent.close(() => resolve()))
    }
  })
})

describe('createMailer without an SMTP URL (the outbox)', () => {
  let outboxDir: string
  beforeAll(async () => {
    outboxDir = path.join(await mkdtemp(path.join(os.tmpdir(), 'mail-outbox-')), 'outbox')
  })
  afterAll(() => rm(path.dirname(outboxDir), { recursive: true, force: true }))
  afterEach(() => vi.restoreAllMocks())

  it('writes one .eml file with the same subject and logs its name only', async () => {
    const info = vi.spyOn(logger, 'info').mockImplementation(() => {})
    const message = await confirmationMessage('tr')
    const sent = await createMailer({ smtpUrl: '', outboxDir }).send(message)

    expect(sent.transport).toBe('outbox')
    const files = await readdir(outboxDir)
    expect(files).toHaveLength(1)
    const [file] = files as [string]
    expect(file).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z-[A-Za-z0-9._-]+\.eml$/)

    const raw = await readFile(path.join(outboxDir, file), 'utf8')
    expect(raw).not.toContain('\r\n')
    const root = splitPart(raw)
    expect(decodeHeader(root.headers.get('subject') ?? '')).toBe(message.subject)
    expect(root.headers.get('message-id')).toBe(sent.messageId)
    expect(decodeBody(partOfType(leafParts(raw), 'text/plain'))).toContain('MC-7K4Q9P')

    expect(info).toHaveBeenCalledTimes(1)
    const [event, fields] = info.mock.calls[0]!
    expect(event).toBe('mail.outbox')
    expect(fields).toEqual({ file })
    expect(JSON.stringify(info.mock.calls)).not.toContain('ayse.yilmaz@example.com')
    expect(JSON.stringify(info.mock.calls)).not.toContain(message.subject)
  })
})

// ---------------------------------------------------------------------------

describe('bookingConfirmationMail', () => {
  it('escapes every value in the HTML, once, and keeps them raw in the text', async () => {
    const t = await fixedT('en')
    const mail = bookingConfirmationMail(
      bookingInput('en', {
        travellerName: '<script>alert("x")</script> & Co',
        pickup: 'Hotel "Pera" <Palace>',
        extras: [],
      }),
      t,
    )
    expect(mail.html).not.toContain('<script>')
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co')
    expect(mail.html).toContain('Hotel &quot;Pera&quot; &lt;Palace&gt;')
    expect(mail.html).not.toContain('&amp;lt;')
    expect(mail.text).toContain('Dear <script>alert("x")</script> & Co,')
    expect(mail.text).toContain('Extras: None')
  })

  it('shows a promo code’s discount before the total it lowered, in both languages', async () => {
    const promo = { code: 'WELCOME10', discountMinor: 1200 }
    const overrides = { promo, totalMinor: 10800, paidMinor: 3240, cashMinor: 7560 }
    const en = bookingConfirmationMail(bookingInput('en', overrides), await fixedT('en'))
    expect(en.text).toMatch(
      /Promo code WELCOME10: -€12\.00\nTotal price \(VAT included\): €108\.00/,
    )
    expect(en.html).toContain('Promo code WELCOME10')
    const tr = bookingConfirmationMail(bookingInput('tr', overrides), await fixedT('tr'))
    expect(tr.text).toContain('İndirim kodu WELCOME10')
    expect(tr.text).not.toContain('Promo code')
  })

  it('writes Turkish section titles in Turkish upper case', async () => {
    const { text } = bookingConfirmationMail(bookingInput('tr'), await fixedT('tr'))
    expect(text).toContain('\nREZERVASYONUNUZ ÇEVRİM İÇİ\n')
    expect(text).toContain('\nBİZE ULAŞIN\n')
  })

  it('is an accessible, self-contained HTML document', async () => {
    const { html } = bookingConfirmationMail(bookingInput('tr'), await fixedT('tr'))
    expect(html).toMatch(/^<!DOCTYPE html>\n<html lang="tr" dir="ltr">/)
    expect(html).toMatch(/<h1[^>]*>Rezervasyonunuz onaylandı<\/h1>/)
    expect(html).toContain('<th scope="row"')
    expect(html).toContain('href="tel:+902125550123"')
    for (const image of html.match(/<img\b[^>]*>/g) ?? []) {
      expect(image).toMatch(/\salt="/)
      expect(image).not.toMatch(/src="https?:/)
    }
    expect(html).not.toMatch(/<link\b|url\(|src="https?:/)
  })

  it('states the cash due with a deposit, and nothing due when paid in full', async () => {
    const t = await fixedT('en')
    const deposit = bookingConfirmationMail(bookingInput('en'), t)
    expect(deposit.text).toContain('Deposit paid by card: €36')
    expect(deposit.text).toContain('Due in cash to your driver: €84')
    expect(deposit.text).toContain('Total price (VAT included): €120')

    const full = bookingConfirmationMail(
      bookingInput('en', { paymentOption: 'fullCard', paidMinor: 12000, cashMinor: 0 }),
      t,
    )
    expect(full.text).toContain('Paid by card: €120')
    expect(full.text).not.toContain('Due in cash')
    expect(full.html).not.toContain('Due in cash')
    expect(full.text).toContain('there is nothing to pay to your driver')
  })

  it('shows cents on every amount when one of them has cents', async () => {
    const mail = bookingConfirmationMail(
      bookingInput('en', { totalMinor: 12050, paidMinor: 3615, cashMinor: 8435 }),
      await fixedT('en'),
    )
    expect(mail.text).toContain('€120.50')
    expect(mail.text).toContain('€36.15')
    expect(mail.text).toContain('€84.35')
  })

  it('carries the trip, the next steps and the contact details in both languages', async () => {
    for (const language of ['en', 'tr'] as const) {
      const input = bookingInput(language)
      const { text, html } = bookingConfirmationMail(input, await fixedT(language))
      for (const fact of [
        input.pickup,
        input.destination,
        input.vehicleTitle,
        'Child Seat',
        'TK1984',
        'AYŞE YILMAZ',
        input.phone,
        input.email,
        language === 'en' ? '12 June 2026' : '12 Haziran 2026',
        '14:30',
      ]) {
        expect(text).toContain(fact)
        expect(html).toContain(fact)
      }
      // A missing translation would show up as its key.
      expect(text).not.toMatch(/\bmail\.[a-zA-Z]/)
      expect(html).not.toMatch(/\bmail\.[a-zA-Z]/)
    }
  })

  it('explains a 00:00 pickup', async () => {
    const mail = bookingConfirmationMail(bookingInput('en', { time: '00:00' }), await fixedT('en'))
    expect(mail.text).toContain('A pickup at 00:00 means midnight at the end of 12 June 2026.')
  })

  it('refuses a link that is not http(s)', async () => {
    const t = await fixedT('en')
    expect(() =>
      bookingConfirmationMail(bookingInput('en', { link: 'javascript:alert(1)' }), t),
    ).toThrow()
  })
})
