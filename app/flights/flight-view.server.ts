import type { Executor } from '~/db/executor'
import type { FlightCheckRow } from '~/db/schema'
import { getEnv } from '~/config/env.server'
import { followsFlights } from '~/adapters/flights/configured.server'
import { istanbulDate } from '~/domain/booking-window'
import { bookingPickupInstant } from '~/domain/trip-search'
import {
  expectedLanding,
  expectedPickup,
  flightStateOf,
  freeWaitingEnds,
} from '~/domain/flights/pickup-times'
import type { FlightPhase } from '~/domain/flights/flight-phase'
import type { Language } from '~/i18n/config'
import { formatInstant, formatInstantTime } from '~/utils/format'

/**
 * A followed flight as the pages show it beside a booking: where the plane
 * is, when the driver now meets the traveller, and until when the waiting is
 * free. Built from the follow job's stored answer (flight_checks), never by
 * asking the provider, and only while a provider follows flights: a row left
 * from a time one did is not shown as if the flight were still followed.
 */

/** What a view reads of a booking's stored flight state. */
export type FlightCheckFacts = Pick<
  FlightCheckRow,
  | 'ident'
  | 'status'
  | 'scheduled_arrival'
  | 'estimated_arrival'
  | 'actual_arrival'
  | 'terminal'
  | 'gate'
  | 'checked_at'
>

/** Which sentence says where the flight is (the times it needs are in the view). */
export type FlightLine =
  | 'landed'
  | 'landedNoTime'
  | 'enRoute'
  | 'expected'
  | 'scheduled'
  | 'noTime'
  | 'cancelled'
  | 'diverted'
  | 'unknown'

export interface FlightView {
  ident: string
  status: FlightPhase
  line: FlightLine
  /** Times in the reader's language, Istanbul time: '15:40', or with the day when not the pickup's. */
  scheduledLanding: string | null
  expectedLanding: string | null
  actualLanding: string | null
  terminal: string | null
  gate: string | null
  bookedPickup: string
  /** The pickup the landing moves it to; null when it stays the booked one. */
  expectedPickup: string | null
  /** The same moment as an instant (ISO), for an export's own format. */
  expectedPickupAt: string | null
  /** Only once the plane has actually landed. */
  freeWaitingEnds: string | null
  checkedAt: string | null
}

export interface FlightViewSettings {
  follows: boolean
  arrivalPickupMinutes: number
  freeWaitingMinutes: number
}

/** The settings the running site shows flights with. */
export function flightViewSettings(): FlightViewSettings {
  const env = getEnv()
  return {
    follows: followsFlights(),
    arrivalPickupMinutes: env.ARRIVAL_PICKUP_MINUTES,
    freeWaitingMinutes: env.FREE_WAITING_MINUTES,
  }
}

/**
 * One booking's view of its stored flight state; null when nothing follows
 * flights. Each time is the clock time alone when it falls on the booked
 * pickup's Istanbul day, and day and time otherwise (a delay past midnight).
 */
export function flightViewOf(
  check: FlightCheckFacts,
  booking: { trip_date: string; trip_time: string },
  language: Language,
  settings: FlightViewSettings,
): FlightView | null {
  if (!settings.follows) return null
  const booked = bookingPickupInstant(booking)
  const day = istanbulDate(booked)
  const shown = (at: Date | null) => {
    if (!at) return null
    const iso = at.toISOString()
    return istanbulDate(at) === day
      ? formatInstantTime(iso, language)
      : formatInstant(iso, language)
  }
  const state = flightStateOf(check)
  const pickup = expectedPickup(booked, state, settings.arrivalPickupMinutes)
  const moved = pickup.getTime() !== booked.getTime()
  const landed = check.status === 'landed' ? state.actualArrival : null
  return {
    ident: check.ident,
    status: check.status,
    line: lineOf(check),
    scheduledLanding: shown(state.scheduledArrival),
    expectedLanding: shown(expectedLanding(state)),
    actualLanding: shown(state.actualArrival),
    terminal: check.terminal,
    gate: check.gate,
    bookedPickup: shown(booked)!,
    expectedPickup: moved ? shown(pickup) : null,
    expectedPickupAt: moved ? pickup.toISOString() : null,
    freeWaitingEnds: landed ? shown(freeWaitingEnds(landed, settings.freeWaitingMinutes)) : null,
    checkedAt: check.checked_at ? shown(new Date(check.checked_at)) : null,
  }
}

function lineOf(check: FlightCheckFacts): FlightLine {
  switch (check.status) {
    case 'landed':
      return check.actual_arrival ? 'landed' : 'landedNoTime'
    case 'cancelled':
    case 'diverted':
    case 'unknown':
      return check.status
    default: {
      const known = check.actual_arrival ?? check.estimated_arrival ?? check.scheduled_arrival
      if (!known) return 'noTime'
      if (check.status === 'en_route') return 'enRoute'
      // Only the timetable's word: said as such, not as an estimate.
      return check.estimated_arrival || check.actual_arrival ? 'expected' : 'scheduled'
    }
  }
}

/**
 * The views of a set of bookings' flights, by booking id, read in one query;
 * a booking whose flight was never asked about has none, and with nothing
 * following flights the map is empty without a query.
 */
export async function flightViews(
  executor: Executor,
  bookings: readonly { id: string; trip_date: string; trip_time: string }[],
  language: Language,
  settings: FlightViewSettings = flightViewSettings(),
): Promise<Map<string, FlightView>> {
  const views = new Map<string, FlightView>()
  if (!settings.follows || bookings.length === 0) return views
  const rows = await executor
    .selectFrom('flight_checks')
    .select([
      'booking_id',
      'ident',
      'status',
      'scheduled_arrival',
      'estimated_arrival',
      'actual_arrival',
      'terminal',
      'gate',
      'checked_at',
    ])
    .where(
      'booking_id',
      'in',
      bookings.map((booking) => booking.id),
    )
    .execute()
  const byId = new Map(bookings.map((booking) => [booking.id, booking]))
  for (const row of rows) {
    const booking = byId.get(row.booking_id)
    const view = booking && flightViewOf(row, booking, language, settings)
    if (view) views.set(row.booking_id, view)
  }
  return views
}
