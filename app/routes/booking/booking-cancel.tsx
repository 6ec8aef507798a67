import { Form, Link, data, redirect } from 'react-router'
import { useTranslation } from '~/i18n/use-translation'
import { HelpLines } from '~/components/ride/help-lines'
import { bookingHelp } from '~/traveller/ride-page.server'
import type { Route } from './+types/booking-cancel'
import { markFormRefused, pageContext } from '~/utils/page-context.server'
import { metaDescriptors } from '~/seo/meta'
import { paymentProvider } from '~/adapters/payment/configured.server'
import { clientAddressContext } from '~/utils/client-address.server'
import { requirePaidBooking } from '~/booking/paid-booking.server'
import { cancelBooking, refundableCharge } from '~/booking/cancel-booking.server'
import { findReturnRide } from '~/booking/return-ride.server'
import { travellerCancellation } from '~/domain/booking/traveller-rules'
import { bookingPickupInstant } from '~/domain/trip-search'
import { cancellationTerms } from '~/traveller/cancellation-terms.server'
import { InlineText } from '~/components/rich-text'
import { formatDate, formatMoney } from '~/utils/format'
import { staticPageHandle } from '~/utils/hydrate-handle'

// Not hydrated: plain forms, nothing that needs a script.
export const handle = staticPageHandle

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

export async function loader({ context, request }: Route.LoaderArgs) {
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

export async function action({ context, request }: Route.ActionArgs) {
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

export const meta: Route.MetaFunction = ({ data }) => metaDescriptors(data?.meta)

export default function BookingCancel({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { state, reference, refund, terms, help } = loaderData
  return (
    <div className="booking traveller-page">
      <div className="booking__head">
        <div className="container">
          <h1>
            {state === 'too-late'
              ? t('traveller.cancel.tooLateTitle')
              : t('traveller.cancel.title', { reference })}
          </h1>
          <p className="received__note">
            {t('traveller.cancel.pickup', {
              reference,
              date: loaderData.date,
              time: loaderData.time,
            })}
          </p>
        </div>
      </div>
      <div className="container booking__body traveller-page__body">
        {state === 'free' ? (
          <section className="card" aria-labelledby="cancel-confirm-title">
            <div className="card__body">
              <h2 id="cancel-confirm-title">{t('traveller.cancel.freeTitle')}</h2>
              <p>{t('traveller.cancel.free')}</p>
              <p>
                {refund
                  ? t(
                      refund.share
                        ? 'traveller.cancel.refundOutbound'
                        : refund.deposit
                          ? 'traveller.cancel.refundDeposit'
                          : 'traveller.cancel.refund',
                      {
                        amount: refund.amount,
                      },
                    )
                  : t('traveller.cancel.nothingToRefund')}
              </p>
              <p>{t('traveller.cancel.final')}</p>
              <Form method="post" className="cancel-actions">
                <button type="submit" className="button button--danger">
                  {refund
                    ? t('traveller.cancel.confirm', { amount: refund.amount })
                    : t('traveller.cancel.confirmNoRefund')}
                </button>
                <Link to={loaderData.backHref}>{t('traveller.cancel.keep')}</Link>
              </Form>
            </div>
          </section>
        ) : state === 'too-late' && terms ? (
          <section className="card" aria-labelledby="cancel-terms-title">
            <div className="card__body">
              <h2 id="cancel-terms-title">{t('traveller.cancel.noRefundTitle')}</h2>
              <p>{t('traveller.cancel.tooLate')}</p>
              <blockquote className="cancel-terms" cite={terms.href}>
                <p className="cancel-terms__heading">{terms.heading}</p>
                <ul>
                  {terms.rules.map((rule) => (
                    <li key={rule}>
                      <InlineText text={rule} />
                    </li>
                  ))}
                </ul>
              </blockquote>
              <p>
                <Link to={terms.href}>{t('traveller.cancel.termsLink')}</Link>
              </p>
              <p>{t('traveller.cancel.reach')}</p>
              <HelpLines help={help} />
            </div>
          </section>
        ) : (
          <div className="alert alert--info" role="status">
            <p>
              {t(
                state === 'cancelled'
                  ? 'traveller.ride.closedCancelled'
                  : 'traveller.ride.closedRide',
              )}
            </p>
          </div>
        )}
        {loaderData.returnRide ? (
          <ReturnRideCancel ride={loaderData.returnRide} backHref={loaderData.backHref} />
        ) : null}
        <p>
          <Link to={loaderData.backHref}>{t('traveller.backToBooking')}</Link>
        </p>
      </div>
    </div>
  )
}

/**
 * The return ride of a trip there and back, cancelled on its own: free with
 * its share refunded 24 hours or more before its pickup; closer, the terms
 * above apply and the company is called.
 */
function ReturnRideCancel({
  ride,
  backHref,
}: {
  ride: NonNullable<Route.ComponentProps['loaderData']['returnRide']>
  backHref: string
}) {
  const { t } = useTranslation()
  return (
    <section className="card" aria-labelledby="cancel-return-title">
      <div className="card__body">
        <h2 id="cancel-return-title">{t('traveller.cancel.returnTitle')}</h2>
        <p>{t('traveller.cancel.returnPickup', { date: ride.date, time: ride.time })}</p>
        {ride.state === 'free' ? (
          <>
            <p>
              {ride.refund
                ? t('traveller.cancel.returnRefund', { amount: ride.refund })
                : t('traveller.cancel.nothingToRefund')}
            </p>
            <Form method="post" className="cancel-actions">
              <input type="hidden" name="ride" value="return" />
              <button type="submit" className="button button--danger">
                {ride.refund
                  ? t('traveller.cancel.confirmReturn', { amount: ride.refund })
                  : t('traveller.cancel.confirmReturnNoRefund')}
              </button>
              <Link to={backHref}>{t('traveller.cancel.keep')}</Link>
            </Form>
          </>
        ) : (
          <p>
            {t(
              ride.state === 'too-late'
                ? 'traveller.cancel.returnTooLate'
                : ride.state === 'cancelled'
                  ? 'traveller.ride.closedCancelled'
                  : 'traveller.ride.closedRide',
            )}
          </p>
        )}
      </div>
    </section>
  )
}
