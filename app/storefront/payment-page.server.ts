import { data, redirect, type RouterContextProvider } from 'react-router'
import { parseWithZod } from '@conform-to/zod/v4'
import type { Submission } from '@conform-to/react'
import { markFormRefused, pageContext } from '~/utils/page-context.server'
import { requireStepBooking, vehicleSearchPath } from '~/booking/step-guard.server'
import { openAttempt, type BeginResult } from '~/booking/payments.server'
import { bookAndPay } from '~/booking/book-and-pay.server'
import { callbackUrl, paymentProvider } from '~/adapters/payment/configured.server'
import { clientAddressContext } from '~/utils/client-address.server'
import { extraCodes, type ExtraCode } from '~/domain/booking/extras'
import { isQuoteExpired } from '~/domain/booking/quote-hold'
import { presentBooking } from '~/booking/booking-view.server'
import { paymentSchema, type PaymentDetails } from '~/booking/booking-forms'
import { isWarningNotice, readNotice } from '~/booking/notices'
import {
  amountsDue,
  paymentOptionOf,
  paymentOptions,
  type PaymentOption,
} from '~/domain/booking/payment-split'
import { isPaid } from '~/domain/booking/status'
import {
  keepTypedFields,
  switchLanguageKeepingFields,
  typedFieldsOf,
  typedValuesFrom,
} from '~/booking/typed-fields.server'
import { applyPromo, checkPromo, removePromo } from '~/booking/promo-codes.server'
import { normalisePromoCode, payableMinor, promoMessageKey } from '~/domain/pricing/promo'
import type { BookingRow } from '~/db/schema'
import type { DatabaseHandle } from '~/db/connect.server'
import { formatPhone } from '~/domain/phone'
import { accountPrefill } from '~/accounts/prefill.server'
import type { Language } from '~/i18n/config'
import type { StepBooking } from '~/booking/step-guard.server'
import { bookOnAccount, partnerPaymentView } from '~/partners/partner-payment.server'

type Context = Readonly<RouterContextProvider>

/**
 * The payment step (/booking-payment) as its route answers it: the amounts of
 * each payment option and the billing form, and Book Now, which begins the payment.
 */

export async function paymentPageData(context: Context, request: Request) {
  const { language, site, meta } = pageContext(context, request)
  const { handle, booking, extras } = await requireStepBooking(request, 'payment')
  if (isPaid(booking.status)) throw redirect('/booking-received')
  const now = new Date()
  const option = paymentOptionOf(booking)
  const attempt =
    booking.status === 'awaiting_payment' ? await openAttempt(handle, booking.id, now) : undefined
  // A failed payment is retried at a price still held, or priced again first.
  const quoteExpired = booking.status === 'payment_failed' && isQuoteExpired(booking, now)
  const readBack = readNotice(request.url)
  const notice = quoteExpired && readBack !== 'repriceUnavailable' ? 'quoteExpired' : readBack
  // A partner's booking takes no promo code: its company's net rate is its discount.
  const company = await partnerPaymentView(handle, booking, request, language)
  const promo = company
    ? { code: null, discountMinor: company.discountMinor, error: null, refusedAtBookNow: false }
    : await promoOnPage(handle, booking, now)
  const priced = { ...booking, discount_minor: promo.discountMinor }
  const view = presentBooking(priced, extras, language, site)
  // A signed-in traveller's saved billing details fill what this booking does not hold yet.
  const { saved } = await accountPrefill(request)
  return data(
    {
      language,
      quoteExpired,
      notice,
      view,
      promo,
      company,
      // Sent to the payment page and not back yet: the page offers to go on there.
      awaiting: booking.status === 'awaiting_payment',
      paymentPageUrl: attempt?.payment_page_url ?? null,
      amounts: Object.fromEntries(
        paymentOptions.map((candidate) => [
          candidate,
          amountsDue(payableMinor(priced), candidate, view.payment.depositPercent),
        ]),
      ) as Record<PaymentOption, ReturnType<typeof amountsDue>>,
      contact: {
        name: [booking.first_name, booking.last_name].filter(Boolean).join(' '),
        email: booking.email ?? '',
        phone: booking.phone ? formatPhone(booking.phone) : '',
        flightNumber: booking.flight_number,
        signName: booking.sign_name,
        notes: booking.notes,
      },
      // What was typed before a language switch, not yet saved, shown over what is stored.
      typed: typedFieldsOf(booking, 'payment'),
      // Billing starts from the account's saved billing details, then the passenger's
      // name; what was stored for this booking before wins.
      stored: {
        fullname: booking.billing_first_name ?? saved.fullname ?? booking.first_name ?? '',
        lastname: booking.billing_last_name ?? saved.lastname ?? booking.last_name ?? '',
        // Stored only with an invoice to a company (companyInvoiceOf): its box stays ticked.
        // A partner's booking is invoiced to its company: the box starts ticked with its details.
        invoiceToCompany: booking.billing_tax_number !== null || company !== null,
        company: booking.billing_company ?? company?.name ?? saved.company ?? '',
        taxOffice: booking.billing_tax_office ?? company?.taxOffice ?? '',
        taxNumber: booking.billing_tax_number ?? company?.taxNumber ?? '',
        address: booking.billing_address ?? company?.billingAddress ?? saved.address ?? '',
        country: booking.billing_country ?? saved.country ?? '',
        city: booking.billing_city ?? saved.city ?? '',
        zipcode: booking.billing_zipcode ?? saved.zipcode ?? '',
        paymentOption: option,
        // Accepted with an earlier Book Now (a declined card, a price run out): still accepted.
        acceptTerms: booking.terms_accepted_at !== null,
      },
      // A declined card (any notice of something gone wrong) is an error page.
      meta: meta('booking-payment', { noindex: true, errorTitle: isWarningNotice(notice) }),
    },
    { headers: { 'Cache-Control': 'no-store' } },
  )
}

