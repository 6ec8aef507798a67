import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeIyzico, type FakeIyzico } from '../../../tests/support/iyzico-fake-server'
import { storageBackends, useMigratedDatabase } from '../../../tests/support/database-backends'
import type { DatabaseHandle } from '~/db/connect.server'
import { createIyzicoProvider } from './iyzico.server'
import { createSimulatorProvider, payOnSimulator, simulatorCards } from './simulator.server'
import type { InitializeRequest, PaymentProvider, RefundRequest } from './provider'

const keys = { apiKey: 'refund-test-api-key', secretKey: 'refund-test-secret-key' }

function paymentRequest(amountMinor: number): InitializeRequest {
  return {
    locale: 'en',
    conversationId: 'MC-R3FUND',
    basketId: 'MC-R3FUND',
    amountMinor,
    currency: 'EUR',
    callbackUrl: 'http://127.0.0.1:5173/payment/callback',
    buyer: {
      id: 'MC-R3FUND',
      name: 'Ayşe',
      surname: 'Yılmaz',
      email: 'ayse@example.com',
      gsmNumber: '+905350000000',
      identityNumber: '11111111111',
      registrationAddress: 'Büyükdere Cd. 1',
      city: 'İstanbul',
      country: 'Turkey',
      zipCode: '34394',
      ip: '203.0.113.7',
    },
    billingAddress: {
      contactName: 'Ayşe Yılmaz',
      city: 'İstanbul',
      country: 'Turkey',
      address: 'Büyükdere Cd. 1',
      zipCode: '34394',
    },
    basketItems: [
      { id: 'transfer', name: 'Transfer', category1: 'Transfer', itemType: 'VIRTUAL', amountMinor },
    ],
  }
}

// Unless a test says otherwise, the payment was taken on an earlier day than
// the refund (in Istanbul), so iyzico is asked for a refund, not a cancel.
const paidYesterday = {
  paidAt: new Date('2026-11-24T10:00:00Z'),
  at: new Date('2026-11-25T10:00:00Z'),
}

function refundOf(
  paymentId: string,
  amountMinor: number,
  when: { paidAt: Date; at: Date } = paidYesterday,
  paidMinor = amountMinor,
): RefundRequest {
  return {
    paymentId,
    amountMinor,
    paidMinor,
    ...when,
    currency: 'EUR',
    conversationId: 'MC-R3FUND',
    ip: '203.0.113.9',
    locale: 'en',
  }
}

