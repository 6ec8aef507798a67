import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * Test support: a local HTTP server that speaks iyzico's Checkout Form
 * protocol, so the real `iyzipay` client (and our provider around it) can be
 * exercised without the network. It checks requests the way iyzico does
 * (IYZWSv2 authorization, price totals) and signs its answers the way iyzico
 * does, so a client that computes either wrongly fails here too.
 *
 * It also serves a bare hosted payment page (GET /checkoutform?token=...) whose
 * buttons pick an outcome and send the browser back to the callbackUrl with a
 * 307, i.e. a POST carrying the token, as iyzico's page does; browser tests can
 * use it with or without JavaScript.
 */

export type FakePaymentOutcome =
  /** paymentStatus SUCCESS, fraudStatus 1 */
  | 'success'
  /** status success, paymentStatus FAILURE, 10051 NOT_SUFFICIENT_FUNDS (signed) */
  | 'declined'
  /** the same refusal answered as status failure (unsigned), as some iyzico answers are */
  | 'declined-failure'
  /** paymentStatus SUCCESS but fraudStatus -1 (refused by fraud checks) */
  | 'fraud'
  /** paymentStatus SUCCESS but fraudStatus 0 (waiting for fraud review) */
  | 'fraud-review'

export interface FakeIyzicoFailure {
  errorCode: string
  errorMessage: string
  errorGroup?: string
}

/** One Checkout Form opened through initialize, by token. */
export interface FakeIyzicoSession {
  token: string
  /** The initialize body exactly as received (parsed JSON). */
  request: Record<string, unknown>
  createdAt: number
  outcome?: FakePaymentOutcome
  paymentId?: string
  /** The next retrieve answer for this token carries a wrong signature. */
  tamperSignature: boolean
}

export interface FakeIyzicoRequest {
  path: string
  /** The parsed JSON body, or undefined when it was not JSON. */
  body: unknown
  /** Whether the IYZWSv2 Authorization header verified. */
  authorized: boolean
}

export interface FakeIyzico {
  /** Base URL to give the client as `uri` / `baseUrl`. */
  url: string
  sessions: Map<string, FakeIyzicoSession>
  /** Every API request received, in order. */
  requests: FakeIyzicoRequest[]
  /** The next initialize answers this failure (after authorization succeeded). */
  setNextInitializeFailure(failure: FakeIyzicoFailure): void
  /** The next refund answers this failure (after authorization succeeded). */
  setNextRefundFailure(failure: FakeIyzicoFailure): void
  /** The next cancel answers this failure (after authorization succeeded). */
  setNextCancelFailure(failure: FakeIyzicoFailure): void
  /** What was refunded of each payment, in minor units, by payment id. */
  refunds: Map<string, number>
  /** The payments voided by a same-day cancel, by payment id. */
  cancelled: Set<string>
  /** Ends the banks' day: from now on a cancel of any payment taken so far is refused. */
  settleDay(): void
  setPaymentOutcome(
    token: string,
    outcome: FakePaymentOutcome,
    options?: { tamperSignature?: boolean },
  ): void
  /** The next signed answer (initialize or retrieve) carries a wrong signature. */
  tamperNextSignature(): void
  /** While on, API requests are read and never answered (to test timeouts). */
  setHang(hang: boolean): void
  /** Every API answer waits this long first, like a slow provider (0 by default). */
  setDelay(milliseconds: number): void
  close(): Promise<void>
}

const INITIALIZE_PATH = '/payment/iyzipos/checkoutform/initialize/auth/ecom'
const RETRIEVE_PATH = '/payment/iyzipos/checkoutform/auth/ecom/detail'
const REFUND_PATH = '/v2/payment/refund'
const CANCEL_PATH = '/payment/cancel'
const PAGE_PATH = '/checkoutform'
const PAY_PATH = '/checkoutform/pay'

/** Currencies iyzipay 2.0.69 lists (Iyzipay.CURRENCY). */
const CURRENCIES = new Set(['TRY', 'EUR', 'USD', 'IRR', 'GBP', 'NOK', 'RUB', 'CHF'])

