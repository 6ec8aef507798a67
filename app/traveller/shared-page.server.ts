import type { RouterContextProvider } from 'react-router'
import { pageContext } from '~/utils/page-context.server'
import { notFound } from '~/utils/not-found'
import { sharedPageData } from './ride-page.server'

type Context = Readonly<RouterContextProvider>

/**
 * The read-only page of a ride for someone meeting the traveller, opened
 * through the share link: the trip, where to meet, the driver and car once
 * assigned, and the timeline. Nothing about billing or payment, nor the
 * traveller's e-mail or phone; no way to the invoice, the voucher, changes or
 * cancellation. A forged or expired link gets the not-found page.
 */
export async function sharedBookingPageData(context: Context, request: Request) {
  const { language, site, meta } = pageContext(context, request)
  const shared = await sharedPageData(request, language, site)
  if (!shared) notFound()
  return { ...shared, language, phone: site.phone, meta: meta('shared-booking', { noindex: true }) }
}
