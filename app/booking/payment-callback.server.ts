import { redirect } from 'react-router'
import { settleReturnedPayment } from './settle-payment.server'
import { paymentReturnHeader } from './payment-return.server'

/**
 * The payment provider's callback: the use case settles the posted token with
 * the provider, and its result becomes the page the traveller lands on (the
 * ride page once paid, else the payment step saying what happened).
 */
export async function paymentCallbackAction(request: Request) {
  const form = await request.formData()
  const token = String(form.get('token') ?? '')
  const result = await settleReturnedPayment(token)
  switch (result.kind) {
    case 'confirmed':
      // The ride page greets the traveller once, on this return (payment-return.server.ts).
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
