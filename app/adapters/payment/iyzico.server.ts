import { createHmac, timingSafeEqual } from 'node:crypto'
import Iyzipay from 'iyzipay'
import { logger } from '~/utils/logger.server'
import { buyerFieldLimits } from '~/booking/field-limits'
import { istanbulDate } from '~/domain/booking-window'
import { fromDecimalAmount, toDecimalAmount } from './decimal-amounts'
import type {
  InitializeRequest,
  InitializeResult,
  PaymentAddress,
  PaymentBasketItem,
  PaymentBuyer,
  PaymentProvider,
  RefundRequest,
  RefundResult,
  RetrieveResult,
} from './provider'

/**
 * iyzico's Checkout Form through the `iyzipay` package. We use the redirect
 * (`paymentPageUrl`), never the embedded `checkoutFormContent`. iyzico takes
 * and answers amounts as decimals in the major unit ('40.80', 40.8); this
 * adapter alone converts them to and from the interface's minor units.
 *
 * Nothing here throws once the provider is built: transport problems and
 * timeouts come back as `errorCode: 'NETWORK'`, answers that do not verify as
 * `errorCode: 'SIGNATURE_MISMATCH'`, so a caller can always show its message
 * and leave the booking retryable.
 */
export interface IyzicoConfig {
  apiKey: string
  secretKey: string
  /** e.g. https://sandbox-api.iyzipay.com or https://api.iyzipay.com */
  baseUrl: string
  /**
   * iyzipay sets no timeout of its own; past this the call is reported as a
   * network failure so a hanging provider cannot hang a request.
   */
  timeoutMs?: number
}

export const DEFAULT_IYZICO_TIMEOUT_MS = 15_000

// @types/iyzipay 2.0.3 types the Checkout Form request as a 3-D Secure payment
// (card, installments, 'TR'/'EN' locales) and its results without
// paymentPageUrl, tokenExpireTime, signature or the error fields. These local
// shapes follow what iyzipay 2.0.69 really sends (lib/requests/
// CreateCheckoutFormInitializeRequest.js) and what iyzico answers.
/** A basket line as iyzico takes it: our item with its price as a decimal string. */
type IyzicoBasketItem = Omit<PaymentBasketItem, 'amountMinor'> & { price: string }

interface CheckoutFormInitializeRequestData {
  locale: 'tr' | 'en'
  conversationId: string
  price: string
  paidPrice: string
  currency: string
  basketId: string
  paymentGroup: 'PRODUCT'
  callbackUrl: string
  enabledInstallments: number[]
  // Our buyer and address shapes use iyzico's field names one for one.
  buyer: PaymentBuyer
  shippingAddress: PaymentAddress
  billingAddress: PaymentAddress
  basketItems: IyzicoBasketItem[]
}

interface IyzicoErrorFields {
  errorCode?: string | number
  errorMessage?: string
  errorGroup?: string
  signature?: string
}

type CheckoutFormInitializeAnswer = Partial<Iyzipay.CheckoutFormInitialResult> &
  IyzicoErrorFields & { paymentPageUrl?: string; tokenExpireTime?: number }

type CheckoutFormRetrieveAnswer = Partial<Omit<Iyzipay.CheckoutFormRetrieveResult, 'currency'>> &
  IyzicoErrorFields & { currency?: string }

type Callback<T> = (err: Error | null, result: T) => void

interface CheckoutFormApi {
  checkoutFormInitialize: {
    create(data: CheckoutFormInitializeRequestData, cb: Callback<unknown>): void
  }
  checkoutForm: {
    retrieve(
      data: { locale: string; conversationId: string; token: string },
      cb: Callback<unknown>,
    ): void
  }
  // lib/resources/Cancel.js: POST /payment/cancel, voids a whole payment the same day.
  cancel: {
    create(
      data: { locale: string; conversationId: string; paymentId: string; ip: string },
      cb: Callback<unknown>,
    ): void
  }
  // lib/resources/RefundV2.js: POST /v2/payment/refund, a refund by payment id.
  refundV2: {
    create(
      data: {
        locale: string
        conversationId: string
        paymentId: string
        price: string
        currency: string
        ip: string
      },
      cb: Callback<unknown>,
    ): void
  }
}

