import { sql } from 'kysely'
import type { Executor } from '~/db/executor'
import type { DatabaseHandle } from '~/db/connect.server'
import type { MessageChannel, OutgoingMessagesTable } from '~/db/schema'
import { afterCommit } from '~/db/write.server'
import { MailSendError, type MailAttachment, type Mailer } from '~/adapters/mail/mailer.server'
import { configuredMailer, mailFrom } from '~/adapters/mail/configured.server'
import {
  MessageSendError,
  type MessageTemplate,
  type Messenger,
  type PhoneChannel,
} from '~/adapters/messaging/messenger'
import { configuredMessenger, deliveryReportUrl } from '~/adapters/messaging/configured.server'
import { logger } from '~/utils/logger.server'
import { countMessageQueued, countMessageSend } from '~/utils/metrics.server'
import { isOptedOut, recordOptOut } from './opt-outs.server'

/**
 * The one queue every message goes through, on every channel: e-mail, SMS and
 * WhatsApp (docs/messages.md).
 *
 * A message is queued in the transaction that stores its cause, so it exists
 * exactly when the change does, once: its `dedupe_key` names what it is about
 * (`reminder:<booking>`), and a second queue of the same key is ignored. It is
 * then sent at once by the request (after the commit) and, failing that, by
 * the periodic job. Sending claims the row with a lease first, so two
 * processes never send one message twice, and a process that died mid-send
 * only delays it until its lease ends. A failed try waits longer each time
 * (or as long as the provider asked) before the next; a refusal that retrying
 * cannot help, or the last try, leaves it `failed`. A WhatsApp message that
 * cannot go, or that the provider later reports undelivered, is sent again by
 * SMS; a number that said STOP gets nothing more on that channel.
 */

/** Tries before a message is left `failed` for a person to look at. */
export const MAX_SEND_ATTEMPTS = 6
/** How long a send holds its message; the transports' own timeouts end well before. */
export const SEND_LEASE_MINUTES = 10
/** The pause after the first failed try; each later one doubles it, up to an hour. */
const FIRST_RETRY_PAUSE_MINUTES = 2
const LONGEST_RETRY_PAUSE_MINUTES = 60

interface QueuedBase {
  /** What the message is about, unique: a second queue of the same key is ignored. */
  dedupeKey: string
  /** What kind of message it is, for logs, templates and the staff view ('traveller.reminder'…). */
  kind: string
  bookingId?: string | null
  /** The reference of the booking it is about. */
  reference?: string | null
  /** The language it is written in (the reader's). */
  language: string
}

export interface QueuedEmail extends QueuedBase {
  channel?: 'email'
  to: string
  replyTo?: string | null
  subject: string
  text: string
  html: string
  attachments?: MailAttachment[]
}

export interface QueuedText extends QueuedBase {
  channel: PhoneChannel
  /** E.164. */
  to: string
  text: string
  /** WhatsApp: the approved template and its variables (the text is what it renders to). */
  template?: MessageTemplate
}

export type QueuedMessage = QueuedEmail | QueuedText

/** What sends the messages: the mailer for e-mail, the messenger for SMS and WhatsApp. */
export interface Transports {
  mailer: Mailer
  messenger: Messenger
}

export function configuredTransports(): Transports {
  return { mailer: configuredMailer(), messenger: configuredMessenger() }
}

/**
 * Stores a message to send. Returns its id, or undefined when a message with
 * this key was queued before (nothing is stored twice). A text to a number
 * that opted out of its channel is stored as `stopped`, never sent, so staff
 * see why it did not go.
 */
export async function queueMessage(
  executor: Executor,
  message: QueuedMessage,
  at: Date,
): Promise<number | undefined> {
  const channel: MessageChannel = message.channel ?? 'email'
  const stopped = channel !== 'email' && (await isOptedOut(executor, message.to, channel))
  const email = message.channel === undefined || message.channel === 'email' ? message : undefined
  const text = email ? undefined : (message as QueuedText)
  const row = await executor
    .insertInto('outgoing_messages')
    .values({
      dedupe_key: message.dedupeKey,
      kind: message.kind,
      booking_id: message.bookingId ?? null,
      reference: message.reference ?? null,
      channel,
      recipient: message.to,
      language: message.language,
      reply_to: email?.replyTo ?? null,
      subject: email?.subject ?? null,
      text_body: message.text,
      html_body: email?.html ?? null,
      attachments_json: email?.attachments?.length ? JSON.stringify(email.attachments) : null,
      template_json: text?.template ? JSON.stringify(text.template) : null,
      status: stopped ? 'stopped' : 'pending',
      error: stopped ? 'opted-out' : null,
      claimed_until: null,
      sent_at: null,
      created_at: at.toISOString(),
    })
    .onConflict((conflict) => conflict.column('dedupe_key').doNothing())
    .returning('id')
    .executeTakeFirst()
  if (row && !stopped) afterCommit(executor, () => countMessageQueued(channel, message.kind))
  return stopped ? undefined : row?.id
}

