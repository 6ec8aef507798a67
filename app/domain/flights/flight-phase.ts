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

/** The arrival the driver plans for: the actual one, else the estimate, else the schedule. */
export function expectedArrival(times: {
  scheduled: Date | null
  estimated: Date | null
  actual: Date | null
}): Date | null {
  return times.actual ?? times.estimated ?? times.scheduled
}
