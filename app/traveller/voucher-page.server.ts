import type { RouterContextProvider } from 'react-router'
import { pageContext } from '~/utils/page-context.server'
import { requirePaidBooking } from '~/booking/paid-booking.server'
import { driverVoucher } from '~/booking/booking-view.server'

type Context = Readonly<RouterContextProvider>

/**
 * The driver's voucher of a paid booking on a page of its own, laid out for
 * printing: it works without JavaScript (the browser's Print command), and
 * the booking page links here. Guarded like the invoice: only the browser
 * that made the booking or the holder of the e-mail's signed link; anyone
 * else, and any booking not paid, gets the not-found page.
 */
export async function voucherPageData(context: Context, request: Request) {
  const { language, site, meta } = pageContext(context, request)
  const { booking, view, linkTo } = await requirePaidBooking(request, { language, site })
  return {
    language,
    voucher: driverVoucher(booking, view, site),
    backHref: linkTo('/booking-received'),
    meta: meta('booking-voucher', { noindex: true }),
  }
}