/**
 * iyzico's answers. Sources: 1000, 1001, 5062, 3 and 8 from iyzico's own FAQ
 * (iyzico.gitbook, validasyon-hatalari.md) and issue threads on
 * iyzipay-php/python; 11 'Geçersiz istek' from iyzipay-php#93; 5026 from
 * iyzipay-node#132; 10051 from docs.iyzico.com (Hata Kodları). The code used
 * for the other missing fields and for an unknown currency or token is this
 * fake's choice ('11'), not a documented one.
 */
export const FAKE_IYZICO_ERRORS = {
  invalidRequest: { errorCode: '11', errorMessage: 'Geçersiz istek' },
  invalidSignature: { errorCode: '1000', errorMessage: 'Geçersiz imza' },
  apiKeyNotFound: { errorCode: '1001', errorMessage: 'api bilgileri bulunamadı' },
  basketTotalMismatch: {
    errorCode: '5062',
    errorMessage: 'Gönderilen tutar tüm kırılımların toplam tutarına eşit olmalıdır',
  },
  notSufficientFunds: {
    errorCode: '10051',
    errorMessage: 'Kart limiti yetersiz, yetersiz bakiye',
    errorGroup: 'NOT_SUFFICIENT_FUNDS',
  },
  // The fake's own choices: no documented code was found for these refund refusals.
  refundUnknownPayment: { errorCode: '11', errorMessage: 'Ödeme bulunamadı' },
  refundExceedsPaid: {
    errorCode: '11',
    errorMessage: 'İade tutarı, iade edilebilir tutarı aşıyor',
  },
  cancelAfterSettlement: {
    errorCode: '11',
    errorMessage: 'Gün sonu yapılmış ödeme iptal edilemez, iade ediniz',
  },
  paymentCancelled: { errorCode: '11', errorMessage: 'Ödeme iptal edilmiş' },
} as const satisfies Record<string, FakeIyzicoFailure>

const REQUIRED_FIELD_CODES: Record<string, string> = {
  email: '3',
  identityNumber: '8',
  buyerRegistrationAddress: '5026',
}

function required(field: string): FakeIyzicoFailure {
  return {
    errorCode: REQUIRED_FIELD_CODES[field] ?? '11',
    errorMessage: `${field} gönderilmesi zorunludur`,
  }
}

/** A decimal amount in units of 10^-8, exact (no floating point), or null. */
function toScaled(value: unknown): bigint | null {
  const text = typeof value === 'number' ? String(value) : value
  if (typeof text !== 'string' || !/^\d+(\.\d{1,8})?$/.test(text)) return null
  const [whole = '0', fraction = ''] = text.split('.')
  return BigInt(whole) * 10n ** 8n + BigInt(fraction.padEnd(8, '0'))
}

/** iyzico signs amounts without trailing zeros: 40.80 → '40.8', 100.0 → '100'. */
function plainAmount(value: unknown): string {
  const text = String(value)
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text
}

function hmacHex(secretKey: string, data: string): string {
  return createHmac('sha256', secretKey).update(data, 'utf8').digest('hex')
}

/** The response signature: HMAC-SHA256 over the fields joined with ':', hex. */
function responseSignature(secretKey: string, fields: unknown[]): string {
  return hmacHex(secretKey, fields.map((field) => (field == null ? '' : String(field))).join(':'))
}

function tampered(signature: string): string {
  return (signature[0] === '0' ? '1' : '0') + signature.slice(1)
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}

function present(value: unknown): boolean {
  return value !== undefined && value !== null && value !== ''
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > 1_000_000) req.destroy(new Error('body too large'))
      else chunks.push(chunk)
    })
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}

/**
 * IYZWSv2, as iyzipay computes it (lib/utils.js generateHashV2,
 * lib/IyzipayResource.js): `Authorization: IYZWSv2 base64("apiKey:" + apiKey
 * + "&randomKey:" + rnd + "&signature:" + hex(HMAC-SHA256(secretKey,
 * rnd + uriPath + JSON body)))`, with the same rnd in the `x-iyzi-rnd` header.
 */
