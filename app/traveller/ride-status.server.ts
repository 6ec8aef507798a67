import type { Executor } from '~/booking/booking-store.server'
import type { BookingRow } from '~/db/schema'
import { currentAssignment } from '~/dispatch/assignment.server'
import { rideContact } from '~/domain/phone'
import { displayPlate } from '~/domain/dispatch/rules'
import { rideEnded, rideTimeline } from '~/domain/booking/ride-timeline'
import type { Language } from '~/i18n/config'
import { formatInstant, formatInstantTime, formatKilometres } from '~/utils/format'
import {
  flightViews,
  flightViewSettings,
  type FlightView,
  type FlightViewSettings,
} from '~/flights/flight-view.server'
import { followedStatuses } from '~/flights/follow-flights.server'
import type { RideCar, RideFlight, RideStatus } from './ride-status'
import { positionOfRide, type RidePosition } from '~/dispatch/positions.server'
import { placeById } from '~/domain/places/gazetteer'
import { getEnv } from '~/config/env.server'
import { distanceToGo, kilometres, positionIsStale } from '~/domain/dispatch/car-position'

/**
 * Reads a booking's ride status (see ride-status.ts): the ride page, the
 * shared page and the small status resource the pages poll all read it here,
 * so they say the same.
 */

/**
 * The latest refund of the payment that paid the booking (a second charge's
 * refund is not its story), or null when none was asked for.
 */
export async function bookingRefund(executor: Executor, booking: BookingRow) {
  if (!booking.payment_id) return null
  const refund = await executor
    .selectFrom('payment_refunds')
    .innerJoin('payment_attempts', 'payment_attempts.id', 'payment_refunds.attempt_id')
    .select([
      'payment_refunds.status',
      'payment_refunds.finished_at',
      'payment_refunds.amount_minor',
    ])
    .where('payment_refunds.booking_id', '=', booking.id)
    .where('payment_attempts.payment_id', '=', booking.payment_id)
    .orderBy('payment_refunds.id', 'desc')
    .executeTakeFirst()
  return refund
    ? { status: refund.status, at: refund.finished_at, amountMinor: refund.amount_minor }
    : null
}

export async function rideStatus(
  executor: Executor,
  booking: BookingRow,
  language: Language,
  flightSettings: FlightViewSettings = flightViewSettings(),
): Promise<RideStatus> {
  const [events, assignment, refund, flights, position] = await Promise.all([
    executor
      .selectFrom('booking_events')
      .select(['from_status', 'to_status', 'created_at'])
      .where('booking_id', '=', booking.id)
      .orderBy('id')
      .execute(),
    currentAssignment(executor, booking.id),
    bookingRefund(executor, booking),
    flightViews(executor, [booking], language, flightSettings),
    positionOfRide(executor, booking),
  ])
  const timeline = rideTimeline({
    status: booking.status,
    confirmedAt: booking.confirmed_at,
    events: events.map((event) => ({
      from: event.from_status,
      to: event.to_status,
      at: event.created_at,
    })),
    assignedAt: assignment?.assignedAt ?? null,
    refund,
  })
  const ended = rideEnded(booking.status)
  return {
    status: booking.status,
    ended,
    timeline: timeline.map((entry) => ({
      ...entry,
      time: entry.at ? formatInstant(entry.at, language) : null,
    })),
    // Who comes, until the booking is cancelled; how to reach them, until the ride ends.
    driver:
      assignment && booking.status !== 'cancelled'
        ? {
            name: assignment.driver.name,
            contact: rideContact(assignment.driver.phone, ended),
            car: assignment.vehicle.make_model,
            colour: assignment.vehicle.colour,
            plate: displayPlate(assignment.vehicle.plate),
          }
        : null,
    // Until the traveller is on board: the landing no longer decides anything then.
    flight: (followedStatuses as readonly string[]).includes(booking.status)
      ? rideFlight(flights.get(booking.id))
      : null,
    car: assignment && position ? rideCar(booking, position, language) : null,
  }
}

/**
 * The car's distance to the pickup as the traveller is told it: an estimate
 * from the straight line (docs/dispatch.md, "The car on a map"), with the
 * time its position was sent.
 */
function rideCar(booking: BookingRow, position: RidePosition, language: Language): RideCar | null {
  const pickup = placeById(booking.pickup_place_id)
  if (!pickup) return null
  const env = getEnv()
  const car = { lat: position.lat, lng: position.lng }
  const away = distanceToGo(car, pickup, env.ROAD_FACTOR)
  return {
    km: formatKilometres(kilometres(away.metres), language),
    minutes: away.minutes,
    atPickup: away.atPickup,
    at: formatInstantTime(position.recorded_at, language),
    stale: positionIsStale(position.recorded_at, new Date()),
    map: env.GOOGLE_MAPS_BROWSER_KEY ? { car, pickup: { lat: pickup.lat, lng: pickup.lng } } : null,
  }
}

/**
 * What the traveller is told of their flight. A flight with no landing time
 * yet, or one the provider does not know, says nothing: the office sorts
 * out a wrong number, and a line without a time would only worry them.
 */
function rideFlight(view: FlightView | undefined): RideFlight | null {
  if (!view) return null
  const line =
    view.line === 'enRoute'
      ? 'expected'
      : view.line === 'noTime' || view.line === 'unknown'
        ? null
        : view.line
  if (!line) return null
  return {
    ident: view.ident,
    line,
    landing: line === 'landed' ? view.actualLanding : view.expectedLanding,
    pickup: view.expectedPickup ?? view.bookedPickup,
    freeWaitingEnds: view.freeWaitingEnds,
    checkedAt: view.checkedAt,
  }
}
