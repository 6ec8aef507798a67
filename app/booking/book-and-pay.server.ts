import type { SiteSettings } from '~/config/site'
import type { Language } from '~/i18n/config'
import type { PaymentProvider } from '~/adapters/payment/provider'
import type { ExtraCode } from '~/domain/booking/extras'
import { DraftUnavailableError, submitDraft } from './bookings.server'
import { beginPayment, type BeginResult } from './payments.server'
import { repriceForPayment } from './reprice.server'
import { forgetTypedFields } from './typed-fields.server'
import { presentBooking } from './booking-view.server'
import type { PaymentDetails } from './booking-forms'
import type { StepBooking } from './step-guard.server'

export interface BookAndPayRequest {
  /** 'reprice': 'Get the current price' after a failed payment whose held price ran out. */
  intent: 'book' | 'reprice'
  /**
   * The billing form as validated, or undefined when it was refused. Read only
   * while the booking still takes details (a draft, or a payment that failed);
   * a booking already submitted is paid with what it stored.
   */
  details: PaymentDetails | undefined
  /** The page showed why Book Now had taken the promo code off (see PaymentContext). */
  promoRefusalSeen?: boolean
}

export interface BookAndPayContext {
  provider: PaymentProvider
  /** Where the provider sends the traveller back (absolute). */
  callbackUrl: string
  clientAddress: string
  language: Language
  site: SiteSettings
  /** The extras' names in the traveller's language: the provider's basket lines. */
  extraTitles: Record<ExtraCode, string>
}

export type BookAndPayResult =
  /** The billing form was refused: the page shows why. */
  | { kind: 'invalid' }
  /** Priced again with every detail kept, or the trip can no longer be priced online. */
  | { kind: 'repriced' }
  | { kind: 'reprice-unavailable' }
  /** The held price ran out before Book Now was stored: what was typed stays on the page. */
  | { kind: 'submit-expired' }
  /** Where the payment stands once begun (or found begun by another request). */
  | BeginResult

/**
 * 'Book Now': the billing details, the payment option and the accepted
 * agreements are stored and the booking moves to awaiting_payment, once; then
 * one payment attempt is claimed for the amount computed from the stored
 * booking and the provider's page is returned. A second click, tab or
 * instance gets the same page, never a second one. After a failed payment
 * whose held price ran out, intent 'reprice' prices the same booking again,
 * keeping every detail, before paying.
 */
export async function bookAndPay(
  { handle, booking, extras }: StepBooking,
  request: BookAndPayRequest,
  context: BookAndPayContext,
  now = new Date(),
): Promise<BookAndPayResult> {
  const pay = () =>
    beginPayment(
      handle,
      booking.id,
      extras,
      {
        provider: context.provider,
        callbackUrl: context.callbackUrl,
        clientAddress: context.clientAddress,
        vehicleTitle: presentBooking(booking, extras, context.language, context.site).vehicle.title,
        extraTitles: context.extraTitles,
        promoRefusalSeen: request.promoRefusalSeen,
      },
      now,
    )
  // Submitted already (a second tab, the way back from the provider): pay what is stored.
  if (booking.status !== 'draft' && booking.status !== 'payment_failed') return pay()

  const { details } = request
  if (!details) return { kind: 'invalid' }
  if (request.intent === 'reprice') {
    const repriced = await repriceForPayment(handle, booking, details, now)
    await forgetTypedFields(handle, booking)
    return { kind: repriced.kind === 'repriced' ? 'repriced' : 'reprice-unavailable' }
  }
  try {
    await submitDraft(handle, booking.id, details, now)
    await forgetTypedFields(handle, booking)
  } catch (error) {
    if (!(error instanceof DraftUnavailableError)) throw error
    if (error.reason === 'expired') return { kind: 'submit-expired' }
    // Submitted by a simultaneous request (a double click): follow the same payment.
  }
  return pay()
}
