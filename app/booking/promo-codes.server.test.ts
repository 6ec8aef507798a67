import { describe, expect, it, vi } from 'vitest'
import type { DatabaseHandle } from '~/db/connect.server'
import type { PromoCodesTable } from '~/db/schema'
import type { Insertable } from 'kysely'
import { findBooking, transitionBooking } from '~/booking/bookings.server'
import { payOnSimulator, simulatorCards } from '~/adapters/payment/simulator.server'
import type { PaymentProvider } from '~/adapters/payment/provider'
import { storageBackends, useMigratedDatabase } from '../../tests/support/database-backends'
import { billing } from '../../tests/support/booking-fixtures'
import {
  draftAtPayment,
  payContext,
  paymentStep,
  simulatorFor,
  tokenOf,
} from '../../tests/support/payment-step'
import { bookAndPay } from './book-and-pay.server'
import type { StepBooking } from './step-guard.server'
import { settlePaymentCallback } from './settle-payment.server'
import { cancelBooking } from './cancel-booking.server'
import { updateBooking, lockBooking } from './booking-store.server'
import { writeTransaction } from '~/db/write.server'
import { applyPromo, removePromo } from './promo-codes.server'
import { amountsDue } from '~/domain/booking/payment-split'
import { readPriceTerms } from '~/domain/pricing/price-terms'

/**
 * Promo codes against stored data, on a real SQLite file and on PostgreSQL:
 * the rules that read other bookings, the use claimed at Book Now (once, even
 * when two bookings race for the last one from two connections), given back
 * when a booking expires unpaid, and a discounted booking paid and refunded.
 */
