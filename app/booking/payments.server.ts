import { bookingAvailabilityUnderLock } from '~/capacity/capacity.server'
import type { DatabaseHandle } from '~/db/connect.server'
import type { BookingRow, PaymentAttemptsTable } from '~/db/schema'
import { afterCommit, writeTransaction } from '~/db/write.server'
import { countPayment } from '~/utils/metrics.server'
import { logger } from '~/utils/logger.server'
import { confirmationRule, isPaid } from '~/domain/booking/status'
import { isQuoteExpired } from '~/domain/booking/quote-hold'
import {
  changeStatus,
  lockBooking,
  noteEvent,
  updateBooking,
  type Executor,
} from '~/booking/booking-store.server'
import { amountsDue, paymentOptionOf } from '~/domain/booking/payment-split'
import { readPriceTerms } from '~/domain/pricing/price-terms'
import { rideCount, toBookingMinor } from '~/domain/booking/money'
import { extraLines, type ExtraCode, type ExtraQuantities } from '~/domain/booking/extras'
import { queueOpsBookingConfirmed, queueOpsRefundDue } from '~/booking/booking-notices.server'
import { deliverSoon } from '~/messages/queue.server'
import { payableMinor, type PromoRefusal } from '~/domain/pricing/promo'
import { claimPromoUse } from './promo-codes.server'
import { withCompanyBuyer } from './booking-company.server'
import type {
  InitializeRequest,
  PaymentProvider,
  RetrieveResult,
} from '~/adapters/payment/provider'

/** A checkout form token lives 30 minutes at iyzico; the simulator follows. */
export const ATTEMPT_MINUTES = 30

type Attempt = PaymentAttemptsTable & { id: number }

export interface PaymentContext {
  provider: PaymentProvider
  callbackUrl: string
  clientAddress: string
  vehicleTitle: string
  extraTitles: Record<ExtraCode, string>
  /**
   * The page this Book Now came from told the traveller why the promo code was
   * taken off: the booking may now be paid at its full price.
   */
  promoRefusalSeen?: boolean
}

/** The request to the provider, built from the stored booking only. */
export function initializeRequest(
  booking: BookingRow,
  extras: ExtraQuantities,
  context: PaymentContext,
): InitializeRequest {
  const option = paymentOptionOf(booking)
  const terms = readPriceTerms(booking)
  const { nowMinor } = amountsDue(payableMinor(booking), option, terms.depositPercent)
  const rides = rideCount(booking)
  const items =
    option === 'depositCash'
      ? [
          {
            id: 'deposit',
            name: `${terms.depositPercent}% deposit: ${context.vehicleTitle}`,
            minor: nowMinor,
          },
        ]
      : [
          {
            id: booking.vehicle_class,
            name: context.vehicleTitle,
            minor: toBookingMinor(booking.vehicle_cents, booking),
          },
          // A trip there and back: the return ride is its own item, and the extras ride both ways.
          ...(booking.return_vehicle_cents === null
            ? []
            : [
                {
                  id: `${booking.vehicle_class}-return`,
                  name: `${context.vehicleTitle} (return)`,
                  minor: toBookingMinor(booking.return_vehicle_cents, booking),
                },
              ]),
          ...extraLines(extras).map(({ code, quantity }) => ({
            id: code,
            name:
              quantity * rides > 1
                ? `${context.extraTitles[code]} × ${quantity * rides}`
                : context.extraTitles[code],
            minor: quantity * rides * toBookingMinor(terms.extraCents[code], booking),
          })),
        ]
  return {
    locale: booking.language === 'tr' ? 'tr' : 'en',
    conversationId: booking.reference,
    basketId: booking.reference,
    amountMinor: nowMinor,
    currency: booking.currency,
    callbackUrl: context.callbackUrl,
    ...paymentParties(booking, context.clientAddress),
    basketItems: lessDiscount(items, option === 'depositCash' ? 0 : booking.discount_minor).map(
      (item) => ({
        id: item.id,
        name: item.name,
        category1: 'Transfer',
        itemType: 'VIRTUAL' as const,
        amountMinor: item.minor,
      }),
    ),
  }
}

