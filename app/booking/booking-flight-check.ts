import type { FlightLookup } from '~/adapters/flights/flight-status'

/**
 * The passenger step's check of a flight against the booking it is given
 * for: does it land at the booked airport, near the booked day, before the
 * pickup? Pure: the caller asks the provider. A mismatch is a question put to
 * the traveller beside the field, with the fix, never a refusal: they may
 * know better (a codeshare, a schedule the provider has wrong) and keep what
 * they typed. It reads the adapter's answer, so it lives beside the follow
 * job rather than in the domain.
 */

export type Airport = 'IST' | 'SAW'

export type BookingFlightCheck =
  /** The flight lands at the booked airport, at most `sameDayHours` before the pickup. */
  | { kind: 'fits' }
  /** It lands at another airport (the other Istanbul one, most often). */
  | { kind: 'otherAirport'; landsAt: string }
  /** It lands after the booked pickup: the driver would wait for a plane still in the air. */
  | { kind: 'landsAfterPickup'; landing: Date; suggestedPickup: Date }
  /** It lands on another day than the pickup (a date typed wrong on one side). */
  | { kind: 'otherDay'; landing: Date; suggestedPickup: Date }
  /** The provider knows no such flight around the pickup. */
  | { kind: 'notFound' }
  /** Nothing to check against: no provider, too early to ask, or it could not answer. */
  | { kind: 'unchecked' }

/** The airports' four-letter codes, as providers also name them. */
const icaoOf: Record<Airport, string> = { IST: 'LTFM', SAW: 'LTFJ' }

/** A plane landing this long before the pickup is another day's flight (or a typo). */
const sameDayHours = 12

const minute = 60_000

/** A suggested pickup: `arrivalPickupMinutes` after landing, on the next five minutes. */
function pickupAfter(landing: Date, arrivalPickupMinutes: number): Date {
  const step = 5 * minute
  return new Date(Math.ceil((landing.getTime() + arrivalPickupMinutes * minute) / step) * step)
}

export function checkFlightAgainstBooking(
  lookup: FlightLookup,
  booking: { airport: Airport; pickup: Date },
  arrivalPickupMinutes: number,
): BookingFlightCheck {
  if (lookup.kind === 'unknown') return { kind: 'notFound' }
  if (lookup.kind !== 'found') return { kind: 'unchecked' }
  const { flight } = lookup
  const { iata, icao } = flight.destination
  if (iata !== booking.airport && icao !== icaoOf[booking.airport]) {
    return { kind: 'otherAirport', landsAt: iata ?? icao ?? '?' }
  }
  // The gate time the schedule promises; an estimate once the provider has one.
  const landing = flight.arrival.estimated ?? flight.arrival.scheduled
  if (!landing) return { kind: 'unchecked' }
  const suggestedPickup = pickupAfter(landing, arrivalPickupMinutes)
  if (landing.getTime() > booking.pickup.getTime()) {
    const otherDay = landing.getTime() - booking.pickup.getTime() > sameDayHours * 60 * minute
    return { kind: otherDay ? 'otherDay' : 'landsAfterPickup', landing, suggestedPickup }
  }
  if (booking.pickup.getTime() - landing.getTime() > sameDayHours * 60 * minute) {
    return { kind: 'otherDay', landing, suggestedPickup }
  }
  return { kind: 'fits' }
}
