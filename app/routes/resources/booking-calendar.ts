import type { Route } from './+types/booking-calendar'
import { calendarFileResponse } from '~/traveller/ride-resources.server'

export async function loader({ context, request }: Route.LoaderArgs) {
  return calendarFileResponse(context, request)
}
