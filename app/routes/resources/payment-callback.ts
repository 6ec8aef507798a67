import { redirect } from 'react-router'
import type { Route } from './+types/payment-callback'
import { getDatabase } from '~/db/db.server'
import { paymentProvider } from '~/adapters/payment/configured.server'
import { settlePayment } from '~/booking/payments.server'
import { sendConfirmationSoon } from '~/booking/confirmation-mail.server'

/**
 * Where the payment provider POSTs the token after the card form (a resource
 * route: iyzico posts from its own origin, and only the token is read). The
 * result is retrieved from the provider by that token; the browser's word
 * counts for nothing. A replay finds the booking confirmed and changes nothing.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData()
  const token = String(form.get('token') ?? '')
  if (!token || token.length > 200) return redirect('/booking-payment?notice=paymentUnknown', 303)
  const handle = await getDatabase()
  const outcome = await settlePayment(handle, paymentProvider(), token, new Date())
  if (outcome.kind === 'confirmed') {
    if (outcome.first) sendConfirmationSoon(handle, outcome.booking.id)
    return redirect('/booking-received', 303)
  }
  if (outcome.kind === 'failed') {
    const notice = outcome.errorGroup === 'THREEDS_FAILED' ? 'paymentThreeDs' : 'paymentDeclined'
    return redirect(`/booking-payment?notice=${notice}`, 303)
  }
  if (outcome.kind === 'pending') return redirect('/booking-payment?notice=paymentPending', 303)
  return redirect('/booking-payment?notice=paymentUnknown', 303)
}

/** A GET here (a bookmark, the back button) has nothing to settle. */
export function loader() {
  return redirect('/booking-payment', 303)
}