function checkAuthorization(
  req: http.IncomingMessage,
  path: string,
  rawBody: string,
  keys: { apiKey: string; secretKey: string },
): FakeIyzicoFailure | null {
  const header = req.headers.authorization
  if (typeof header !== 'string' || !header.startsWith('IYZWSv2 ')) {
    return FAKE_IYZICO_ERRORS.invalidRequest
  }
  const decoded = Buffer.from(header.slice('IYZWSv2 '.length), 'base64').toString('utf8')
  const params = new Map<string, string>()
  for (const part of decoded.split('&')) {
    const colon = part.indexOf(':')
    if (colon > 0) params.set(part.slice(0, colon), part.slice(colon + 1))
  }
  const apiKey = params.get('apiKey')
  const randomKey = params.get('randomKey')
  const signature = params.get('signature')
  if (!apiKey || !randomKey || !signature) return FAKE_IYZICO_ERRORS.invalidRequest
  if (!sameText(apiKey, keys.apiKey)) return FAKE_IYZICO_ERRORS.apiKeyNotFound
  if (req.headers['x-iyzi-rnd'] !== randomKey) return FAKE_IYZICO_ERRORS.invalidSignature
  const expected = hmacHex(keys.secretKey, randomKey + path + rawBody)
  if (!sameText(signature, expected)) return FAKE_IYZICO_ERRORS.invalidSignature
  return null
}

/** The essentials iyzico checks before opening a Checkout Form. */
function validateInitialize(body: Record<string, unknown>): FakeIyzicoFailure | null {
  const price = toScaled(body.price)
  if (price === null || price <= 0n) return required('price')
  const paidPrice = toScaled(body.paidPrice)
  if (paidPrice === null || paidPrice <= 0n) return required('paidPrice')
  if (!present(body.currency)) return required('currency')
  if (typeof body.currency !== 'string' || !CURRENCIES.has(body.currency)) {
    return { errorCode: '11', errorMessage: 'Geçersiz para birimi' }
  }
  if (!present(body.callbackUrl)) return required('callbackUrl')
  const buyer = body.buyer
  if (!isObject(buyer)) return required('buyer')
  if (!present(buyer.email)) return required('email')
  if (!present(buyer.identityNumber)) return required('identityNumber')
  if (!present(buyer.registrationAddress)) return required('buyerRegistrationAddress')
  if (!isObject(body.billingAddress)) return required('billingAddress')
  const items = body.basketItems
  if (!Array.isArray(items) || items.length === 0) return required('basketItems')
  let total = 0n
  for (const item of items) {
    const itemPrice = isObject(item) ? toScaled(item.price) : null
    if (itemPrice === null || itemPrice <= 0n) return required('basketItemPrice')
    total += itemPrice
  }
  if (total !== price) return FAKE_IYZICO_ERRORS.basketTotalMismatch
  return null
}