/**
 * Who pays, as the provider asks it, from the stored booking: its billing
 * details (the traveller's name where no billing name was given). A tip for
 * the driver is paid by the same buyer.
 */
export function paymentParties(
  booking: BookingRow,
  clientAddress: string,
): Pick<InitializeRequest, 'buyer' | 'billingAddress'> {
  const name = booking.billing_first_name ?? booking.first_name ?? ''
  const surname = booking.billing_last_name ?? booking.last_name ?? ''
  const address = {
    contactName: `${name} ${surname}`.trim(),
    city: booking.billing_city ?? '',
    country: booking.billing_country ?? '',
    address: booking.billing_address ?? '',
    zipCode: booking.billing_zipcode ?? '',
  }
  return {
    buyer: {
      id: booking.reference,
      name,
      surname,
      email: booking.email ?? '',
      gsmNumber: (booking.phone ?? '').replace(/[^\d+]/g, ''),
      // iyzico's documented placeholder for buyers without a Turkish national id.
      identityNumber: '11111111111',
      registrationAddress: address.address,
      city: address.city,
      country: address.country,
      zipCode: address.zipCode,
      ip: clientAddress,
    },
    billingAddress: address,
  }
}

/**
 * The basket with a promo code's discount taken off its lines, first line
 * first, each keeping at least one minor unit (providers refuse an empty or
 * negative line), so the lines still add up to the amount charged. A deposit
 * is one line of the discounted deposit already, and is passed 0 here.
 */
export function lessDiscount<Item extends { minor: number }>(items: Item[], discountMinor: number) {
  let left = discountMinor
  return items.map((item) => {
    const off = Math.min(left, Math.max(item.minor - 1, 0))
    left -= off
    return { ...item, minor: item.minor - off }
  })
}

/** The attempt still waiting for the traveller on the provider's page, if any. */
export async function openAttempt(
  handle: DatabaseHandle,
  bookingId: string,
  now: Date,
): Promise<Attempt | undefined> {
  return handle.db
    .selectFrom('payment_attempts')
    .selectAll()
    .where('booking_id', '=', bookingId)
    .where('status', '=', 'initialized')
    .where('expires_at', '>', now.toISOString())
    .orderBy('id', 'desc')
    .executeTakeFirst() as Promise<Attempt | undefined>
}

/**
 * A booking waiting for its payment whose attempt ended unpaid becomes
 * payment_failed (retryable), with its event. Anything else is left alone.
 */
export async function markPaymentFailed(
  trx: Executor,
  bookingId: string,
  note: string,
  at: string,
) {
  const booking = await lockBooking(trx, bookingId)
  if (booking?.status !== 'awaiting_payment') return
  await changeStatus(trx, booking, 'payment_failed', { at, note })
}

/**
 * A claimed attempt whose provider call never came back (the process died
 * while waiting) stops blocking the booking after this long; the provider
 * answers initialize within seconds.
 */
export const STARTING_STALE_SECONDS = 60
/** How long a second Book Now waits for the first one's payment page. */
const WAIT_FOR_START_MS = 15_000
const WAIT_STEP_MS = 100

export type BeginResult =
  /** The provider's page to send the traveller to: new, or the one already open. */
  | { kind: 'page'; paymentPageUrl: string; reused: boolean }
  | { kind: 'paid' }
  /** The provider refused or could not be reached: the booking is payment_failed, retryable. */
  | { kind: 'not-started' }
  /** Another request is still starting this booking's payment and did not finish in time. */
  | { kind: 'preparing' }
  /** The held price ran out before a payment started: the booking must be priced again. */
  | { kind: 'quote-expired' }
  /** Not a booking that can be paid (still a draft, expired, cancelled). */
  | { kind: 'unavailable' }
  /**
   * The promo code on the booking no longer applies (used up meanwhile,
   * expired): it was taken off, the booking is payment_failed at its full
   * price, and the traveller is shown why before paying.
   */
  | { kind: 'promo-refused'; reason: PromoRefusal }
  /**
   * The fleet can no longer drive it at that time (the last car went to
   * another traveller meanwhile, or staff closed the hours): nothing was
   * started, the booking is payment_failed, the traveller chooses again.
   */
  | { kind: 'fully-booked' }

