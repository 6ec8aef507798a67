import { useEffect, useRef } from 'react'
import { Form } from 'react-router'
import { useTranslation } from '~/i18n/use-translation'
import type { Route } from './+types/payment-simulator'
import { metaDescriptors } from '~/seo/meta'
import { formatMoney } from '~/utils/format'
import { useSite } from '~/utils/root-data'
import { simulatorPageAction, simulatorPageData } from '~/adapters/payment/simulator-page.server'

export async function loader({ context, request, params }: Route.LoaderArgs) {
  return simulatorPageData(context, request, params.token)
}

export async function action({ request, params }: Route.ActionArgs) {
  return simulatorPageAction(request, params.token)
}

export const meta: Route.MetaFunction = ({ data }) => metaDescriptors(data?.meta)

/**
 * Back to the shop: a plain POST of the token, submitted at once when scripts
 * run, unless the payment was refunded since: then a tester opened the page to
 * see its refunds, and stays on it.
 */
function ReturnToMerchant({
  callbackUrl,
  token,
  automatic,
}: {
  callbackUrl: string
  token: string
  automatic: boolean
}) {
  const { t } = useTranslation()
  const site = useSite()
  const form = useRef<HTMLFormElement>(null)
  useEffect(() => {
    if (automatic) form.current?.submit()
  }, [automatic])
  return (
    <form method="post" action={callbackUrl} ref={form} className="form-card">
      {/* The message is the live region, not the form: a form keeps its own role. */}
      <p role="status">{t('simulator.processed')}</p>
      <input type="hidden" name="token" value={token} />
      <button type="submit" className="button button--accent">
        {t('simulator.return', { brand: site.brand })}
      </button>
    </form>
  )
}

export default function PaymentSimulator({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const site = useSite()
  const { language, currency, cards } = loaderData
  const done = actionData?.decided || loaderData.decided
  return (
    <div className="simulator">
      <div className="container simulator__body">
        <p className="simulator__banner" role="note">
          {t('simulator.banner')}
        </p>
        <h1>{t('simulator.title')}</h1>
        <dl className="trip-summary__list simulator__facts">
          <div>
            <dt>{t('simulator.merchant')}</dt>
            <dd>{site.brand}</dd>
          </div>
          <div>
            <dt>{t('simulator.amount')}</dt>
            <dd>{formatMoney(loaderData.amountMinor / 100, currency, language)}</dd>
          </div>
          <div>
            <dt>{t('simulator.buyer')}</dt>
            <dd>{loaderData.buyerName}</dd>
          </div>
        </dl>
        {done ? (
          <ReturnToMerchant
            callbackUrl={loaderData.callbackUrl}
            token={loaderData.token}
            automatic={loaderData.refunds.length === 0}
          />
        ) : (
          <Form method="post" className="form-card simulator__form">
            <div className="field">
              <label htmlFor="card-holder">{t('simulator.cardHolder')}</label>
              <input id="card-holder" name="cardHolder" autoComplete="off" />
            </div>
            <div className="field">
              <label htmlFor="card-number">{t('simulator.cardNumber')}</label>
              <input
                id="card-number"
                name="cardNumber"
                inputMode="numeric"
                autoComplete="off"
                required
              />
            </div>
            <div className="form-grid">
              <div className="field">
                <label htmlFor="card-expiry">{t('simulator.expiry')}</label>
                <input id="card-expiry" name="expiry" placeholder="12/30" autoComplete="off" />
              </div>
              <div className="field">
                <label htmlFor="card-cvc">{t('simulator.cvc')}</label>
                <input id="card-cvc" name="cvc" inputMode="numeric" autoComplete="off" />
              </div>
            </div>
            <button type="submit" className="button button--accent button--block">
              {t('simulator.pay', {
                amount: formatMoney(loaderData.amountMinor / 100, currency, language),
              })}
            </button>
          </Form>
        )}
        {loaderData.refunds.length > 0 ? (
          <section aria-labelledby="simulator-refunds-title">
            <h2 id="simulator-refunds-title">{t('simulator.refundsTitle')}</h2>
            <ul>
              {loaderData.refunds.map((refund) => (
                <li key={refund.id}>
                  {t('simulator.refundLine', {
                    amount: formatMoney(refund.amountMinor / 100, currency, language),
                    id: refund.id,
                  })}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <section className="simulator__cards" aria-labelledby="test-cards-title">
          <h2 id="test-cards-title">{t('simulator.cardsTitle')}</h2>
          <ul>
            <li>
              <code>{cards.success}</code> {t('simulator.cardSuccess')}
            </li>
            <li>
              <code>{cards.declined}</code> {t('simulator.cardDeclined')}
            </li>
            <li>
              <code>{cards.threeDsFailed}</code> {t('simulator.cardThreeDs')}
            </li>
          </ul>
        </section>
      </div>
    </div>
  )
}