type CallOutcome =
  | { kind: 'answer'; body: Record<string, unknown> }
  | { kind: 'network'; reason: string }
  | { kind: 'invalid' }

/** Runs one iyzipay call as a promise that always settles, within `timeoutMs`. */
function callIyzico(
  invoke: (cb: Callback<unknown>) => void,
  timeoutMs: number,
): Promise<CallOutcome> {
  return new Promise((resolve) => {
    let settled = false
    const settle = (outcome: CallOutcome) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      resolve(outcome)
    }
    // iyzipay exposes no way to abort its request: on timeout we stop waiting;
    // the socket is closed by whichever side gives up first.
    const timer = setTimeout(() => settle({ kind: 'network', reason: 'timeout' }), timeoutMs)
    try {
      invoke((err, body) => {
        if (err) {
          const code = (err as NodeJS.ErrnoException).code
          settle({ kind: 'network', reason: typeof code === 'string' ? code : 'request_error' })
        } else if (body !== null && typeof body === 'object' && !Array.isArray(body)) {
          settle({ kind: 'answer', body: body as Record<string, unknown> })
        } else {
          // A proxy's HTML error page or an empty body: postman-request leaves it unparsed.
          settle({ kind: 'invalid' })
        }
      })
    } catch {
      settle({ kind: 'network', reason: 'client_error' })
    }
  })
}

/**
 * iyzico signs prices as plain decimals without trailing zeros (its JSON
 * carries numbers, e.g. 40.8, which is what iyzipay's own sample joins).
 */
function signedPrice(value: unknown): string {
  if (typeof value === 'number') return String(value)
  if (typeof value === 'string' && /^\d+(\.\d+)?$/.test(value)) {
    return value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value
  }
  return value == null ? '' : String(value)
}

/**
 * HMAC-SHA256 with the secret key over the fields joined with ':', hex, as
 * iyzipay's `utils.calculateHmacSHA256Signature` (lib/utils.js). Missing
 * fields join as '' like Array.prototype.join does in iyzipay's sample.
 */
function expectedSignature(fields: unknown[], secretKey: string): string {
  const data = fields.map((field) => (field == null ? '' : String(field))).join(':')
  return createHmac('sha256', secretKey).update(data).digest('hex')
}

function signatureMatches(signature: string, expected: string): boolean {
  if (!/^[0-9a-fA-F]{64}$/.test(signature)) return false
  return timingSafeEqual(Buffer.from(signature, 'hex'), Buffer.from(expected, 'hex'))
}

function optionalString(value: unknown): string | undefined {
  if (typeof value === 'string') return value
  if (typeof value === 'number') return String(value)
  return undefined
}

/**
 * Amounts come back as JSON numbers (40.8) or decimal strings: minor units,
 * never rounded. Anything that is not a whole number of minor units (40.805,
 * '1e3') is undefined, so it can never equal the amount we asked for.
 */
function minorAmount(value: unknown): number | undefined {
  return fromDecimalAmount(optionalString(value))
}

function errorFields(body: IyzicoErrorFields) {
  return {
    errorCode: optionalString(body.errorCode),
    errorMessage: optionalString(body.errorMessage),
    errorGroup: optionalString(body.errorGroup),
  }
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T
}

type Limited = keyof typeof buyerFieldLimits

const buyerLimits: Partial<Record<keyof PaymentBuyer, Limited>> = {
  name: 'name',
  surname: 'surname',
  email: 'email',
  gsmNumber: 'gsmNumber',
  registrationAddress: 'address',
  city: 'city',
  country: 'country',
  zipCode: 'zipCode',
}

const addressLimits: Record<keyof PaymentAddress, Limited> = {
  contactName: 'contactName',
  address: 'address',
  city: 'city',
  country: 'country',
  zipCode: 'zipCode',
}

/**
 * The first field of the request longer than iyzico takes, if any. The forms
 * refuse such values, so this only catches a path that skipped them; the value
 * is then refused, never cut, and never sent.
 */