type Claim =
  | { kind: 'claimed'; attempt: Attempt; booking: BookingRow }
  | { kind: 'reuse'; url: string }
  | { kind: 'wait'; attemptId: number }
  | { kind: 'paid' }
  | { kind: 'quote-expired' }
  | { kind: 'unavailable' }
  | { kind: 'promo-refused'; reason: PromoRefusal }
  | { kind: 'fully-booked' }

/**
 * Decides, with the booking's row locked, whether this request starts the
 * booking's payment. Only one attempt per booking is live at a time (also a
 * unique index): an open page is reused, one being started is waited for, and
 * only then is a new attempt claimed, before the provider is called, for the
 * amount computed from the stored booking.
 */
async function claimAttempt(
  handle: DatabaseHandle,
  bookingId: string,
  context: Pick<PaymentContext, 'provider' | 'promoRefusalSeen'>,
  now: Date,
): Promise<Claim> {
  const at = now.toISOString()
  return writeTransaction(handle, async (trx) => {
    const booking = await lockBooking(trx, bookingId)
    if (!booking) return { kind: 'unavailable' as const }
    if (isPaid(booking.status)) return { kind: 'paid' as const }
    if (booking.status !== 'awaiting_payment') return { kind: 'unavailable' as const }

    const live = (await trx
      .selectFrom('payment_attempts')
      .selectAll()
      .where('booking_id', '=', bookingId)
      .where('status', 'in', ['starting', 'initialized'])
      .executeTakeFirst()) as Attempt | undefined
    if (live?.status === 'initialized' && live.expires_at > at && live.payment_page_url) {
      return { kind: 'reuse' as const, url: live.payment_page_url }
    }
    const staleBefore = new Date(now.getTime() - STARTING_STALE_SECONDS * 1000).toISOString()
    if (live?.status === 'starting' && live.created_at > staleBefore) {
      return { kind: 'wait' as const, attemptId: live.id }
    }
    if (live) {
      // Its page ran out unpaid, or its start was abandoned: it stops being live.
      // Reconciliation still asks the provider about a token that existed.
      await trx
        .updateTable('payment_attempts')
        .set(
          live.status === 'starting'
            ? { status: 'failed', error_code: 'START_ABANDONED', finished_at: at }
            : { status: 'expired', finished_at: at },
        )
        .where('id', '=', live.id)
        .execute()
    }
    if (isQuoteExpired(booking, now)) {
      // A new payment is only started at a price still held.
      await markPaymentFailed(trx, bookingId, 'quote expired before payment', at)
      return { kind: 'quote-expired' as const }
    }
    // The last car: checked under the capacity lock, so two Book Nows never both take it.
    const capacity = await bookingAvailabilityUnderLock(trx, booking, now)
    if (capacity.kind !== 'free') {
      const why = capacity.kind === 'closed' ? 'closed' : capacity.limit
      await markPaymentFailed(trx, bookingId, `fully booked: ${why}`, at)
      return { kind: 'fully-booked' as const }
    }
    // A code taken off by an earlier Book Now: a press from a page that did not say
    // so (the double press of the same click) pays nothing and is told again.
    let unrefused = booking
    if (booking.promo_refused !== null) {
      if (!context.promoRefusalSeen) {
        await markPaymentFailed(trx, bookingId, 'promo code refusal not yet shown', at)
        return { kind: 'promo-refused' as const, reason: booking.promo_refused }
      }
      unrefused = await updateBooking(trx, booking, { promo_refused: null }, at)
    }
    // The promo code is checked again and its use claimed with the attempt, or neither.
    const promo = await claimPromoUse(trx, unrefused, now)
    if (promo.kind === 'refused') {
      await markPaymentFailed(trx, bookingId, `promo code refused: ${promo.reason}`, at)
      return { kind: 'promo-refused' as const, reason: promo.reason }
    }
    const priced = await withCompanyBuyer(trx, promo.booking, at)
    const option = paymentOptionOf(priced)
    const { nowMinor } = amountsDue(
      payableMinor(priced),
      option,
      readPriceTerms(priced).depositPercent,
    )
    const inserted = await trx
      .insertInto('payment_attempts')
      .values({
        booking_id: bookingId,
        provider: context.provider.name,
        token: null,
        payment_page_url: null,
        amount_minor: nowMinor,
        currency: booking.currency,
        payment_option: option,
        status: 'starting',
        payment_id: null,
        refund_status: null,
        created_at: at,
        expires_at: new Date(now.getTime() + ATTEMPT_MINUTES * 60_000).toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const attempt = (await trx
      .selectFrom('payment_attempts')
      .selectAll()
      .where('id', '=', inserted.id)
      .executeTakeFirstOrThrow()) as Attempt
    return { kind: 'claimed' as const, attempt, booking: priced }
  })
}

/** Waits for another request's attempt to get its page (or fail), polling the database. */
async function waitForAttempt(handle: DatabaseHandle, attemptId: number): Promise<BeginResult> {
  for (let waited = 0; waited < WAIT_FOR_START_MS; waited += WAIT_STEP_MS) {
    await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS))
    const attempt = await handle.db
      .selectFrom('payment_attempts')
      .select(['status', 'payment_page_url'])
      .where('id', '=', attemptId)
      .executeTakeFirst()
    if (attempt?.status === 'initialized' && attempt.payment_page_url) {
      return { kind: 'page', paymentPageUrl: attempt.payment_page_url, reused: true }
    }
    if (attempt?.status !== 'starting') return { kind: 'not-started' }
  }
  return { kind: 'preparing' }
}

