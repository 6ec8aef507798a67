import type { DatabaseHandle } from '~/db/connect.server'
import type { Executor } from '~/db/executor'
import type { BookingRow, RideTipRow } from '~/db/schema'
import { writeTransaction } from '~/db/write.server'
import type {
  PaymentCurrency,
  PaymentProvider,
  RefundResult,
  RetrieveResult,
} from '~/adapters/payment/provider'
import { recordStaffAction } from '~/audit/audit.server'
import { lockBooking } from '~/booking/booking-store.server'
import { paymentParties } from '~/booking/payments.server'
import { currentAssignment } from '~/dispatch/assignment.server'
import { driverOfAccount } from '~/dispatch/drivers.server'
import { lockDriversRide } from '~/dispatch/ride-steps.server'
import { parseCurrency } from '~/domain/money/currency'

/**
 * Tips for the driver (docs/reviews.md). A card tip is its own small payment
 * through the same provider as the booking's, on its hosted page, settled by
 * asking the provider about the token (never by what the browser says); a
 * cash tip is what the driver reports. Staff refund a card tip through the
 * provider. The whole tip is the driver's.
 */

/** A tip is given for a ride that was driven. */
const tipsTaken = (booking: BookingRow) => booking.status === 'finished'

/** The basket id a card tip's payment carries, which the settlement checks. */
const basketOf = (tipId: number) => `TIP-${tipId}`

export function tipsOfBooking(executor: Executor, bookingId: string) {
  return executor
    .selectFrom('ride_tips')
    .selectAll()
    .where('booking_id', '=', bookingId)
    .orderBy('id')
    .execute()
}

export type StartTipOutcome =
  | { kind: 'redirect'; tipId: number; paymentPageUrl: string }
  /** The ride was not driven (a no-show, cancelled, still to come). */
  | { kind: 'notFinished' }
  /** The provider would not open its page. */
  | { kind: 'refused'; errorCode: string | null }

