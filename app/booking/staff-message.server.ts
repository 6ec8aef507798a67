import type { DatabaseHandle } from '~/db/connect.server'
import { writeTransaction } from '~/db/write.server'
import { recordStaffAction } from '~/audit/audit.server'
import { translatorFor } from '~/i18n/fixed-translator.server'
import { MAX_SMS_SEGMENTS, smsSize } from '~/messages/sms-segments'
import { deliverSoon } from '~/messages/queue.server'
import { lockBooking } from './booking-store.server'
import { queueTravellerStaffMessage } from './booking-notices.server'
import { queueComposedText, travellerText } from './booking-texts.server'

/**
 * A member of staff writes to a booking's traveller: by the text channel the
 * traveller chose (WhatsApp or SMS), or by e-mail. The message is queued like
 * every other, so it is kept with the booking (its messages on the staff page)
 * and sent once; the audit log keeps who wrote what, when. A text is never cut:
 * one that would not fit two SMS parts is refused, with how much to take out.
 */
export const STAFF_MESSAGE_MAX = 1000

export type StaffMessageChannel = 'text' | 'email'

export type StaffMessageOutcome =
  | { kind: 'sent'; channel: StaffMessageChannel }
  /** Too long for a text: `over` characters (or UCS-2 units) to take out. */
  | { kind: 'tooLong'; over: number }
  /** The traveller chose e-mail only (or gave no number): no text to send. */
  | { kind: 'noTextChannel' }
  | { kind: 'notFound' }

export async function sendStaffMessage(
  handle: DatabaseHandle,
  request: {
    bookingId: string
    staffAccountId: number
    channel: StaffMessageChannel
    message: string
  },
  now: Date,
): Promise<StaffMessageOutcome> {
  const message = request.message.trim().slice(0, STAFF_MESSAGE_MAX)
  const outcome = await writeTransaction(handle, async (trx) => {
    const booking = await lockBooking(trx, request.bookingId)
    if (!booking?.confirmed_at) return { kind: 'notFound' as const }
    const occasion = `${booking.id}:${now.getTime()}`
    let id: number | undefined
    if (request.channel === 'text') {
      const text = await travellerText(trx, booking, 'staffMessage', { message })
      if (!text) return { kind: 'noTextChannel' as const }
      // A written text may be cut to fit; a person's message is refused instead.
      if (!text.text.includes(message)) {
        const whole = translatorFor(text.language)('texts.staffMessage', {
          ...text.values,
          message,
        })
        const size = smsSize(whole)
        const room = (size.encoding === 'GSM-7' ? 153 : 67) * MAX_SMS_SEGMENTS
        return { kind: 'tooLong' as const, over: size.units - room }
      }
      id = await queueComposedText(trx, booking, text, occasion, now)
    } else {
      id = await queueTravellerStaffMessage(trx, booking, message, occasion, now)
    }
    await recordStaffAction(
      trx,
      {
        accountId: request.staffAccountId,
        action: 'booking.message_sent',
        bookingId: booking.id,
        before: null,
        after: { channel: request.channel, message },
      },
      now,
    )
    return { kind: 'sent' as const, channel: request.channel, id }
  })
  if (outcome.kind !== 'sent') return outcome
  deliverSoon(handle, [outcome.id])
  return { kind: 'sent', channel: outcome.channel }
}
