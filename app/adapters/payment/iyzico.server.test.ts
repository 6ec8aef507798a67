import { createRequire } from 'node:module'
import Iyzipay from 'iyzipay'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startFakeIyzico, type FakeIyzico } from '../../../tests/support/iyzico-fake-server'
import { createIyzicoProvider } from './iyzico.server'
import { buyerFieldLimits } from '~/booking/field-limits'
import type { InitializeRequest } from './provider'

// iyzipay's own helper, as its samples use it to verify response signatures.
const iyzipayUtils = createRequire(import.meta.url)('iyzipay/lib/utils') as {
  calculateHmacSHA256Signature(params: unknown[], secretKey: string): string
}

const keys = { apiKey: 'sandbox-test-api-key', secretKey: 'sandbox-test-secret-key' }

// Turkish letters on purpose: the IYZWSv2 HMAC covers the UTF-8 body.
function paymentRequest(overrides: Partial<InitializeRequest> = {}): InitializeRequest {
  return {
    locale: 'en',
    conversationId: 'MC-7K4Q9P',
    basketId: 'bk_01HZX4',
    amountMinor: 4080,
    currency: 'EUR',
    callbackUrl: 'http://127.0.0.1:5173/payment/callback',
    buyer: {
      id: 'bk_01HZX4',
      name: 'Ayşe',
      surname: 'Yılmaz',
      email: 'ayse@example.com',
      gsmNumber: '+905350000000',
      identityNumber: '11111111111',
      registrationAddress: 'Büyükdere Cd. 1, Şişli',
      city: 'İstanbul',
      country: 'Turkey',
      zipCode: '34394',
      ip: '203.0.113.7',
    },
    billingAddress: {
      contactName: 'Ayşe Yılmaz',
      city: 'İstanbul',
      country: 'Turkey',
      address: 'Büyükdere Cd. 1, Şişli',
      zipCode: '34394',
    },
    basketItems: [
      {
        id: 'transfer',
        name: 'IST → Sultanahmet',
        category1: 'Transfer',
        itemType: 'VIRTUAL',
        amountMinor: 3530,
      },
      {
        id: 'child-seat',
        name: 'Child seat',
        category1: 'Extra',
        itemType: 'VIRTUAL',
        amountMinor: 550,
      },
    ],
    ...overrides,
  }
}

let fake: FakeIyzico

beforeAll(async () => {
  fake = await startFakeIyzico(keys)
})

afterAll(async () => {
  await fake.close()
})

/** Runs `action` with stderr captured (the logger writes warnings and errors there). */
async function capturingStderr<T>(action: () => Promise<T>): Promise<{ result: T; log: string }> {
  const written: string[] = []
  const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    written.push(String(chunk))
    return true
  })
  try {
    return { result: await action(), log: written.join('') }
  } finally {
    spy.mockRestore()
  }
}

function provider(overrides: { apiKey?: string; secretKey?: string; timeoutMs?: number } = {}) {
  return createIyzicoProvider({ ...keys, baseUrl: fake.url, ...overrides })
}

async function openForm(request = paymentRequest()) {
  const result = await provider().initialize(request)
  if (!result.ok) throw new Error(`initialize failed: ${result.errorCode}`)
  return result
}

/**
 * Makes the fake answer other amounts for an opened form, in iyzico's decimals,
 * as if iyzico had charged the card differently from what we asked.
 */
function answerAmounts(token: string, amounts: { price?: string; paidPrice?: string }) {
  const session = fake.sessions.get(token)
  if (!session) throw new Error('no such form')
  session.request = { ...session.request, ...amounts }
}

