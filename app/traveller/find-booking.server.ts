import { getEnv } from '~/config/env.server'
import { getDatabase } from '~/db/db.server'
import type { DatabaseHandle } from '~/db/connect.server'
import type { BookingRow } from '~/db/schema'
import { writeTransaction } from '~/db/write.server'
import { clientHash, consumeRateLimit, type RateLimitRule } from '~/db/rate-limit.server'
import { isPaid } from '~/domain/booking/status'
import { isLinkExpired } from '~/domain/booking/traveller-rules'
import { travellerActor } from '~/domain/staff/audit-actions'
import { bookingPickupInstant } from '~/domain/trip-search'
import { queueTravellerLink } from '~/booking/booking-notices.server'
import { wasPaidThenCancelled } from '~/booking/paid-booking.server'
import { deliverSoon } from '~/messages/queue.server'
import { recordAction } from '~/audit/audit.server'
import { logger } from '~/utils/logger.server'

/**
 * "Find my booking": a reference and an e-mail address. When they belong to
 * one paid booking, its signed link is e-mailed again to the booking's own
 * address; the page answers the same whether or not they matched, so knowing
 * a reference (printed on a voucher, read out on the phone) shows nothing.
 * Both the client's address and the reference are rate-limited, in the
 * database, so guessing is slow across every instance.
 */

/** Requests one client address may make (FIND_BOOKING_PER_ADDRESS in 15 minutes). */
export function findBookingAddressRule(): RateLimitRule {
  return { name: 'find-booking-address', max: getEnv().FIND_BOOKING_PER_ADDRESS, windowMinutes: 15 }
}

/** Requests for one reference, from anywhere: a lost link is asked for a few times at most. */
export const findBookingReferenceRule: RateLimitRule = {
  name: 'find-booking-reference',
  max: 5,
  windowMinutes: 60,
}

export interface FindBookingRequest {
  /** As typed; compared in upper case. */
  reference: string
  email: string
  clientAddress: string
}

export type FindBookingOutcome =
  /** The same answer whether or not the reference and address matched. */
  { kind: 'answered' } | { kind: 'rate-limited' }

/** E-mail addresses compare without case or surrounding spaces. */
const sameAddress = (stored: string, typed: string) =>
  stored.trim().toLowerCase() === typed.trim().toLowerCase()

function matches(booking: BookingRow | undefined, email: string): booking is BookingRow {
  if (!booking?.email || !sameAddress(booking.email, email)) return false
  return isPaid(booking.status) || wasPaidThenCancelled(booking)
}

export async function requestBookingLink(
  request: FindBookingRequest,
  now: Date,
  /** The process's database unless given (tests pass their own). */
  given?: DatabaseHandle,
): Promise<FindBookingOutcome> {
  const handle = given ?? (await getDatabase())
  const secret = getEnv().SESSION_SECRET[0]!
  const reference = request.reference.trim().toUpperCase()
  const outcome = await writeTransaction(handle, async (trx) => {
    // Counted before anything is looked up: a guess costs a slot whether it hits or not.
    const byAddress = await consumeRateLimit(
      trx,
      handle.dialect,
      findBookingAddressRule(),
      clientHash(request.clientAddress, secret),
      now,
    )
    if (byAddress === undefined) return { kind: 'rate-limited' as const }
    const byReference = await consumeRateLimit(
      trx,
      handle.dialect,
      findBookingReferenceRule,
      clientHash(`reference:${reference}`, secret),
      now,
    )
    if (byReference === undefined) return { kind: 'rate-limited' as const }
    const booking = await trx
      .selectFrom('bookings')
      .selectAll()
      .where('reference', '=', reference)
      .executeTakeFirst()
    if (!matches(booking, request.email)) return { kind: 'answered' as const, mailId: undefined }
    const expired = isLinkExpired(bookingPickupInstant(booking), now)
    const mailId = await queueTravellerLink(trx, booking, { id: byReference, expired }, now)
    await recordAction(
      trx,
      { actor: travellerActor, action: 'booking.link_sent', bookingId: booking.id },
      now,
    )
    return { kind: 'answered' as const, mailId }
  })
  if (outcome.kind === 'rate-limited') {
    logger.warn('booking.find_rate_limited')
    return outcome
  }
  deliverSoon(handle, [outcome.mailId])
  // Whether it matched stays out of the log too: the log is read by more people than the mailbox.
  logger.info('booking.find_answered')
  return { kind: 'answered' }
}
