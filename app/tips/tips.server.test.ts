import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/connect.server'
import type { PaymentProvider } from '~/adapters/payment/provider'
import { createIyzicoProvider } from '~/adapters/payment/iyzico.server'
import {
  createSimulatorProvider,
  payOnSimulator,
  simulatorCards,
  simulatorRefundsOf,
} from '~/adapters/payment/simulator.server'
import { staffActionsOnBooking } from '~/audit/audit.server'
import { startFakeIyzico, type FakeIyzico } from '../../tests/support/iyzico-fake-server'
import { storageBackends, useMigratedDatabase } from '../../tests/support/database-backends'
import { finishedRide } from '../../tests/support/finished-ride'
import {
  refundCardTip,
  reportCashTip,
  settleCardTip,
  startCardTip,
  tipsOfBooking,
} from './tips.server'

const startedAt = new Date('2026-12-04T06:00:00Z')
const finishedAt = new Date('2026-12-04T07:30:00Z')
const later = (hours: number) => new Date(finishedAt.getTime() + hours * 3_600_000)
const callbackUrl = 'http://127.0.0.1:5173/payment/tip-callback'
const clientAddress = '203.0.113.7'

const keys = { apiKey: 'tip-test-api-key', secretKey: 'tip-test-secret-key' }

/**
 * Tips on both databases: a card tip is its own payment on the provider's
 * hosted page (the simulator, and iyzico's stand-in through the real client),
 * paid only when the provider says so for this tip, refunded once by staff;
 * a cash tip is reported by the ride's own driver only.
 */