function fieldOverLimit(data: CheckoutFormInitializeRequestData): string | undefined {
  const parts: [string, Record<string, string>, Partial<Record<string, Limited>>][] = [
    ['buyer', { ...data.buyer }, buyerLimits],
    ['billingAddress', { ...data.billingAddress }, addressLimits],
    ['shippingAddress', { ...data.shippingAddress }, addressLimits],
  ]
  for (const [part, fields, limits] of parts) {
    for (const [field, limit] of Object.entries(limits)) {
      if (limit && (fields[field] ?? '').length > buyerFieldLimits[limit]) return `${part}.${field}`
    }
  }
  return undefined
}

/** A refund or cancel call that got no usable answer, as the failure to record. */
function unansweredRefund(
  operation: 'refund' | 'cancel',
  outcome: Exclude<CallOutcome, { kind: 'answer' }>,
): { ok: false; errorCode: string; errorMessage?: string } {
  if (outcome.kind === 'network') {
    logger.warn('payment.iyzico.network_error', { operation, reason: outcome.reason })
    return { ok: false, errorCode: 'NETWORK', errorMessage: outcome.reason }
  }
  logger.warn('payment.iyzico.invalid_response', { operation })
  return { ok: false, errorCode: 'INVALID_RESPONSE' }
}

/** iyzico's own refusal of a refund or cancel, passed on with its code. */
function refusal(
  operation: 'refund' | 'cancel',
  body: IyzicoErrorFields,
): { ok: false; errorCode: string; errorMessage?: string } {
  const errors = errorFields(body)
  logger.warn('payment.iyzico.refund_failed', {
    operation,
    errorCode: errors.errorCode,
    errorGroup: errors.errorGroup,
  })
  return withoutUndefined({
    ok: false as const,
    errorCode: errors.errorCode ?? 'REFUND_REFUSED',
    errorMessage: errors.errorMessage,
  })
}

