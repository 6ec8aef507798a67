import { configuredFlightStatus, followsFlights } from '~/adapters/flights/configured.server'
import { getEnv } from '~/config/env.server'
import type { BookingRow } from '~/db/schema'
import { airportCodeOf } from '~/domain/flights/airport-code'
import { bookingPickupInstant } from '~/domain/trip-search'
import { departurePickup } from '~/domain/flights/departure-pickup'
import { checkFlightAgainstBooking } from './booking-flight-check'
import type { Language } from '~/i18n/config'
import { formatInstant, formatInstantTime } from '~/utils/format'
import { logger } from '~/utils/logger.server'
import type { PassengerDetails } from './booking-forms'

/**
 * With a flight-status provider, the passenger step asks it about the
 * traveller's flights before saving:
 *
 * - the arriving flight of an airport pickup: one landing at the other
 *   airport, on another day, after the pickup, or not found at all comes back
 *   as a question beside the field, with the fix ("TK1984 lands at IST at
 *   15:37; a pickup at 16:10 would suit it");
 * - the departing flight of a ride to an airport: one not found leaving that
 *   airport, or leaving too soon after the pickup to be caught (the airlines'
 *   advice and the drive at that hour, app/domain/flights/departure-pickup.ts),
 *   comes back with the pickup that would catch it. Its scheduled departure is
 *   kept, for the check the evening before.
 *
 * Ticking "keep" saves what was typed: the traveller may know better.
 * Without a provider, or when it cannot answer, nothing is asked and the
 * flights are saved as typed.
 */

export interface FlightQuestion {
  /** The field the question stands beside. */
  field: 'flightNumber' | 'departureFlight'
  /** Its error key. */
  error: string
  /** The values its sentence names. */
  values: Record<string, string>
}

export interface FlightCheckOutcome {
  question: FlightQuestion | null
  /** The departing flight's scheduled departure, when the provider gave it. */
  departureScheduledAt: string | null
}

/** Whether a ride goes to an airport: only then is a departing flight asked and kept. */
export function goesToAirport(booking: Pick<BookingRow, 'destination_place_id'>): boolean {
  return airportCodeOf(booking.destination_place_id) !== undefined
}

export async function checkFlights(
  booking: BookingRow,
  details: PassengerDetails,
  language: Language,
): Promise<FlightCheckOutcome> {
  const unchecked: FlightCheckOutcome = { question: null, departureScheduledAt: null }
  if (!followsFlights()) return unchecked
  const arrival = await arrivalQuestion(booking, details, language)
  if (arrival) return { question: arrival, departureScheduledAt: null }
  return departureCheck(booking, details, language)
}

async function arrivalQuestion(
  booking: BookingRow,
  details: PassengerDetails,
  language: Language,
): Promise<FlightQuestion | null> {
  const airport = airportCodeOf(booking.pickup_place_id)
  const flight = details.flightNumber
  if (!airport || !flight || details.notByAir || details.keepFlight) return null
  const pickup = bookingPickupInstant(booking)
  const lookup = await configuredFlightStatus().lookup(flight, {
    date: pickup,
    destination: airport,
  })
  if (lookup.kind === 'unavailable') {
    logger.warn('flight.check_unavailable', { problem: lookup.problem, flight })
  }
  const check = checkFlightAgainstBooking(
    lookup,
    { airport, pickup },
    getEnv().ARRIVAL_PICKUP_MINUTES,
  )
  const time = (date: Date) => formatInstantTime(date.toISOString(), language)
  const question = (error: string, values: Record<string, string>): FlightQuestion => ({
    field: 'flightNumber',
    error,
    values,
  })
  switch (check.kind) {
    case 'fits':
    case 'unchecked':
      return null
    case 'notFound':
      return question('booking.errors.flightNotFound', {
        flight,
        date: formatInstant(pickup.toISOString(), language),
      })
    case 'otherAirport':
      return question('booking.errors.flightOtherAirport', {
        flight,
        landsAt: check.landsAt,
        airport,
      })
    case 'landsAfterPickup':
      return question('booking.errors.flightLandsLater', {
        flight,
        airport,
        landing: time(check.landing),
        suggested: time(check.suggestedPickup),
      })
    case 'otherDay':
      return question('booking.errors.flightOtherDay', {
        flight,
        airport,
        landing: formatInstant(check.landing.toISOString(), language),
        suggested: formatInstant(check.suggestedPickup.toISOString(), language),
      })
  }
}

/** The departing flight of a ride to an airport: found, and caught by the booked pickup? */
async function departureCheck(
  booking: BookingRow,
  details: PassengerDetails,
  language: Language,
): Promise<FlightCheckOutcome> {
  const airport = airportCodeOf(booking.destination_place_id)
  const flight = details.departureFlight
  if (!airport || !flight) return { question: null, departureScheduledAt: null }
  const pickup = bookingPickupInstant(booking)
  const lookup = await configuredFlightStatus().lookup(flight, { date: pickup, origin: airport })
  if (lookup.kind === 'unavailable') {
    logger.warn('flight.check_unavailable', { problem: lookup.problem, flight })
  }
  const ask = (error: string, values: Record<string, string>): FlightCheckOutcome => ({
    question: details.keepFlight ? null : { field: 'departureFlight', error, values },
    departureScheduledAt: null,
  })
  if (lookup.kind === 'unknown') {
    return ask('booking.errors.departureNotFound', {
      flight,
      airport,
      date: formatInstant(pickup.toISOString(), language),
    })
  }
  if (lookup.kind !== 'found' || !lookup.flight.departure.scheduled) {
    return { question: null, departureScheduledAt: null }
  }
  const departure = lookup.flight.departure.estimated ?? lookup.flight.departure.scheduled
  const catches = departurePickup({
    airport,
    departure,
    destinationIcao: lookup.flight.destination.icao,
    distanceKm: booking.distance_km,
  })
  const departureScheduledAt = lookup.flight.departure.scheduled.toISOString()
  if (pickup.getTime() <= catches.pickup.getTime() || details.keepFlight) {
    return { question: null, departureScheduledAt }
  }
  return {
    question: {
      field: 'departureFlight',
      error: catches.domestic
        ? 'booking.errors.departureTooLateDomestic'
        : 'booking.errors.departureTooLate',
      values: {
        flight,
        airport,
        departure: formatInstantTime(departure.toISOString(), language),
        hours: String(catches.adviceMinutes / 60),
        drive: String(catches.driveMinutes),
        suggested: formatInstantTime(catches.pickup.toISOString(), language),
      },
    },
    departureScheduledAt,
  }
}
