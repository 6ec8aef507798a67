import type { DatabaseHandle } from '~/db/connect.server'
import type { Executor } from '~/db/executor'
import { writeTransaction } from '~/db/write.server'
import { lockBooking, updateBooking } from '~/booking/booking-store.server'
import {
  queueOpsDepartureNotice,
  queueTravellerDepartureNotice,
} from '~/booking/booking-notices.server'
import { getEnv } from '~/config/env.server'
import type { FlightLookup, FlightStatusProvider } from '~/adapters/flights/flight-status'
import { parseFlightNumber } from '~/domain/flight-number'
import { airportCodeOf } from '~/domain/flights/airport-code'
import { addDays, istanbulDate } from '~/domain/booking-window'
import { bookingPickupInstant, pickupCalendarDate } from '~/domain/trip-search'
import { departurePickup, type DepartureAirport } from '~/domain/flights/departure-pickup'
import type { DepartureNotice } from '~/domain/flights/departure-notice'
import { logger } from '~/utils/logger.server'

/**
 * The evening-before check of a ride to the airport: from the reminder hour
 * (Istanbul) of the day before the pickup until the pickup, the flight the
 * traveller gave is asked about once more. When it leaves at least
 * FLIGHT_DELAY_NOTICE_MINUTES earlier or later than the departure stored
 * (as given at booking, or last announced), or is cancelled, the operations
 * mailbox and the traveller are told; the booked pickup never moves by
 * itself: the traveller changes it, or calls (docs/flights.md, "Departures").
 *
 * Each ride is checked once (`departure_checked_at`). The provider is asked
 * outside any transaction; the answer is stored with the notices it causes
 * in one transaction on the locked booking, and only if no other run stored
 * one meanwhile. The dedupe keys name the change, so even a notice queued
 * twice is sent once.
 */

/** At most this many rides are asked about per run, the soonest pickup first. */
export const DEPARTURE_BATCH = 50

export interface DepartureSettings {
  /** The hour (Istanbul) the day before the pickup from which the flight is checked. */
  reminderHour: number
  /** A departure moved by this many minutes or more (earlier or later) is told. */
  noticeMinutes: number
}

export function departureSettings(): DepartureSettings {
  const env = getEnv()
  return { reminderHour: env.REMINDER_HOUR, noticeMinutes: env.FLIGHT_DELAY_NOTICE_MINUTES }
}

export interface DepartureReport {
  /** Departures the provider was asked about. */
  asked: number
  /** Departures found moved, and told. */
  moved: number
  /** Departures found cancelled, and told. */
  cancelled: number
  /** Asks the provider could not answer: tried again next run. */
  unanswered: number
}

const minute = 60_000

/**
 * When the evening before a pickup starts: the reminder hour, Istanbul time,
 * on the calendar day before the one the car arrives on (the reminder's own
 * notion of "tomorrow": app/dispatch/reminders.server.ts).
 */
export function eveningBefore(ride: { trip_date: string; trip_time: string }, hour: number): Date {
  const day = addDays(pickupCalendarDate(ride.trip_date, ride.trip_time), -1)
  return new Date(`${day}T${String(hour).padStart(2, '0')}:00:00+03:00`)
}

/** The ident a stored departure flight is asked about by; undefined when none reads as one. */
function identOf(flight: string | null): string | undefined {
  const parsed = parseFlightNumber(flight ?? '')
  return parsed.ok ? parsed.flight.ident : undefined
}

interface Due {
  id: string
  ident: string
  airport: DepartureAirport
  pickup: Date
}

/** The rides whose departure is due for its evening-before check now, the soonest first. */
async function dueDepartures(
  handle: DatabaseHandle,
  now: Date,
  reminderHour: number,
): Promise<Due[]> {
  const today = istanbulDate(now)
  const rows = await handle.db
    .selectFrom('bookings')
    .select(['id', 'trip_date', 'trip_time', 'destination_place_id', 'departure_flight'])
    .where('status', '=', 'confirmed')
    .where('departure_flight', 'is not', null)
    .where('departure_checked_at', 'is', null)
    // The stored days a pickup between now and tomorrow night can have ('00:00' ends the day).
    .where('trip_date', '>=', addDays(today, -1))
    .where('trip_date', '<=', addDays(today, 1))
    .execute()
  const due: Due[] = []
  for (const row of rows) {
    const airport = airportCodeOf(row.destination_place_id)
    const ident = identOf(row.departure_flight)
    if (!airport || !ident) continue
    const pickup = bookingPickupInstant(row)
    if (now < eveningBefore(row, reminderHour) || now >= pickup) continue
    due.push({ id: row.id, ident, airport, pickup })
  }
  return due.sort((a, b) => a.pickup.getTime() - b.pickup.getTime()).slice(0, DEPARTURE_BATCH)
}

