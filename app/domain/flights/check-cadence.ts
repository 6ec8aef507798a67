import type { FlightPhase } from './flight-phase'

/**
 * When to ask the flight-status provider about a booking's flight next
 * (docs/flights.md, "API calls per booking"). Every ask is billed, so the
 * flight is asked about only as often as a driver could act on the answer:
 *
 * - nothing until 36 hours before the booked pickup (schedules hardly move
 *   before, and AeroAPI knows a flight at most two days ahead);
 * - every 3 hours until 6 hours before the expected landing;
 * - every 10 minutes from then until it has landed;
 * - once landed, one more ask 10 minutes later, to read the gate time that
 *   may follow the runway's; then never again;
 * - never again once it is cancelled, once its diversion has been told,
 *   once the ride is cancelled or over, or 6 hours after the pickup (the
 *   booked one, or the one a delay moved it to).
 *
 * A provider that could not answer is asked again later each time (10
 * minutes, doubling, at most 3 hours), or when it asked (Retry-After), but
 * never sooner than the ordinary cadence. Pure: the job gives it the clock.
 */

/** No ask earlier than this before the booked pickup. */
export const FIRST_CHECK_HOURS = 36
/** Until this long before the expected landing, one ask per SLOW_CHECK_HOURS. */
export const CLOSE_WATCH_HOURS = 6
export const SLOW_CHECK_HOURS = 3
/** From CLOSE_WATCH_HOURS before landing until it has landed. */
export const CLOSE_CHECK_MINUTES = 10
/** After the (expected) pickup, the flight is no longer anyone's concern. */
export const STOP_AFTER_PICKUP_HOURS = 6
/** The longest pause after failed asks. */
export const LONGEST_BACKOFF_MINUTES = 180

const minute = 60_000
const hour = 60 * minute

export interface CadenceInput {
  now: Date
  /** The pickup at the airport as booked. */
  bookedPickup: Date
  /** Minutes between landing and pickup the booking was planned with (ARRIVAL_PICKUP_MINUTES). */
  arrivalPickupMinutes: number
  /** The arrival last known (actual, else estimated, else scheduled); null when none is. */
  expectedLanding: Date | null
  /** What the flight does, as just read; null before any answer. */
  phase: FlightPhase | null
  /** The phase before this answer: a flight already landed then has had its confirming ask. */
  previousPhase: FlightPhase | null
  /** Whether the ride is still to be driven (paid and not cancelled, finished or no-show). */
  rideOpen: boolean
  /** Whether the diversion, when the flight is diverted, has been told. */
  divertedTold: boolean
  /** Asks in a row the provider could not answer (0 after an answer). */
  failures?: number
  /** Seconds the provider asked to wait, after an unanswered ask. */
  retryAfterSeconds?: number
  /** The provider will not answer before this (AeroAPI: two days ahead). */
  askFrom?: Date
}

/** The next ask, or null when the flight is not to be asked about again. */
export function nextCheckAt(input: CadenceInput): Date | null {
  const { now, bookedPickup, phase } = input
  if (!input.rideOpen) return null
  if (phase === 'cancelled') return null
  if (phase === 'diverted' && input.divertedTold) return null
  if (phase === 'landed' && input.previousPhase === 'landed') return null

  const landing =
    input.expectedLanding ?? new Date(bookedPickup.getTime() - input.arrivalPickupMinutes * minute)
  const expectedPickup = new Date(landing.getTime() + input.arrivalPickupMinutes * minute)
  const latestPickup = Math.max(bookedPickup.getTime(), expectedPickup.getTime())
  const stopAt = latestPickup + STOP_AFTER_PICKUP_HOURS * hour
  if (now.getTime() >= stopAt) return null

  let next: number
  const firstCheck = bookedPickup.getTime() - FIRST_CHECK_HOURS * hour
  const closeWatch = landing.getTime() - CLOSE_WATCH_HOURS * hour
  if (phase === 'landed' || phase === 'diverted') {
    // The confirming ask after landing; a diversion is asked about until it is told.
    next = now.getTime() + CLOSE_CHECK_MINUTES * minute
  } else if (now.getTime() < firstCheck) {
    next = firstCheck
  } else if (now.getTime() < closeWatch) {
    next = Math.min(now.getTime() + SLOW_CHECK_HOURS * hour, closeWatch)
  } else {
    next = now.getTime() + CLOSE_CHECK_MINUTES * minute
  }

  const failures = input.failures ?? 0
  if (failures > 0) {
    const backoff = Math.min(CLOSE_CHECK_MINUTES * 2 ** (failures - 1), LONGEST_BACKOFF_MINUTES)
    const asked = (input.retryAfterSeconds ?? 0) * 1000
    next = Math.max(next, now.getTime() + Math.max(backoff * minute, asked))
  }
  if (input.askFrom) next = Math.max(next, input.askFrom.getTime())
  return next >= stopAt ? null : new Date(next)
}
