import type { DatabaseHandle } from '~/db/connect.server'
import { writeTransaction } from '~/db/write.server'
import {
  clientHash,
  consumeRateLimit,
  countRateLimitEvents,
  type RateLimitRule,
} from '~/db/rate-limit.server'
import { contactRateLimit, type ContactMessage } from './contact-schema'
import { queueContactMail } from './contact-mail.server'

/** A validated message with what the server adds: the page's language and the sender's hash. */
export interface ContactMessageInput extends ContactMessage {
  language: string
  senderHash: string
}

export type StoreOutcome =
  | { stored: true; id: number; mailId: number | undefined }
  | { stored: false; reason: 'rate-limited' }

/** The contact form's limit, counted in the database like every per-client limit. */
export const contactRule: RateLimitRule = {
  name: 'contact',
  max: contactRateLimit.maxMessages,
  windowMinutes: contactRateLimit.windowMinutes,
}

/**
 * A keyed hash of the sender's network address: the same sender always gets the
 * same hash (enough to count their messages), and without the secret the hash
 * tells nothing about the address.
 */
export const senderHash = clientHash

/** How many messages a sender has sent since a moment (the rate limit's measure). */
export function recentMessagesFrom(
  handle: DatabaseHandle,
  senderHash: string,
  since: Date,
): Promise<number> {
  return countRateLimitEvents(handle.db, contactRule, senderHash, since)
}

/**
 * Stores a message unless its sender already reached the limit in the window.
 * The count and the insert share one write transaction (and, on PostgreSQL, a
 * lock on the sender's hash: `consumeRateLimit`), so servers answering the
 * same sender at the same moment cannot both slip under the limit.
 */
export function storeContactMessage(
  handle: DatabaseHandle,
  input: ContactMessageInput,
  now: Date,
): Promise<StoreOutcome> {
  return writeTransaction(handle, async (trx) => {
    if (!(await consumeRateLimit(trx, handle.dialect, contactRule, input.senderHash, now))) {
      return { stored: false, reason: 'rate-limited' } as const
    }
    const row = await trx
      .insertInto('contact_messages')
      .values({
        full_name: input.fullName,
        email: input.email,
        subject: input.subject,
        message: input.message,
        language: input.language,
        sender_hash: input.senderHash,
        // Queued for the company's inbox just below, in this transaction.
        mail_status: 'stored',
        created_at: now.toISOString(),
        mailed_at: null,
        mail_claimed_until: null,
      })
      .returning(['id', 'full_name', 'email', 'subject', 'message', 'language', 'created_at'])
      .executeTakeFirstOrThrow()
    const mailId = await queueContactMail(trx, row, now)
    return { stored: true, id: row.id, mailId } as const
  })
}
