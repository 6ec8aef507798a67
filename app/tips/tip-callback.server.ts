import { redirect } from 'react-router'
import { getEnv } from '~/config/env.server'
import { getDatabase } from '~/db/db.server'
import { paymentProvider } from '~/adapters/payment/configured.server'
import { bookingLink } from '~/booking/booking-access.server'
import { notFound } from '~/utils/not-found'
import { settleCardTip } from './tips.server'

/**
 * The provider's return from a tip's card form: the tip is settled by asking
 * the provider about the token, then the traveller lands on the review page
 * of that booking through its signed link (the browser that paid may hold no
 * cookie for it), told what happened when no money was taken.
 */
export async function tipCallbackAction(request: Request) {
  const form = await request.formData()
  const token = String(form.get('token') ?? '')
  const settled = await settleCardTip(await getDatabase(), paymentProvider(), token, new Date())
  if (settled.kind === 'unknown') notFound()
  const page = bookingLink(settled.bookingId, '/ride-review').slice(getEnv().PUBLIC_BASE_URL.length)
  const notice = settled.kind === 'paid' ? '' : `&tip=${settled.kind}`
  return redirect(`${page}${notice}#tip`, 303)
}