/**
 * 'Book Now' on a booking that was moved to awaiting_payment: sends the
 * traveller to one payment page per booking, however many requests, tabs or
 * instances ask at once. The request that claims the attempt asks the provider
 * for a checkout form; the others reuse its page. When the provider refuses or
 * cannot be reached, the booking becomes payment_failed and can be tried again.
 */
export async function beginPayment(
  handle: DatabaseHandle,
  bookingId: string,
  extras: ExtraQuantities,
  context: PaymentContext,
  now: Date,
): Promise<BeginResult> {
  const claim = await claimAttempt(handle, bookingId, context, now)
  if (claim.kind === 'reuse') return { kind: 'page', paymentPageUrl: claim.url, reused: true }
  if (claim.kind === 'wait') return waitForAttempt(handle, claim.attemptId)
  if (claim.kind !== 'claimed') return claim

  const { attempt, booking } = claim
  const request = initializeRequest(booking, extras, context)
  let result: Awaited<ReturnType<PaymentProvider['initialize']>>
  try {
    result = await context.provider.initialize(request)
  } catch (error) {
    result = { ok: false, errorCode: 'UNREACHABLE', errorMessage: String(error) }
  }
  const at = now.toISOString()
  if (!result.ok) {
    logger.warn('payment.initialize_failed', {
      reference: booking.reference,
      provider: context.provider.name,
      errorCode: result.errorCode,
    })
    await writeTransaction(handle, async (trx) => {
      await trx
        .updateTable('payment_attempts')
        .set({ status: 'failed', error_code: result.errorCode ?? null, finished_at: at })
        .where('id', '=', attempt.id)
        .where('status', '=', 'starting')
        .execute()
      await markPaymentFailed(
        trx,
        booking.id,
        `initialize failed ${result.errorCode ?? ''}`.trim(),
        at,
      )
    })
    return { kind: 'not-started' }
  }
  await handle.db
    .updateTable('payment_attempts')
    .set({
      status: 'initialized',
      token: result.token,
      payment_page_url: result.paymentPageUrl,
      expires_at: new Date(now.getTime() + ATTEMPT_MINUTES * 60_000).toISOString(),
    })
    .where('id', '=', attempt.id)
    .where('status', '=', 'starting')
    .execute()
  logger.info('payment.initialized', {
    reference: booking.reference,
    provider: context.provider.name,
  })
  return { kind: 'page', paymentPageUrl: result.paymentPageUrl, reused: false }
}