/** An e-mail to queue: the common case, kept short for its many callers. */
export function queueMail(executor: Executor, mail: QueuedEmail, at: Date) {
  return queueMessage(executor, { ...mail, channel: 'email' }, at)
}

/**
 * Which of these dedupe keys are queued already: a job that queues a message
 * per booking skips those before writing any (the key still guards a race).
 */
export async function queuedKeys(executor: Executor, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set()
  const rows = await executor
    .selectFrom('outgoing_messages')
    .select('dedupe_key')
    .where('dedupe_key', 'in', keys)
    .execute()
  return new Set(rows.map((row) => row.dedupe_key))
}

type MessageRow = Omit<OutgoingMessagesTable, 'id' | 'attempts'> & { id: number; attempts: number }

/**
 * Sends one queued message if no one else is sending it. Never throws: a
 * failure goes back to the queue (or to `failed` when retrying cannot help).
 */
export async function deliverMessage(
  handle: DatabaseHandle,
  id: number,
  now = new Date(),
  transports: Transports = configuredTransports(),
): Promise<'sent' | 'skipped' | 'failed'> {
  const at = now.toISOString()
  const lease = minutesAfter(now, SEND_LEASE_MINUTES)
  const claimed = await handle.db
    .updateTable('outgoing_messages')
    .set({ status: 'sending', claimed_until: lease, attempts: sql<number>`attempts + 1` })
    .where('id', '=', id)
    .where('status', 'in', ['pending', 'sending'])
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', at)]))
    .executeTakeFirst()
  if (Number(claimed.numUpdatedRows) === 0) return 'skipped'
  // Only this claim's own lease may settle the row.
  const ours = handle.db
    .updateTable('outgoing_messages')
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .where('claimed_until', '=', lease)
  const message = (await handle.db
    .selectFrom('outgoing_messages')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow()) as MessageRow
  // A STOP that arrived after the message was queued still holds.
  if (
    message.channel !== 'email' &&
    (await isOptedOut(handle.db, message.recipient, message.channel))
  ) {
    await ours.set({ status: 'stopped', error: 'opted-out', claimed_until: null }).execute()
    return 'failed'
  }
  try {
    const sent = await send(message, transports)
    await ours
      .set({
        status: 'sent',
        sent_at: new Date().toISOString(),
        status_at: new Date().toISOString(),
        claimed_until: null,
        error: null,
        provider_id: sent.providerId ?? null,
        provider_status: sent.status ?? null,
      })
      .execute()
    countMessageSend(message.channel, 'sent')
    logger.info('message.sent', { id, kind: message.kind, channel: message.channel })
    return 'sent'
  } catch (error) {
    countMessageSend(message.channel, 'failed')
    const refusal = refusalOf(error)
    const giveUp = refusal.permanent || message.attempts >= MAX_SEND_ATTEMPTS
    const pause = Math.max(
      Math.min(
        FIRST_RETRY_PAUSE_MINUTES * 2 ** (message.attempts - 1),
        LONGEST_RETRY_PAUSE_MINUTES,
      ),
      (refusal.retryAfterSeconds ?? 0) / 60,
    )
    await ours
      .set({
        status: giveUp ? 'failed' : 'pending',
        claimed_until: giveUp ? null : minutesAfter(now, pause),
        error: refusal.code,
        status_at: giveUp ? new Date().toISOString() : null,
      })
      .execute()
    logger.error('message.failed', {
      id,
      kind: message.kind,
      channel: message.channel,
      giveUp,
      error: error instanceof Error ? error.message : String(error),
    })
    if (refusal.optedOut && message.channel !== 'email') {
      await recordOptOut(handle.db, message.recipient, [message.channel], 'provider', now)
    }
    if (giveUp && message.channel === 'whatsapp') {
      await fallBackToSms(handle, message, now, transports)
    }
    return 'failed'
  }
}

async function send(
  message: MessageRow,
  { mailer, messenger }: Transports,
): Promise<{ providerId?: string; status?: string }> {
  if (message.channel === 'email') {
    const sent = await mailer.send({
      to: message.recipient,
      from: mailFrom(),
      ...(message.reply_to ? { replyTo: message.reply_to } : {}),
      subject: message.subject ?? '',
      text: message.text_body,
      html: message.html_body ?? '',
      ...(message.attachments_json
        ? { attachments: JSON.parse(message.attachments_json) as MailAttachment[] }
        : {}),
    })
    return { providerId: sent.messageId }
  }
  return messenger.send({
    channel: message.channel,
    to: message.recipient,
    body: message.text_body,
    ...(message.template_json
      ? { template: JSON.parse(message.template_json) as MessageTemplate }
      : {}),
    language: message.language,
    ...(message.reference ? { reference: message.reference } : {}),
    ...(messenger.reportsDelivery ? { statusCallback: deliveryReportUrl() } : {}),
  })
}

