import type { Selectable } from 'kysely'
import type { DatabaseHandle } from '~/db/connect.server'
import type { PaymentRefundsTable } from '~/db/schema'
import { writeTransaction } from '~/db/write.server'
import type { PaymentCurrency, PaymentProvider, RefundResult } from '~/adapters/payment/provider'
import { lockBooking, noteEvent, type Executor } from '~/booking/booking-store.server'
import { queueTravellerRefunded } from '~/booking/booking-notices.server'
import { deliverSoon } from '~/messages/queue.server'
import { recordAction } from '~/audit/audit.server'
import { travellerActor, type AuditActor } from '~/domain/staff/audit-actions'
import { logger } from '~/utils/logger.server'
import { countRefund } from '~/utils/metrics.server'

/**
 * Refunds follow the same discipline as payments (docs/payments.md): a refund
 * is claimed in the database, with the booking's row locked, BEFORE the
 * provider is called; only the request that claimed it calls the provider,
 * then records what the provider said. One payment attempt has at most one
 * refund that is under way or done (the partial unique index
 * payment_refunds_one_live), so the same money is never given back twice;
 * a failed refund stays as history and a new one may be claimed after it.
 */

export type RefundRow = Selectable<PaymentRefundsTable>

/** The part of a payment attempt a refund is claimed for. */
export interface RefundableAttempt {
  id: number
  booking_id: string
  provider: string
  payment_id: string | null
  amount_minor: number
  currency: string
}

/** Who asks for a refund: a member of staff, the traveller cancelling online, or the job. */
export type RefundRequest = AuditActor | { kind: 'job' }

export const refundByJob: RefundRequest = { kind: 'job' }

/**
 * Claims a full refund of one succeeded attempt. The caller holds the
 * booking's lock in `trx`. Returns the refund's id, or undefined when the
 * attempt already has a refund under way or done, or took no money.
 */
