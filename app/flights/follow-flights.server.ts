import type { DatabaseHandle } from '~/db/connect.server'
import type { Executor } from '~/db/executor'
import { writeTransaction } from '~/db/write.server'
import { lockBooking } from '~/booking/booking-store.server'
import { getEnv } from '~/config/env.server'
import type {
  FlightLookup,
  FlightStatus,
  FlightStatusProvider,
} from '~/adapters/flights/flight-status'
import { parseFlightNumber } from '~/domain/flight-number'
import { airportCodeOf } from '~/domain/flights/airport-code'
import { addDays, istanbulDate } from '~/domain/booking-window'
import { bookingPickupInstant } from '~/domain/trip-search'
import type { BookingStatus } from '~/domain/booking/status'
import {
  FIRST_CHECK_HOURS,
  nextCheckAt,
  STOP_AFTER_PICKUP_HOURS,
} from '~/domain/flights/check-cadence'
import type { FlightPhase } from '~/domain/flights/flight-phase'
import type { FlightNotice } from '~/domain/flights/flight-notice'
import {
  expectedLanding,
  expectedPickup,
  flightStateOf,
  pickupDelayMinutes,
  type FlightState,
} from '~/domain/flights/pickup-times'
import { logger } from '~/utils/logger.server'
import { queueFlightNotices } from './flight-notices.server'

/**
 * The follow job: the maintenance run asks the flight-status provider about
 * the flights of the airport pickups to come, each when its cadence says
 * (app/domain/flights/check-cadence.ts), stores what it said and tells
 * people what changed (docs/flights.md).
 *
 * Only paid rides still to be driven or under way are asked about, with a
 * flight number that reads as one, picked up at an airport within the next
 * 36 hours; a cancelled or past ride never is. The provider is asked outside
 * any transaction; what it said is stored with the notices it causes in one
 * transaction on the locked booking, and only if no other run stored an
 * answer meanwhile, so overlapping runs tell nothing twice.
 */

/** At most this many flights are asked about per run, the most overdue first. */
export const FOLLOW_BATCH = 50

/** The statuses of a ride whose flight matters: paid and not yet over. */
export const followedStatuses = [
  'confirmed',
  'on_the_way',
  'arrived',
] as const satisfies readonly BookingStatus[]

export interface FollowSettings {
  arrivalPickupMinutes: number
  delayNoticeMinutes: number
}

export function followSettings(): FollowSettings {
  const env = getEnv()
  return {
    arrivalPickupMinutes: env.ARRIVAL_PICKUP_MINUTES,
    delayNoticeMinutes: env.FLIGHT_DELAY_NOTICE_MINUTES,
  }
}

export interface FollowReport {
  /** Flights the provider was asked about. */
  asked: number
  /** Answers that changed a flight's status or expected arrival. */
  changed: number
  /** Changes told (each to operations, the driver and the traveller). */
  told: number
  /** Asks the provider could not answer. */
  unanswered: number
}

const hour = 3_600_000

interface Due {
  id: string
  ident: string
  airport: string
  pickup: Date
  /** When the state the selection saw was stored: an answer is stored only over that one. */
  seenUpdatedAt: string | null
  dueAt: number
}

