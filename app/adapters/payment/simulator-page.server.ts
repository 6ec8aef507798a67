import type { RouterContextProvider } from 'react-router'
import { pageContext } from '~/utils/page-context.server'
import { parseCurrency } from '~/domain/money/currency'
import { notFound } from '~/utils/not-found'
import { simulatorEnabled } from './configured.server'
import {
  simulatorPageSession,
  payOnSimulatorPage,
  sessionAmounts,
  simulatorCards,
} from './simulator.server'

type Context = Readonly<RouterContextProvider>

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

export async function simulatorPageData(context: Context, request: Request, token: string) {
  const { language, meta } = pageContext(context, request)
  const session = await sessionFor(token)
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

export async function simulatorPageAction(request: Request, token: string) {
  await sessionFor(token)
  const form = await request.formData()
  const session = await payOnSimulatorPage(token, String(form.get('cardNumber') ?? ''), new Date())
  return { paid: session?.outcome === 'success', decided: Boolean(session) }
}