/**
 * 'Book Now' (the use case bookAndPay): the form is parsed here and the
 * result turned into the answer: the provider's page (303), the form again
 * with what was refused, or this step with a notice.
 */
export async function paymentPageAction(context: Context, request: Request) {
  const { language, site, t } = pageContext(context, request)
  const step = await requireStepBooking(request, 'payment')
  const formData = await request.formData()
  const switched = await switchLanguageKeepingFields(
    request,
    formData,
    step.handle,
    step.booking,
    'payment',
  )
  if (switched) return switched

  const intent = formData.get('intent')
  if (intent === 'account') return accountAction(context, request, step, formData, language)
  if ((intent === 'applyPromo' || intent === 'removePromo') && step.booking.company_id !== null) {
    return redirect('/booking-payment', 303)
  }
  if (intent === 'applyPromo' || intent === 'removePromo') {
    // Apply and Remove are buttons of the same form: what was typed is kept.
    await keepTypedFields(
      step.handle,
      step.booking.id,
      'payment',
      typedValuesFrom('payment', formData),
    )
    const typedCode = String(formData.get('promoCode') ?? '').slice(0, 64)
    if (intent === 'removePromo' || !normalisePromoCode(typedCode)) {
      if (intent === 'removePromo') await removePromo(step.handle, step.booking.id, new Date())
      return redirect('/booking-payment', 303)
    }
    const applied = await applyPromo(step.handle, step.booking.id, typedCode, new Date())
    if (applied.kind === 'refused') {
      markFormRefused(context)
      return data(
        { promo: { code: typedCode, error: promoMessageKey(applied.reason) } },
        { status: 400 },
      )
    }
    return redirect('/booking-payment', 303)
  }

  const submission = parseWithZod(formData, { schema: paymentSchema })
  const result = await bookAndPay(
    step,
    {
      intent: formData.get('intent') === 'reprice' ? 'reprice' : 'book',
      details: submission.status === 'success' ? submission.value : undefined,
      promoRefusalSeen: formData.get('promoRefusalSeen') === '1',
    },
    {
      provider: paymentProvider(),
      callbackUrl: callbackUrl(),
      clientAddress: context.get(clientAddressContext),
      language,
      site,
      extraTitles: Object.fromEntries(
        extraCodes.map((code) => [code, t(`booking.extras.items.${code}.title`)]),
      ) as Record<ExtraCode, string>,
    },
  )
  switch (result.kind) {
    case 'invalid':
      markFormRefused(context)
      return data({ result: submission.reply() }, { status: 400 })
    case 'submit-expired':
      return quoteExpiredAnswer(context, submission)
    case 'repriced':
      return redirect('/booking-payment?notice=repriced', 303)
    case 'reprice-unavailable':
      return redirect('/booking-payment?notice=repriceUnavailable', 303)
    default:
      return pageAfter(result, step.booking)
  }
}