/** The flights due to be asked about now, the most overdue first, at most FOLLOW_BATCH. */
async function dueFlights(
  handle: DatabaseHandle,
  now: Date,
  arrivalPickupMinutes: number,
): Promise<Due[]> {
  const today = istanbulDate(now)
  const rows = await handle.db
    .selectFrom('bookings')
    .leftJoin('flight_checks', 'flight_checks.booking_id', 'bookings.id')
    .select([
      'bookings.id',
      'bookings.trip_date',
      'bookings.trip_time',
      'bookings.pickup_place_id',
      'bookings.flight_number',
      'flight_checks.booking_id as checked',
      'flight_checks.ident',
      'flight_checks.next_check_at',
      'flight_checks.updated_at',
      'flight_checks.status',
      'flight_checks.scheduled_arrival',
      'flight_checks.estimated_arrival',
      'flight_checks.actual_arrival',
    ])
    .where('bookings.status', 'in', followedStatuses)
    .where('bookings.flight_number', 'is not', null)
    // The days a pickup within the window can fall on ('00:00' belongs to the day before).
    .where('bookings.trip_date', '>=', addDays(today, -2))
    .where('bookings.trip_date', '<=', addDays(today, 2))
    .where((eb) =>
      eb.or([
        eb('flight_checks.booking_id', 'is', null),
        eb('flight_checks.next_check_at', 'is', null),
        eb('flight_checks.next_check_at', '<=', now.toISOString()),
      ]),
    )
    .execute()
  const due: Due[] = []
  for (const row of rows) {
    const airport = airportCodeOf(row.pickup_place_id)
    const parsed = parseFlightNumber(row.flight_number ?? '')
    if (!airport || !parsed.ok) continue
    const ident = parsed.flight.ident
    const pickup = bookingPickupInstant(row)
    if (pickup.getTime() - now.getTime() > FIRST_CHECK_HOURS * hour) continue
    // A flight no longer asked about is asked again only when the traveller gave another.
    const sameFlight = row.checked !== null && row.ident === ident
    if (sameFlight && row.next_check_at === null) continue
    // A past pickup is not asked about, unless its flight's delay moved it.
    const latestPickup =
      sameFlight && row.status
        ? expectedPickup(
            pickup,
            flightStateOf({ ...row, status: row.status }),
            arrivalPickupMinutes,
          )
        : pickup
    if (now.getTime() - latestPickup.getTime() > STOP_AFTER_PICKUP_HOURS * hour) continue
    due.push({
      id: row.id,
      ident,
      airport,
      pickup,
      seenUpdatedAt: sameFlight ? row.updated_at : null,
      dueAt:
        sameFlight && row.next_check_at
          ? Date.parse(row.next_check_at)
          : pickup.getTime() - FIRST_CHECK_HOURS * hour,
    })
  }
  return due.sort((a, b) => a.dueAt - b.dueAt).slice(0, FOLLOW_BATCH)
}

/**
 * Asks about every flight due and stores the answers; never throws for one
 * flight (it is logged, and asked again next run).
 */
export async function followFlights(
  handle: DatabaseHandle,
  provider: FlightStatusProvider,
  now: Date,
  settings: FollowSettings = followSettings(),
): Promise<FollowReport> {
  const report: FollowReport = { asked: 0, changed: 0, told: 0, unanswered: 0 }
  if (!provider.follows) return report
  for (const flight of await dueFlights(handle, now, settings.arrivalPickupMinutes)) {
    try {
      const lookup = await provider.lookup(flight.ident, {
        date: flight.pickup,
        destination: flight.airport,
      })
      report.asked++
      if (lookup.kind === 'unavailable') {
        report.unanswered++
        logger.warn('flight.lookup_unavailable', {
          booking: flight.id,
          problem: lookup.problem,
          status: lookup.httpStatus,
        })
      }
      const outcome = await writeTransaction(handle, (trx) =>
        storeAnswer(trx, flight, lookup, now, settings),
      )
      if (outcome.changed) report.changed++
      report.told += outcome.told
    } catch (error) {
      logger.error('flight.follow_failed', { booking: flight.id, error: String(error) })
    }
  }
  return report
}

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

const iso = (date: Date | null) => date?.toISOString() ?? null

