import { redirect } from 'react-router'
import type { Route } from './+types/payment-callback'
import { paymentCallbackAction } from '~/booking/payment-callback.server'

/**
 * Where the payment provider POSTs the token after the card form (a resource
 * route: iyzico posts from its own origin, and only the token is read).
 */
export async function action({ request }: Route.ActionArgs) {
  return paymentCallbackAction(request)
}

/** A GET here (a bookmark, the back button) has nothing to settle. */
export function loader() {
  return redirect('/booking-payment', 303)
}
