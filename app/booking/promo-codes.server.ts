import { companyOf } from './booking-company.server'
import { companyDiscountMinor } from '~/domain/billing/company-rates'
import { sql } from 'kysely'
import type { DatabaseHandle } from '~/db/connect.server'
import type { BookingRow, PromoCodeRow } from '~/db/schema'
import { lockedRead, writeTransaction } from '~/db/write.server'
import { istanbulDate } from '~/domain/booking-window'
import {
  evaluatePromo,
  normaliseEmail,
  normalisePromoCode,
  promoRulesOf,
  type PromoRefusal,
  type PromoVerdict,
} from '~/domain/pricing/promo'
import { lockBooking, noteEvent, updateBooking, type Executor } from './booking-store.server'
import { releasePromoUse } from './promo-uses.server'

/**
 * A promo code against stored data: the code's row, its uses and the
 * traveller's earlier bookings, judged by the domain's rules
 * (app/domain/pricing/promo.ts). Applying a code on the payment step only
 * stores it and its discount on the booking; the use is claimed at Book Now,
 * in the transaction that claims the payment attempt (`claimPromoUse`).
 */

/** Statuses in which the traveller may still apply or remove a code. */
const promoEditable = ['draft', 'payment_failed'] as const

async function findCode(executor: Executor, code: string, lock = false) {
  const query = executor.selectFrom('promo_codes').selectAll().where('code', '=', code)
  return (lock ? lockedRead(executor, query) : query).executeTakeFirst()
}

/** The use this booking holds or paid with, if any. */
async function liveRedemption(executor: Executor, bookingId: string) {
  return executor
    .selectFrom('promo_redemptions')
    .selectAll()
    .where('booking_id', '=', bookingId)
    .where('status', 'in', ['held', 'paid'])
    .executeTakeFirst()
}

/** The code's rules applied to the booking, leaving out the use the booking itself holds. */
async function judge(
  executor: Executor,
  code: PromoCodeRow | undefined,
  booking: BookingRow,
  now: Date,
): Promise<PromoVerdict> {
  if (!code) return { ok: false, reason: 'unknown' }
  const own = await liveRedemption(executor, booking.id)
  const holdsThis = own?.promo_code_id === code.id ? 1 : 0
  const email = normaliseEmail(booking.email ?? '')
  const forEmail = await executor
    .selectFrom('promo_redemptions')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('promo_code_id', '=', code.id)
    .where('email', '=', email)
    .where('status', 'in', ['held', 'paid'])
    .where('booking_id', '!=', booking.id)
    .executeTakeFirstOrThrow()
  const paidBefore = await executor
    .selectFrom('bookings')
    .select('id')
    .where(sql<string>`lower(email)`, '=', email)
    .where('id', '!=', booking.id)
    .where('confirmed_at', 'is not', null)
    .executeTakeFirst()
  return evaluatePromo(
    promoRulesOf(code),
    booking,
    {
      usesByOthers: code.uses - holdsThis,
      usesByOthersForEmail: Number(forEmail.count),
      hasPaidBooking: Boolean(paidBefore),
    },
    istanbulDate(now),
  )
}

/** Whether the code typed (or stored on the booking) applies to it now. Reads only. */
export async function checkPromo(
  handle: DatabaseHandle,
  booking: BookingRow,
  typed: string,
  now: Date,
): Promise<PromoVerdict> {
  return judge(handle.db, await findCode(handle.db, normalisePromoCode(typed)), booking, now)
}

export type ApplyResult =
  | { kind: 'applied'; booking: BookingRow }
  | { kind: 'refused'; reason: PromoRefusal }
  /** The booking no longer takes a code (paid, submitted, expired). */
  | { kind: 'unavailable' }

/**
 * 'Apply': the code is checked against the booking and, when it applies,
 * stored on it with its discount (computed here, never read from the form).
 * A use another code held for this booking (after a failed payment) is given back.
 */
export async function applyPromo(
  handle: DatabaseHandle,
  bookingId: string,
  typed: string,
  now: Date,
): Promise<ApplyResult> {
  const code = normalisePromoCode(typed)
  return writeTransaction(handle, async (trx) => {
    const booking = await lockBooking(trx, bookingId)
    if (!booking || !(promoEditable as readonly string[]).includes(booking.status)) {
      return { kind: 'unavailable' as const }
    }
    const verdict = await judge(trx, await findCode(trx, code), booking, now)
    if (!verdict.ok) return { kind: 'refused' as const, reason: verdict.reason }
    const own = await liveRedemption(trx, booking.id)
    const at = now.toISOString()
    if (own && booking.promo_code !== code) await releasePromoUse(trx, booking.id, at)
    const applied = await updateBooking(
      trx,
      booking,
      { promo_code: code, discount_minor: verdict.discountMinor, promo_refused: null },
      at,
    )
    return { kind: 'applied' as const, booking: applied }
  })
}