export type CallbackOutcome =
  | { kind: 'confirmed'; booking: BookingRow; first: boolean }
  | { kind: 'failed'; booking: BookingRow; errorGroup?: string }
  | { kind: 'pending'; booking: BookingRow }
  | { kind: 'unknown' }

/** Only a clean success counts, matching the stored booking and attempt in every field. */
function cleanSuccess(result: RetrieveResult, booking: BookingRow, attempt: Attempt): boolean {
  return (
    result.status === 'success' &&
    result.paymentStatus === 'SUCCESS' &&
    result.fraudStatus === 1 &&
    Boolean(result.paymentId) &&
    result.conversationId === booking.reference &&
    result.basketId === booking.reference &&
    result.paidMinor === attempt.amount_minor &&
    result.priceMinor === attempt.amount_minor &&
    result.currency === attempt.currency
  )
}

/**
 * A refused card, or an answer that claims success but does not match what we
 * asked for. A payment held for fraud review (fraudStatus 0) is still pending.
 */
function isDeclined(result: RetrieveResult): boolean {
  if (result.paymentStatus === 'FAILURE') return true
  if (result.status === 'failure') return Boolean(result.errorGroup)
  return result.paymentStatus === 'SUCCESS' && result.fraudStatus !== 0
}

/** The provider took the money for this attempt; a charge nobody should have made is due back. */
async function recordSuccess(
  trx: Executor,
  attempt: Attempt,
  paymentId: string,
  at: string,
  { refundDue = false } = {},
) {
  await trx
    .updateTable('payment_attempts')
    .set({
      status: 'succeeded',
      payment_id: paymentId,
      finished_at: at,
      ...(refundDue ? { refund_status: 'due' } : {}),
    })
    .where('id', '=', attempt.id)
    .execute()
}

/**
 * The provider sent the traveller back with a token (or reconciliation asks
 * about one). The result is retrieved from the provider, never read from the
 * request; a clean success confirms the booking once, in one transaction, so a
 * replayed callback changes nothing.
 */
