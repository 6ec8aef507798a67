import { Form, Link } from 'react-router'
import { useTranslation } from '~/i18n/use-translation'
import { HelpLines } from '~/components/ride/help-lines'
import type { Route } from './+types/booking-cancel'
import { metaDescriptors } from '~/seo/meta'
import { InlineText } from '~/components/rich-text'
import { staticPageHandle } from '~/utils/hydrate-handle'
import { cancelPageAction, cancelPageData } from '~/traveller/cancel-page.server'

// Not hydrated: plain forms, nothing that needs a script.
export const handle = staticPageHandle

export async function loader({ context, request }: Route.LoaderArgs) {
  return cancelPageData(context, request)
}

export async function action({ context, request }: Route.ActionArgs) {
  return cancelPageAction(context, request)
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
