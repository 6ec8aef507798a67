import type { Route } from './+types/booking-calendar'
import { pageContext } from '~/utils/page-context.server'
import { requirePaidBooking } from '~/booking/paid-booking.server'
import { bookingCalendarFile } from '~/booking/booking-calendar.server'
import { ICS_CONTENT_TYPE } from '~/mail/ics'

/**
 * The booking's calendar file, downloaded from its page: for the owner only
 * (signed link or cookie), like the invoice and the voucher; anyone else gets
 * the not-found answer. Named in the page's language, as in the e-mail.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
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
