import { getEnv } from '~/config/env.server'
import { getDatabase } from '~/db/db.server'
import type { Language } from '~/i18n/config'
import { deliverSoon } from '~/messages/queue.server'
import { senderHash, storeContactMessage, type StoreOutcome } from './contact-messages.server'
import type { ContactMessage } from './contact-schema'

/**
 * The contact form's use case: the message is stored (counted against the
 * sender's hashed address), then mailed to the company's inbox without making
 * the sender wait for SMTP, through the message queue, which retries a failed send.
 */
export async function receiveContactMessage(
  message: ContactMessage,
  language: Language,
  clientAddress: string,
  now: Date,
): Promise<StoreOutcome> {
  const handle = await getDatabase()
  const outcome = await storeContactMessage(
    handle,
    { ...message, language, senderHash: senderHash(clientAddress, getEnv().SESSION_SECRET[0]!) },
    now,
  )
  if (outcome.stored) deliverSoon(handle, [outcome.mailId])
  return outcome
}