describe('refunds through iyzico (the fake server, real iyzipay client)', () => {
  let fake: FakeIyzico
  let provider: PaymentProvider

  beforeAll(async () => {
    fake = await startFakeIyzico(keys)
    provider = createIyzicoProvider({ ...keys, baseUrl: fake.url, timeoutMs: 1_000 })
  })
  afterAll(async () => {
    await fake.close()
  })

  async function paid(amountMinor: number): Promise<string> {
    const started = await provider.initialize(paymentRequest(amountMinor))
    if (!started.ok) throw new Error('initialize failed')
    fake.setPaymentOutcome(started.token, 'success')
    return fake.sessions.get(started.token)!.paymentId!
  }

  it('refunds a payment in full, signed like every iyzico request', async () => {
    const paymentId = await paid(4080)
    const result = await provider.refund(refundOf(paymentId, 4080))
    expect(result).toMatchObject({ ok: true, refundId: expect.stringMatching(/refund$/) })
    const sent = fake.requests.at(-1)!
    expect(sent).toMatchObject({ path: '/v2/payment/refund', authorized: true })
    expect(sent.body).toMatchObject({ paymentId, price: '40.8', currency: 'EUR' })
    expect(fake.refunds.get(paymentId)).toBe(4080)
  })

  it('refuses to refund more than was paid, and a second full refund', async () => {
    const paymentId = await paid(5000)
    expect(await provider.refund(refundOf(paymentId, 5001))).toMatchObject({
      ok: false,
      errorCode: '11',
    })
    expect(await provider.refund(refundOf(paymentId, 5000))).toMatchObject({ ok: true })
    expect(await provider.refund(refundOf(paymentId, 5000))).toMatchObject({ ok: false })
    expect(fake.refunds.get(paymentId)).toBe(5000)
  })

  it("passes iyzico's refusal on as a result, never as an exception", async () => {
    const paymentId = await paid(3000)
    fake.setNextRefundFailure({ errorCode: '5093', errorMessage: 'İade edilemez' })
    expect(await provider.refund(refundOf(paymentId, 3000))).toEqual({
      ok: false,
      errorCode: '5093',
      errorMessage: 'İade edilemez',
    })
    expect(fake.refunds.get(paymentId)).toBeUndefined()
  })

  it('reports a provider that does not answer as NETWORK', async () => {
    const paymentId = await paid(2000)
    fake.setHang(true)
    try {
      expect(await provider.refund(refundOf(paymentId, 2000))).toMatchObject({
        ok: false,
        errorCode: 'NETWORK',
      })
    } finally {
      fake.setHang(false)
    }
  })

  it('cancels a whole payment taken the same day in Istanbul instead of refunding it', async () => {
    const paymentId = await paid(4080)
    const sameDay = {
      paidAt: new Date('2026-11-25T06:00:00Z'),
      at: new Date('2026-11-25T20:30:00Z'), // 23:30 in Istanbul
    }
    const result = await provider.refund(refundOf(paymentId, 4080, sameDay))
    expect(result).toMatchObject({
      ok: true,
      method: 'cancel',
      refundId: expect.stringMatching(/cancel$/),
    })
    const sent = fake.requests.at(-1)!
    expect(sent).toMatchObject({ path: '/payment/cancel', authorized: true })
    expect(sent.body).toMatchObject({ paymentId, ip: '203.0.113.9', conversationId: 'MC-R3FUND' })
    expect(fake.cancelled.has(paymentId)).toBe(true)
    expect(fake.refunds.get(paymentId)).toBeUndefined()
    // A cancelled payment has nothing left to refund.
    expect(await provider.refund(refundOf(paymentId, 4080))).toMatchObject({ ok: false })
  })

  it('refunds a payment of the day before in Istanbul, even minutes after midnight', async () => {
    const paymentId = await paid(2500)
    const acrossMidnight = {
      paidAt: new Date('2026-11-24T20:59:00Z'), // 23:59 in Istanbul
      at: new Date('2026-11-24T21:01:00Z'), // 00:01 the next day
    }
    const before = fake.requests.length
    expect(await provider.refund(refundOf(paymentId, 2500, acrossMidnight))).toMatchObject({
      ok: true,
      method: 'refund',
    })
    expect(fake.requests.slice(before).map((request) => request.path)).toEqual([
      '/v2/payment/refund',
    ])
  })

  it('refunds instead when iyzico refuses the cancel because its day is settled', async () => {
    const paymentId = await paid(3300)
    fake.settleDay()
    const now = new Date()
    const before = fake.requests.length
    const result = await provider.refund(refundOf(paymentId, 3300, { paidAt: now, at: now }))
    expect(result).toMatchObject({ ok: true, method: 'refund' })
    expect(fake.requests.slice(before).map((request) => request.path)).toEqual([
      '/payment/cancel',
      '/v2/payment/refund',
    ])
    expect(fake.refunds.get(paymentId)).toBe(3300)
    expect(fake.cancelled.has(paymentId)).toBe(false)
  })

  it('refunds part of a same-day payment, since a cancel voids all of it', async () => {
    const paymentId = await paid(3000)
    const now = new Date()
    const before = fake.requests.length
    const result = await provider.refund(refundOf(paymentId, 1000, { paidAt: now, at: now }, 3000))
    expect(result).toMatchObject({ ok: true, method: 'refund' })
    expect(fake.requests.slice(before).map((request) => request.path)).toEqual([
      '/v2/payment/refund',
    ])
  })

  it('does not follow an unanswered cancel with a refund', async () => {
    const paymentId = await paid(2200)
    const now = new Date()
    const before = fake.requests.length
    fake.setHang(true)
    try {
      expect(
        await provider.refund(refundOf(paymentId, 2200, { paidAt: now, at: now })),
      ).toMatchObject({
        ok: false,
        errorCode: 'NETWORK',
      })
    } finally {
      fake.setHang(false)
    }
    expect(fake.requests.slice(before).map((request) => request.path)).toEqual(['/payment/cancel'])
    expect(fake.refunds.get(paymentId)).toBeUndefined()
  })

  it('does not refund with keys iyzico would not accept', async () => {
    const paymentId = await paid(1000)
    const wrongKeys = createIyzicoProvider({
      apiKey: keys.apiKey,
      secretKey: 'another-secret',
      baseUrl: fake.url,
    })
    expect(await wrongKeys.refund(refundOf(paymentId, 1000))).toMatchObject({
      ok: false,
      errorCode: '1000',
    })
    expect(fake.refunds.get(paymentId)).toBeUndefined()
  })
})