async function storeAnswer(
  trx: Executor,
  flight: Due,
  lookup: FlightLookup,
  now: Date,
  settings: FollowSettings,
): Promise<{ changed: boolean; told: number }> {
  const nothing = { changed: false, told: 0 }
  const booking = await lockBooking(trx, flight.id)
  const stored = await trx
    .selectFrom('flight_checks')
    .selectAll()
    .where('booking_id', '=', flight.id)
    .executeTakeFirst()
  if (!booking) return nothing
  const previous = stored?.ident === flight.ident ? stored : undefined
  // Another run stored an answer since this one chose the flight: its answer stands.
  if ((previous?.updated_at ?? null) !== flight.seenUpdatedAt) return nothing
  const at = now.toISOString()
  const rideOpen = (followedStatuses as readonly string[]).includes(booking.status)

  const state: FlightState = previous
    ? flightStateOf(previous)
    : { status: 'unknown', scheduledArrival: null, estimatedArrival: null, actualArrival: null }
  let details = {
    provider_flight_id: previous?.provider_flight_id ?? null,
    terminal: previous?.terminal ?? null,
    gate: previous?.gate ?? null,
  }
  let statusText: string | null = null
  let checkedAt = previous?.checked_at ?? null
  let failures = 0
  let problem: string | null = null
  if (lookup.kind === 'found') {
    const answer = lookup.flight
    state.status = phaseOf(answer)
    state.scheduledArrival = answer.arrival.scheduled
    state.estimatedArrival = answer.arrival.estimated
    state.actualArrival = answer.arrival.actual
    details = {
      provider_flight_id: answer.providerFlightId,
      terminal: answer.arrivalTerminal,
      gate: answer.arrivalGate,
    }
    statusText = answer.statusText.slice(0, 80)
    checkedAt = at
  } else if (lookup.kind === 'unknown') {
    state.status = 'unknown'
    checkedAt = at
  } else if (lookup.kind === 'unavailable') {
    failures = (previous?.failures ?? 0) + 1
    problem = lookup.problem
  }

  const previousPhase: FlightPhase | null = previous?.status ?? null
  const landing = expectedLanding(state)
  const previousLanding = previous ? iso(expectedLanding(flightStateOf(previous))) : null
  const changed =
    checkedAt === at && (state.status !== previousPhase || iso(landing) !== previousLanding)

  // What is told: each change once, and only while the ride is still to be driven.
  const told = {
    notified_delay_arrival: previous?.notified_delay_arrival ?? null,
    notified_cancelled_at: previous?.notified_cancelled_at ?? null,
    notified_diverted_at: previous?.notified_diverted_at ?? null,
  }
  const notices: FlightNotice[] = []
  if (rideOpen && checkedAt === at) {
    if (state.status === 'cancelled' && !told.notified_cancelled_at) {
      notices.push({ kind: 'cancelled', flight: flight.ident, statusText })
      told.notified_cancelled_at = at
    } else if (state.status === 'diverted' && !told.notified_diverted_at) {
      notices.push({ kind: 'diverted', flight: flight.ident, airport: flight.airport, statusText })
      told.notified_diverted_at = at
    } else if (landing && ['scheduled', 'en_route', 'landed'].includes(state.status)) {
      const minutes = pickupDelayMinutes(flight.pickup, state, settings.arrivalPickupMinutes)
      const announced = told.notified_delay_arrival ? Date.parse(told.notified_delay_arrival) : null
      const moved =
        announced === null
          ? minutes > settings.delayNoticeMinutes
          : Math.abs(landing.getTime() - announced) >= settings.delayNoticeMinutes * 60_000
      if (moved) {
        notices.push({
          kind: 'delayed',
          flight: flight.ident,
          landing,
          pickup: expectedPickup(flight.pickup, state, settings.arrivalPickupMinutes),
          minutes,
          statusText,
        })
        told.notified_delay_arrival = landing.toISOString()
      }
    }
  }

  const next = nextCheckAt({
    now,
    bookedPickup: flight.pickup,
    arrivalPickupMinutes: settings.arrivalPickupMinutes,
    expectedLanding: landing,
    phase: checkedAt === at ? state.status : previousPhase,
    previousPhase: checkedAt === at ? previousPhase : null,
    rideOpen,
    divertedTold: told.notified_diverted_at !== null,
    failures,
    ...(lookup.kind === 'unavailable' && lookup.retryAfterSeconds !== undefined
      ? { retryAfterSeconds: lookup.retryAfterSeconds }
      : {}),
    ...(lookup.kind === 'not-yet' ? { askFrom: lookup.askFrom } : {}),
  })

  const row = {
    ident: flight.ident,
    destination: flight.airport,
    status: state.status,
    ...details,
    scheduled_arrival: iso(state.scheduledArrival),
    estimated_arrival: iso(state.estimatedArrival),
    actual_arrival: iso(state.actualArrival),
    checked_at: checkedAt,
    next_check_at: iso(next),
    failures,
    last_problem: problem,
    ...told,
    updated_at: at,
  }
  await trx
    .insertInto('flight_checks')
    .values({ booking_id: flight.id, created_at: at, ...row })
    .onConflict((conflict) => conflict.column('booking_id').doUpdateSet(row))
    .execute()
  if (changed) {
    await trx
      .insertInto('flight_check_history')
      .values({
        booking_id: flight.id,
        status: state.status,
        expected_arrival: iso(landing),
        actual_arrival: iso(state.actualArrival),
        status_text: statusText,
        checked_at: at,
      })
      .execute()
  }
  for (const notice of notices) await queueFlightNotices(trx, booking, notice, now)
  return { changed, told: notices.length }
}
