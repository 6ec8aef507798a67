import type { DatabaseHandle } from '~/db/connect.server'
import type { OutgoingMessageStatus } from '~/db/schema'
import { logger } from '~/utils/logger.server'
import { clearOptOut, recordOptOut } from './opt-outs.server'
import { fallBackToSms } from './queue.server'

/**
 * What the provider tells us after a message left: its delivery reports, and
 * the messages recipients send back. Both arrive as signed requests (checked
 * by the route); this module only acts on them.
 */

/** A delivery report: the provider's id for the message, its new status, the error code of a failure. */
export interface DeliveryReport {
  providerId: string
  status: string
  errorCode?: number
}

/** The provider's statuses in the queue's words; those not listed change nothing. */
const statusOf: Record<string, OutgoingMessageStatus> = {
  delivered: 'delivered',
  read: 'read',
  undelivered: 'undelivered',
  failed: 'undelivered',
}

/** How far along each status is: reports can arrive out of order, and never step back. */
const progress: Partial<Record<OutgoingMessageStatus, number>> = {
  sending: 0,
  sent: 1,
  delivered: 2,
  undelivered: 2,
  read: 3,
}

/** Twilio's code for a recipient who unsubscribed (replied STOP). */
const UNSUBSCRIBED = 21610

/**
 * Stores a delivery report on its message. An undelivered WhatsApp message is
 * sent again by SMS (once). Returns false for a report about no message of ours.
 */
export async function recordDeliveryReport(
  handle: DatabaseHandle,
  report: DeliveryReport,
  now: Date,
): Promise<boolean> {
  const message = await handle.db
    .selectFrom('outgoing_messages')
    .select([
      'id',
      'dedupe_key',
      'kind',
      'booking_id',
      'reference',
      'channel',
      'recipient',
      'language',
      'text_body',
      'status',
    ])
    .where('provider_id', '=', report.providerId)
    .executeTakeFirst()
  if (!message) return false
  const next = statusOf[report.status]
  const moves = next !== undefined && (progress[next] ?? 0) > (progress[message.status] ?? 0)
  await handle.db
    .updateTable('outgoing_messages')
    .set({
      provider_status: report.status.slice(0, 24),
      ...(moves
        ? {
            status: next,
            status_at: now.toISOString(),
            ...(report.errorCode ? { error: `provider:${report.errorCode}` } : {}),
          }
        : {}),
    })
    .where('id', '=', message.id)
    .execute()
  logger.info('message.report', { id: message.id, status: report.status, moved: moves })
  if (report.errorCode === UNSUBSCRIBED && message.channel !== 'email') {
    await recordOptOut(handle.db, message.recipient, [message.channel], 'provider', now)
  }
  if (moves && next === 'undelivered' && message.channel === 'whatsapp') {
    await fallBackToSms(handle, message, now)
  }
  return true
}

/** A message a recipient sent us: who from (E.164, with `whatsapp:` on WhatsApp), and what. */
export interface InboundMessage {
  from: string
  body: string
  /** Twilio's own reading of an opt-out keyword, when its advanced opt-out is on. */
  optOutType?: string
}

/** The words carriers and Twilio treat as STOP and START. */
const stopWords = new Set([
  'STOP',
  'STOPALL',
  'UNSUBSCRIBE',
  'CANCEL',
  'END',
  'QUIT',
  'DUR',
  'IPTAL',
])
const startWords = new Set(['START', 'UNSTOP', 'YES', 'BASLA'])

/**
 * Honours STOP and START from a recipient. A STOP on either channel stops both
 * SMS and WhatsApp to the number: a traveller who writes it means "no more
 * messages". Returns what was done, for the log.
 */
export async function recordInboundMessage(
  handle: DatabaseHandle,
  inbound: InboundMessage,
  now: Date,
): Promise<'stopped' | 'started' | 'ignored'> {
  const recipient = inbound.from.replace(/^whatsapp:/, '')
  const word = (inbound.optOutType || inbound.body)
    .trim()
    .toLocaleUpperCase('tr')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/İ/g, 'I')
  if (stopWords.has(word)) {
    await recordOptOut(handle.db, recipient, ['sms', 'whatsapp'], 'inbound', now)
    return 'stopped'
  }
  if (startWords.has(word)) {
    await clearOptOut(handle.db, recipient, ['sms', 'whatsapp'])
    return 'started'
  }
  return 'ignored'
}