describe('iyzico provider: initialize', () => {
  it('opens a Checkout Form and returns the token and the redirect page', async () => {
    const result = await provider().initialize(paymentRequest())
    expect(result).toEqual({
      ok: true,
      token: expect.stringMatching(/^[0-9a-f-]{36}$/),
      paymentPageUrl: expect.stringContaining(`${fake.url}/checkoutform?token=`),
      tokenExpireTime: 1800,
    })
    if (!result.ok) return
    expect(result.paymentPageUrl).toContain(result.token)
    expect(fake.requests.at(-1)).toMatchObject({
      path: '/payment/iyzipos/checkoutform/initialize/auth/ecom',
      authorized: true,
    })
  })

  it('sends the mapped request: prices, basket adding up to price, callback, buyer, addresses', async () => {
    const request = paymentRequest()
    const { token } = await openForm(request)
    const received = fake.sessions.get(token)?.request
    expect(received).toMatchObject({
      locale: 'en',
      conversationId: 'MC-7K4Q9P',
      basketId: 'bk_01HZX4',
      // iyzipay formats amounts itself (utils.formatPrice): 40.80 → '40.8'
      price: '40.8',
      paidPrice: '40.8',
      currency: 'EUR',
      paymentGroup: 'PRODUCT',
      callbackUrl: request.callbackUrl,
      enabledInstallments: [1],
      buyer: request.buyer,
      billingAddress: request.billingAddress,
      shippingAddress: request.billingAddress,
    })
    const items = received?.basketItems as { id: string; price: string; itemType: string }[]
    expect(items.map((item) => [item.id, item.price, item.itemType])).toEqual([
      ['transfer', '35.3', 'VIRTUAL'],
      ['child-seat', '5.5', 'VIRTUAL'],
    ])
    const sumInCents = items.reduce((sum, item) => sum + Math.round(Number(item.price) * 100), 0)
    expect(sumInCents).toBe(4080)
    // The embedded form is never what we hand on.
    expect(JSON.stringify(await provider().initialize(request))).not.toContain(
      'checkoutFormContent',
    )
  })

  it.each([
    ['buyer', 'name', 'Ş'.repeat(buyerFieldLimits.name + 1)],
    ['buyer', 'registrationAddress', 'Ş'.repeat(buyerFieldLimits.address + 1)],
    ['billingAddress', 'contactName', 'Ş'.repeat(buyerFieldLimits.contactName + 1)],
    ['billingAddress', 'zipCode', '3'.repeat(buyerFieldLimits.zipCode + 1)],
  ] as const)(
    'sends no request with %s.%s longer than iyzico takes, and cuts nothing',
    async (part, field, value) => {
      const request = paymentRequest()
      const changed = { ...request, [part]: { ...request[part], [field]: value } }
      const before = fake.requests.length
      const { result, log } = await capturingStderr(() => provider().initialize(changed))
      expect(result).toEqual({ ok: false, errorCode: 'FIELD_TOO_LONG' })
      expect(fake.requests).toHaveLength(before)
      expect(log).toContain('payment.iyzico.field_too_long')
      expect(log).toContain(`${part}.${field}`)
      expect(log).not.toContain(value)
    },
  )

  it('a wrong API key is a failure answer (1001), not a throw', async () => {
    const result = await provider({ apiKey: 'sandbox-wrong' }).initialize(paymentRequest())
    expect(result).toEqual({
      ok: false,
      errorCode: '1001',
      errorMessage: 'api bilgileri bulunamadı',
    })
    expect(fake.requests.at(-1)?.authorized).toBe(false)
  })

  it('a wrong secret key fails the IYZWSv2 signature (1000)', async () => {
    const result = await provider({ secretKey: 'sandbox-wrong' }).initialize(paymentRequest())
    expect(result).toEqual({ ok: false, errorCode: '1000', errorMessage: 'Geçersiz imza' })
  })

  it('maps a failure answer: errorCode, errorMessage, errorGroup', async () => {
    fake.setNextInitializeFailure({
      errorCode: '5026',
      errorMessage: 'buyerRegistrationAddress gönderilmesi zorunludur',
      errorGroup: 'VALIDATION',
    })
    expect(await provider().initialize(paymentRequest())).toEqual({
      ok: false,
      errorCode: '5026',
      errorMessage: 'buyerRegistrationAddress gönderilmesi zorunludur',
      errorGroup: 'VALIDATION',
    })
    // The failure was for one call only.
    expect((await provider().initialize(paymentRequest())).ok).toBe(true)
  })

  it('maps the validation failure of a basket that does not add up to price (5062)', async () => {
    const result = await provider().initialize(paymentRequest({ amountMinor: 4100 }))
    expect(result).toMatchObject({ ok: false, errorCode: '5062' })
  })

  it('a closed port is { ok: false, errorCode: NETWORK }', async () => {
    const closed = await startFakeIyzico(keys)
    const url = closed.url
    await closed.close()
    const result = await createIyzicoProvider({ ...keys, baseUrl: url }).initialize(
      paymentRequest(),
    )
    expect(result).toEqual({ ok: false, errorCode: 'NETWORK', errorMessage: 'ECONNREFUSED' })
  })

  it('refuses an answer whose signature does not verify, and logs no token or personal data', async () => {
    fake.tamperNextSignature()
    const { result, log } = await capturingStderr(() => provider().initialize(paymentRequest()))
    expect(result).toEqual({ ok: false, errorCode: 'SIGNATURE_MISMATCH' })
    expect(log).toContain('payment.iyzico.signature_mismatch')
    const lastToken = [...fake.sessions.keys()].at(-1) ?? 'no-token'
    for (const secret of [lastToken, 'ayse@example.com', 'Yılmaz', '11111111111', keys.secretKey]) {
      expect(log).not.toContain(secret)
    }
  })

  it('a server that never answers times out as NETWORK', async () => {
    fake.setHang(true)
    try {
      const started = Date.now()
      const result = await provider({ timeoutMs: 200 }).initialize(paymentRequest())
      expect(result).toEqual({ ok: false, errorCode: 'NETWORK', errorMessage: 'timeout' })
      expect(Date.now() - started).toBeLessThan(2000)
      const retrieved = await provider({ timeoutMs: 200 }).retrieve('any', 'MC-7K4Q9P', 'en')
      expect(retrieved).toEqual({
        status: 'failure',
        errorCode: 'NETWORK',
        errorMessage: 'timeout',
      })
    } finally {
      fake.setHang(false)
    }
  })
})

