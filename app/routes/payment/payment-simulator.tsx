import { useEffect, useRef } from 'react'
import { Form } from 'react-router'
import { useTranslation } from '~/i18n/use-translation'
import type { Route } from './+types/payment-simulator'
import { pageContext } from '~/utils/page-context.server'
import { metaDescriptors } from '~/seo/meta'
import { simulatorEnabled } from '~/adapters/payment/configured.server'
import {
  simulatorPageSession,
  payOnSimulatorPage,
  sessionAmounts,
  simulatorCards,
} from '~/adapters/payment/simulator.server'
import { parseCurrency } from '~/domain/money/currency'
import { formatMoney } from '~/utils/format'
import { useSite } from '~/utils/root-data'
import { notFound } from '~/utils/not-found'

/**
 * The simulator's hosted payment page: what iyzico's Checkout Form page is in
 * production, plainly marked as a test. It takes a card number, decides as a
 * bank would (see the test cards) and sends the traveller back to the callback
 * with the token, like iyzico does. Gone (404) when another provider is set.
 */
async function sessionFor(token: string) {
  if (!simulatorEnabled()) notFound()
  const session = await simulatorPageSession(token)
  if (!session) notFound()
  return session
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { language, meta } = pageContext(context, request)
  const session = await sessionFor(params.token)
  return {
    language,
    amountMinor: sessionAmounts(session).paidMinor ?? 0,
    currency: parseCurrency(session.currency),
    buyerName: session.buyer_name,
    decided: session.outcome !== 'pending',
    callbackUrl: session.callback_url,
    token: session.token,
    cards: simulatorCards,
    refunds: session.refunds.map((refund) => ({
      id: refund.refund_id,
      amountMinor: refund.amount_minor,
      at: refund.created_at,
    })),
    meta: meta('payment-simulator', { noindex: true }),
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  await sessionFor(params.token)
  const form = await request.formData()
  const session = await payOnSimulatorPage(
    params.token,
    String(form.get('cardNumber') ?? ''),
    new Date(),
  )
  return { paid: session?.outcome === 'success', decided: Boolean(session) }
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
