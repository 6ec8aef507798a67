import type { Route } from './+types/booking-status'
import { rideStatusResponse } from '~/traveller/ride-resources.server'

export async function loader({ context, request }: Route.LoaderArgs) {
  return rideStatusResponse(context, request)
}
