import { configuredFlightStatus, followsFlights } from '~/adapters/flights/configured.server'
import { getEnv } from '~/config/env.server'
import type { BookingRow } from '~/db/schema'
import { placeById } from '~/domain/places/gazetteer'
import { bookingPickupInstant } from '~/domain/trip-search'
import { checkFlightAgainstBooking, type Airport } from '~/flights/booking-flight-check'
import type { Language } from '~/i18n/config'
import { formatInstant, formatInstantTime } from '~/utils/format'
import { logger } from '~/utils/logger.server'
import type { PassengerDetails } from './booking-forms'

/**
 * With a flight-status provider, the passenger step asks it about the
 * arriving flight before saving: a flight landing at the other airport, on
 * another day, after the pickup, or not found at all comes back as a question
 * beside the field, with the fix ("TK1984 lands at IST at 15:37; a pickup at
 * 16:10 would suit it"). Ticking "keep" saves what was typed: the traveller
 * may know better. Without a provider, or when it cannot answer, nothing is
 * asked: the flight is saved as typed.
 */

export interface FlightQuestion {
  /** The error key beside the flight number. */
  error: string
  /** The values its sentence names. */
  values: Record<string, string>
}

/** The booked airport of a pickup at one, as providers name it. */
function bookedAirport(booking: Pick<BookingRow, 'pickup_place_id'>): Airport | null {
  const place = placeById(booking.pickup_place_id)
  if (place?.kind !== 'airport') return null
  return place.airport === 'saw' ? 'SAW' : 'IST'
}

export async function flightQuestion(
  booking: BookingRow,
  details: PassengerDetails,
  language: Language,
): Promise<FlightQuestion | null> {
  const airport = bookedAirport(booking)
  const flight = details.flightNumber
  if (!airport || !flight || details.notByAir || details.keepFlight || !followsFlights()) {
    return null
  }
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
  switch (check.kind) {
    case 'fits':
    case 'unchecked':
      return null
    case 'notFound':
      return {
        error: 'booking.errors.flightNotFound',
        values: { flight, date: formatInstant(pickup.toISOString(), language) },
      }
    case 'otherAirport':
      return {
        error: 'booking.errors.flightOtherAirport',
        values: { flight, landsAt: check.landsAt, airport },
      }
    case 'landsAfterPickup':
      return {
        error: 'booking.errors.flightLandsLater',
        values: {
          flight,
          airport,
          landing: time(check.landing),
          suggested: time(check.suggestedPickup),
        },
      }
    case 'otherDay':
      return {
        error: 'booking.errors.flightOtherDay',
        values: {
          flight,
          airport,
          landing: formatInstant(check.landing.toISOString(), language),
          suggested: formatInstant(check.suggestedPickup.toISOString(), language),
        },
      }
  }
}