describe('iyzico provider: retrieve', () => {
  it('maps every field of a successful payment', async () => {
    // paidPrice differs from price so that a swapped signature field would show.
    const { token } = await openForm()
    answerAmounts(token, { paidPrice: '41.00' })
    fake.setPaymentOutcome(token, 'success')
    const paymentId = fake.sessions.get(token)?.paymentId
    expect(paymentId).toMatch(/^\d+$/)
    expect(await provider().retrieve(token, 'MC-7K4Q9P', 'en')).toEqual({
      status: 'success',
      paymentStatus: 'SUCCESS',
      fraudStatus: 1,
      paymentId,
      conversationId: 'MC-7K4Q9P',
      basketId: 'bk_01HZX4',
      // iyzico's numbers (40.8, 41) back in minor units.
      priceMinor: 4080,
      paidMinor: 4100,
      currency: 'EUR',
    })
    expect(fake.requests.at(-1)).toMatchObject({
      path: '/payment/iyzipos/checkoutform/auth/ecom/detail',
      authorized: true,
      body: { locale: 'en', conversationId: 'MC-7K4Q9P', token },
    })
  })

  it('maps a declined payment: paymentStatus FAILURE with error code and group', async () => {
    const { token } = await openForm()
    fake.setPaymentOutcome(token, 'declined')
    expect(await provider().retrieve(token, 'MC-7K4Q9P', 'tr')).toEqual({
      status: 'success',
      paymentStatus: 'FAILURE',
      conversationId: 'MC-7K4Q9P',
      basketId: 'bk_01HZX4',
      priceMinor: 4080,
      paidMinor: 4080,
      currency: 'EUR',
      errorCode: '10051',
      errorMessage: 'Kart limiti yetersiz, yetersiz bakiye',
      errorGroup: 'NOT_SUFFICIENT_FUNDS',
    })
  })

  it('maps a declined payment answered as status failure', async () => {
    const { token } = await openForm()
    fake.setPaymentOutcome(token, 'declined-failure')
    expect(await provider().retrieve(token, 'MC-7K4Q9P', 'tr')).toEqual({
      status: 'failure',
      conversationId: 'MC-7K4Q9P',
      errorCode: '10051',
      errorMessage: 'Kart limiti yetersiz, yetersiz bakiye',
      errorGroup: 'NOT_SUFFICIENT_FUNDS',
    })
  })

  it('passes on the fraud status of a payment refused or held by fraud checks', async () => {
    const refused = await openForm()
    fake.setPaymentOutcome(refused.token, 'fraud')
    expect(await provider().retrieve(refused.token, 'MC-7K4Q9P', 'en')).toMatchObject({
      status: 'success',
      paymentStatus: 'SUCCESS',
      fraudStatus: -1,
    })
    const held = await openForm()
    fake.setPaymentOutcome(held.token, 'fraud-review')
    expect(await provider().retrieve(held.token, 'MC-7K4Q9P', 'en')).toMatchObject({
      fraudStatus: 0,
    })
  })

  it('a form not completed yet is not a successful payment', async () => {
    const { token } = await openForm()
    const result = await provider().retrieve(token, 'MC-7K4Q9P', 'en')
    expect(result.status).toBe('success')
    expect(result.paymentStatus).not.toBe('SUCCESS')
  })

  it('refuses a retrieve answer whose signature does not verify and passes nothing of it on', async () => {
    const { token } = await openForm()
    fake.setPaymentOutcome(token, 'success', { tamperSignature: true })
    const { result, log } = await capturingStderr(() =>
      provider().retrieve(token, 'MC-7K4Q9P', 'en'),
    )
    expect(result).toEqual({ status: 'failure', errorCode: 'SIGNATURE_MISMATCH' })
    expect(log).toContain('"operation":"retrieve"')
    expect(log).not.toContain(token)
    // The tampering was for one answer: the same payment then verifies.
    expect(await provider().retrieve(token, 'MC-7K4Q9P', 'en')).toMatchObject({
      status: 'success',
      paymentStatus: 'SUCCESS',
    })
  })

  it('signs answers as iyzipay’s own verifier expects (its samples’ field order)', async () => {
    const { token } = await openForm()
    answerAmounts(token, { paidPrice: '41.00' })
    fake.setPaymentOutcome(token, 'success')
    const client = new Iyzipay({ ...keys, uri: fake.url })
    const raw = await new Promise<Record<string, unknown>>((resolve, reject) =>
      client.checkoutForm.retrieve({ conversationId: 'MC-7K4Q9P', token }, (err, result) =>
        err ? reject(err) : resolve(result as unknown as Record<string, unknown>),
      ),
    )
    const { paymentStatus, paymentId, currency, basketId, conversationId, paidPrice, price } = raw
    expect([price, paidPrice]).toEqual([40.8, 41])
    expect(raw.signature).toBe(
      iyzipayUtils.calculateHmacSHA256Signature(
        [paymentStatus, paymentId, currency, basketId, conversationId, paidPrice, price, token],
        keys.secretKey,
      ),
    )
  })
})