/** 'Remove': the booking goes back to its full price; a use it held is given back. */
export async function removePromo(
  handle: DatabaseHandle,
  bookingId: string,
  now: Date,
): Promise<BookingRow | undefined> {
  return writeTransaction(handle, async (trx) => {
    const booking = await lockBooking(trx, bookingId)
    if (!booking || !(promoEditable as readonly string[]).includes(booking.status)) return booking
    const at = now.toISOString()
    await releasePromoUse(trx, booking.id, at)
    const values = { promo_code: null, discount_minor: 0, promo_refused: null }
    return updateBooking(trx, booking, values, at)
  })
}

export type PromoClaim =
  | { kind: 'none'; booking: BookingRow }
  | { kind: 'held'; booking: BookingRow }
  | { kind: 'refused'; reason: PromoRefusal; booking: BookingRow }

/**
 * Book Now, inside the transaction that claims the payment attempt, with the
 * booking's row locked: the code on the booking is checked again against the
 * stored data, its discount computed again from the stored total, and one use
 * claimed. The code's row is locked first (PostgreSQL `FOR UPDATE`; SQLite's
 * write lock holds the whole file), so two bookings claiming the same code
 * are judged one after the other, per-e-mail count included; the counter
 * itself only rises while below the limit (a conditional UPDATE), so even a
 * path that forgot the lock cannot pass it. A code that no longer applies is
 * taken off the booking, which is then priced without it.
 */
export async function claimPromoUse(
  trx: Executor,
  booking: BookingRow,
  now: Date,
): Promise<PromoClaim> {
  const at = now.toISOString()
  // A partner's booking takes no code: its company's net rate is its only discount.
  const company = await companyOf(trx, booking)
  if (company || !booking.promo_code) {
    const wanted = company ? companyDiscountMinor(booking.total_minor, company) : 0
    if (booking.discount_minor === wanted && !booking.promo_code) return { kind: 'none', booking }
    const values = { promo_code: null, discount_minor: wanted }
    return { kind: 'none', booking: await updateBooking(trx, booking, values, at) }
  }
  const code = await findCode(trx, booking.promo_code, true)
  const refuse = async (reason: PromoRefusal): Promise<PromoClaim> => {
    await releasePromoUse(trx, booking.id, at)
    await noteEvent(trx, booking, `promo code ${booking.promo_code} refused: ${reason}`, at)
    const values = { promo_code: null, discount_minor: 0, promo_refused: reason }
    const priced = await updateBooking(trx, booking, values, at)
    return { kind: 'refused', reason, booking: priced }
  }
  const verdict = await judge(trx, code, booking, now)
  if (!verdict.ok || !code) return refuse(verdict.ok ? 'unknown' : verdict.reason)
  const own = await liveRedemption(trx, booking.id)
  if (own && own.promo_code_id !== code.id) await releasePromoUse(trx, booking.id, at)
  if (own?.promo_code_id === code.id) {
    await trx
      .updateTable('promo_redemptions')
      .set({ discount_minor: verdict.discountMinor, currency: booking.currency })
      .where('id', '=', own.id)
      .execute()
  } else {
    const counted = await trx
      .updateTable('promo_codes')
      .set((eb) => ({ uses: eb('uses', '+', 1) }))
      .where('id', '=', code.id)
      .where((eb) => eb.or([eb('max_uses', 'is', null), eb('uses', '<', eb.ref('max_uses'))]))
      .executeTakeFirst()
    if (Number(counted.numUpdatedRows) === 0) return refuse('usedUp')
    await trx
      .insertInto('promo_redemptions')
      .values({
        promo_code_id: code.id,
        booking_id: booking.id,
        email: normaliseEmail(booking.email ?? ''),
        discount_minor: verdict.discountMinor,
        currency: booking.currency,
        status: 'held',
        created_at: at,
        released_at: null,
      })
      .execute()
  }
  const held =
    booking.discount_minor === verdict.discountMinor
      ? booking
      : await updateBooking(trx, booking, { discount_minor: verdict.discountMinor }, at)
  return { kind: 'held', booking: held }
}
