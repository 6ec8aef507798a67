import { createCookie, type MiddlewareFunction } from 'react-router'
import { getEnv } from '~/config/env.server'

/**
 * "Your order was submitted successfully!" is said once: on the ride page the
 * payment provider's return lands on. The return marks the browser with a
 * short-lived cookie (read only by that page, forgotten by its first answer),
 * and the page also asks that the booking was confirmed moments ago, so a
 * marker left behind never greets a booking paid days before. Any later view
 * (a reload, the e-mail's link, another browser) opens with the ride's status.
 * No script is involved: it holds with JavaScript off.
 */

/** How long after its payment the ride page may still greet the traveller. */
export const FIRST_VIEW_MINUTES = 15

const RIDE_PAGE = '/booking-received'

const paymentReturnCookie = createCookie('payment-return', {
  path: RIDE_PAGE,
  httpOnly: true,
  sameSite: 'lax',
  secure: getEnv().PUBLIC_BASE_URL.startsWith('https:'),
  maxAge: FIRST_VIEW_MINUTES * 60,
})

/** The Set-Cookie header of the return from a payment that confirmed the booking. */
export function paymentReturnHeader(): Promise<string> {
  return paymentReturnCookie.serialize('1')
}

async function cameFromPayment(request: Request): Promise<boolean> {
  return (await paymentReturnCookie.parse(request.headers.get('Cookie'))) === '1'
}

/** Whether this view of the ride page is the first one after paying for `confirmedAt`'s booking. */
export async function isFirstViewAfterPaying(
  request: Request,
  confirmedAt: string | null,
  now: Date,
): Promise<boolean> {
  if (!confirmedAt || !(await cameFromPayment(request))) return false
  const since = now.getTime() - new Date(confirmedAt).getTime()
  return since >= 0 && since <= FIRST_VIEW_MINUTES * 60_000
}

/** Forgets the marker once the ride page has answered with it: the next view is not the first. */
export const forgetPaymentReturn: MiddlewareFunction<Response> = async ({ request }, next) => {
  const response = await next()
  if (request.method === 'GET' && (await cameFromPayment(request))) {
    try {
      response.headers.append('Set-Cookie', await paymentReturnCookie.serialize('', { maxAge: 0 }))
    } catch {
      // A response with immutable headers (a static redirect): nothing to forget.
    }
  }
  return response
}
