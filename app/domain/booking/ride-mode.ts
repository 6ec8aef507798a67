import { estimatedHours } from '~/domain/trip-search'

/**
 * How a ride is sold: a transfer from a pickup to a destination, or a car and
 * driver hired by the hour from a pickup.
 */
export const rideModes = ['transfer', 'hourly'] as const
export type RideMode = (typeof rideModes)[number]

/** What a booking says about its ride's length. */
export interface RideLength {
  ride_mode: RideMode
  hire_hours: number | null
  distance_km: number
  /** The route's driving minutes when the distance provider gave them; null: estimate. */
  route_minutes: number | null
}

/**
 * How long the car is busy, in minutes: a transfer for the route's driving
 * time as the distance provider gave it, or else estimated from its distance
 * (whole hours at the estimate's speed, on the long side); an hourly hire for
 * the hours hired. Capacity, dispatch's overlap check, the calendar file and
 * the earliest return all read it here.
 */
export function rideMinutes(ride: RideLength): number {
  if (ride.ride_mode === 'hourly' && ride.hire_hours) return ride.hire_hours * 60
  if (ride.route_minutes !== null && ride.route_minutes > 0) return ride.route_minutes
  return estimatedHours(ride.distance_km) * 60
}