export async function startFakeIyzico(keys: {
  apiKey: string
  secretKey: string
  /** A fixed port (browser tests name it in the server's settings); random by default. */
  port?: number
}): Promise<FakeIyzico> {
  const sessions = new Map<string, FakeIyzicoSession>()
  const requests: FakeIyzicoRequest[] = []
  let nextInitializeFailure: FakeIyzicoFailure | null = null
  let nextRefundFailure: FakeIyzicoFailure | null = null
  let nextCancelFailure: FakeIyzicoFailure | null = null
  /** Refunded so far per payment id, in units of 10^-8 (see toScaled). */
  const refunded = new Map<string, bigint>()
  const cancelled = new Set<string>()
  /** Payments taken before the last settleDay(): past the banks' end of day. */
  const settled = new Set<string>()
  let tamperNext = false
  let hang = false
  let delayMs = 0
  let baseUrl = ''

  function sign(fields: unknown[], tamper: boolean): string {
    const signature = responseSignature(keys.secretKey, fields)
    return tamper ? tampered(signature) : signature
  }

  function takeTamper(): boolean {
    const value = tamperNext
    tamperNext = false
    return value
  }

  function sendJson(res: http.ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { 'content-type': 'application/json;charset=UTF-8' })
    res.end(JSON.stringify(body))
  }

  function failureAnswer(body: unknown, failure: FakeIyzicoFailure) {
    const request = isObject(body) ? body : {}
    return {
      status: 'failure',
      ...failure,
      locale: typeof request.locale === 'string' ? request.locale : 'tr',
      systemTime: Date.now(),
      ...(typeof request.conversationId === 'string'
        ? { conversationId: request.conversationId }
        : {}),
    }
  }

  function complete(session: FakeIyzicoSession, outcome: FakePaymentOutcome) {
    session.outcome = outcome
    session.paymentId ??= String(randomInt(20_000_000, 29_999_999))
  }

  function initializeAnswer(body: Record<string, unknown>) {
    const failure = validateInitialize(body) ?? nextInitializeFailure
    nextInitializeFailure = null
    if (failure) return failureAnswer(body, failure)
    const token = randomUUID()
    sessions.set(token, { token, request: body, createdAt: Date.now(), tamperSignature: false })
    const locale = body.locale === 'en' ? 'en' : 'tr'
    const conversationId = typeof body.conversationId === 'string' ? body.conversationId : undefined
    return {
      status: 'success',
      locale,
      systemTime: Date.now(),
      ...(conversationId !== undefined ? { conversationId } : {}),
      token,
      checkoutFormContent: `<script type="text/javascript">/* fake iyzico: embedded form not served, token ${token} */</script>`,
      tokenExpireTime: 1800,
      paymentPageUrl: `${baseUrl}${PAGE_PATH}?token=${token}&lang=${locale}`,
      // Documented order for Checkout Form initialize: conversationId, token.
      signature: sign([conversationId, token], takeTamper()),
    }
  }

  function retrieveAnswer(body: Record<string, unknown>) {
    const token = typeof body.token === 'string' ? body.token : ''
    const session = sessions.get(token)
    if (!token) return failureAnswer(body, required('token'))
    if (!session) return failureAnswer(body, FAKE_IYZICO_ERRORS.invalidRequest)
    const tamper = takeTamper() || session.tamperSignature
    session.tamperSignature = false

    const request = session.request
    const locale = body.locale === 'en' ? 'en' : 'tr'
    // conversationId is a correlation id: iyzico echoes the one sent with this request.
    const conversationId = typeof body.conversationId === 'string' ? body.conversationId : undefined
    const price = Number(request.price)
    const paidPrice = Number(request.paidPrice)
    const common = {
      locale,
      systemTime: Date.now(),
      ...(conversationId !== undefined ? { conversationId } : {}),
      price,
      paidPrice,
      basketId: request.basketId,
      currency: request.currency,
      token,
      callbackUrl: request.callbackUrl,
    }
    const signed = (answer: Record<string, unknown>) => ({
      ...answer,
      // Documented order for Checkout Form retrieve.
      signature: sign(
        [
          answer.paymentStatus,
          answer.paymentId,
          answer.currency,
          answer.basketId,
          answer.conversationId,
          plainAmount(request.paidPrice),
          plainAmount(request.price),
          answer.token,
        ],
        tamper,
      ),
    })

    switch (session.outcome) {
      case undefined:
        // The form has not been completed yet.
        return signed({ status: 'success', ...common, paymentStatus: 'INIT_THREEDS' })
      case 'declined':
        return signed({
          status: 'success',
          ...common,
          paymentStatus: 'FAILURE',
          ...FAKE_IYZICO_ERRORS.notSufficientFunds,
        })
      case 'declined-failure':
        return failureAnswer(body, FAKE_IYZICO_ERRORS.notSufficientFunds)
      case 'success':
      case 'fraud':
      case 'fraud-review':
        return signed({
          status: 'success',
          ...common,
          installment: 1,
          paymentId: session.paymentId,
          fraudStatus: session.outcome === 'success' ? 1 : session.outcome === 'fraud' ? -1 : 0,
          merchantCommissionRate: 0,
          merchantCommissionRateAmount: 0,
          iyziCommissionRateAmount: 0,
          iyziCommissionFee: 0,
          cardType: 'CREDIT_CARD',
          cardAssociation: 'MASTER_CARD',
          cardFamily: 'Paraf',
          binNumber: '552879',
          lastFourDigits: '0008',
          authCode: '123456',
          phase: 'AUTH',
          hostReference: 'mock00001iyzihostrfn',
          paymentStatus: 'SUCCESS',
        })
    }
  }

  /** The form that took this payment, if it was paid. */
  function paidSession(paymentId: string) {
    return [...sessions.values()].find(
      (candidate) => candidate.paymentId === paymentId && candidate.outcome === 'success',
    )
  }

  /**
   * A refund by payment id (v2): only of a payment this fake took, in its
   * currency, for a positive amount that with earlier refunds stays within
   * what was paid. iyzico lists no signature for this answer; none is sent.
   */
  function refundAnswer(body: Record<string, unknown>) {
    if (!present(body.paymentId)) return failureAnswer(body, required('paymentId'))
    const price = toScaled(body.price)
    if (price === null || price <= 0n) return failureAnswer(body, required('price'))
    const failure = nextRefundFailure
    nextRefundFailure = null
    if (failure) return failureAnswer(body, failure)
    const paymentId = String(body.paymentId)
    const session = paidSession(paymentId)
    if (!session) return failureAnswer(body, FAKE_IYZICO_ERRORS.refundUnknownPayment)
    if (cancelled.has(paymentId)) return failureAnswer(body, FAKE_IYZICO_ERRORS.paymentCancelled)
    if (body.currency !== session.request.currency) {
      return failureAnswer(body, { errorCode: '11', errorMessage: 'Geçersiz para birimi' })
    }
    const paid = toScaled(session.request.paidPrice) ?? 0n
    const before = refunded.get(paymentId) ?? 0n
    if (before + price > paid) return failureAnswer(body, FAKE_IYZICO_ERRORS.refundExceedsPaid)
    refunded.set(paymentId, before + price)
    return {
      status: 'success',
      locale: body.locale === 'en' ? 'en' : 'tr',
      systemTime: Date.now(),
      ...(typeof body.conversationId === 'string' ? { conversationId: body.conversationId } : {}),
      paymentId,
      price: Number(body.price),
      currency: body.currency,
      authCode: '654321',
      hostReference: `mock${paymentId}host`,
      refundHostReference: `mock${randomInt(10_000_000, 99_999_999)}refund`,
      retryable: false,
    }
  }

  /**
   * A cancel voids a whole payment, only before the day is settled and only
   * while nothing of it was refunded; it answers with the payment's total.
   */
  function cancelAnswer(body: Record<string, unknown>) {
    if (!present(body.paymentId)) return failureAnswer(body, required('paymentId'))
    if (!present(body.ip)) return failureAnswer(body, required('ip'))
    const failure = nextCancelFailure
    nextCancelFailure = null
    if (failure) return failureAnswer(body, failure)
    const paymentId = String(body.paymentId)
    const session = paidSession(paymentId)
    if (!session) return failureAnswer(body, FAKE_IYZICO_ERRORS.refundUnknownPayment)
    if (cancelled.has(paymentId)) return failureAnswer(body, FAKE_IYZICO_ERRORS.paymentCancelled)
    if (settled.has(paymentId) || refunded.has(paymentId)) {
      return failureAnswer(body, FAKE_IYZICO_ERRORS.cancelAfterSettlement)
    }
    cancelled.add(paymentId)
    return {
      status: 'success',
      locale: body.locale === 'en' ? 'en' : 'tr',
      systemTime: Date.now(),
      ...(typeof body.conversationId === 'string' ? { conversationId: body.conversationId } : {}),
      paymentId,
      price: Number(session.request.paidPrice),
      currency: session.request.currency,
      authCode: '654321',
      hostReference: `mock${paymentId}host`,
      cancelHostReference: `mock${randomInt(10_000_000, 99_999_999)}cancel`,
    }
  }

  async function handleApi(req: http.IncomingMessage, res: http.ServerResponse, path: string) {
    const rawBody = await readBody(req)
    let body: unknown
    try {
      body = JSON.parse(rawBody)
    } catch {
      body = undefined
    }
    const authFailure = checkAuthorization(req, path, rawBody, keys)
    requests.push({ path, body, authorized: authFailure === null })
    if (hang) return // never answered; close() drops the connection
    if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs))
    if (authFailure) return sendJson(res, 200, failureAnswer(body, authFailure))
    if (!isObject(body))
      return sendJson(res, 200, failureAnswer(body, FAKE_IYZICO_ERRORS.invalidRequest))
    if (path === INITIALIZE_PATH) return sendJson(res, 200, initializeAnswer(body))
    if (path === REFUND_PATH) return sendJson(res, 200, refundAnswer(body))
    if (path === CANCEL_PATH) return sendJson(res, 200, cancelAnswer(body))
    return sendJson(res, 200, retrieveAnswer(body))
  }

  function renderPage(res: http.ServerResponse, session: FakeIyzicoSession, lang: string) {
    const request = session.request
    const amount = `${String(request.paidPrice)} ${String(request.currency)}`
    const buttons: [FakePaymentOutcome, string][] = [
      ['success', 'Pay (success)'],
      ['declined', 'Pay (declined: NOT_SUFFICIENT_FUNDS)'],
      ['fraud', 'Pay (refused by fraud checks)'],
    ]
    res.writeHead(200, { 'content-type': 'text/html;charset=UTF-8' })
    res.end(`<!doctype html>
<html lang="${lang === 'en' ? 'en' : 'tr'}"><head><meta charset="utf-8"><title>Fake iyzico checkout (test)</title></head>
<body><main><h1>Fake iyzico checkout (test only)</h1>
<p>Amount: <output>${escapeHtml(amount)}</output></p>
<form method="post" action="${PAY_PATH}">
<input type="hidden" name="token" value="${escapeHtml(session.token)}">
${buttons.map(([value, label]) => `<button type="submit" name="outcome" value="${value}">${label}</button>`).join('\n')}
</form></main></body></html>`)
  }

  async function handlePay(req: http.IncomingMessage, res: http.ServerResponse) {
    const form = new URLSearchParams(await readBody(req))
    const session = sessions.get(form.get('token') ?? '')
    const outcome = form.get('outcome')
    if (!session || (outcome !== 'success' && outcome !== 'declined' && outcome !== 'fraud')) {
      res.writeHead(400, { 'content-type': 'text/plain' })
      return res.end('unknown token or outcome')
    }
    // A second submission does not change a completed payment.
    if (!session.outcome) complete(session, outcome)
    // 307 keeps the POST and its body: the callback receives `token` as from iyzico.
    res.writeHead(307, { location: String(session.request.callbackUrl) })
    res.end()
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake-iyzico')
    const path = url.pathname
    const run = async () => {
      if (
        req.method === 'POST' &&
        [INITIALIZE_PATH, RETRIEVE_PATH, REFUND_PATH, CANCEL_PATH].includes(path)
      ) {
        return handleApi(req, res, path)
      }
      if (req.method === 'GET' && path === PAGE_PATH) {
        const session = sessions.get(url.searchParams.get('token') ?? '')
        if (!session) {
          res.writeHead(404, { 'content-type': 'text/plain' })
          return res.end('unknown token')
        }
        return renderPage(res, session, url.searchParams.get('lang') ?? 'tr')
      }
      if (req.method === 'POST' && path === PAY_PATH) return handlePay(req, res)
      sendJson(res, 404, { status: 'failure', errorCode: '404', errorMessage: 'Not Found' })
    }
    run().catch(() => {
      if (!res.headersSent) sendJson(res, 500, { status: 'failure', errorMessage: 'fake error' })
      else res.destroy()
    })
  })

  await new Promise<void>((resolve) => server.listen(keys.port ?? 0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  baseUrl = `http://127.0.0.1:${port}`

  return {
    url: baseUrl,
    sessions,
    requests,
    setNextInitializeFailure(failure) {
      nextInitializeFailure = failure
    },
    setNextRefundFailure(failure) {
      nextRefundFailure = failure
    },
    setNextCancelFailure(failure) {
      nextCancelFailure = failure
    },
    cancelled,
    settleDay() {
      for (const session of sessions.values()) if (session.paymentId) settled.add(session.paymentId)
    },
    get refunds() {
      return new Map([...refunded].map(([id, scaled]) => [id, Number(scaled / 1_000_000n)]))
    },
    setPaymentOutcome(token, outcome, options = {}) {
      const session = sessions.get(token)
      if (!session) throw new Error('fake iyzico: unknown token')
      complete(session, outcome)
      session.tamperSignature = options.tamperSignature ?? false
    },
    tamperNextSignature() {
      tamperNext = true
    },
    setHang(value) {
      hang = value
    },
    setDelay(milliseconds) {
      delayMs = milliseconds
    },
    close() {
      return new Promise<void>((resolve) => {
        server.close(() => resolve())
        // Hung requests and keep-alive sockets would otherwise hold close() open.
        server.closeAllConnections()
      })
    },
  }
}
