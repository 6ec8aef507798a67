import { describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/connect.server'
import { findBooking, transitionBooking } from '~/booking/bookings.server'
import { payOnSimulator, simulatorCards } from '~/adapters/payment/simulator.server'
import type { PaymentProvider } from '~/adapters/payment/provider'
import { sqliteBackend, useMigratedDatabase } from '../../tests/support/database-backends'
import { billing } from '../../tests/support/booking-fixtures'
import {
  draftAtPayment,
  payContext,
  paymentStep,
  simulatorFor,
  tokenOf,
  tripDate,
} from '../../tests/support/payment-step'
import { bookAndPay, type BookAndPayResult } from './book-and-pay.server'
import { settlePayment } from './payments.server'

const minutes = (from: Date, count: number) => new Date(from.getTime() + count * 60_000)

describe('Book Now on a SQLite file', () => {
  const backend = sqliteBackend()
  let handle: DatabaseHandle
  let provider: PaymentProvider
  // Real time: the simulator dates its sessions by the clock, as iyzico does.
  const now = new Date()

  useMigratedDatabase(backend, (opened) => {
    handle = opened
    provider = simulatorFor(handle)
  })

  const book = { intent: 'book', details: billing } as const

  function pageOf(result: BookAndPayResult): string {
    if (result.kind !== 'page') throw new Error(`no payment page: ${result.kind}`)
    return result.paymentPageUrl
  }

  it('stores the billing details, submits the draft and opens one payment page', async () => {
    const step = await draftAtPayment(handle, now)
    const result = await bookAndPay(step, book, payContext(provider), now)
    expect(result).toMatchObject({ kind: 'page', reused: false })
    expect(pageOf(result)).toMatch(/^http:\/\/localhost:3000\/payment-simulator\/[\w-]+$/)
    expect(await findBooking(handle, step.booking.id)).toMatchObject({
      status: 'awaiting_payment',
      billing_address: billing.address,
      payment_option: billing.paymentOption,
    })

    // A second Book Now (another tab, the 'start again' form without fields) reuses the page.
    const again = await bookAndPay(
      await paymentStep(handle, step.booking.id),
      { intent: 'book', details: undefined },
      payContext(provider),
      now,
    )
    expect(again).toEqual({ kind: 'page', paymentPageUrl: pageOf(result), reused: true })
  })

  it('refuses a draft without valid billing details and stores nothing', async () => {
    const step = await draftAtPayment(handle, now)
    const result = await bookAndPay(
      step,
      { intent: 'book', details: undefined },
      payContext(provider),
      now,
    )
    expect(result).toEqual({ kind: 'invalid' })
    expect(await findBooking(handle, step.booking.id)).toMatchObject({ status: 'draft' })
    // Nor is a price asked for again without them.
    expect(
      await bookAndPay(step, { intent: 'reprice', details: undefined }, payContext(provider), now),
    ).toEqual({ kind: 'invalid' })
  })

  it('keeps the form when the held price ran out before Book Now', async () => {
    const step = await draftAtPayment(handle, now)
    const result = await bookAndPay(step, book, payContext(provider), minutes(now, 31))
    expect(result).toEqual({ kind: 'submit-expired' })
    expect(await findBooking(handle, step.booking.id)).toMatchObject({ status: 'draft' })
  })

  it('prices a failed payment again once its price ran out, then pays the new price', async () => {
    const step = await draftAtPayment(handle, now)
    pageOf(await bookAndPay(step, book, payContext(provider), now))
    // Back after the page and the held price ran out: no new payment at the old price.
    const later = minutes(now, 31)
    const expired = await bookAndPay(
      await paymentStep(handle, step.booking.id),
      book,
      payContext(provider),
      later,
    )
    expect(expired).toEqual({ kind: 'quote-expired' })
    const failed = await paymentStep(handle, step.booking.id)
    expect(failed.booking.status).toBe('payment_failed')

    const repriced = await bookAndPay(
      failed,
      { intent: 'reprice', details: billing },
      payContext(provider),
      later,
    )
    expect(repriced).toEqual({ kind: 'repriced' })
    const held = await findBooking(handle, step.booking.id)
    expect(held!.quote_expires_at > later.toISOString()).toBe(true)

    const paid = await bookAndPay(
      await paymentStep(handle, step.booking.id),
      book,
      payContext(provider),
      later,
    )
    expect(paid).toMatchObject({ kind: 'page', reused: false })
  })

  it('says when a trip can no longer be priced online', async () => {
    const step = await draftAtPayment(handle, now, tripDate(now, -2))
    pageOf(await bookAndPay(step, book, payContext(provider), now))
    const later = minutes(now, 31)
    await bookAndPay(await paymentStep(handle, step.booking.id), book, payContext(provider), later)
    const result = await bookAndPay(
      await paymentStep(handle, step.booking.id),
      { intent: 'reprice', details: billing },
      payContext(provider),
      later,
    )
    expect(result).toEqual({ kind: 'reprice-unavailable' })
  })

  it('leaves the booking to be tried again when the provider refuses to start', async () => {
    const step = await draftAtPayment(handle, now)
    const refusing: PaymentProvider = {
      ...provider,
      initialize: async () => ({ ok: false, errorCode: '12', errorMessage: 'refused' }),
    }
    expect(await bookAndPay(step, book, payContext(refusing), now)).toEqual({
      kind: 'not-started',
    })
    expect(await findBooking(handle, step.booking.id)).toMatchObject({ status: 'payment_failed' })
    // Tried again, through the simulator this time.
    const retried = await bookAndPay(
      await paymentStep(handle, step.booking.id),
      book,
      payContext(provider),
      now,
    )
    expect(retried).toMatchObject({ kind: 'page', reused: false })
  })

  it('pays no booking that ran out: the step sends it back to choose again', async () => {
    const step = await draftAtPayment(handle, now)
    await transitionBooking(handle, step.booking.id, 'expired', minutes(now, 31), 'quote expired')
    const result = await bookAndPay(
      await paymentStep(handle, step.booking.id),
      book,
      payContext(provider),
      minutes(now, 31),
    )
    expect(result).toEqual({ kind: 'unavailable' })
    expect(await findBooking(handle, step.booking.id)).toMatchObject({ status: 'expired' })
  })

  it('finds a paid booking paid: nothing is charged again', async () => {
    const step = await draftAtPayment(handle, now)
    const token = tokenOf(pageOf(await bookAndPay(step, book, payContext(provider), now)))
    await payOnSimulator(handle, token, simulatorCards.success, now)
    expect(await settlePayment(handle, provider, token, now)).toMatchObject({ kind: 'confirmed' })
    const paid = await bookAndPay(
      await paymentStep(handle, step.booking.id),
      book,
      payContext(provider),
      now,
    )
    expect(paid).toEqual({ kind: 'paid' })
  })
})
