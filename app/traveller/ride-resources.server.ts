import type { RouterContextProvider } from 'react-router'
import { pageContext } from '~/utils/page-context.server'
import { requirePaidBooking } from '~/booking/paid-booking.server'
import { bookingCalendarFile } from '~/booking/booking-calendar.server'
import { ICS_CONTENT_TYPE } from '~/mail/ics'
import { rideStatusFor } from './ride-page.server'

/**
 * What the traveller's ride pages fetch besides themselves: the ride's status
 * to poll and the calendar file to download, each answered whole here.
 */

type Context = Readonly<RouterContextProvider>

/**
 * The ride's status as JSON (timeline, driver and car), for the booking page
 * and the shared page to poll with JavaScript. The same ways in as those
 * pages (the owner's signed link or cookie, or the share token); anyone else
 * gets 404 and nothing else. Never stored by a browser or a proxy.
 */
export async function rideStatusResponse(context: Context, request: Request) {
  const { language } = pageContext(context, request)
  const status = await rideStatusFor(request, language)
  return Response.json(status ?? { error: 'not found' }, {
    status: status ? 200 : 404,
    headers: { 'Cache-Control': 'no-store' },
  })
}

/**
 * The booking's calendar file, downloaded from its page: for the owner only
 * (signed link or cookie), like the invoice and the voucher; anyone else gets
 * the not-found answer. Named in the page's language, as in the e-mail.
 */
export async function calendarFileResponse(context: Context, request: Request) {
  const { language, site, t } = pageContext(context, request)
  const { booking, view } = await requirePaidBooking(request, { language, site })
  const filename = t('mail.calendarFile', { reference: booking.reference })
  return new Response(bookingCalendarFile(booking, view, site, new Date()), {
    headers: {
      'Content-Type': ICS_CONTENT_TYPE,
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Cache-Control': 'no-store',
    },
  })
}
