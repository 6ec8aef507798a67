import type { FlightStatus } from '~/adapters/flights/flight-status'

/**
 * Where a followed flight is, in the few words the follow job, the board and
 * the pages need: the provider's own words vary ('En Route / On Time',
 * 'Arrived / Gate Arrival'), these do not.
 */
export const flightPhases = [
  'scheduled',
  'en_route',
  'landed',
  'cancelled',
  'diverted',
  'unknown',
] as const
export type FlightPhase = (typeof flightPhases)[number]

/**
 * The phase of a flight as the provider reported it. A cancellation or a
 * diversion wins over the times; an actual arrival means it is down; a
 * departure that happened (or progress) means it is flying.
 */
export function phaseOf(flight: FlightStatus): FlightPhase {
  if (flight.cancelled) return 'cancelled'
  if (flight.diverted) return 'diverted'
  if (flight.arrival.actual) return 'landed'
  if (flight.departure.actual || (flight.progressPercent ?? 0) > 0) return 'en_route'
  return 'scheduled'
}

/** The arrival the driver plans for: the actual one, else the estimate, else the schedule. */
export function expectedArrival(times: {
  scheduled: Date | null
  estimated: Date | null
  actual: Date | null
}): Date | null {
  return times.actual ?? times.estimated ?? times.scheduled
}
