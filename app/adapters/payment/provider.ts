/**
 * One interface for every payment provider: the built-in simulator by default,
 * iyzico's Checkout Form when configured. Both follow iyzico's protocol:
 * initialize returns a token and the address of a hosted payment page; the
 * page later POSTs the token to our callback; the result is then asked for by
 * token (retrieve), never read from the browser.
 *
 * Amounts are integer minor units of the currency (4080 is 40.80), as the
 * booking stores them. A provider that speaks another format (iyzico's decimal
 * strings) converts at its own boundary, so no caller formats or parses money.
 */
export type PaymentCurrency = 'TRY' | 'EUR' | 'USD' | 'GBP'

export interface PaymentBuyer {
  id: string
  name: string
  surname: string
  email: string
  gsmNumber: string
  /** iyzico requires a national id; foreign travellers use the documented placeholder. */
  identityNumber: string
  registrationAddress: string
  city: string
  country: string
  zipCode: string
  ip: string
}

export interface PaymentAddress {
  contactName: string
  city: string
  country: string
  address: string
  zipCode: string
}

export interface PaymentBasketItem {
  id: string
  name: string
  category1: string
  itemType: 'PHYSICAL' | 'VIRTUAL'
  /** Minor units; the items add up to the request's `amountMinor`. */
  amountMinor: number
}

export interface InitializeRequest {
  locale: 'tr' | 'en'
  /** Ours, echoed back by the provider: the booking's public reference. */
  conversationId: string
  basketId: string
  /** What the traveller pays now, in minor units: the basket's total, charged as is. */
  amountMinor: number
  currency: PaymentCurrency
  callbackUrl: string
  buyer: PaymentBuyer
  billingAddress: PaymentAddress
  basketItems: PaymentBasketItem[]
}

export type InitializeResult =
  | { ok: true; token: string; paymentPageUrl: string; tokenExpireTime?: number }
  | { ok: false; errorCode?: string; errorMessage?: string; errorGroup?: string }

/** What the provider says about a payment, as retrieved by its token. */
export interface RetrieveResult {
  /** 'success' means the call worked, not that the payment did: see paymentStatus. */
  status: 'success' | 'failure'
  paymentStatus?: string
  fraudStatus?: number
  paymentId?: string
  conversationId?: string
  basketId?: string
  /** The basket's total the form was opened for, in minor units. */
  priceMinor?: number
  /** What the card was charged, in minor units. */
  paidMinor?: number
  currency?: string
  errorCode?: string
  errorMessage?: string
  errorGroup?: string
}

/** Gives back all or part of a payment the provider took, by its payment id. */
export interface RefundRequest {
  /** The provider's id of the payment to refund. */
  paymentId: string
  /** How much to give back, in minor units; never more than was paid and not yet refunded. */
  amountMinor: number
  currency: PaymentCurrency
  /** What the payment took, in minor units, and when: a provider may undo a whole
   * payment made the same day (a cancel) rather than refund it. */
  paidMinor: number
  paidAt: Date
  /** When the refund is asked for. */
  at: Date
  /** Ours, echoed back: the booking's public reference. */
  conversationId: string
  /** Who asked (the member of staff's address, or the server's for the job). */
  ip: string
  locale: 'tr' | 'en'
}

/**
 * A refund either went through (with the provider's reference for it) or was
 * refused. Transport problems and timeouts are refusals too (`NETWORK`), so a
 * caller records the outcome and never has to catch.
 */
export type RefundResult =
  | {
      ok: true
      refundId: string
      /** 'cancel': the whole payment was voided before the day's settlement, so
       * it never reaches the card statement; 'refund': money sent back. */
      method: 'cancel' | 'refund'
    }
  | { ok: false; errorCode: string; errorMessage?: string }

export interface PaymentProvider {
  readonly name: 'simulator' | 'iyzico'
  initialize(request: InitializeRequest): Promise<InitializeResult>
  retrieve(token: string, conversationId: string, locale: 'tr' | 'en'): Promise<RetrieveResult>
  refund(request: RefundRequest): Promise<RefundResult>
}