/**
 * The held price ran out before Book Now (by card or on account) was stored:
 * what was typed stays on the page, beside the way on.
 */
function quoteExpiredAnswer(
  context: Context,
  submission: Pick<Submission<PaymentDetails>, 'reply'>,
) {
  markFormRefused(context)
  return data(
    {
      result: submission.reply({ formErrors: ['booking.payment.quoteExpiredError'] }),
      quoteExpired: true,
    },
    { status: 409 },
  )
}

/**
 * 'Book on account' (a partner paying on account): the same billing form, then
 * the ride confirmed against the company's credit, or refused with the form
 * as typed and the amounts that did not fit.
 */
async function accountAction(
  context: Context,
  request: Request,
  step: StepBooking,
  formData: FormData,
  language: Language,
) {
  const submission = parseWithZod(formData, { schema: paymentSchema })
  if (submission.status !== 'success') {
    markFormRefused(context)
    return data({ result: submission.reply() }, { status: 400 })
  }
  const result = await bookOnAccount(step, submission.value, request, language)
  switch (result.kind) {
    case 'confirmed':
      return redirect('/booking-received', 303)
    case 'credit-exceeded':
      markFormRefused(context)
      return data(
        {
          result: submission.reply(),
          creditExceeded: { amount: result.amount, left: result.left },
        },
        { status: 409 },
      )
    case 'submit-expired':
      return quoteExpiredAnswer(context, submission)
    case 'not-allowed':
      throw data('Forbidden', { status: 403 })
    case 'fully-booked':
      return redirect(vehicleSearchPath(step.booking, 'fullyBooked'), 303)
    default:
      return redirect('/booking-payment', 303)
  }
}

/** Where the traveller goes once the booking's payment was begun (or found begun). */
function pageAfter(result: BeginResult, booking: BookingRow) {
  switch (result.kind) {
    case 'page':
      return redirect(result.paymentPageUrl, 303)
    case 'paid':
      return redirect('/booking-received', 303)
    case 'not-started':
      return redirect('/booking-payment?notice=paymentNotStarted', 303)
    case 'preparing':
      return redirect('/booking-payment?notice=paymentPreparing', 303)
    case 'quote-expired':
      return redirect('/booking-payment?notice=quoteExpired', 303)
    case 'unavailable':
      return redirect('/booking-payment', 303)
    case 'promo-refused':
      // The page says why, from the booking (promoOnPage).
      return redirect('/booking-payment', 303)
    case 'fully-booked':
      // The same search again: the class shows as fully booked, with the times still free.
      return redirect(vehicleSearchPath(booking, 'fullyBooked'), 303)
  }
}

/**
 * The promo code as the payment step shows it. While the traveller may still
 * change the booking, the code on it is judged again on every view (a limit
 * reached meanwhile, extras changed under a minimum): the discount shown is
 * the one Book Now would claim. Once submitted, the stored discount stands.
 * A code Book Now took off is said from the booking itself (`refusedAtBookNow`),
 * whichever of a double press's answers the browser shows, until Book Now
 * from this page (which then carries `promoRefusalSeen`), Apply or Remove.
 */
async function promoOnPage(handle: DatabaseHandle, booking: BookingRow, now: Date) {
  const refusal = booking.promo_refused
  const refusedAtBookNow = refusal !== null
  const code = booking.promo_code
  if (!code) {
    const error = refusal ? promoMessageKey(refusal) : null
    return { code: null, discountMinor: 0, error, refusedAtBookNow }
  }
  if (booking.status !== 'draft' && booking.status !== 'payment_failed') {
    return { code, discountMinor: booking.discount_minor, error: null, refusedAtBookNow }
  }
  const verdict = await checkPromo(handle, booking, code, now)
  return verdict.ok
    ? { code, discountMinor: verdict.discountMinor, error: null, refusedAtBookNow }
    : { code, discountMinor: 0, error: promoMessageKey(verdict.reason), refusedAtBookNow }
}
