import type { Route } from './+types/booking-status'
import { pageContext } from '~/utils/page-context.server'
import { rideStatusFor } from '~/traveller/ride-page.server'

/**
 * The ride's status as JSON (timeline, driver and car), for the booking page
 * and the shared page to poll with JavaScript. The same ways in as those
 * pages (the owner's signed link or cookie, or the share token); anyone else
 * gets 404 and nothing else. Never stored by a browser or a proxy.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { language } = pageContext(context, request)
  const status = await rideStatusFor(request, language)
  return Response.json(status ?? { error: 'not found' }, {
    status: status ? 200 : 404,
    headers: { 'Cache-Control': 'no-store' },
  })
}
