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
}

/**
 * How long the car is busy, in minutes: a transfer for its estimated driving
 * time, an hourly hire for the hours hired. Dispatch's overlap check, the
 * calendar file and the earliest return all read it here.
 */
export function rideMinutes(ride: RideLength): number {
  if (ride.ride_mode === 'hourly' && ride.hire_hours) return ride.hire_hours * 60
  return estimatedHours(ride.distance_km) * 60
}
