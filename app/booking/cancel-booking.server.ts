import { isAwaitingRide } from '~/domain/booking/status'
import { isFreeCancellation, mayRefundOnCancel } from '~/domain/booking/cancellation'
import { pickupInstant } from '~/domain/trip-search'
import type { DatabaseHandle } from '~/db/connect.server'
import type { BookingRow } from '~/db/schema'
import { writeTransaction } from '~/db/write.server'
import type { PaymentProvider } from '~/adapters/payment/provider'
import { changeStatus, lockBooking, type Executor } from '~/booking/booking-store.server'
import { queueOpsCancelled, queueTravellerCancelled } from '~/booking/booking-notices.server'
import { claimRefund, performRefund, type RefundOutcome } from '~/booking/refunds.server'
import { deliverMailSoon } from '~/mail/outgoing-mail.server'
import { recordStaffAction } from '~/staff/audit.server'
import { logger } from '~/utils/logger.server'

/** The longest cancellation reason kept (the form says so too). */
export const CANCEL_REASON_MAX = 500

/**
 * The attempt that paid the booking and can still be refunded in full: its
 * charge is the booking's payment and no refund of it is under way or done.
 */
export async function refundableCharge(trx: Executor, booking: BookingRow) {
  if (!booking.payment_id) return undefined
  const attempt = await trx
    .selectFrom('payment_attempts')
    .select(['id', 'booking_id', 'provider', 'payment_id', 'amount_minor', 'currency'])
    .where('booking_id', '=', booking.id)
    .where('status', '=', 'succeeded')
    .where('payment_id', '=', booking.payment_id)
    .executeTakeFirst()
  if (!attempt) return undefined
  const live = await trx
    .selectFrom('payment_refunds')
    .select('id')
    .where('attempt_id', '=', attempt.id)
    .where('status', 'in', ['requested', 'succeeded'])
    .executeTakeFirst()
  return live ? undefined : attempt
}

export interface StaffCancellation {
  bookingId: string
  staffAccountId: number
  reason: string
  /** Give back what the card paid (the default), or keep it. */
  refund: boolean
  /** Why a refund is given although pickup is under 24 hours away (the terms owe none). */
  refundOverride?: string | null
  clientAddress: string
}

export type CancelResult =
  | { kind: 'cancelled'; refundMinor: number; refund: RefundOutcome | { kind: 'none' } }
  | { kind: 'already-cancelled' }
  /** Only a paid booking whose ride has not started is cancelled here. */
  | { kind: 'not-cancellable' }
  /** A refund under 24 hours before pickup, asked for without an override reason. */
  | { kind: 'override-required' }

/**
 * A dispatcher or an admin cancels a confirmed booking. In one transaction,
 * with the booking's row locked: the status change with the reason, the audit
 * entry, the refund's claim (when one is asked for and the card paid), the
 * traveller's and the operations mailbox's e-mails. Only then, after the
 * commit, is the provider asked for the refund and its answer recorded. A
 * second cancel (another tab, another dispatcher) finds the booking cancelled
 * and changes nothing.
 */
export async function cancelBookingByStaff(
  handle: DatabaseHandle,
  provider: PaymentProvider,
  request: StaffCancellation,
  now: Date,
): Promise<CancelResult> {
  const at = now.toISOString()
  const claimed = await writeTransaction(handle, async (trx) => {
    const booking = await lockBooking(trx, request.bookingId)
    if (booking?.status === 'cancelled') return { kind: 'already-cancelled' as const }
    if (!booking || !isAwaitingRide(booking.status)) return { kind: 'not-cancellable' as const }
    const free = isFreeCancellation(pickupInstant(booking.trip_date, booking.trip_time), now)
    const override = free ? null : request.refundOverride?.trim() || null
    if (request.refund && !mayRefundOnCancel(free, override)) {
      return { kind: 'override-required' as const }
    }
    const charge = request.refund ? await refundableCharge(trx, booking) : undefined
    const refundMinor = charge?.amount_minor ?? 0
    const cancelled = await changeStatus(trx, booking, 'cancelled', {
      at,
      note: `cancelled by staff: ${request.reason}`,
    })
    const refundId = charge
      ? await claimRefund(trx, charge, request.staffAccountId, now)
      : undefined
    await recordStaffAction(
      trx,
      {
        accountId: request.staffAccountId,
        action: 'booking.cancelled',
        bookingId: booking.id,
        before: { status: booking.status },
        after: {
          status: cancelled.status,
          reason: request.reason,
          refund: refundMinor > 0 ? `${(refundMinor / 100).toFixed(2)} ${booking.currency}` : null,
          ...(override && refundMinor > 0 ? { override } : {}),
        },
      },
      now,
    )
    const mailIds = [
      await queueTravellerCancelled(trx, cancelled, { refundMinor }, now),
      await queueOpsCancelled(
        trx,
        cancelled,
        { by: 'staff', reason: request.reason, refundMinor },
        now,
      ),
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
  deliverMailSoon(handle, claimed.mailIds)
  logger.info('booking.cancelled_by_staff', {
    reference: claimed.reference,
    refundMinor: claimed.refundMinor,
  })
  const refund =
    claimed.refundId === undefined
      ? { kind: 'none' as const }
      : await performRefund(handle, provider, claimed.refundId, request.clientAddress, now)
  return { kind: 'cancelled', refundMinor: claimed.refundMinor, refund }
}
