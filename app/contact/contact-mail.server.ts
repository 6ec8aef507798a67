import type { DatabaseHandle } from '~/db/connect.server'
import { getSiteSettings } from '~/config/site.server'
import { logger } from '~/utils/logger.server'
import { configuredMailer, mailFrom } from '~/mail/configured.server'
import { escapeHtml } from '~/mail/booking-confirmation'

/**
 * Hands a stored contact message to the company's inbox through the same
 * mailer as the bookings (SMTP, or the outbox). The row is claimed first
 * ('stored' → 'sending'), so it is sent once; a failure puts it back for the
 * periodic retry. The traveller's address is the Reply-To, never the sender.
 */
export async function mailContactMessage(handle: DatabaseHandle, id: number): Promise<boolean> {
  const claimed = await handle.db
    .updateTable('contact_messages')
    .set({ mail_status: 'sending' })
    .where('id', '=', id)
    .where('mail_status', '=', 'stored')
    .executeTakeFirst()
  if (Number(claimed.numUpdatedRows) === 0) return false
  const message = await handle.db
    .selectFrom('contact_messages')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
  try {
    const site = getSiteSettings()
    const subject = `[${site.brand}] ${message.subject}`
    const lines = [
      `From: ${message.full_name} <${message.email}>`,
      `Language: ${message.language}`,
      `Received: ${message.created_at}`,
      '',
      message.message,
    ]
    await configuredMailer().send({
      to: site.email,
      from: mailFrom(),
      replyTo: `${message.full_name} <${message.email}>`,
      subject,
      text: lines.join('\n'),
      html: `<!doctype html><html lang="${escapeHtml(message.language)}"><body>${lines
        .map((line) => (line ? `<p>${escapeHtml(line)}</p>` : ''))
        .join('')}</body></html>`,
    })
    await handle.db
      .updateTable('contact_messages')
      .set({ mail_status: 'sent', mailed_at: new Date().toISOString() })
      .where('id', '=', id)
      .execute()
    return true
  } catch (error) {
    await handle.db
      .updateTable('contact_messages')
      .set({ mail_status: 'stored' })
      .where('id', '=', id)
      .execute()
    logger.error('contact.mail_failed', { id, error: error instanceof Error ? error.message : '' })
    return false
  }
}

/** Messages still waiting for the mailer (a failed send, a stopped process). */
export async function retryContactMails(handle: DatabaseHandle): Promise<number> {
  const waiting = await handle.db
    .selectFrom('contact_messages')
    .select('id')
    .where('mail_status', 'in', ['stored', 'sending'])
    .where('created_at', '<', new Date(Date.now() - 10 * 60_000).toISOString())
    .execute()
  let sent = 0
  for (const { id } of waiting) {
    await handle.db
      .updateTable('contact_messages')
      .set({ mail_status: 'stored' })
      .where('id', '=', id)
      .where('mail_status', '=', 'sending')
      .execute()
    if (await mailContactMessage(handle, id)) sent++
  }
  return sent
}