/** Opens the provider's page for a card tip of `amountMinor` in the booking's currency. */
export async function startCardTip(
  handle: DatabaseHandle,
  provider: PaymentProvider,
  request: { bookingId: string; amountMinor: number; callbackUrl: string; clientAddress: string },
  now: Date,
): Promise<StartTipOutcome> {
  const opened = await writeTransaction(handle, async (trx) => {
    const booking = await lockBooking(trx, request.bookingId)
    if (!booking || !tipsTaken(booking)) return undefined
    const assignment = await currentAssignment(trx, booking.id)
    const row = await trx
      .insertInto('ride_tips')
      .values({
        booking_id: booking.id,
        driver_id: assignment?.driver.id ?? null,
        method: 'card',
        amount_minor: request.amountMinor,
        currency: booking.currency,
        status: 'pending',
        provider: provider.name,
        created_at: now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return { booking, tipId: row.id }
  })
  if (!opened) return { kind: 'notFinished' }
  const { booking, tipId } = opened
  let result: Awaited<ReturnType<PaymentProvider['initialize']>>
  try {
    result = await provider.initialize({
      locale: booking.language === 'tr' ? 'tr' : 'en',
      conversationId: booking.reference,
      basketId: basketOf(tipId),
      amountMinor: request.amountMinor,
      currency: parseCurrency(booking.currency) as PaymentCurrency,
      callbackUrl: request.callbackUrl,
      ...paymentParties(booking, request.clientAddress),
      basketItems: [
        {
          id: `tip-${tipId}`,
          name: `Tip for the driver of ${booking.reference}`,
          category1: 'Tip',
          itemType: 'VIRTUAL',
          amountMinor: request.amountMinor,
        },
      ],
    })
  } catch (error) {
    result = { ok: false, errorCode: 'UNREACHABLE', errorMessage: String(error) }
  }
  if (!result.ok) {
    const errorCode = result.errorCode?.slice(0, 64) ?? null
    await handle.db
      .updateTable('ride_tips')
      .set({ status: 'failed', error_code: errorCode })
      .where('id', '=', tipId)
      .execute()
    return { kind: 'refused', errorCode }
  }
  await handle.db
    .updateTable('ride_tips')
    .set({ token: result.token })
    .where('id', '=', tipId)
    .execute()
  return { kind: 'redirect', tipId, paymentPageUrl: result.paymentPageUrl }
}

export type SettleTipOutcome =
  | { kind: 'paid' | 'failed'; bookingId: string }
  /** The provider did not answer, or holds the payment for review: asked again on the next return. */
  | { kind: 'pending'; bookingId: string }
  /** No tip has this token. */
  | { kind: 'unknown' }

/**
 * The provider's return with a card tip's token: the provider is asked what
 * happened; the tip is paid only if it says the payment succeeded, for this
 * tip's basket, amount and currency. A token settled already answers as it was.
 */
export async function settleCardTip(
  handle: DatabaseHandle,
  provider: PaymentProvider,
  token: string,
  now: Date,
): Promise<SettleTipOutcome> {
  const tip = token
    ? await handle.db
        .selectFrom('ride_tips')
        .innerJoin('bookings', 'bookings.id', 'ride_tips.booking_id')
        .select([
          'ride_tips.id',
          'ride_tips.booking_id',
          'ride_tips.status',
          'ride_tips.amount_minor',
          'ride_tips.currency',
          'ride_tips.provider',
          'bookings.reference',
          'bookings.language',
        ])
        .where('ride_tips.token', '=', token)
        .executeTakeFirst()
    : undefined
  if (!tip) return { kind: 'unknown' }
  if (tip.status !== 'pending') {
    return { kind: tip.status === 'failed' ? 'failed' : 'paid', bookingId: tip.booking_id }
  }
  let result: RetrieveResult
  if (tip.provider !== provider.name) {
    result = { status: 'failure', errorCode: 'PROVIDER_CHANGED' }
  } else {
    try {
      result = await provider.retrieve(token, tip.reference, tip.language === 'tr' ? 'tr' : 'en')
    } catch {
      // Unreachable: the tip stays pending, and the traveller is told it is not confirmed yet.
      return { kind: 'pending', bookingId: tip.booking_id }
    }
  }
  // Held for the provider's fraud review: neither paid nor refused yet.
  if (result.paymentStatus === 'SUCCESS' && result.fraudStatus === 0) {
    return { kind: 'pending', bookingId: tip.booking_id }
  }
  const paid =
    result.status === 'success' &&
    result.paymentStatus === 'SUCCESS' &&
    result.fraudStatus === 1 &&
    Boolean(result.paymentId) &&
    result.conversationId === tip.reference &&
    result.basketId === basketOf(tip.id) &&
    result.paidMinor === tip.amount_minor &&
    result.priceMinor === tip.amount_minor &&
    result.currency === tip.currency
  const errorCode = paid ? null : (result.errorCode ?? result.paymentStatus ?? 'NOT_PAID')
  await handle.db
    .updateTable('ride_tips')
    .set(
      paid
        ? { status: 'paid', payment_id: result.paymentId ?? null, paid_at: now.toISOString() }
        : { status: 'failed', error_code: errorCode?.slice(0, 64) ?? null },
    )
    .where('id', '=', tip.id)
    .where('status', '=', 'pending')
    .execute()
  return { kind: paid ? 'paid' : 'failed', bookingId: tip.booking_id }
}

export type CashTipOutcome =
  | { kind: 'recorded'; tip: RideTipRow }
  /** Not this driver's ride: one answer for every reason. */
  | { kind: 'notYours' }
  | { kind: 'notFinished' }

/** A driver reports a cash tip handed to them on one of their finished rides; audited. */
export async function reportCashTip(
  handle: DatabaseHandle,
  request: { accountId: number; reference: string; amountMinor: number },
  now: Date,
): Promise<CashTipOutcome> {
  const driver = await driverOfAccount(handle.db, request.accountId)
  if (!driver) return { kind: 'notYours' }
  return writeTransaction(handle, async (trx): Promise<CashTipOutcome> => {
    const booking = await lockDriversRide(trx, request.reference, driver.id)
    if (!booking) return { kind: 'notYours' }
    if (!tipsTaken(booking)) return { kind: 'notFinished' }
    const at = now.toISOString()
    const tip = await trx
      .insertInto('ride_tips')
      .values({
        booking_id: booking.id,
        driver_id: driver.id,
        method: 'cash',
        amount_minor: request.amountMinor,
        currency: booking.currency,
        status: 'paid',
        reported_by: request.accountId,
        paid_at: at,
        created_at: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow()
    await recordStaffAction(
      trx,
      {
        accountId: request.accountId,
        action: 'tip.cash_reported',
        bookingId: booking.id,
        before: {},
        after: { amountMinor: request.amountMinor, currency: booking.currency },
      },
      now,
    )
    return { kind: 'recorded', tip }
  })
}

export type TipRefundOutcome =
  | { kind: 'refunded' }
  | { kind: 'refused'; errorCode: string }
  /** Not a paid card tip of this booking (or refunded already, or being refunded). */
  | { kind: 'notRefundable' }

/**
 * Staff give a card tip back through the provider that took it. The tip is
 * claimed first (`refunding`), so two members of staff pressing at once
 * refund it once; a refusal puts it back as paid with the provider's reason.
 */
export async function refundCardTip(
  handle: DatabaseHandle,
  provider: PaymentProvider,
  request: { accountId: number; bookingId: string; tipId: number; clientAddress: string },
  now: Date,
): Promise<TipRefundOutcome> {
  const claimed = await handle.db
    .updateTable('ride_tips')
    .set({ status: 'refunding', refund_error: null })
    .where('id', '=', request.tipId)
    .where('booking_id', '=', request.bookingId)
    .where('method', '=', 'card')
    .where('status', '=', 'paid')
    .executeTakeFirst()
  if (Number(claimed.numUpdatedRows) !== 1) return { kind: 'notRefundable' }
  const tip = await handle.db
    .selectFrom('ride_tips')
    .innerJoin('bookings', 'bookings.id', 'ride_tips.booking_id')
    .select([
      'ride_tips.provider',
      'ride_tips.payment_id',
      'ride_tips.amount_minor',
      'ride_tips.currency',
      'ride_tips.paid_at',
      'bookings.reference',
      'bookings.language',
    ])
    .where('ride_tips.id', '=', request.tipId)
    .executeTakeFirstOrThrow()
  let result: RefundResult
  if (tip.provider !== provider.name || !tip.payment_id) {
    result = { ok: false, errorCode: 'PROVIDER_CHANGED' }
  } else {
    try {
      result = await provider.refund({
        paymentId: tip.payment_id,
        amountMinor: tip.amount_minor,
        currency: tip.currency as PaymentCurrency,
        paidMinor: tip.amount_minor,
        paidAt: new Date(tip.paid_at ?? now.toISOString()),
        at: now,
        conversationId: tip.reference,
        ip: request.clientAddress,
        locale: tip.language === 'tr' ? 'tr' : 'en',
      })
    } catch (error) {
      result = { ok: false, errorCode: 'UNREACHABLE', errorMessage: String(error) }
    }
  }
  return writeTransaction(handle, async (trx): Promise<TipRefundOutcome> => {
    if (!result.ok) {
      const reason = `${result.errorCode}${result.errorMessage ? `: ${result.errorMessage}` : ''}`
      await trx
        .updateTable('ride_tips')
        .set({ status: 'paid', refund_error: reason.slice(0, 200) })
        .where('id', '=', request.tipId)
        .execute()
      return { kind: 'refused', errorCode: result.errorCode }
    }
    await trx
      .updateTable('ride_tips')
      .set({
        status: 'refunded',
        refund_id: result.refundId,
        refunded_at: now.toISOString(),
        refunded_by: request.accountId,
      })
      .where('id', '=', request.tipId)
      .execute()
    await recordStaffAction(
      trx,
      {
        accountId: request.accountId,
        action: 'tip.refunded',
        bookingId: request.bookingId,
        before: { status: 'paid' },
        after: { status: 'refunded', amountMinor: tip.amount_minor, currency: tip.currency },
      },
      now,
    )
    return { kind: 'refunded' }
  })
}
