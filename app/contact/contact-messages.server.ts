import { createHmac } from 'node:crypto'
import { sql, type Kysely, type Transaction } from 'kysely'
import type { Database } from '~/db/schema'
import type { DatabaseHandle } from '~/db/connect.server'
import { writeTransaction } from '~/db/write.server'
import { isRateLimited, rateLimitWindowStart, type ContactMessage } from './contact-schema'

/** A validated message with what the server adds: the page's language and the sender's hash. */
export interface ContactMessageInput extends ContactMessage {
  language: string
  senderHash: string
}

export type StoreOutcome = { stored: true; id: number } | { stored: false; reason: 'rate-limited' }

type Executor = Kysely<Database> | Transaction<Database>

/**
 * A keyed hash of the sender's network address: the same sender always gets the
 * same hash (enough to count their messages), and without the secret the hash
 * tells nothing about the address.
 */
export function senderHash(clientAddress: string, secret: string): string {
  return createHmac('sha256', secret).update(clientAddress).digest('hex')
}

async function countSince(executor: Executor, senderHash: string, since: Date): Promise<number> {
  const row = await executor
    .selectFrom('contact_messages')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('sender_hash', '=', senderHash)
    .where('created_at', '>=', since.toISOString())
    .executeTakeFirstOrThrow()
  // PostgreSQL answers count(*) as a bigint, which pg hands over as a string.
  return Number(row.count)
}

/** How many messages a sender has stored since a moment (the rate limit's measure). */
export function recentMessagesFrom(
  handle: DatabaseHandle,
  senderHash: string,
  since: Date,
): Promise<number> {
  return countSince(handle.db, senderHash, since)
}

/**
 * Stores a message unless its sender already reached the limit in the window.
 * The count and the insert share one write transaction (and, on PostgreSQL, a
 * lock on the sender's hash), so servers answering the same sender at the same
 * moment cannot both slip under the limit.
 */
export function storeContactMessage(
  handle: DatabaseHandle,
  input: ContactMessageInput,
  now: Date,
): Promise<StoreOutcome> {
  return writeTransaction(handle, async (trx) => {
    if (handle.dialect === 'postgres') {
      await sql`select pg_advisory_xact_lock(hashtext(${input.senderHash}))`.execute(trx)
    }
    const recent = await countSince(trx, input.senderHash, rateLimitWindowStart(now))
    if (isRateLimited(recent)) return { stored: false, reason: 'rate-limited' } as const
    const row = await trx
      .insertInto('contact_messages')
      .values({
        full_name: input.fullName,
        email: input.email,
        subject: input.subject,
        message: input.message,
        language: input.language,
        sender_hash: input.senderHash,
        // contact-mail.server.ts sends 'stored' rows to the company and marks them 'sent'.
        mail_status: 'stored',
        created_at: now.toISOString(),
        mailed_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return { stored: true, id: row.id } as const
  })
}
