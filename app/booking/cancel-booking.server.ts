import { isAwaitingRide } from '~/domain/booking/status'
import { isFreeCancellation, mayRefundOnCancel } from '~/domain/booking/cancellation'
import { bookingPickupInstant } from '~/domain/trip-search'
import type { DatabaseHandle } from '~/db/connect.server'
import type { BookingRow } from '~/db/schema'
import { writeTransaction } from '~/db/write.server'
import type { PaymentProvider } from '~/adapters/payment/provider'
import { changeStatus, lockBooking, type Executor } from '~/booking/booking-store.server'
import { queueOpsCancelled, queueTravellerCancelled } from '~/booking/booking-notices.server'
import { claimRefund, performRefund, type RefundOutcome } from '~/booking/refunds.server'
import { deliverSoon } from '~/messages/queue.server'
import { recordAction } from '~/audit/audit.server'
import { logger } from '~/utils/logger.server'
import { releaseAccountCharge } from './booking-company.server'

/** The longest cancellation reason kept (the form says so too). */
export const CANCEL_REASON_MAX = 500

/**
 * The charge that paid the booking and can still be refunded, for the amount
 * this booking may give back: the whole charge for a single ride; for a trip
 * there and back (one payment, two bookings), each ride's own share, the
 * return's stored on it and the outbound's the rest. Undefined when nothing
 * was charged or this booking's refund is under way or done.
 */
export async function refundableCharge(trx: Executor, booking: BookingRow) {
  if (!booking.payment_id) return undefined
  const payer = booking.outbound_booking_id ?? booking.id
  const attempt = await trx
    .selectFrom('payment_attempts')
    .select(['id', 'booking_id', 'provider', 'payment_id', 'amount_minor', 'currency'])
    .where('booking_id', '=', payer)
    .where('status', '=', 'succeeded')
    .where('payment_id', '=', booking.payment_id)
    .executeTakeFirst()
  if (!attempt) return undefined
  const live = await trx
    .selectFrom('payment_refunds')
    .select('id')
    .where('attempt_id', '=', attempt.id)
    .where('booking_id', '=', booking.id)
    .where('status', 'in', ['requested', 'succeeded'])
    .executeTakeFirst()
  if (live) return undefined
  return {
    ...attempt,
    booking_id: booking.id,
    amount_minor: await rideShare(trx, booking, attempt),
  }
}

/** What one booking's ride took of a charge (see refundableCharge). */
async function rideShare(
  trx: Executor,
  booking: BookingRow,
  attempt: { amount_minor: number },
): Promise<number> {
  if (booking.outbound_booking_id) return Math.min(booking.paid_minor ?? 0, attempt.amount_minor)
  const returnRide = await trx
    .selectFrom('bookings')
    .select('paid_minor')
    .where('outbound_booking_id', '=', booking.id)
    .executeTakeFirst()
  return Math.max(attempt.amount_minor - (returnRide?.paid_minor ?? 0), 0)
}

export interface StaffCancellation {
  bookingId: string
  clientAddress: string
  by: { kind: 'staff'; accountId: number }
  reason: string
  /** Give back what the card paid (the default), or keep it. */
  refund: boolean
  /** Why a refund is given although pickup is under 24 hours away (the terms owe none). */
  refundOverride?: string | null
}

export interface TravellerCancellation {
  bookingId: string
  clientAddress: string
  by: { kind: 'traveller' }
}

/**
 * A cancellation, by staff or by the traveller. Staff give a reason and
 * choose whether to refund; the traveller cancels online only within the
 * free cancellation period, and always with the full refund the terms promise.
 */
export type CancellationRequest = StaffCancellation | TravellerCancellation

const isStaffCancellation = (request: CancellationRequest): request is StaffCancellation =>
  request.by.kind === 'staff'

/** The event log's and the operations mailbox's reason for a cancellation online. */
export const TRAVELLER_CANCEL_REASON = 'cancelled online by the traveller'