describe.each(storageBackends())('promo codes on $name', (backend) => {
  let handle: DatabaseHandle
  let simulator: PaymentProvider
  // Real time: the simulator dates its sessions by the clock.
  const now = new Date()
  let codes = 0

  useMigratedDatabase(backend, (opened) => {
    handle = opened
    simulator = simulatorFor(handle)
  })

  /** A new code (a unique name per test), 10 % off unless told otherwise. */
  async function promoCode(rules: Partial<Insertable<PromoCodesTable>> = {}) {
    const code = `TEST${++codes}`
    const at = now.toISOString()
    return handle.db
      .insertInto('promo_codes')
      .values({
        code,
        kind: 'percent',
        percent: 10,
        amount_cents: null,
        valid_from: null,
        valid_until: null,
        max_uses: null,
        max_uses_per_email: null,
        vehicle_classes: null,
        ride_kinds: null,
        min_amount_cents: null,
        first_ride_only: 0,
        active: 1,
        created_by: null,
        created_at: at,
        updated_by: null,
        updated_at: at,
        ...rules,
      })
      .returning(['id', 'code'])
      .executeTakeFirstOrThrow()
  }

  /** A booking at the payment step for `email`. */
  async function atPayment(email = 'ayse@example.com') {
    const step = await draftAtPayment(handle, now)
    await writeTransaction(handle, async (trx) => {
      const booking = await lockBooking(trx, step.booking.id)
      await updateBooking(trx, booking!, { email }, now.toISOString())
    })
    return paymentStep(handle, step.booking.id)
  }

  const usesOf = async (id: number) =>
    (
      await handle.db
        .selectFrom('promo_codes')
        .select('uses')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).uses

  const redemptionsOf = (bookingId: string) =>
    handle.db
      .selectFrom('promo_redemptions')
      .select(['status', 'email', 'discount_minor', 'currency'])
      .where('booking_id', '=', bookingId)
      .orderBy('id')
      .execute()

  const bookNow = async (bookingId: string, on = handle) =>
    bookAndPay(
      await paymentStep(on, bookingId),
      { intent: 'book', details: { ...billing, paymentOption: 'depositCash' } },
      payContext(simulatorFor(on)),
      now,
    )

  it('stores a code that applies with its discount, and refuses one that does not', async () => {
    const { booking } = await atPayment()
    const code = await promoCode()
    expect(await applyPromo(handle, booking.id, 'nothing-like-it', now)).toEqual({
      kind: 'refused',
      reason: 'unknown',
    })
    const applied = await applyPromo(handle, booking.id, ` ${code.code.toLowerCase()} `, now)
    expect(applied.kind).toBe('applied')
    const stored = (await findBooking(handle, booking.id))!
    expect(stored.promo_code).toBe(code.code)
    expect(stored.discount_minor).toBe(Math.round(booking.total_minor / 10))
    // Applying claims nothing: the use is counted at Book Now.
    expect(await usesOf(code.id)).toBe(0)
    await removePromo(handle, booking.id, now)
    expect(await findBooking(handle, booking.id)).toMatchObject({
      promo_code: null,
      discount_minor: 0,
    })
  })

  it('judges the class, the first ride and the per-e-mail limit from stored bookings', async () => {
    const wrongClass = await promoCode({ vehicle_classes: 'ECOMNVN' })
    const { booking } = await atPayment('first.ride@example.com')
    expect(await applyPromo(handle, booking.id, wrongClass.code, now)).toMatchObject({
      reason: 'wrongClass',
    })

    const firstRide = await promoCode({ first_ride_only: 1 })
    expect((await applyPromo(handle, booking.id, firstRide.code, now)).kind).toBe('applied')
    // The same e-mail (written otherwise) with a paid booking: no longer a first ride.
    const earlier = await atPayment('First.Ride@Example.com')
    const begun = await bookNow(earlier.booking.id)
    if (begun.kind !== 'page') throw new Error(begun.kind)
    await payOnSimulator(handle, tokenOf(begun.paymentPageUrl), simulatorCards.success, now)
    await settlePaymentCallback(handle, simulator, tokenOf(begun.paymentPageUrl), now, vi.fn())
    expect(await applyPromo(handle, booking.id, firstRide.code, now)).toMatchObject({
      reason: 'notFirstRide',
    })

    const onePerEmail = await promoCode({ max_uses_per_email: 1 })
    const held = await atPayment('once@example.com')
    await applyPromo(handle, held.booking.id, onePerEmail.code, now)
    expect((await bookNow(held.booking.id)).kind).toBe('page')
    const again = await atPayment(' ONCE@example.com')
    expect(await applyPromo(handle, again.booking.id, onePerEmail.code, now)).toMatchObject({
      reason: 'usedUpForEmail',
    })
  })

  it('claims the use at Book Now and charges the discounted total', async () => {
    const code = await promoCode({ max_uses: 3 })
    const { booking } = await atPayment()
    await applyPromo(handle, booking.id, code.code, now)
    // Extras or a new price after Apply: Book Now computes the discount again.
    const begun = await bookNow(booking.id)
    expect(begun.kind).toBe('page')
    const stored = (await findBooking(handle, booking.id))!
    const discount = Math.round(stored.total_minor / 10)
    expect(stored.discount_minor).toBe(discount)
    expect(await usesOf(code.id)).toBe(1)
    expect(await redemptionsOf(booking.id)).toEqual([
      { status: 'held', email: 'ayse@example.com', discount_minor: discount, currency: 'TRY' },
    ])
    const attempt = await handle.db
      .selectFrom('payment_attempts')
      .select('amount_minor')
      .where('booking_id', '=', booking.id)
      .executeTakeFirstOrThrow()
    // The deposit is 30 % of the discounted total.
    expect(attempt.amount_minor).toBe(
      amountsDue(
        stored.total_minor - discount,
        'depositCash',
        readPriceTerms(stored).depositPercent,
      ).nowMinor,
    )
    // A second click reuses the page and counts nothing more.
    expect(await bookNow(booking.id)).toMatchObject({ kind: 'page', reused: true })
    expect(await usesOf(code.id)).toBe(1)
  })

  it('gives the last uses to exactly as many bookings as remain, racing on two connections', async () => {
    const code = await promoCode({ max_uses: 2 })
    const steps = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((n) => atPayment(`racer${n}@example.com`)),
    )
    for (const step of steps) {
      expect((await applyPromo(handle, step.booking.id, code.code, now)).kind).toBe('applied')
    }
    const other = await backend.openAnother()
    try {
      // Half the clicks through another connection pool, as a second instance would.
      const results = await Promise.all(
        steps.map((step, index) => bookNow(step.booking.id, index % 2 ? other : handle)),
      )
      const kinds = results.map((result) => result.kind)
      expect(kinds.filter((kind) => kind === 'page')).toHaveLength(2)
      expect(results.filter((result) => result.kind === 'promo-refused')).toEqual(
        Array(4).fill({ kind: 'promo-refused', reason: 'usedUp' }),
      )
    } finally {
      await other.db.destroy()
    }
    expect(await usesOf(code.id)).toBe(2)
    const rows = await Promise.all(
      steps.map(async (step) => (await findBooking(handle, step.booking.id))!),
    )
    const losers = rows.filter((row) => row.status === 'payment_failed')
    expect(losers).toHaveLength(4)
    for (const loser of losers) {
      // Priced without the code: Book Now again pays the full price.
      expect(loser).toMatchObject({ promo_code: null, discount_minor: 0 })
      expect(await redemptionsOf(loser.id)).toEqual([])
    }
  })

  it('keeps telling a double Book Now why the code went, and pays the full price only once seen', async () => {
    const code = await promoCode({ max_uses: 1 })
    const { booking } = await atPayment('double@example.com')
    await applyPromo(handle, booking.id, code.code, now)
    // Both presses' pages showed the discount; another booking takes the last use meanwhile.
    const first = await paymentStep(handle, booking.id)
    const other = await atPayment('faster@example.com')
    await applyPromo(handle, other.booking.id, code.code, now)
    expect((await bookNow(other.booking.id)).kind).toBe('page')
    const press = (step: StepBooking, promoRefusalSeen = false) =>
      bookAndPay(
        step,
        { intent: 'book', details: { ...billing, paymentOption: 'depositCash' }, promoRefusalSeen },
        payContext(simulatorFor(handle)),
        now,
      )

    expect(await press(first)).toEqual({ kind: 'promo-refused', reason: 'usedUp' })
    // The second press of the same click, read before or after the first's refusal
    // (on another instance): it pays nothing and tells the same.
    expect(await press(first)).toEqual({ kind: 'promo-refused', reason: 'usedUp' })
    expect(await press(await paymentStep(handle, booking.id))).toEqual({
      kind: 'promo-refused',
      reason: 'usedUp',
    })
    const refused = (await findBooking(handle, booking.id))!
    expect(refused).toMatchObject({
      status: 'payment_failed',
      promo_code: null,
      discount_minor: 0,
      promo_refused: 'usedUp',
    })
    expect(
      await handle.db
        .selectFrom('payment_attempts')
        .select('id')
        .where('booking_id', '=', booking.id)
        .execute(),
    ).toEqual([])

    // Book Now from the page that said so: the full price, and the refusal is done with.
    const paying = await press(await paymentStep(handle, booking.id), true)
    expect(paying.kind).toBe('page')
    expect(await findBooking(handle, booking.id)).toMatchObject({
      status: 'awaiting_payment',
      promo_refused: null,
    })
  })

  it('forgets a refusal once another code is applied or the code removed', async () => {
    const code = await promoCode({ max_uses: 0 })
    const { booking } = await atPayment('forget@example.com')
    await writeTransaction(handle, async (trx) => {
      const row = await lockBooking(trx, booking.id)
      await updateBooking(
        trx,
        row!,
        { promo_code: code.code, discount_minor: 100 },
        now.toISOString(),
      )
    })
    expect((await bookNow(booking.id)).kind).toBe('promo-refused')
    expect(await findBooking(handle, booking.id)).toMatchObject({ promo_refused: 'usedUp' })
    await removePromo(handle, booking.id, now)
    expect(await findBooking(handle, booking.id)).toMatchObject({ promo_refused: null })
  })

  it('gives the use back when the booking expires unpaid, so another may take it', async () => {
    const code = await promoCode({ max_uses: 1 })
    const { booking } = await atPayment('late@example.com')
    await applyPromo(handle, booking.id, code.code, now)
    expect((await bookNow(booking.id)).kind).toBe('page')
    expect(await usesOf(code.id)).toBe(1)
    await transitionBooking(handle, booking.id, 'expired', now, 'unpaid')
    expect(await usesOf(code.id)).toBe(0)
    expect(await redemptionsOf(booking.id)).toMatchObject([{ status: 'released' }])
    const next = await atPayment('next@example.com')
    expect((await applyPromo(handle, next.booking.id, code.code, now)).kind).toBe('applied')
  })

  it('keeps the use of a paid booking, and refunds what was paid, never the discount', async () => {
    const code = await promoCode({ kind: 'fixed', percent: null, amount_cents: 1000 })
    const { booking } = await atPayment('paid@example.com')
    await applyPromo(handle, booking.id, code.code, now)
    const begun = await bookAndPay(
      await paymentStep(handle, booking.id),
      { intent: 'book', details: { ...billing, paymentOption: 'fullCard' } },
      payContext(simulator),
      now,
    )
    if (begun.kind !== 'page') throw new Error(begun.kind)
    await payOnSimulator(handle, tokenOf(begun.paymentPageUrl), simulatorCards.success, now)
    await settlePaymentCallback(handle, simulator, tokenOf(begun.paymentPageUrl), now, vi.fn())
    const paid = (await findBooking(handle, booking.id))!
    // 10 euros at the booking's locked lira rate.
    expect(paid.discount_minor).toBe(Math.round(1000 * Number(paid.rate)))
    expect(paid.paid_minor).toBe(paid.total_minor - paid.discount_minor)
    expect(await redemptionsOf(booking.id)).toMatchObject([{ status: 'paid' }])

    const cancelled = await cancelBooking(
      handle,
      simulator,
      { bookingId: booking.id, by: { kind: 'traveller' }, clientAddress: '203.0.113.9' },
      now,
    )
    expect(cancelled).toMatchObject({ kind: 'cancelled', refundMinor: paid.paid_minor })
    const refunded = await handle.db
      .selectFrom('simulator_refunds')
      .select('amount_minor')
      .where('payment_id', '=', paid.payment_id!)
      .execute()
    expect(refunded).toEqual([{ amount_minor: paid.paid_minor }])
    // A paid booking cancelled keeps its use: the discount was given.
    expect(await usesOf(code.id)).toBe(1)
    expect(await redemptionsOf(booking.id)).toMatchObject([{ status: 'paid' }])
  })
})