export async function settlePayment(
  handle: DatabaseHandle,
  provider: PaymentProvider,
  token: string,
  now: Date,
): Promise<CallbackOutcome> {
  const attempt = (await handle.db
    .selectFrom('payment_attempts')
    .selectAll()
    .where('token', '=', token)
    .executeTakeFirst()) as Attempt | undefined
  if (!attempt) return { kind: 'unknown' }
  const booking = await handle.db
    .selectFrom('bookings')
    .selectAll()
    .where('id', '=', attempt.booking_id)
    .executeTakeFirst()
  if (!booking) return { kind: 'unknown' }
  if (attempt.status === 'succeeded') return { kind: 'confirmed', booking, first: false }

  const result = await provider.retrieve(
    token,
    booking.reference,
    booking.language === 'tr' ? 'tr' : 'en',
  )
  const at = now.toISOString()
  if (cleanSuccess(result, booking, attempt)) {
    // The operations mailbox's e-mail is queued with the change it reports.
    const mailIds: (number | undefined)[] = []
    const settled = await writeTransaction(handle, async (trx) => {
      const current = await lockBooking(trx, booking.id)
      if (!current) return { kind: 'unknown' as const }
      const fresh = await trx
        .selectFrom('payment_attempts')
        .select('status')
        .where('id', '=', attempt.id)
        .executeTakeFirstOrThrow()
      if (fresh.status === 'succeeded')
        return { kind: 'confirmed' as const, booking: current, first: false }
      const rule = confirmationRule(current.status)
      const paidBefore = Boolean(current.payment_id && current.payment_id !== result.paymentId)
      // Its traveller's data was erased (their account deleted) while the page was
      // open: a ride nobody can be told of, or driven to, is never confirmed.
      const erased = current.personal_data_erased_at !== null
      if (paidBefore || !rule || erased) {
        // Another attempt paid this booking already (or it was cancelled, or
        // erased): this charge is kept as its own attempt, flagged for refund
        // (the maintenance run refunds it), and the booking stays as it is.
        await recordSuccess(trx, attempt, result.paymentId!, at, { refundDue: true })
        afterCommit(trx, () => countPayment('duplicate'))
        const which = paidBefore ? 'second ' : erased ? 'erased booking’s ' : ''
        await noteEvent(
          trx,
          current,
          `${which}payment ${result.paymentId} by ${attempt.provider} flagged for refund`,
          at,
        )
        mailIds.push(
          await queueOpsRefundDue(
            trx,
            current,
            {
              attemptId: attempt.id,
              paymentId: result.paymentId!,
              amountMinor: attempt.amount_minor,
              currency: attempt.currency,
            },
            now,
            erased && !paidBefore ? 'erased' : 'second',
          ),
        )
        logger.error(erased ? 'payment.erased_booking_charge' : 'payment.duplicate_charge', {
          reference: current.reference,
          attempt: attempt.id,
          provider: attempt.provider,
          paymentId: result.paymentId,
          amountMinor: attempt.amount_minor,
          currency: attempt.currency,
        })
        return { kind: 'confirmed' as const, booking: current, first: false }
      }
      // Paid is paid: an expired or failed booking that the provider charged is
      // confirmed too, by the late-payment rule.
      if (rule === 'late-payment') {
        logger.warn('payment.late_success', {
          reference: current.reference,
          status: current.status,
        })
      }
      const confirmed = await changeStatus(trx, current, 'confirmed', {
        at,
        rule,
        note: `paid by ${attempt.provider}`,
        values: {
          payment_id: result.paymentId!,
          paid_minor: attempt.amount_minor,
          payment_option: attempt.payment_option,
          confirmed_at: at,
          mail_status: 'pending',
          mail_attempts: 0,
        },
      })
      await recordSuccess(trx, attempt, result.paymentId!, at)
      afterCommit(trx, () => countPayment('succeeded'))
      mailIds.push(await queueOpsBookingConfirmed(trx, confirmed, now))
      logger.info('payment.confirmed', { reference: current.reference, provider: attempt.provider })
      return { kind: 'confirmed' as const, booking: confirmed, first: true }
    })
    deliverSoon(handle, mailIds)
    return settled
  }
  if (isDeclined(result)) {
    // A refused card, or a "success" that did not match what we asked for.
    await failAttempt(
      handle,
      attempt,
      booking,
      result.errorCode,
      result.errorGroup ?? 'MISMATCH',
      now,
    )
    return { kind: 'failed', booking, errorGroup: result.errorGroup }
  }
  return { kind: 'pending', booking }
}

async function failAttempt(
  handle: DatabaseHandle,
  attempt: Attempt,
  booking: BookingRow,
  errorCode: string | undefined,
  errorGroup: string | undefined,
  now: Date,
) {
  const at = now.toISOString()
  await writeTransaction(handle, async (trx) => {
    const changed = await trx
      .updateTable('payment_attempts')
      .set({
        status: 'failed',
        error_code: errorCode ?? null,
        error_group: errorGroup ?? null,
        finished_at: at,
      })
      .where('id', '=', attempt.id)
      .where('status', '=', 'initialized')
      .executeTakeFirst()
    if (Number(changed.numUpdatedRows) === 0) return
    afterCommit(trx, () => countPayment('failed'))
    await markPaymentFailed(
      trx,
      booking.id,
      `payment ${errorGroup ?? 'failed'} ${errorCode ?? ''}`.trim(),
      at,
    )
  })
  logger.info('payment.failed', { reference: booking.reference, errorCode, errorGroup })
}