describe.each(storageBackends())('refunds through the simulator on $name', (backend) => {
  let handle: DatabaseHandle
  let provider: PaymentProvider
  useMigratedDatabase(backend, (opened) => {
    handle = opened
    provider = createSimulatorProvider({
      database: async () => handle,
      baseUrl: 'http://127.0.0.1:5173',
    })
  })

  async function paid(amountMinor: number): Promise<string> {
    const started = await provider.initialize(paymentRequest(amountMinor))
    if (!started.ok) throw new Error('initialize failed')
    const session = await payOnSimulator(handle, started.token, simulatorCards.success, new Date())
    return session!.payment_id!
  }

  it('refunds a payment, and records it for its page', async () => {
    const paymentId = await paid(4080)
    const result = await provider.refund(refundOf(paymentId, 4080))
    expect(result).toMatchObject({ ok: true })
    const rows = await handle.db
      .selectFrom('simulator_refunds')
      .selectAll()
      .where('payment_id', '=', paymentId)
      .execute()
    expect(rows).toMatchObject([{ amount_minor: 4080, currency: 'EUR' }])
    expect(result.ok && rows[0]!.refund_id).toBe(result.ok && result.refundId)
  })

  it('refuses more than was paid, and a second full refund', async () => {
    const paymentId = await paid(5000)
    expect(await provider.refund(refundOf(paymentId, 5001))).toMatchObject({
      ok: false,
      errorCode: 'SIM_OVER_REFUND',
    })
    expect(await provider.refund(refundOf(paymentId, 2000))).toMatchObject({ ok: true })
    expect(await provider.refund(refundOf(paymentId, 3000))).toMatchObject({ ok: true })
    expect(await provider.refund(refundOf(paymentId, 1))).toMatchObject({
      ok: false,
      errorCode: 'SIM_OVER_REFUND',
    })
  })

  it('refuses two full refunds asked at the same moment but once', async () => {
    const paymentId = await paid(6000)
    // Several at once make the race, if the ledger were read unlocked, show every time.
    const results = await Promise.all(
      Array.from({ length: 4 }, () => provider.refund(refundOf(paymentId, 6000))),
    )
    expect(results.filter((result) => result.ok)).toHaveLength(1)
  })

  it('refuses an unknown payment, a wrong currency and a zero amount', async () => {
    const paymentId = await paid(1000)
    expect(await provider.refund(refundOf('99999999', 1000))).toMatchObject({
      ok: false,
      errorCode: 'SIM_UNKNOWN_PAYMENT',
    })
    expect(await provider.refund({ ...refundOf(paymentId, 1000), currency: 'USD' })).toMatchObject({
      ok: false,
      errorCode: 'SIM_CURRENCY',
    })
    expect(await provider.refund(refundOf(paymentId, 0))).toMatchObject({
      ok: false,
      errorCode: 'SIM_INVALID_AMOUNT',
    })
  })
})