/** What the queue keeps of a failed try: a short code, whether to stop, how long to wait. */
function refusalOf(error: unknown): {
  code: string
  permanent: boolean
  optedOut?: boolean
  retryAfterSeconds?: number
} {
  if (error instanceof MessageSendError) {
    return {
      code: error.providerCode ? `${error.refusal}:${error.providerCode}` : error.refusal,
      permanent: error.permanent,
      optedOut: error.refusal === 'opted-out',
      ...(error.retryAfterSeconds ? { retryAfterSeconds: error.retryAfterSeconds } : {}),
    }
  }
  if (error instanceof MailSendError) {
    return { code: `mail:${error.code ?? 'unknown'}`.slice(0, 40), permanent: error.permanent }
  }
  return { code: 'error', permanent: false }
}

/**
 * A WhatsApp message that could not go is sent once more by SMS, unless the
 * number stopped SMS too. The SMS is a message of its own in the queue, sent
 * at once (and retried like any other).
 */
export async function fallBackToSms(
  handle: DatabaseHandle,
  message: Pick<
    MessageRow,
    | 'id'
    | 'dedupe_key'
    | 'kind'
    | 'booking_id'
    | 'reference'
    | 'recipient'
    | 'language'
    | 'text_body'
  >,
  now: Date,
  transports: Transports = configuredTransports(),
): Promise<number | undefined> {
  const id = await queueMessage(
    handle.db,
    {
      channel: 'sms',
      dedupeKey: `${message.dedupe_key}:sms`,
      kind: message.kind,
      bookingId: message.booking_id,
      reference: message.reference,
      to: message.recipient,
      language: message.language,
      text: message.text_body,
    },
    now,
  )
  if (id === undefined) return undefined
  await handle.db
    .updateTable('outgoing_messages')
    .set({ fallback_of: message.id })
    .where('id', '=', id)
    .execute()
  await deliverMessage(handle, id, now, transports)
  return id
}

/** Sendings started by deliverSoon that have not ended yet (see deliveriesEnded). */
const sendingNow = new Set<Promise<unknown>>()

/**
 * Sends messages just queued, after the transaction that queued them has
 * committed, without making the person who acted wait for the provider.
 */
export function deliverSoon(handle: DatabaseHandle, ids: (number | undefined)[]): void {
  for (const id of ids) {
    if (id === undefined) continue
    // The queue keeps the message whatever happens here (a closed pool, a lost
    // connection): the periodic job sends it.
    const sending = deliverMessage(handle, id)
      .catch((error: unknown) =>
        logger.warn('message.deliver_soon_failed', { id, error: String(error) }),
      )
      .finally(() => sendingNow.delete(sending))
    sendingNow.add(sending)
  }
}

/**
 * Resolves once every sending deliverSoon started has ended (sent, or failed
 * and back in the queue). A process about to exit awaits it: a message it
 * claimed and never sent would wait out its lease and lose one of its tries.
 */
export async function deliveriesEnded(): Promise<void> {
  while (sendingNow.size > 0) await Promise.allSettled([...sendingNow])
}

/**
 * The periodic job's part: every message waiting whose pause is over, and any
 * whose sending process stopped half-way once its lease ran out.
 */
export async function deliverQueuedMessages(
  handle: DatabaseHandle,
  now: Date,
  transports: Transports = configuredTransports(),
): Promise<number> {
  const waiting = await handle.db
    .selectFrom('outgoing_messages')
    .select('id')
    .where('status', 'in', ['pending', 'sending'])
    .where((eb) =>
      eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now.toISOString())]),
    )
    .orderBy('id')
    .limit(200)
    .execute()
  let sent = 0
  for (const { id } of waiting) {
    if ((await deliverMessage(handle, id, now, transports)) === 'sent') sent++
  }
  return sent
}

/** The messages about one booking on every channel, oldest first, for the staff view. */
export function messagesAboutBooking(executor: Executor, bookingId: string) {
  return executor
    .selectFrom('outgoing_messages')
    .select([
      'id',
      'kind',
      'channel',
      'recipient',
      'subject',
      'status',
      'error',
      'attempts',
      'fallback_of',
      'created_at',
      'sent_at',
      'status_at',
    ])
    .where('booking_id', '=', bookingId)
    .orderBy('id')
    .execute()
}

function minutesAfter(now: Date, minutes: number): string {
  return new Date(now.getTime() + minutes * 60_000).toISOString()
}