describe('iyzico provider: amounts at the boundary', () => {
  it.each([
    [5, '0.05', [2, 3], ['0.02', '0.03']],
    [13600, '136.0', [13600], ['136.0']],
    [672345, '6723.45', [637739, 34606], ['6377.39', '346.06']],
  ])(
    'sends %i minor units as the decimal %s, and each basket line likewise',
    async (amountMinor, decimal, lines, lineDecimals) => {
      const request = paymentRequest({
        amountMinor,
        basketItems: lines.map((minor, index) => ({
          id: `line-${index}`,
          name: `Line ${index}`,
          category1: 'Transfer',
          itemType: 'VIRTUAL' as const,
          amountMinor: minor,
        })),
      })
      const { token } = await openForm(request)
      // As received: iyzipay writes '136.0' for 136.00 (its utils.formatPrice).
      const received = fake.sessions.get(token)?.request
      expect([received?.price, received?.paidPrice]).toEqual([decimal, decimal])
      const items = received?.basketItems as { price: string }[]
      expect(items.map((item) => item.price)).toEqual(lineDecimals)
    },
  )

  it.each([
    ['6723.45', 672345],
    ['136', 13600],
    ['0.05', 5],
    ['40.80', 4080],
  ])('reads the answered amount %s as %i minor units', async (decimal, minor) => {
    const { token } = await openForm()
    answerAmounts(token, { price: decimal, paidPrice: decimal })
    fake.setPaymentOutcome(token, 'success')
    expect(await provider().retrieve(token, 'MC-7K4Q9P', 'en')).toMatchObject({
      status: 'success',
      priceMinor: minor,
      paidMinor: minor,
    })
  })

  it('passes on no amount that is not a whole number of minor units', async () => {
    const { token } = await openForm()
    answerAmounts(token, { price: '40.805', paidPrice: '40.805' })
    fake.setPaymentOutcome(token, 'success')
    const result = await provider().retrieve(token, 'MC-7K4Q9P', 'en')
    expect(result).toMatchObject({ status: 'success', paymentStatus: 'SUCCESS' })
    expect(result.priceMinor).toBeUndefined()
    expect(result.paidMinor).toBeUndefined()
  })
})

describe('fake iyzico', () => {
  it('answers an unsigned request with a failure, as iyzico does', async () => {
    const response = await fetch(`${fake.url}/payment/iyzipos/checkoutform/auth/ecom/detail`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: 'x' }),
    })
    expect(await response.json()).toMatchObject({ status: 'failure', errorCode: '11' })
  })

  it('its payment page sends the browser back to the callback with a POST of the token', async () => {
    const { token, paymentPageUrl } = await openForm()
    const page = await fetch(paymentPageUrl)
    expect(await page.text()).toContain('Fake iyzico checkout (test only)')
    const pay = await fetch(`${fake.url}/checkoutform/pay`, {
      method: 'POST',
      body: new URLSearchParams({ token, outcome: 'success' }),
      redirect: 'manual',
    })
    expect(pay.status).toBe(307)
    expect(pay.headers.get('location')).toBe(paymentRequest().callbackUrl)
    expect(fake.sessions.get(token)?.outcome).toBe('success')
  })
})
