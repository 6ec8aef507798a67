import type { DatabaseHandle } from '~/db/connect.server'
import { getSiteSettings } from '~/config/site.server'
import { logger } from '~/utils/logger.server'
import { configuredMailer, mailFrom } from '~/adapters/mail/configured.server'
import { escapeHtml } from '~/mail/booking-confirmation'

/** A send holds its message this long; the mailer's own timeouts end it well before. */
export const CONTACT_MAIL_LEASE_MINUTES = 10

const plusMinutes = (now: Date, minutes: number) =>
  new Date(now.getTime() + minutes * 60_000).toISOString()

/**
 * Hands a stored contact message to the company's inbox through the same
 * mailer as the bookings (SMTP, or the outbox). The row is claimed first, in
 * one conditional update with a lease ('sending' until `mail_claimed_until`),
 * so whichever request or instance wins sends it and no one else touches it
 * while the lease runs; a failure puts it back for the periodic retry, which
 * also takes over a send whose lease ran out (its process died). The
 * traveller's address is the Reply-To, never the sender.
 */
export async function mailContactMessage(
  handle: DatabaseHandle,
  id: number,
  now = new Date(),
): Promise<boolean> {
  const at = now.toISOString()
  const lease = plusMinutes(now, CONTACT_MAIL_LEASE_MINUTES)
  const claimed = await handle.db
    .updateTable('contact_messages')
    .set({ mail_status: 'sending', mail_claimed_until: lease })
    .where('id', '=', id)
    .where('mail_status', 'in', ['stored', 'sending'])
    .where((eb) =>
      eb.or([eb('mail_claimed_until', 'is', null), eb('mail_claimed_until', '<=', at)]),
    )
    .executeTakeFirst()
  if (Number(claimed.numUpdatedRows) === 0) return false
  const message = await handle.db
    .selectFrom('contact_messages')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
  // Only this claim's own lease may settle the row.
  const ours = handle.db
    .updateTable('contact_messages')
    .where('id', '=', id)
    .where('mail_status', '=', 'sending')
    .where('mail_claimed_until', '=', lease)
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
    await ours
      .set({ mail_status: 'sent', mailed_at: new Date().toISOString(), mail_claimed_until: null })
      .execute()
    return true
  } catch (error) {
    // Back to waiting; the lease still running is the pause before the retry.
    await ours.set({ mail_status: 'stored' }).execute()
    logger.error('contact.mail_failed', { id, error: error instanceof Error ? error.message : '' })
    return false
  }
}

/**
 * Messages still waiting for the mailer: a failed send once its pause is over,
 * a send whose process stopped once its lease ran out. A send still within its
 * lease is left alone, however old the message.
 */
export async function retryContactMails(handle: DatabaseHandle, now = new Date()): Promise<number> {
  const waiting = await handle.db
    .selectFrom('contact_messages')
    .select('id')
    .where('mail_status', 'in', ['stored', 'sending'])
    .where((eb) =>
      eb.or([
        eb('mail_claimed_until', 'is', null),
        eb('mail_claimed_until', '<=', now.toISOString()),
      ]),
    )
    .orderBy('id')
    .execute()
  let sent = 0
  for (const { id } of waiting) if (await mailContactMessage(handle, id, now)) sent++
  return sent
}
