import { describe, expect, it, vi } from 'vitest'
import type { DatabaseHandle } from '~/db/connect.server'
import { findBooking } from '~/booking/bookings.server'
import { payOnSimulator, simulatorCards } from '~/adapters/payment/simulator.server'
import type { PaymentProvider } from '~/adapters/payment/provider'
import { sqliteBackend, useMigratedDatabase } from '../../tests/support/database-backends'
import { billing } from '../../tests/support/booking-fixtures'
import { draftAtPayment, payContext, simulatorFor, tokenOf } from '../../tests/support/payment-step'
import { bookAndPay } from './book-and-pay.server'
import { settlePaymentCallback } from './settle-payment.server'

describe('the way back from the payment provider, on a SQLite file', () => {
  const backend = sqliteBackend()
  let handle: DatabaseHandle
  let provider: PaymentProvider
  // Real time: the simulator dates its sessions by the clock, as iyzico does.
  const now = new Date()

  useMigratedDatabase(backend, (opened) => {
    handle = opened
    provider = simulatorFor(handle)
  })

  /** Book Now on a fresh booking: the token of the simulator page it opened. */
  async function startedPayment() {
    const step = await draftAtPayment(handle, now)
    const begun = await bookAndPay(
      step,
      { intent: 'book', details: billing },
      payContext(provider),
      now,
    )
    if (begun.kind !== 'page') throw new Error(`no payment page: ${begun.kind}`)
    return { booking: step.booking, token: tokenOf(begun.paymentPageUrl) }
  }

  it('confirms a paid booking once and mails it once', async () => {
    const { booking, token } = await startedPayment()
    const mail = vi.fn()

    // Not paid yet: the provider has no result.
    expect(await settlePaymentCallback(handle, provider, token, now, mail)).toEqual({
      kind: 'pending',
    })
    await payOnSimulator(handle, token, simulatorCards.success, now)
    expect(await settlePaymentCallback(handle, provider, token, now, mail)).toEqual({
      kind: 'confirmed',
    })
    // The callback again (a reload, a replay): still confirmed, no second e-mail.
    expect(await settlePaymentCallback(handle, provider, token, now, mail)).toEqual({
      kind: 'confirmed',
    })
    expect(mail).toHaveBeenCalledTimes(1)
    expect(mail).toHaveBeenCalledWith(handle, booking.id)
    expect(await findBooking(handle, booking.id)).toMatchObject({ status: 'confirmed' })
  })

  it('tells a declined card from a failed 3-D Secure check', async () => {
    const mail = vi.fn()
    for (const [card, threeDs] of [
      [simulatorCards.declined, false],
      [simulatorCards.threeDsFailed, true],
    ] as const) {
      const { token } = await startedPayment()
      await payOnSimulator(handle, token, card, now)
      expect(await settlePaymentCallback(handle, provider, token, now, mail)).toEqual({
        kind: 'declined',
        threeDs,
      })
    }
    expect(mail).not.toHaveBeenCalled()
  })

  it('knows nothing of a missing, oversized or unknown token', async () => {
    const mail = vi.fn()
    for (const token of ['', 'x'.repeat(201), 'never-issued']) {
      expect(await settlePaymentCallback(handle, provider, token, now, mail)).toEqual({
        kind: 'unknown',
      })
    }
    expect(mail).not.toHaveBeenCalled()
  })
})