/**
 * Asks about every departure due and stores the answers; never throws for
 * one ride (it is logged, and asked again next run).
 */
export async function checkDepartures(
  handle: DatabaseHandle,
  provider: FlightStatusProvider,
  now: Date,
  settings: DepartureSettings = departureSettings(),
): Promise<DepartureReport> {
  const report: DepartureReport = { asked: 0, moved: 0, cancelled: 0, unanswered: 0 }
  if (!provider.follows) return report
  for (const ride of await dueDepartures(handle, now, settings.reminderHour)) {
    try {
      const lookup = await provider.lookup(ride.ident, { date: ride.pickup, origin: ride.airport })
      if (lookup.kind === 'not-yet' || lookup.kind === 'not-followed') continue
      report.asked++
      if (lookup.kind === 'unavailable') {
        // Left unchecked: the next run (5 minutes on) asks again, until the pickup.
        report.unanswered++
        logger.warn('departure.lookup_unavailable', {
          booking: ride.id,
          problem: lookup.problem,
          status: lookup.httpStatus,
        })
        continue
      }
      const told = await writeTransaction(handle, (trx) =>
        storeAnswer(trx, ride, lookup, now, settings),
      )
      if (told === 'moved') report.moved++
      if (told === 'cancelled') report.cancelled++
    } catch (error) {
      logger.error('departure.check_failed', { booking: ride.id, error: String(error) })
    }
  }
  return report
}

/**
 * What the answer tells, if anything: a cancellation, or a departure moved
 * by the threshold from the one stored. A ride given without a known
 * departure (the provider did not know the flight at booking) stores the
 * one found, untold: nothing was promised from it.
 */
export function departureNotice(
  ride: { ident: string; airport: DepartureAirport; distanceKm: number },
  stored: Date | null,
  lookup: Extract<FlightLookup, { kind: 'found' | 'unknown' }>,
  noticeMinutes: number,
): { notice?: DepartureNotice; departure?: Date } {
  if (lookup.kind === 'unknown') return {}
  const flight = lookup.flight
  if (flight.cancelled) return { notice: { kind: 'cancelled', flight: ride.ident } }
  const departure = flight.departure.estimated ?? flight.departure.scheduled
  if (!departure || !stored) return departure ? { departure } : {}
  if (Math.abs(departure.getTime() - stored.getTime()) < noticeMinutes * minute) return {}
  const { pickup } = departurePickup({
    airport: ride.airport,
    departure,
    destinationIcao: flight.destination.icao,
    distanceKm: ride.distanceKm,
  })
  return {
    departure,
    notice: { kind: 'moved', flight: ride.ident, departure, previous: stored, pickup },
  }
}

async function storeAnswer(
  trx: Executor,
  ride: Due,
  lookup: Extract<FlightLookup, { kind: 'found' | 'unknown' }>,
  now: Date,
  settings: DepartureSettings,
): Promise<DepartureNotice['kind'] | undefined> {
  const booking = await lockBooking(trx, ride.id)
  // Checked by another run, cancelled, or given another flight meanwhile: that stands.
  if (
    !booking ||
    booking.status !== 'confirmed' ||
    booking.departure_checked_at !== null ||
    identOf(booking.departure_flight) !== ride.ident
  ) {
    return undefined
  }
  const stored = booking.departure_scheduled_at ? new Date(booking.departure_scheduled_at) : null
  const { notice, departure } = departureNotice(
    { ...ride, distanceKm: booking.distance_km },
    stored,
    lookup,
    settings.noticeMinutes,
  )
  if (lookup.kind === 'unknown') {
    logger.warn('departure.unknown', { booking: ride.id, flight: ride.ident })
  }
  await updateBooking(
    trx,
    booking,
    {
      departure_checked_at: now.toISOString(),
      ...(departure ? { departure_scheduled_at: departure.toISOString() } : {}),
    },
    now.toISOString(),
  )
  if (!notice) return undefined
  await queueOpsDepartureNotice(trx, booking, notice, now)
  await queueTravellerDepartureNotice(trx, booking, notice, now)
  return notice.kind
}
