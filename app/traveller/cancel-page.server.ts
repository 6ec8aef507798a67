import { data, redirect } from 'react-router'
import { bookingHelp } from './ride-page.server'
import { markFormRefused, pageContext } from '~/utils/page-context.server'
import { paymentProvider } from '~/adapters/payment/configured.server'
import { clientAddressContext } from '~/utils/client-address.server'
import { requirePaidBooking } from '~/booking/paid-booking.server'
import { cancelBooking, refundableCharge } from '~/booking/cancel-booking.server'
import { findReturnRide } from '~/booking/return-ride.server'
import { travellerCancellation } from '~/domain/booking/traveller-rules'
import { bookingPickupInstant } from '~/domain/trip-search'
import { cancellationTerms } from './cancellation-terms.server'
import { formatDate, formatMoney } from '~/utils/format'
import type { RouterContextProvider } from 'react-router'

type Context = Readonly<RouterContextProvider>

/**
 * Cancel: 24 hours or more before pickup, one confirmed action cancels the
 * paid booking and refunds what the card paid, in full (the deposit, for a
 * deposit booking), through the same cancellation as staff's. Closer to
 * pickup the page explains with the terms that no refund is due and how to
 * reach the company; nothing is cancelled online then. Only the booking's
 * owner (signed link or cookie) sees it.
 */
const ownBooking = (request: Request, page: ReturnType<typeof pageContext>) =>
  requirePaidBooking(request, { language: page.language, site: page.site, includeCancelled: true })

export async function cancelPageData(context: Context, request: Request) {
  const page = pageContext(context, request)
  const { language, site, t } = page
  const { handle, booking, view, linkTo } = await ownBooking(request, page)
  const state = travellerCancellation(booking.status, bookingPickupInstant(booking), new Date())
  const charge = state === 'free' ? await refundableCharge(handle.db, booking) : undefined
  const returnRide = await findReturnRide(handle.db, booking.id)
  const returnState = returnRide
    ? travellerCancellation(returnRide.status, bookingPickupInstant(returnRide), new Date())
    : null
  const returnCharge =
    returnRide && returnState === 'free' ? await refundableCharge(handle.db, returnRide) : undefined
  const amount = (minor: number, currency: string) =>
    formatMoney(minor / 100, currency, language, { minimumFractionDigits: 2 })
  return {
    meta: page.meta('booking-cancel', { noindex: true }),
    reference: booking.reference,
    date: formatDate(view.trip.date, language),
    time: view.trip.time,
    state,
    refund: charge
      ? {
          amount: formatMoney(charge.amount_minor / 100, charge.currency, language, {
            minimumFractionDigits: 2,
          }),
          deposit: view.payment.option === 'depositCash' && view.payment.cashMinor > 0,
          // One payment paid both rides of a trip there and back: each gives back its share.
          share: Boolean(returnRide),
        }
      : null,
    /**
     * A trip there and back: the return ride is cancelled on its own, by the
     * same 24-hour rule, with its own share of the payment refunded.
     */
    returnRide:
      returnRide && returnState && view.trip.back
        ? {
            date: formatDate(view.trip.back.date, language),
            time: view.trip.back.time,
            state: returnState,
            refund: returnCharge ? amount(returnCharge.amount_minor, returnCharge.currency) : null,
          }
        : null,
    terms:
      state === 'too-late' || returnState === 'too-late' ? cancellationTerms(language, site) : null,
    help: bookingHelp(site, t, booking.reference),
    backHref: linkTo('/booking-received'),
  }
}

export async function cancelPageAction(context: Context, request: Request) {
  const page = pageContext(context, request)
  const { handle, booking, linkTo } = await ownBooking(request, page)
  // 'Cancel the return ride' names it; anything else is the booking itself.
  const ride = (await request.formData()).get('ride')
  const target = ride === 'return' ? await findReturnRide(handle.db, booking.id) : booking
  if (!target) return redirect(linkTo('/booking-received'), 303)
  const result = await cancelBooking(
    handle,
    paymentProvider(),
    {
      bookingId: target.id,
      by: { kind: 'traveller' },
      clientAddress: context.get(clientAddressContext),
    },
    new Date(),
  )
  if (result.kind === 'cancelled') {
    return redirect(linkTo('/booking-received?done=cancelled'), 303)
  }
  if (result.kind === 'already-cancelled') return redirect(linkTo('/booking-received'), 303)
  // Pickup came within 24 hours, or the ride began, while the page was open: it says so now.
  markFormRefused(context)
  return data({ refused: result.kind }, { status: 409 })
}
