import { sql } from 'kysely'
import type { Executor } from '~/booking/booking-store.server'
import type { DatabaseHandle } from '~/db/connect.server'
import type { OutgoingMailTable } from '~/db/schema'
import { MailSendError, type MailAttachment, type Mailer } from '~/adapters/mail/mailer.server'
import { configuredMailer, mailFrom } from '~/adapters/mail/configured.server'
import { logger } from '~/utils/logger.server'
import { countMailQueued } from '~/utils/metrics.server'
import { afterCommit } from '~/db/write.server'

/**
 * The queue every e-mail goes through except the booking confirmation and the
 * contact form's copy (older, with their own columns): staff notifications,
 * driver details, reminders, cancellations and refunds.
 *
 * A message is queued in the transaction that stores its cause, so it exists
 * exactly when the change does; it is then sent at once by the request (after
 * the commit) and, failing that, by the periodic job. Sending claims the row
 * with a lease first, so two processes never send one message twice, and a
 * process that died mid-send only delays it until its lease ends.
 */

/** Tries before a message is left `failed` for a person to look at. */
export const MAX_MAIL_ATTEMPTS = 6
/** How long a send holds its message; the mailer's own timeouts end well before. */
export const MAIL_LEASE_MINUTES = 10
/** The pause after a failed try before the periodic job tries again. */
const RETRY_PAUSE_MINUTES = 5

export interface QueuedMail {
  /** What the message is about, unique: a second queue of the same key is ignored. */
  dedupeKey: string
  /** What kind of message it is, for logs and the staff view ('ops.booking_confirmed'…). */
  kind: string
  bookingId?: string | null
  to: string
  replyTo?: string | null
  subject: string
  text: string
  html: string
  attachments?: MailAttachment[]
}

/**
 * Stores a message to send. Returns its id, or undefined when a message with
 * this key was queued before (nothing is stored twice).
 */
export async function queueMail(
  executor: Executor,
  mail: QueuedMail,
  at: Date,
): Promise<number | undefined> {
  const row = await executor
    .insertInto('outgoing_mail')
    .values({
      dedupe_key: mail.dedupeKey,
      kind: mail.kind,
      booking_id: mail.bookingId ?? null,
      recipient: mail.to,
      reply_to: mail.replyTo ?? null,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html,
      attachments_json: mail.attachments?.length ? JSON.stringify(mail.attachments) : null,
      status: 'pending',
      claimed_until: null,
      sent_at: null,
      created_at: at.toISOString(),
    })
    .onConflict((conflict) => conflict.column('dedupe_key').doNothing())
    .returning('id')
    .executeTakeFirst()
  if (row) afterCommit(executor, () => countMailQueued(mail.kind))
  return row?.id
}

type MailRow = Pick<
  OutgoingMailTable,
  | 'recipient'
  | 'reply_to'
  | 'subject'
  | 'text_body'
  | 'html_body'
  | 'attachments_json'
  | 'kind'
  | 'booking_id'
> & { id: number; attempts: number }

/**
 * Sends one queued message if no one else is sending it. Never throws: a
 * failure goes back to the queue (or to `failed` when retrying cannot help).
 */
export async function deliverMail(
  handle: DatabaseHandle,
  id: number,
  now = new Date(),
  mailer: Mailer = configuredMailer(),
): Promise<'sent' | 'skipped' | 'failed'> {
  const at = now.toISOString()
  const lease = new Date(now.getTime() + MAIL_LEASE_MINUTES * 60_000).toISOString()
  const claimed = await handle.db
    .updateTable('outgoing_mail')
    .set({ status: 'sending', claimed_until: lease, attempts: sql<number>`attempts + 1` })
    .where('id', '=', id)
    .where('status', 'in', ['pending', 'sending'])
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', at)]))
    .executeTakeFirst()
  if (Number(claimed.numUpdatedRows) === 0) return 'skipped'
  // Only this claim's own lease may settle the row.
  const ours = handle.db
    .updateTable('outgoing_mail')
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .where('claimed_until', '=', lease)
  const mail: MailRow = await handle.db
    .selectFrom('outgoing_mail')
    .select([
      'id',
      'recipient',
      'reply_to',
      'subject',
      'text_body',
      'html_body',
      'attachments_json',
      'kind',
      'booking_id',
      'attempts',
    ])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
  try {
    await mailer.send({
      to: mail.recipient,
      from: mailFrom(),
      ...(mail.reply_to ? { replyTo: mail.reply_to } : {}),
      subject: mail.subject,
      text: mail.text_body,
      html: mail.html_body,
      ...(mail.attachments_json
        ? { attachments: JSON.parse(mail.attachments_json) as MailAttachment[] }
        : {}),
    })
    await ours
      .set({ status: 'sent', sent_at: new Date().toISOString(), claimed_until: null })
      .execute()
    logger.info('mail.sent', { id, kind: mail.kind })
    return 'sent'
  } catch (error) {
    const giveUp =
      (error instanceof MailSendError && error.permanent) || mail.attempts >= MAX_MAIL_ATTEMPTS
    const pauseUntil = new Date(now.getTime() + RETRY_PAUSE_MINUTES * 60_000).toISOString()
    await ours
      .set({ status: giveUp ? 'failed' : 'pending', claimed_until: giveUp ? null : pauseUntil })
      .execute()
    logger.error('mail.failed', {
      id,
      kind: mail.kind,
      giveUp,
      error: error instanceof Error ? error.message : String(error),
    })
    return 'failed'
  }
}

/**
 * Sends messages just queued, after the transaction that queued them has
 * committed, without making the person who acted wait for the mail server.
 */
export function deliverMailSoon(handle: DatabaseHandle, ids: (number | undefined)[]): void {
  for (const id of ids) {
    if (id === undefined) continue
    // The queue keeps the message whatever happens here (a closed pool, a lost
    // connection): the periodic job sends it.
    deliverMail(handle, id).catch((error: unknown) =>
      logger.warn('mail.deliver_soon_failed', { id, error: String(error) }),
    )
  }
}

/**
 * The periodic job's part: every message waiting whose pause is over, and any
 * whose sending process stopped half-way once its lease ran out.
 */
export async function deliverQueuedMail(
  handle: DatabaseHandle,
  now: Date,
  mailer: Mailer = configuredMailer(),
): Promise<number> {
  const waiting = await handle.db
    .selectFrom('outgoing_mail')
    .select('id')
    .where('status', 'in', ['pending', 'sending'])
    .where((eb) =>
      eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now.toISOString())]),
    )
    .orderBy('id')
    .limit(200)
    .execute()
  let sent = 0
  for (const { id } of waiting) if ((await deliverMail(handle, id, now, mailer)) === 'sent') sent++
  return sent
}

/** The messages about one booking, oldest first, for the staff view. */
export function mailAboutBooking(executor: Executor, bookingId: string) {
  return executor
    .selectFrom('outgoing_mail')
    .select(['id', 'kind', 'recipient', 'subject', 'status', 'attempts', 'created_at', 'sent_at'])
    .where('booking_id', '=', bookingId)
    .orderBy('id')
    .execute()
}
