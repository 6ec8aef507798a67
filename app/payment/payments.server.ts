import type { DatabaseHandle } from '~/db/connect.server'
import type { BookingRow, PaymentAttemptsTable } from '~/db/schema'
import { writeTransaction } from '~/db/write.server'
import { logger } from '~/utils/logger.server'
import { assertTransition } from '~/booking/status'
import { recordEvent, type Executor } from '~/booking/bookings.server'
import { amountsDue } from '~/booking/payment-amounts'
import { bookingCurrency, toBookingMinor } from '~/booking/booking-money'
import { extraUnitCents, type ExtraCode } from '~/booking/extras'
import { fromDecimalAmount, toDecimalAmount } from './amounts'
import type { InitializeRequest, PaymentProvider, RetrieveResult } from './provider'

/** A checkout form token lives 30 minutes at iyzico; the simulator follows. */
export const ATTEMPT_MINUTES = 30

type Attempt = PaymentAttemptsTable & { id: number }

export interface PaymentContext {
  provider: PaymentProvider
  callbackUrl: string
  clientAddress: string
  vehicleTitle: string
  extraTitles: Record<ExtraCode, string>
}

/** The request to the provider, built from the stored booking only. */
export function initializeRequest(
  booking: BookingRow,
  extras: ExtraCode[],
  context: PaymentContext,
): InitializeRequest {
  const option = booking.payment_option ?? 'fullCard'
  const { nowMinor } = amountsDue(booking.total_minor, option)
  const items =
    option === 'depositCash'
      ? [{ id: 'deposit', name: `30% deposit: ${context.vehicleTitle}`, minor: nowMinor }]
      : [
          {
            id: booking.vehicle_class,
            name: context.vehicleTitle,
            minor: toBookingMinor(booking.vehicle_cents, booking),
          },
          ...extras.map((code) => ({
            id: code,
            name: context.extraTitles[code],
            minor: toBookingMinor(extraUnitCents[code], booking),
          })),
        ]
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
    locale: booking.language === 'tr' ? 'tr' : 'en',
    conversationId: booking.reference,
    basketId: booking.reference,
    price: toDecimalAmount(nowMinor),
    paidPrice: toDecimalAmount(nowMinor),
    currency: bookingCurrency(booking),
    callbackUrl: context.callbackUrl,
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
      ip: context.clientAddress,
    },
    billingAddress: address,
    basketItems: items.map((item) => ({
      id: item.id,
      name: item.name,
      category1: 'Transfer',
      itemType: 'VIRTUAL' as const,
      price: toDecimalAmount(item.minor),
    })),
  }
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
  const current = await trx
    .selectFrom('bookings')
    .select('status')
    .where('id', '=', bookingId)
    .executeTakeFirstOrThrow()
  if (current.status !== 'awaiting_payment') return
  assertTransition(current.status, 'payment_failed')
  await trx
    .updateTable('bookings')
    .set({ status: 'payment_failed', updated_at: at })
    .where('id', '=', bookingId)
    .execute()
  await recordEvent(trx, bookingId, 'awaiting_payment', 'payment_failed', at, note)
}

export type StartResult = { ok: true; paymentPageUrl: string } | { ok: false }

/**
 * Starts paying a booking that was just moved to awaiting_payment: asks the
 * provider for a checkout form and records the attempt. The amount is the
 * stored total (or its 30 % deposit). When the provider refuses or cannot be
 * reached, the booking becomes payment_failed: the traveller can try again.
 */
export async function startPayment(
  handle: DatabaseHandle,
  booking: BookingRow,
  extras: ExtraCode[],
  context: PaymentContext,
  now: Date,
): Promise<StartResult> {
  const request = initializeRequest(booking, extras, context)
  const result = await context.provider.initialize(request)
  const at = now.toISOString()
  if (!result.ok) {
    logger.warn('payment.initialize_failed', {
      reference: booking.reference,
      provider: context.provider.name,
      errorCode: result.errorCode,
    })
    await writeTransaction(handle, (trx) =>
      markPaymentFailed(trx, booking.id, `initialize failed ${result.errorCode ?? ''}`.trim(), at),
    )
    return { ok: false }
  }
  await handle.db
    .insertInto('payment_attempts')
    .values({
      booking_id: booking.id,
      provider: context.provider.name,
      token: result.token,
      payment_page_url: result.paymentPageUrl,
      amount_minor: fromDecimalAmount(request.price)!,
      currency: request.currency,
      payment_option: booking.payment_option ?? 'fullCard',
      status: 'initialized',
      created_at: at,
      expires_at: new Date(now.getTime() + ATTEMPT_MINUTES * 60_000).toISOString(),
    })
    .execute()
  logger.info('payment.initialized', {
    reference: booking.reference,
    provider: context.provider.name,
  })
  return { ok: true, paymentPageUrl: result.paymentPageUrl }
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
    fromDecimalAmount(result.paidPrice ?? result.price) === attempt.amount_minor &&
    fromDecimalAmount(result.price) === attempt.amount_minor &&
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
    return writeTransaction(handle, async (trx) => {
      let query = trx.selectFrom('bookings').selectAll().where('id', '=', booking.id)
      if (handle.dialect === 'postgres') query = query.forUpdate()
      const current = (await query.executeTakeFirstOrThrow()) as BookingRow
      const fresh = await trx
        .selectFrom('payment_attempts')
        .select('status')
        .where('id', '=', attempt.id)
        .executeTakeFirstOrThrow()
      if (fresh.status === 'succeeded')
        return { kind: 'confirmed' as const, booking: current, first: false }
      // Paid is paid: an expired or failed booking that the provider charged is confirmed too.
      if (current.status !== 'confirmed' && current.status !== 'completed') {
        if (current.status !== 'awaiting_payment') {
          logger.warn('payment.late_success', {
            reference: current.reference,
            status: current.status,
          })
        } else {
          assertTransition(current.status, 'confirmed')
        }
      }
      const values = {
        status: 'confirmed' as const,
        payment_id: result.paymentId!,
        paid_minor: attempt.amount_minor,
        payment_option: attempt.payment_option,
        confirmed_at: at,
        mail_status: 'pending',
        mail_attempts: 0,
        updated_at: at,
      }
      await trx.updateTable('bookings').set(values).where('id', '=', booking.id).execute()
      await trx
        .updateTable('payment_attempts')
        .set({ status: 'succeeded', finished_at: at })
        .where('id', '=', attempt.id)
        .execute()
      await recordEvent(
        trx,
        booking.id,
        current.status,
        'confirmed',
        at,
        `paid by ${attempt.provider}`,
      )
      logger.info('payment.confirmed', { reference: current.reference, provider: attempt.provider })
      return { kind: 'confirmed' as const, booking: { ...current, ...values }, first: true }
    })
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
    await markPaymentFailed(
      trx,
      booking.id,
      `payment ${errorGroup ?? 'failed'} ${errorCode ?? ''}`.trim(),
      at,
    )
  })
  logger.info('payment.failed', { reference: booking.reference, errorCode, errorGroup })
}