export function createIyzicoProvider(config: IyzicoConfig): PaymentProvider {
  const { apiKey, secretKey, baseUrl } = config
  const timeoutMs = config.timeoutMs ?? DEFAULT_IYZICO_TIMEOUT_MS
  // iyzipay falls back to IYZIPAY_* environment variables for empty values;
  // refuse them here so the configuration we validated is the one used.
  if (!apiKey || !secretKey || !baseUrl) {
    throw new Error('iyzico provider needs apiKey, secretKey and baseUrl')
  }
  const client = new Iyzipay({ apiKey, secretKey, uri: baseUrl }) as unknown as CheckoutFormApi

  async function initialize(request: InitializeRequest): Promise<InitializeResult> {
    const data: CheckoutFormInitializeRequestData = {
      locale: request.locale,
      conversationId: request.conversationId,
      // No installments are offered, so the card is charged the basket's total.
      price: toDecimalAmount(request.amountMinor),
      paidPrice: toDecimalAmount(request.amountMinor),
      currency: request.currency,
      basketId: request.basketId,
      paymentGroup: 'PRODUCT',
      callbackUrl: request.callbackUrl,
      enabledInstallments: [1],
      buyer: { ...request.buyer },
      shippingAddress: { ...request.billingAddress },
      billingAddress: { ...request.billingAddress },
      basketItems: request.basketItems.map((item) => ({
        id: item.id,
        name: item.name,
        category1: item.category1,
        itemType: item.itemType,
        price: toDecimalAmount(item.amountMinor),
      })),
    }

    const overLimit = fieldOverLimit(data)
    if (overLimit) {
      logger.error('payment.iyzico.field_too_long', { field: overLimit })
      return { ok: false, errorCode: 'FIELD_TOO_LONG' }
    }

    const outcome = await callIyzico(
      (cb) => client.checkoutFormInitialize.create(data, cb),
      timeoutMs,
    )
    if (outcome.kind === 'network') {
      logger.warn('payment.iyzico.network_error', {
        operation: 'initialize',
        reason: outcome.reason,
      })
      return { ok: false, errorCode: 'NETWORK', errorMessage: outcome.reason }
    }
    if (outcome.kind === 'invalid') {
      logger.warn('payment.iyzico.invalid_response', { operation: 'initialize' })
      return { ok: false, errorCode: 'INVALID_RESPONSE' }
    }

    const body = outcome.body as CheckoutFormInitializeAnswer
    if (body.status !== 'success') {
      const errors = errorFields(body)
      logger.warn('payment.iyzico.initialize_failed', {
        errorCode: errors.errorCode,
        errorGroup: errors.errorGroup,
      })
      return withoutUndefined({ ok: false as const, ...errors })
    }

    if (typeof body.signature === 'string') {
      // Documented order for Checkout Form initialize: conversationId, token.
      const expected = expectedSignature([body.conversationId, body.token], secretKey)
      if (!signatureMatches(body.signature, expected)) {
        logger.error('payment.iyzico.signature_mismatch', { operation: 'initialize' })
        return { ok: false, errorCode: 'SIGNATURE_MISMATCH' }
      }
    }
    if (body.conversationId !== undefined && body.conversationId !== request.conversationId) {
      logger.error('payment.iyzico.conversation_mismatch', { operation: 'initialize' })
      return { ok: false, errorCode: 'CONVERSATION_MISMATCH' }
    }
    if (typeof body.token !== 'string' || typeof body.paymentPageUrl !== 'string') {
      logger.warn('payment.iyzico.invalid_response', { operation: 'initialize' })
      return { ok: false, errorCode: 'INVALID_RESPONSE' }
    }
    return withoutUndefined({
      ok: true as const,
      token: body.token,
      paymentPageUrl: body.paymentPageUrl,
      tokenExpireTime: typeof body.tokenExpireTime === 'number' ? body.tokenExpireTime : undefined,
    })
  }

  async function retrieve(
    token: string,
    conversationId: string,
    locale: 'tr' | 'en',
  ): Promise<RetrieveResult> {
    const outcome = await callIyzico(
      (cb) => client.checkoutForm.retrieve({ locale, conversationId, token }, cb),
      timeoutMs,
    )
    if (outcome.kind === 'network') {
      logger.warn('payment.iyzico.network_error', { operation: 'retrieve', reason: outcome.reason })
      return { status: 'failure', errorCode: 'NETWORK', errorMessage: outcome.reason }
    }
    if (outcome.kind === 'invalid') {
      logger.warn('payment.iyzico.invalid_response', { operation: 'retrieve' })
      return { status: 'failure', errorCode: 'INVALID_RESPONSE' }
    }

    const body = outcome.body as CheckoutFormRetrieveAnswer
    if (typeof body.signature === 'string') {
      // Documented order for Checkout Form retrieve.
      const expected = expectedSignature(
        [
          body.paymentStatus,
          body.paymentId,
          body.currency,
          body.basketId,
          body.conversationId,
          signedPrice(body.paidPrice),
          signedPrice(body.price),
          body.token,
        ],
        secretKey,
      )
      if (!signatureMatches(body.signature, expected)) {
        // Nothing from an unverified answer is passed on.
        logger.error('payment.iyzico.signature_mismatch', { operation: 'retrieve' })
        return { status: 'failure', errorCode: 'SIGNATURE_MISMATCH' }
      }
    }

    const fraudStatus =
      typeof body.fraudStatus === 'number'
        ? body.fraudStatus
        : typeof body.fraudStatus === 'string' && body.fraudStatus !== ''
          ? Number(body.fraudStatus)
          : undefined
    const result: RetrieveResult = withoutUndefined({
      status: body.status === 'success' ? ('success' as const) : ('failure' as const),
      paymentStatus: optionalString(body.paymentStatus),
      fraudStatus: Number.isFinite(fraudStatus) ? fraudStatus : undefined,
      paymentId: optionalString(body.paymentId),
      conversationId: optionalString(body.conversationId),
      basketId: optionalString(body.basketId),
      priceMinor: minorAmount(body.price),
      // An answer without paidPrice was charged its price.
      paidMinor: minorAmount(body.paidPrice ?? body.price),
      currency: optionalString(body.currency),
      ...errorFields(body),
    })
    if (result.status !== 'success' || result.paymentStatus !== 'SUCCESS') {
      logger.info('payment.iyzico.payment_not_successful', {
        status: result.status,
        paymentStatus: result.paymentStatus,
        errorCode: result.errorCode,
        errorGroup: result.errorGroup,
      })
    }
    return result
  }

  /**
   * Money back for a payment. A whole payment taken the same day in Istanbul
   * (before the banks' end-of-day settlement) is cancelled: the charge is
   * voided and never shows on the card statement. Anything else, or a cancel
   * iyzico refuses (the day was already settled on its side), is refunded by
   * payment id. A cancel that got no answer is not followed by a refund: it
   * may have gone through, and iyzico refuses to refund a cancelled payment
   * anyway, so the caller records NETWORK and may try again later.
   */
  async function refund(request: RefundRequest): Promise<RefundResult> {
    const cancellable =
      request.amountMinor === request.paidMinor &&
      istanbulDate(request.paidAt) === istanbulDate(request.at)
    if (cancellable) {
      const cancelled = await cancelPayment(request)
      if (!cancelled.refusedByIyzico) return cancelled.result
      logger.info('payment.iyzico.cancel_refused', {
        errorCode: cancelled.result.ok ? undefined : cancelled.result.errorCode,
      })
    }
    return refundPayment(request)
  }

  /** What a cancel did, and whether iyzico itself said no (so nothing moved). */
  interface CancelOutcome {
    result: RefundResult
    refusedByIyzico: boolean
  }

  /**
   * iyzico's cancel. Like the refund, its answer has no documented signature:
   * a success counts only when it names the payment and its whole amount.
   */
  async function cancelPayment(request: RefundRequest): Promise<CancelOutcome> {
    const outcome = await callIyzico(
      (cb) =>
        client.cancel.create(
          {
            locale: request.locale,
            conversationId: request.conversationId,
            paymentId: request.paymentId,
            ip: request.ip,
          },
          cb,
        ),
      timeoutMs,
    )
    if (outcome.kind !== 'answer') {
      return { result: unansweredRefund('cancel', outcome), refusedByIyzico: false }
    }
    const body = outcome.body as IyzicoErrorFields & Record<string, unknown>
    if (body.status !== 'success') {
      return { result: refusal('cancel', body), refusedByIyzico: true }
    }
    if (
      optionalString(body.paymentId) !== request.paymentId ||
      minorAmount(body.price) !== request.amountMinor
    ) {
      // A success that does not match what we asked is not taken as done; the
      // money's fate is for a person to check in iyzico's panel.
      logger.error('payment.iyzico.refund_mismatch', {
        operation: 'cancel',
        paymentId: request.paymentId,
      })
      return { result: { ok: false, errorCode: 'REFUND_MISMATCH' }, refusedByIyzico: false }
    }
    const refundId =
      optionalString(body.cancelHostReference) ??
      optionalString(body.hostReference) ??
      `${request.paymentId}-cancel`
    return { result: { ok: true, refundId, method: 'cancel' }, refusedByIyzico: false }
  }

  /**
   * A refund by payment id (iyzico's v2 refund, which refunds the payment as a
   * whole rather than basket line by line). iyzico lists no response signature
   * for refunds, so the answer is checked instead: it must name the payment and
   * the amount we asked for, or it counts as a refusal.
   */
  async function refundPayment(request: RefundRequest): Promise<RefundResult> {
    const outcome = await callIyzico(
      (cb) =>
        client.refundV2.create(
          {
            locale: request.locale,
            conversationId: request.conversationId,
            paymentId: request.paymentId,
            price: toDecimalAmount(request.amountMinor),
            currency: request.currency,
            ip: request.ip,
          },
          cb,
        ),
      timeoutMs,
    )
    if (outcome.kind !== 'answer') return unansweredRefund('refund', outcome)
    const body = outcome.body as IyzicoErrorFields & Record<string, unknown>
    if (body.status !== 'success') return refusal('refund', body)
    if (
      optionalString(body.paymentId) !== request.paymentId ||
      minorAmount(body.price) !== request.amountMinor
    ) {
      logger.error('payment.iyzico.refund_mismatch', {
        operation: 'refund',
        paymentId: request.paymentId,
      })
      return { ok: false, errorCode: 'REFUND_MISMATCH' }
    }
    const refundId =
      optionalString(body.refundHostReference) ??
      optionalString(body.hostReference) ??
      `${request.paymentId}-${request.amountMinor}`
    return { ok: true, refundId, method: 'refund' }
  }

  return { name: 'iyzico', initialize, retrieve, refund }
}