export type CancelResult =
  | { kind: 'cancelled'; refundMinor: number; refund: RefundOutcome | { kind: 'none' } }
  | { kind: 'already-cancelled' }
  /** Only a paid booking whose ride has not started is cancelled here. */
  | { kind: 'not-cancellable' }
  /** A refund under 24 hours before pickup, asked for without an override reason. */
  | { kind: 'override-required' }
  /** The traveller, under 24 hours before pickup: not online (the terms owe no refund). */
  | { kind: 'too-late' }

/**
 * Cancels a paid booking whose ride has not started: staff (a dispatcher or
 * an admin) from the booking's page, or the traveller from theirs. In one
 * transaction, with the booking's row locked: the status change with the
 * reason, the audit entry naming who cancelled, the refund's claim (when one
 * is due and the card paid), the traveller's and the operations mailbox's
 * e-mails. Only then, after the commit, is the provider asked for the refund
 * and its answer recorded. A second cancel (another tab, another dispatcher,
 * staff and the traveller at once) finds the booking cancelled and changes
 * nothing.
 */
export async function cancelBooking(
  handle: DatabaseHandle,
  provider: PaymentProvider,
  request: CancellationRequest,
  now: Date,
): Promise<CancelResult> {
  const at = now.toISOString()
  const byStaff = isStaffCancellation(request) ? request : undefined
  const reason = byStaff ? byStaff.reason : TRAVELLER_CANCEL_REASON
  const claimed = await writeTransaction(handle, async (trx) => {
    const booking = await lockBooking(trx, request.bookingId)
    if (booking?.status === 'cancelled') return { kind: 'already-cancelled' as const }
    if (!booking || !isAwaitingRide(booking.status)) return { kind: 'not-cancellable' as const }
    const free = isFreeCancellation(bookingPickupInstant(booking), now)
    if (!byStaff && !free) return { kind: 'too-late' as const }
    const override = free ? null : byStaff?.refundOverride?.trim() || null
    const refund = byStaff ? byStaff.refund : true
    if (refund && !mayRefundOnCancel(free, override)) {
      return { kind: 'override-required' as const }
    }
    const charge = refund ? await refundableCharge(trx, booking) : undefined
    const refundMinor = charge?.amount_minor ?? 0
    const cancelled = await changeStatus(trx, booking, 'cancelled', {
      at,
      note: byStaff ? `cancelled by staff: ${reason}` : reason,
    })
    const refundId = charge ? await claimRefund(trx, charge, request.by, now) : undefined
    // A ride charged to a company's account: what is given back is the credit.
    const creditReleased = refund ? await releaseAccountCharge(trx, booking) : 0
    await recordAction(
      trx,
      {
        actor: request.by,
        action: 'booking.cancelled',
        bookingId: booking.id,
        before: { status: booking.status },
        after: {
          status: cancelled.status,
          reason,
          refund: refundMinor > 0 ? `${(refundMinor / 100).toFixed(2)} ${booking.currency}` : null,
          ...(creditReleased > 0
            ? { creditReleased: `${(creditReleased / 100).toFixed(2)} ${booking.currency}` }
            : {}),
          ...(override && refundMinor > 0 ? { override } : {}),
        },
      },
      now,
    )
    const mailIds = [
      ...(await queueTravellerCancelled(trx, cancelled, { refundMinor }, now)),
      await queueOpsCancelled(trx, cancelled, { by: request.by.kind, reason, refundMinor }, now),
    ]
    return {
      kind: 'cancelled' as const,
      refundId,
      refundMinor,
      mailIds,
      reference: booking.reference,
    }
  })
  if (claimed.kind !== 'cancelled') return claimed
  deliverSoon(handle, claimed.mailIds)
  logger.info('booking.cancelled', {
    reference: claimed.reference,
    by: request.by.kind,
    refundMinor: claimed.refundMinor,
  })
  const refund =
    claimed.refundId === undefined
      ? { kind: 'none' as const }
      : await performRefund(handle, provider, claimed.refundId, request.clientAddress, now)
  return { kind: 'cancelled', refundMinor: claimed.refundMinor, refund }
}
