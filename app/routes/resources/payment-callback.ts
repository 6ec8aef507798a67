import { redirect } from 'react-router'
import type { Route } from './+types/payment-callback'
import { settleReturnedPayment } from '~/booking/settle-payment.server'
import { paymentReturnHeader } from '~/booking/payment-return.server'

/**
 * Where the payment provider POSTs the token after the card form (a resource
 * route: iyzico posts from its own origin, and only the token is read). The
 * use case settles it with the provider; here its result becomes the page the
 * traveller lands on.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData()
  const token = String(form.get('token') ?? '')
  const result = await settleReturnedPayment(token)
  switch (result.kind) {
    case 'confirmed':
      // The ride page greets the traveller once, on this return (booking/payment-return.server.ts).
      return redirect('/booking-received', {
        status: 303,
        headers: { 'Set-Cookie': await paymentReturnHeader() },
      })
    case 'declined':
      return redirect(
        `/booking-payment?notice=${result.threeDs ? 'paymentThreeDs' : 'paymentDeclined'}`,
        303,
      )
    case 'pending':
      return redirect('/booking-payment?notice=paymentPending', 303)
    case 'unknown':
      return redirect('/booking-payment?notice=paymentUnknown', 303)
  }
}

/** A GET here (a bookmark, the back button) has nothing to settle. */
export function loader() {
  return redirect('/booking-payment', 303)
}