export async function claimRefund(
  trx: Executor,
  attempt: RefundableAttempt,
  requestedBy: RefundRequest,
  at: Date,
): Promise<number | undefined> {
  if (!attempt.payment_id || attempt.amount_minor <= 0) return undefined
  const live = await trx
    .selectFrom('payment_refunds')
    .select('id')
    .where('attempt_id', '=', attempt.id)
    .where('booking_id', '=', attempt.booking_id)
    .where('status', 'in', ['requested', 'succeeded'])
    .executeTakeFirst()
  if (live) return undefined
  const row = await trx
    .insertInto('payment_refunds')
    .values({
      attempt_id: attempt.id,
      booking_id: attempt.booking_id,
      provider: attempt.provider,
      amount_minor: attempt.amount_minor,
      currency: attempt.currency,
      status: 'requested',
      provider_refund_id: null,
      error_code: null,
      error_message: null,
      requested_by: requestedBy.kind === 'staff' ? requestedBy.accountId : null,
      requester: requestedBy.kind,
      created_at: at.toISOString(),
      finished_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

export type RefundOutcome =
  | { kind: 'succeeded'; refundId: number; providerRefundId: string }
  | { kind: 'failed'; refundId: number; errorCode: string }
  /** Not a refund waiting for its provider call (settled already, or unknown). */
  | { kind: 'skipped' }

function moneyText(minor: number, currency: string) {
  return `${(minor / 100).toFixed(2)} ${currency}`
}

/**
 * Asks the provider for a claimed refund and records its answer: the refund
 * row, an event on the booking, the audit entry of the member of staff who
 * asked (none for the job), and, when an earlier try had failed, an e-mail
 * telling the traveller the money is on its way. Never throws for the
 * provider's sake: an exception from it is recorded as UNREACHABLE.
 */
export async function performRefund(
  handle: DatabaseHandle,
  provider: PaymentProvider,
  refundId: number,
  clientAddress: string,
  now: Date,
): Promise<RefundOutcome> {
  const claimed = await handle.db
    .selectFrom('payment_refunds')
    .innerJoin('payment_attempts', 'payment_attempts.id', 'payment_refunds.attempt_id')
    .innerJoin('bookings', 'bookings.id', 'payment_refunds.booking_id')
    .select([
      'payment_refunds.id',
      'payment_refunds.status',
      'payment_refunds.provider',
      'payment_refunds.amount_minor',
      'payment_refunds.currency',
      'payment_attempts.payment_id',
      'payment_attempts.amount_minor as charged_minor',
      'payment_attempts.finished_at as paid_at',
      'payment_attempts.created_at as attempt_started_at',
      'bookings.reference',
      'bookings.language',
    ])
    .where('payment_refunds.id', '=', refundId)
    .executeTakeFirst()
  if (claimed?.status !== 'requested' || !claimed.payment_id) return { kind: 'skipped' }

  let result: RefundResult
  if (claimed.provider !== provider.name) {
    // Money goes back only through the provider that took it.
    result = { ok: false, errorCode: 'PROVIDER_CHANGED' }
  } else {
    try {
      result = await provider.refund({
        paymentId: claimed.payment_id,
        amountMinor: claimed.amount_minor,
        currency: claimed.currency as PaymentCurrency,
        // The whole charge: a ride of a trip there and back gives back only its share.
        paidMinor: claimed.charged_minor,
        paidAt: new Date(claimed.paid_at ?? claimed.attempt_started_at),
        at: now,
        conversationId: claimed.reference,
        ip: clientAddress,
        locale: claimed.language === 'tr' ? 'tr' : 'en',
      })
    } catch (error) {
      result = { ok: false, errorCode: 'UNREACHABLE', errorMessage: String(error) }
    }
  }
  return recordRefundOutcome(handle, refundId, result, now)
}

async function recordRefundOutcome(
  handle: DatabaseHandle,
  refundId: number,
  result: RefundResult,
  now: Date,
): Promise<RefundOutcome> {
  const at = now.toISOString()
  const { outcome, mailIds } = await writeTransaction(handle, async (trx) => {
    const refund = await trx
      .selectFrom('payment_refunds')
      .selectAll()
      .where('id', '=', refundId)
      .executeTakeFirstOrThrow()
    const booking = await lockBooking(trx, refund.booking_id)
    const settled = await trx
      .updateTable('payment_refunds')
      .set(
        result.ok
          ? { status: 'succeeded', provider_refund_id: result.refundId, finished_at: at }
          : {
              status: 'failed',
              error_code: result.errorCode.slice(0, 32),
              error_message: result.errorMessage?.slice(0, 200) ?? null,
              finished_at: at,
            },
      )
      .where('id', '=', refundId)
      .where('status', '=', 'requested')
      .executeTakeFirst()
    if (Number(settled.numUpdatedRows) === 0 || !booking) {
      return { outcome: { kind: 'skipped' as const }, mailIds: [] }
    }
    const amount = moneyText(refund.amount_minor, refund.currency)
    const mailIds: (number | undefined)[] = []
    if (result.ok) {
      // A second charge that was due back is no longer due.
      await trx
        .updateTable('payment_attempts')
        .set({ refund_status: 'refunded' })
        .where('id', '=', refund.attempt_id)
        .where('refund_status', '=', 'due')
        .execute()
      const how = result.method === 'cancel' ? 'same-day cancel' : 'refund'
      await noteEvent(trx, booking, `${how} of ${amount} made (${result.refundId})`, at)
      const failedBefore = await trx
        .selectFrom('payment_refunds')
        .select('id')
        .where('attempt_id', '=', refund.attempt_id)
        .where('status', '=', 'failed')
        .executeTakeFirst()
      // The cancellation e-mail already said the refund was on its way; a
      // refund that only went through on a later try is told separately.
      if (failedBefore) {
        mailIds.push(
          ...(await queueTravellerRefunded(
            trx,
            booking,
            { id: refund.id, amountMinor: refund.amount_minor, currency: refund.currency },
            now,
          )),
        )
      }
    } else {
      await noteEvent(trx, booking, `refund of ${amount} failed (${result.errorCode})`, at)
    }
    // Staff's and the traveller's refunds are kept in the audit log; the job's are not actions.
    const actor: AuditActor | undefined =
      refund.requester === 'traveller'
        ? travellerActor
        : refund.requested_by !== null
          ? { kind: 'staff', accountId: refund.requested_by }
          : undefined
    if (actor) {
      await recordAction(
        trx,
        {
          actor,
          action: result.ok ? 'booking.refunded' : 'booking.refund_failed',
          bookingId: booking.id,
          after: result.ok
            ? { refund: amount, refundId: result.refundId, method: result.method }
            : { refund: amount, errorCode: result.errorCode },
        },
        now,
      )
    }
    const outcome: RefundOutcome = result.ok
      ? { kind: 'succeeded', refundId, providerRefundId: result.refundId }
      : { kind: 'failed', refundId, errorCode: result.errorCode }
    return { outcome, mailIds }
  })
  deliverSoon(handle, mailIds)
  if (outcome.kind !== 'skipped') countRefund(outcome.kind)
  if (outcome.kind === 'succeeded') logger.info('payment.refunded', { refund: refundId })
  if (outcome.kind === 'failed') {
    logger.error('payment.refund_failed', { refund: refundId, errorCode: outcome.errorCode })
  }
  return outcome
}

/** A booking's refunds, oldest first, for the staff page. */
export function refundsOfBooking(executor: Executor, bookingId: string) {
  return executor
    .selectFrom('payment_refunds')
    .selectAll()
    .where('booking_id', '=', bookingId)
    .orderBy('id')
    .execute()
}

export type RetryResult =
  | { kind: 'retried'; outcome: RefundOutcome }
  /** Nothing to refund here: a refund is under way or done, or the rule of the call does not hold. */
  | { kind: 'nothing-to-retry' }

interface StaffRefundRequest {
  bookingId: string
  attemptId: number
  /** Null when the periodic job tries again (a provider that could not be reached). */
  staffAccountId: number | null
  clientAddress: string
}

/** What decides, under the booking's lock, whether a new refund may be claimed. */
type ClaimRule = (state: {
  latestRefund: string | undefined
  refundStatus: 'due' | 'refunded' | null
}) => boolean

/**
 * Claims a refund of one succeeded attempt under the booking's lock, when
 * `rule` allows it on what is stored, then asks the provider. The partial
 * unique index behind claimRefund keeps two of these at once to one refund.
 */
async function claimUnderLockThenRefund(
  handle: DatabaseHandle,
  provider: PaymentProvider,
  request: StaffRefundRequest,
  rule: ClaimRule,
  now: Date,
): Promise<RetryResult> {
  const refundId = await writeTransaction(handle, async (trx) => {
    const booking = await lockBooking(trx, request.bookingId)
    if (!booking) return undefined
    const latest = await trx
      .selectFrom('payment_refunds')
      .select('status')
      .where('attempt_id', '=', request.attemptId)
      .where('booking_id', '=', booking.id)
      .orderBy('id', 'desc')
      .executeTakeFirst()
    const attempt = await trx
      .selectFrom('payment_attempts')
      .select([
        'id',
        'booking_id',
        'provider',
        'payment_id',
        'amount_minor',
        'currency',
        'refund_status',
      ])
      .where('id', '=', request.attemptId)
      .where('booking_id', '=', booking.id)
      .where('status', '=', 'succeeded')
      .executeTakeFirst()
    if (!attempt || !rule({ latestRefund: latest?.status, refundStatus: attempt.refund_status })) {
      return undefined
    }
    return claimRefund(
      trx,
      attempt,
      request.staffAccountId === null
        ? refundByJob
        : { kind: 'staff', accountId: request.staffAccountId },
      now,
    )
  })
  if (refundId === undefined) return { kind: 'nothing-to-retry' }
  return {
    kind: 'retried',
    outcome: await performRefund(handle, provider, refundId, request.clientAddress, now),
  }
}

/**
 * A member of staff (or the job, for an unreachable provider) tries a failed
 * refund again: a new refund is claimed for the same attempt only while its
 * latest refund is the failed one and none is under way or done.
 */
export function retryRefund(
  handle: DatabaseHandle,
  provider: PaymentProvider,
  request: StaffRefundRequest,
  now: Date,
): Promise<RetryResult> {
  return claimUnderLockThenRefund(
    handle,
    provider,
    request,
    ({ latestRefund }) => latestRefund === 'failed',
    now,
  )
}

/**
 * A member of staff refunds a second charge (a payment flagged due for
 * refund) in one action, without waiting for the maintenance run: only
 * while it is still due and no refund of it was asked for. Whichever of
 * staff and the job claims it first refunds it; the other finds nothing.
 */
export function refundSecondCharge(
  handle: DatabaseHandle,
  provider: PaymentProvider,
  request: StaffRefundRequest & { staffAccountId: number },
  now: Date,
): Promise<RetryResult> {
  return claimUnderLockThenRefund(
    handle,
    provider,
    request,
    ({ latestRefund, refundStatus }) => refundStatus === 'due' && latestRefund === undefined,
    now,
  )
}
