/**
 * The mailer adapter: the one way e-mail leaves the application. With an
 * SMTP URL, messages go out through nodemailer's SMTP transport; without one,
 * each message is written to an outbox folder as an .eml file and logged, so
 * the default needs no server and loses nothing.
 *
 * A failed send throws a MailSendError: the caller decides when to retry.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'
import { logger } from '~/utils/logger.server'

export interface MailAttachment {
  filename: string
  content: string
  /** e.g. 'text/calendar; charset=utf-8; method=PUBLISH' */
  contentType: string
}

export interface OutgoingMail {
  to: string
  from: string
  replyTo?: string
  subject: string
  text: string
  html: string
  attachments?: MailAttachment[]
  headers?: Record<string, string>
}

export interface SentMail {
  messageId: string
  transport: 'smtp' | 'outbox'
}

export interface Mailer {
  send(message: OutgoingMail): Promise<SentMail>
}

export interface MailerOptions {
  /** smtp://user:pass@host:587 or smtps://…:465; empty or absent → outbox. */
  smtpUrl?: string
  /** Where the outbox writes its .eml files (created when missing). */
  outboxDir: string
  /** Milliseconds; the defaults keep a stuck server from holding a send for minutes. */
  timeouts?: { connection?: number; greeting?: number; socket?: number }
}

/**
 * Why a send failed, without the server's reply text (it can quote the
 * recipient's address, and callers log errors). The nodemailer error is the cause.
 */
export class MailSendError extends Error {
  readonly code: string | undefined
  readonly responseCode: number | undefined
  /** True when the server refused the message for good (5xx): retrying will not help. */
  readonly permanent: boolean

  constructor(
    transport: SentMail['transport'],
    details: { code?: string; responseCode?: number; permanent?: boolean },
    cause: unknown,
  ) {
    const code = details.code ?? 'UNKNOWN'
    const reply = details.responseCode ? ` ${details.responseCode}` : ''
    super(`Mail not sent (${transport}: ${code}${reply})`, { cause })
    this.name = 'MailSendError'
    this.code = details.code
    this.responseCode = details.responseCode
    this.permanent =
      details.permanent ??
      (details.responseCode !== undefined &&
        details.responseCode >= 500 &&
        details.responseCode !== 503)
  }
}

const defaultTimeouts = { connection: 10_000, greeting: 10_000, socket: 30_000 }

function toMailOptions(message: OutgoingMail) {
  return {
    to: message.to,
    from: message.from,
    replyTo: message.replyTo,
    subject: message.subject,
    text: message.text,
    html: message.html,
    headers: message.headers,
    attachments: message.attachments?.map(({ filename, content, contentType }) => ({
      filename,
      content,
      contentType,
    })),
    // Content is always given inline; never let a value be read as a path or URL.
    disableFileAccess: true,
    disableUrlAccess: true,
  }
}

function sendError(transport: SentMail['transport'], error: unknown): MailSendError {
  const details =
    error && typeof error === 'object'
      ? (error as { code?: unknown; responseCode?: unknown; permanent?: unknown })
      : {}
  return new MailSendError(
    transport,
    {
      code: typeof details.code === 'string' ? details.code : undefined,
      responseCode: typeof details.responseCode === 'number' ? details.responseCode : undefined,
      permanent: typeof details.permanent === 'boolean' ? details.permanent : undefined,
    },
    error,
  )
}

/** A file-name-safe form of a Message-ID ('<a.b@host>' → 'a.b-host'). */
export function messageIdSlug(messageId: string): string {
  const slug = messageId
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 80)
  return slug || 'message'
}

function createSmtpMailer(smtpUrl: string, options: MailerOptions): Mailer {
  const timeouts = { ...defaultTimeouts, ...options.timeouts }
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: timeouts.connection,
    greetingTimeout: timeouts.greeting,
    socketTimeout: timeouts.socket,
    dnsTimeout: timeouts.connection,
  })
  return {
    async send(message) {
      let info
      try {
        info = await transporter.sendMail(toMailOptions(message))
      } catch (error) {
        throw sendError('smtp', error)
      }
      const accepted = info.accepted ?? []
      if (accepted.length === 0) {
        throw new MailSendError('smtp', { code: 'EENVELOPE', permanent: true }, info.rejected)
      }
      logger.info('mail.sent', {
        transport: 'smtp',
        messageId: info.messageId,
        rejectedRecipients: info.rejected?.length ?? 0,
      })
      return { messageId: info.messageId, transport: 'smtp' }
    },
  }
}

function createOutboxMailer(outboxDir: string): Mailer {
  const transporter = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  })
  return {
    async send(message) {
      try {
        const info = await transporter.sendMail(toMailOptions(message))
        await mkdir(outboxDir, { recursive: true })
        const stamp = new Date().toISOString().replace(/[:.]/g, '-')
        const file = `${stamp}-${messageIdSlug(info.messageId)}.eml`
        if (!Buffer.isBuffer(info.message)) throw new Error('The outbox expects a buffered message')
        // 'wx': never overwrite a message already in the outbox.
        await writeFile(path.join(outboxDir, file), info.message, { flag: 'wx' })
        // The file name only: no recipient, no body, and no subject either, which can
        // carry what a traveller typed (the contact form's subject).
        logger.info('mail.outbox', { file })
        return { messageId: info.messageId, transport: 'outbox' }
      } catch (error) {
        throw sendError('outbox', error)
      }
    },
  }
}

/** The SMTP mailer when `smtpUrl` is set, otherwise the outbox. */
export function createMailer(options: MailerOptions): Mailer {
  const smtpUrl = options.smtpUrl?.trim()
  return smtpUrl ? createSmtpMailer(smtpUrl, options) : createOutboxMailer(options.outboxDir)
}