describe.each(storageBackends())('tips for the driver on $name', (backend) => {
  let handle: DatabaseHandle
  useMigratedDatabase(backend, (opened) => (handle = opened))
  let fake: FakeIyzico
  beforeAll(async () => {
    fake = await startFakeIyzico(keys)
  })
  afterAll(async () => {
    await fake.close()
  })

  const simulator = (): PaymentProvider =>
    createSimulatorProvider({ database: async () => handle, baseUrl: 'http://127.0.0.1:5173' })
  const iyzico = (): PaymentProvider =>
    createIyzicoProvider({ ...keys, baseUrl: fake.url, timeoutMs: 1_000 })
  const ride = (finish = true) => finishedRide(handle, { startedAt, finishedAt, finish })
  const tokenOf = async (tipId: number) =>
    (
      await handle.db
        .selectFrom('ride_tips')
        .select('token')
        .where('id', '=', tipId)
        .executeTakeFirstOrThrow()
    ).token!

  it('takes a card tip on the simulator, once, for the ride’s driver, and refunds it once', async () => {
    const provider = simulator()
    const { booking, driverId, dispatcherId } = await ride()
    const started = await startCardTip(
      handle,
      provider,
      { bookingId: booking.id, amountMinor: 1000, callbackUrl, clientAddress },
      later(3),
    )
    expect(started.kind).toBe('redirect')
    if (started.kind !== 'redirect') return
    expect(started.paymentPageUrl).toMatch(/\/payment-simulator\//)
    const token = await tokenOf(started.tipId)
    // The simulator's page keeps real time (its session lives 30 minutes from now).
    await payOnSimulator(handle, token, simulatorCards.success, new Date())
    expect(await settleCardTip(handle, provider, token, later(3))).toEqual({
      kind: 'paid',
      bookingId: booking.id,
    })
    // The return replayed: nothing changes.
    expect((await settleCardTip(handle, provider, token, later(4))).kind).toBe('paid')
    const [tip] = await tipsOfBooking(handle.db, booking.id)
    expect(tip).toMatchObject({
      method: 'card',
      status: 'paid',
      amount_minor: 1000,
      currency: booking.currency,
      driver_id: driverId,
      paid_at: later(3).toISOString(),
    })
    expect(tip!.payment_id).toBeTruthy()

    const refund = () =>
      refundCardTip(
        handle,
        provider,
        { accountId: dispatcherId, bookingId: booking.id, tipId: tip!.id, clientAddress },
        later(30),
      )
    // Two members of staff at once: one refund.
    const outcomes = await Promise.all([refund(), refund()])
    expect(outcomes.map((outcome) => outcome.kind).sort()).toEqual(['notRefundable', 'refunded'])
    expect((await tipsOfBooking(handle.db, booking.id))[0]).toMatchObject({
      status: 'refunded',
      refunded_by: dispatcherId,
    })
    expect(await simulatorRefundsOf(handle, tip!.payment_id!)).toHaveLength(1)
    const audit = await staffActionsOnBooking(handle.db, booking.id)
    expect(audit.map((entry) => entry.action)).toContain('tip.refunded')
  })

  it('records a declined card as failed, and knows no token it did not give', async () => {
    const provider = simulator()
    const { booking } = await ride()
    const started = await startCardTip(
      handle,
      provider,
      { bookingId: booking.id, amountMinor: 500, callbackUrl, clientAddress },
      later(3),
    )
    if (started.kind !== 'redirect') throw new Error(`not started: ${JSON.stringify(started)}`)
    const token = await tokenOf(started.tipId)
    await payOnSimulator(handle, token, simulatorCards.declined, new Date())
    expect((await settleCardTip(handle, provider, token, later(3))).kind).toBe('failed')
    expect((await tipsOfBooking(handle.db, booking.id))[0]!.status).toBe('failed')
    expect(await settleCardTip(handle, provider, 'forged-token', later(3))).toEqual({
      kind: 'unknown',
    })
    expect(await settleCardTip(handle, provider, '', later(3))).toEqual({ kind: 'unknown' })
  })

  it('takes no tip for a ride not finished', async () => {
    const { booking } = await ride(false)
    expect(
      await startCardTip(
        handle,
        simulator(),
        { bookingId: booking.id, amountMinor: 500, callbackUrl, clientAddress },
        later(1),
      ),
    ).toEqual({ kind: 'notFinished' })
    expect(await tipsOfBooking(handle.db, booking.id)).toEqual([])
  })

  it('takes a card tip through iyzico, whose refusal to refund leaves it paid with the reason', async () => {
    const provider = iyzico()
    const { booking, dispatcherId } = await ride()
    const started = await startCardTip(
      handle,
      provider,
      { bookingId: booking.id, amountMinor: 2000, callbackUrl, clientAddress },
      later(3),
    )
    if (started.kind !== 'redirect') throw new Error(`not started: ${JSON.stringify(started)}`)
    const token = await tokenOf(started.tipId)
    expect(fake.sessions.get(token)!.request).toMatchObject({
      basketId: `TIP-${started.tipId}`,
      price: '20.0',
    })
    fake.setPaymentOutcome(token, 'success')
    expect((await settleCardTip(handle, provider, token, later(3))).kind).toBe('paid')
    const tipId = started.tipId
    fake.setNextRefundFailure({ errorCode: '5093', errorMessage: 'İade edilemez' })
    const request = { accountId: dispatcherId, bookingId: booking.id, tipId, clientAddress }
    expect(await refundCardTip(handle, provider, request, later(30))).toEqual({
      kind: 'refused',
      errorCode: '5093',
    })
    expect((await tipsOfBooking(handle.db, booking.id))[0]).toMatchObject({
      status: 'paid',
      refund_error: '5093: İade edilemez',
    })
    expect((await refundCardTip(handle, provider, request, later(31))).kind).toBe('refunded')
    const paymentId = (await tipsOfBooking(handle.db, booking.id))[0]!.payment_id!
    expect(fake.refunds.get(paymentId) ?? (fake.cancelled.has(paymentId) ? 2000 : 0)).toBe(2000)
  })

  it('keeps a tip held for fraud review pending, and refuses a declined one', async () => {
    const provider = iyzico()
    const { booking } = await ride()
    const started = await startCardTip(
      handle,
      provider,
      { bookingId: booking.id, amountMinor: 1500, callbackUrl, clientAddress },
      later(3),
    )
    if (started.kind !== 'redirect') throw new Error(`not started: ${JSON.stringify(started)}`)
    const token = await tokenOf(started.tipId)
    fake.setPaymentOutcome(token, 'fraud-review')
    expect((await settleCardTip(handle, provider, token, later(3))).kind).toBe('pending')
    fake.setPaymentOutcome(token, 'declined')
    expect((await settleCardTip(handle, provider, token, later(4))).kind).toBe('failed')
  })

  it('records a cash tip reported by the ride’s own driver only', async () => {
    const { booking, driverId, driverAccountId } = await ride()
    const other = await ride()
    expect(
      await reportCashTip(
        handle,
        { accountId: other.driverAccountId, reference: booking.reference, amountMinor: 1000 },
        later(1),
      ),
    ).toEqual({ kind: 'notYours' })
    const recorded = await reportCashTip(
      handle,
      { accountId: driverAccountId, reference: booking.reference, amountMinor: 1000 },
      later(1),
    )
    expect(recorded.kind).toBe('recorded')
    expect(await tipsOfBooking(handle.db, booking.id)).toMatchObject([
      { method: 'cash', status: 'paid', amount_minor: 1000, driver_id: driverId },
    ])
    const audit = await staffActionsOnBooking(handle.db, booking.id)
    expect(audit.map((entry) => entry.action)).toContain('tip.cash_reported')
    const underWay = await ride(false)
    expect(
      (
        await reportCashTip(
          handle,
          {
            accountId: underWay.driverAccountId,
            reference: underWay.booking.reference,
            amountMinor: 500,
          },
          later(1),
        )
      ).kind,
    ).toBe('notFinished')
  })
})
