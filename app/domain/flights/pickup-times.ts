import { expectedArrival, type FlightPhase } from './flight-phase'

/**
 * The pickup as a followed flight moves it, and the free waiting after
 * landing: what the pages, the notices and the board say alike. Pure.
 */

/** A followed flight's state, as stored (app/flights/follow-flights.server.ts). */
export interface FlightState {
  status: FlightPhase
  scheduledArrival: Date | null
  estimatedArrival: Date | null
  actualArrival: Date | null
}

const minute = 60_000

/** A stored flight state (ISO strings, as the flight_checks table holds it) as the helpers read it. */
export function flightStateOf(row: {
  status: FlightPhase
  scheduled_arrival: string | null
  estimated_arrival: string | null
  actual_arrival: string | null
}): FlightState {
  const date = (iso: string | null) => (iso ? new Date(iso) : null)
  return {
    status: row.status,
    scheduledArrival: date(row.scheduled_arrival),
    estimatedArrival: date(row.estimated_arrival),
    actualArrival: date(row.actual_arrival),
  }
}

/** The arrival the driver plans for: actual, else estimated, else scheduled. */
export function expectedLanding(flight: FlightState): Date | null {
  return expectedArrival({
    scheduled: flight.scheduledArrival,
    estimated: flight.estimatedArrival,
    actual: flight.actualArrival,
  })
}

/**
 * When the driver meets the traveller: `arrivalPickupMinutes` after the
 * expected landing when that is later than booked. It never moves earlier:
 * the traveller was promised the booked time and an early plane still has
 * passport control and bags; nor for a flight cancelled, diverted or unknown,
 * which a person sorts out with the traveller.
 */
export function expectedPickup(
  bookedPickup: Date,
  flight: FlightState | null,
  arrivalPickupMinutes: number,
): Date {
  if (!flight || !['scheduled', 'en_route', 'landed'].includes(flight.status)) return bookedPickup
  const landing = expectedLanding(flight)
  if (!landing) return bookedPickup
  const moved = landing.getTime() + arrivalPickupMinutes * minute
  return moved > bookedPickup.getTime() ? new Date(moved) : bookedPickup
}

/**
 * How many minutes later than the booked one the pickup must be for the
 * flight's expected landing (0 when it is on time or early).
 */
export function pickupDelayMinutes(
  bookedPickup: Date,
  flight: FlightState | null,
  arrivalPickupMinutes: number,
): number {
  const moved = expectedPickup(bookedPickup, flight, arrivalPickupMinutes)
  return Math.round((moved.getTime() - bookedPickup.getTime()) / minute)
}

/** When the free waiting ends: `freeWaitingMinutes` after the plane actually landed. */
export function freeWaitingEnds(actualLanding: Date, freeWaitingMinutes: number): Date {
  return new Date(actualLanding.getTime() + freeWaitingMinutes * minute)
}
