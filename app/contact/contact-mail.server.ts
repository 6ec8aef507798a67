import type { DatabaseHandle } from '~/db/connect.server'
import type { Executor } from '~/db/executor'
import type { ContactMessagesTable } from '~/db/schema'
import { writeTransaction } from '~/db/write.server'
import { getSiteSettings } from '~/config/site.server'
import { logger } from '~/utils/logger.server'
import { escapeHtml } from '~/mail/booking-confirmation'
import { queueMail } from '~/messages/queue.server'

type StoredMessage = Pick<
  ContactMessagesTable,
  'full_name' | 'email' | 'subject' | 'message' | 'language' | 'created_at'
> & { id: number }

/**
 * Queues a stored contact message for the company's inbox, in the caller's
 * transaction, and marks it `queued`: the message queue sends it (SMTP, or
 * the outbox) and retries it. The traveller's address is the Reply-To, never
 * the sender.
 */
export async function queueContactMail(
  executor: Executor,
  message: StoredMessage,
  now: Date,
): Promise<number | undefined> {
  const site = getSiteSettings()
  const lines = [
    `From: ${message.full_name} <${message.email}>`,
    `Language: ${message.language}`,
    `Received: ${message.created_at}`,
    '',
    message.message,
  ]
  const id = await queueMail(
    executor,
    {
      // With its time: SQLite hands a deleted last row's id to the next row, and a
      // message removed by the retention job must not stop the next one's e-mail.
      dedupeKey: `contact:${message.id}:${message.created_at}`,
      kind: 'ops.contact_message',
      language: message.language,
      to: site.email,
      replyTo: `${message.full_name} <${message.email}>`,
      subject: `[${site.brand}] ${message.subject}`,
      text: lines.join('\n'),
      html: `<!doctype html><html lang="${escapeHtml(message.language)}"><body>${lines
        .map((line) => (line ? `<p>${escapeHtml(line)}</p>` : ''))
        .join('')}</body></html>`,
    },
    now,
  )
  await executor
    .updateTable('contact_messages')
    .set({ mail_status: 'queued', mail_claimed_until: null })
    .where('id', '=', message.id)
    .execute()
  return id
}

/**
 * The periodic job's part: messages stored before the queue took the contact
 * form over, still waiting for their e-mail. Each is queued once; the job's
 * send of the queue, just after, sends them.
 */
export async function queueWaitingContactMails(
  handle: DatabaseHandle,
  now = new Date(),
): Promise<number> {
  const waiting = await handle.db
    .selectFrom('contact_messages')
    .select(['id', 'full_name', 'email', 'subject', 'message', 'language', 'created_at'])
    .where('mail_status', 'in', ['stored', 'sending'])
    .orderBy('id')
    .execute()
  let queued = 0
  for (const message of waiting) {
    try {
      const id = await writeTransaction(handle, (trx) => queueContactMail(trx, message, now))
      // Another run may have queued it a moment before: only a first queueing counts.
      if (id !== undefined) queued++
    } catch (error) {
      logger.error('contact.mail_not_queued', { id: message.id, error: String(error) })
    }
  }
  return queued
}
