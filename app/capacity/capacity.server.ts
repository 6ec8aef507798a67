import type { Executor } from '~/db/executor'
import type { Kysely, Transaction } from 'kysely'
import type { BookingRow, Database } from '~/db/schema'
import type { CapacityRulesValues } from './capacity-forms'
import { vehicleClassCodes } from '~/domain/booking/vehicle-classes'
import { addDays, istanbulDate, istanbulHour } from '~/domain/booking-window'
import { driverJobStatuses } from '~/domain/booking/status'
import { allowancesInForce, type AllowanceRecord } from './allowances.server'
import { lockCapacity } from './capacity-lock.server'
import { rideMinutes, type RideMode } from '~/domain/booking/ride-mode'
import { isVehicleClassCode, type VehicleClassCode } from '~/domain/booking/vehicle-classes'
import { pickupInstant } from '~/domain/trip-search'
import {
  allowancesFor,
  availability,
  defaultCapacityRules,
  overbooked,
  type Availability,
  type CapacityRide,
  type CapacityRules,
  type DutyDriver,
  type FleetCar,
} from '~/domain/capacity/capacity'
import { istanbulInstant } from '~/domain/dispatch/working-hours'
import { dutyRecords } from '~/dispatch/driver-hours.server'

/**
 * The capacity rules and what holds a car, read from the database for the
 * pure rules of app/domain/capacity/capacity.ts (docs/capacity.md). A car is
 * held by a paid ride not yet driven, and by a booking whose payment page is
 * open (its return leg too): two travellers paying at once cannot both take
 * the last car, since Book Now checks under the capacity lock.
 */

/** A ride to check: its class, pickup as chosen, and length. */
export interface RideToCheck {
  vehicleClass: VehicleClassCode
  date: string
  time: string
  minutes: number
  mode: RideMode
}

/** Days either side of a pickup whose rides can overlap it (no ride lasts a day). */
const NEIGHBOUR_DAYS = 1

export function capacityRideOf(ride: RideToCheck): CapacityRide {
  const at = pickupInstant(ride.date, ride.time)
  return {
    vehicleClass: ride.vehicleClass,
    pickupAt: at.getTime(),
    day: istanbulDate(at),
    hour: istanbulHour(at),
    minutes: ride.minutes,
    hourly: ride.mode === 'hourly',
  }
}

function parsedJson(text: string | undefined): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : {}
  } catch {
    return {}
  }
}

const capValue = (value: unknown) =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null

/** The stored JSON as the rules' shape: unknown classes and values are left out. */
export function rulesOfRow(
  row:
    | {
        fleet_limited: number
        drivers_limited: number
        minimum_notice_minutes: number
        buffer_before_minutes: number
        buffer_after_minutes: number
        upgrades_json: string
        caps_json: string
      }
    | undefined,
): CapacityRulesValues {
  const upgradesJson = parsedJson(row?.upgrades_json) as Record<string, unknown>
  const capsJson = parsedJson(row?.caps_json) as Record<string, unknown>
  const upgrades: CapacityRulesValues['upgrades'] = {}
  const caps: CapacityRulesValues['caps'] = {}
  for (const code of vehicleClassCodes) {
    const listed = upgradesJson[code]
    const others = Array.isArray(listed)
      ? vehicleClassCodes.filter((other) => other !== code && listed.includes(other))
      : []
    if (others.length > 0) upgrades[code] = others
    const cap = capsJson[code] as { perDay?: unknown; perHour?: unknown } | undefined
    const perDay = capValue(cap?.perDay)
    const perHour = capValue(cap?.perHour)
    if (perDay !== null || perHour !== null) caps[code] = { perDay, perHour }
  }
  return {
    fleetLimited: row?.fleet_limited === 1,
    driversLimited: row?.drivers_limited === 1,
    minimumNoticeMinutes: row?.minimum_notice_minutes ?? defaultCapacityRules.minimumNoticeMinutes,
    bufferBeforeMinutes: row?.buffer_before_minutes ?? defaultCapacityRules.bufferBeforeMinutes,
    bufferAfterMinutes: row?.buffer_after_minutes ?? defaultCapacityRules.bufferAfterMinutes,
    upgrades,
    caps,
  }
}

/** The rules in force, with the closed periods not yet over at `now`. */
export async function readCapacityRules(
  executor: Executor,
  now: Date,
): Promise<CapacityRules & { allowances: AllowanceRecord[] }> {
  const row = await executor
    .selectFrom('capacity_settings')
    .selectAll()
    .where('id', '=', 1)
    .executeTakeFirst()
  const closed = await executor
    .selectFrom('closed_periods')
    .selectAll()
    .where('ends_at', '>', now.toISOString())
    .execute()
  return {
    // The page and sales read the row alike: unknown classes and values are left out.
    ...rulesOfRow(row),
    closedPeriods: closed.map((period) => ({
      start: Date.parse(period.starts_at),
      end: Date.parse(period.ends_at),
      reason: { en: period.reason_en, tr: period.reason_tr },
    })),
    allowances: await allowancesInForce(executor, now),
  }
}

/** Whether any rule can refuse a ride: with none, nothing is read and everything is free. */
export function anyLimit(rules: CapacityRules): boolean {
  return (
    rules.fleetLimited ||
    rules.driversLimited ||
    rules.closedPeriods.length > 0 ||
    Object.values(rules.caps).some((cap) => cap?.perDay != null || cap?.perHour != null)
  )
}

interface HeldRow {
  id: string
  status: string
  trip_date: string
  trip_time: string
  vehicle_class: string
  ride_mode: RideMode
  hire_hours: number | null
  distance_km: number
  route_minutes: number | null
  return_date: string | null
  return_time: string | null
  confirmed_at: string | null
}

/** A ride holding a car, with its booking and when that was confirmed (null: still paying). */
export type HeldRide = CapacityRide & { bookingId: string; confirmedAt: string | null }

/**
 * The rides holding a car with a pickup on the days `from`…`to` (and the days
 * either side), `except` a booking being checked itself.
 */
export async function heldRides(
  executor: Executor,
  days: { from: string; to: string },
  now: Date,
  except?: string,
): Promise<HeldRide[]> {
  const first = addDays(days.from, -NEIGHBOUR_DAYS)
  const last = addDays(days.to, NEIGHBOUR_DAYS)
  const columns = [
    'bookings.id',
    'bookings.status',
    'bookings.trip_date',
    'bookings.trip_time',
    'bookings.vehicle_class',
    'bookings.ride_mode',
    'bookings.hire_hours',
    'bookings.distance_km',
    'bookings.route_minutes',
    'bookings.return_date',
    'bookings.return_time',
    'bookings.confirmed_at',
  ] as const
  const paid = await executor
    .selectFrom('bookings')
    .select(columns)
    .where('trip_date', '>=', first)
    .where('trip_date', '<=', last)
    .where('status', 'in', [...driverJobStatuses])
    .execute()
  // A booking on its payment page holds its car, and its return leg's, until the page runs out.
  const paying = await executor
    .selectFrom('bookings')
    .innerJoin('payment_attempts', 'payment_attempts.booking_id', 'bookings.id')
    .select(columns)
    .where('bookings.status', '=', 'awaiting_payment')
    .where('payment_attempts.status', 'in', ['starting', 'initialized'])
    .where('payment_attempts.expires_at', '>', now.toISOString())
    .where((eb) =>
      eb.or([
        eb.and([eb('bookings.trip_date', '>=', first), eb('bookings.trip_date', '<=', last)]),
        eb.and([eb('bookings.return_date', '>=', first), eb('bookings.return_date', '<=', last)]),
      ]),
    )
    .execute()
  const rides: HeldRide[] = []
  for (const row of [...paid, ...paying] as HeldRow[]) {
    if (row.id === except || !isVehicleClassCode(row.vehicle_class)) continue
    const ride = {
      vehicleClass: row.vehicle_class,
      minutes: rideMinutes(row),
      mode: row.ride_mode,
    }
    const booking = { bookingId: row.id, confirmedAt: row.confirmed_at }
    rides.push({
      ...capacityRideOf({ ...ride, date: row.trip_date, time: row.trip_time }),
      ...booking,
    })
    // A paid trip's return ride is a booking of its own, read above; an unpaid one's is here.
    if (row.status === 'awaiting_payment' && row.return_date && row.return_time) {
      rides.push({
        ...capacityRideOf({ ...ride, date: row.return_date, time: row.return_time }),
        ...booking,
      })
    }
  }
  return rides
}

/** The active cars of the fleet, each with its service blocks. */
export async function fleetCars(executor: Executor): Promise<FleetCar[]> {
  const vehicles = await executor
    .selectFrom('vehicles')
    .select(['id', 'class_code'])
    .where('active', '=', 1)
    .execute()
  const blocks = await executor
    .selectFrom('vehicle_blocks')
    .select(['vehicle_id', 'starts_at', 'ends_at'])
    .execute()
  return vehicles.map((vehicle) => ({
    vehicleClass: vehicle.class_code,
    blocked: blocks
      .filter((block) => block.vehicle_id === vehicle.id)
      .map((block) => ({ start: Date.parse(block.starts_at), end: Date.parse(block.ends_at) })),
  }))
}

/**
 * The active drivers with their hours and the time off not over before
 * `from` (ms): the second limit, read only when it is on.
 */
export async function dutyDrivers(executor: Executor, from: number): Promise<DutyDriver[]> {
  const drivers = await executor
    .selectFrom('drivers')
    .select('id')
    .where('active', '=', 1)
    .execute()
  const records = await dutyRecords(
    executor,
    drivers.map((driver) => driver.id),
    { start: from },
  )
  return [...records.values()]
}

/** What a check needs besides the rides checked: the rules, the held rides, the cars, the drivers. */
export interface CapacityPicture {
  rules: CapacityRules
  held: CapacityRide[]
  cars: FleetCar[]
  /** Read only when the drivers limit is on. */
  drivers: DutyDriver[]
}

/**
 * The picture for rides on `days` under these `rules` (read here, or kept
 * for display by the vehicle step): with no rule that can refuse, nothing
 * more is read; the cars and the drivers each only when their limit is on.
 */
export async function pictureUnder(
  executor: Executor,
  rules: CapacityRules,
  days: { from: string; to: string },
  now: Date,
  except?: string,
): Promise<CapacityPicture> {
  if (!anyLimit(rules)) return { rules, held: [], cars: [], drivers: [] }
  const from = istanbulInstant(addDays(days.from, -NEIGHBOUR_DAYS), '00:00').getTime()
  return {
    rules,
    held: await heldRides(executor, days, now, except),
    cars: rules.fleetLimited ? await fleetCars(executor) : [],
    drivers: rules.driversLimited ? await dutyDrivers(executor, from) : [],
  }
}

/** Reads the rules in force, then the picture for rides on `days` under them. */
export async function capacityPicture(
  executor: Executor,
  days: { from: string; to: string },
  now: Date,
  except?: string,
): Promise<CapacityPicture> {
  return pictureUnder(executor, await readCapacityRules(executor, now), days, now, except)
}

/**
 * Whether the rides of one booking (a trip's two legs) can all be sold: the
 * first that cannot answers, each checked beside the others.
 */
export function tripAvailability(picture: CapacityPicture, rides: CapacityRide[]): Availability {
  for (const [index, ride] of rides.entries()) {
    const others = [...picture.held, ...rides.filter((_, other) => other !== index)]
    const answer = availability(ride, others, picture.cars, picture.rules, picture.drivers)
    if (answer.kind !== 'free') return answer
  }
  return { kind: 'free' }
}

type BookingRides = Pick<
  BookingRow,
  | 'vehicle_class'
  | 'trip_date'
  | 'trip_time'
  | 'ride_mode'
  | 'hire_hours'
  | 'distance_km'
  | 'route_minutes'
  | 'return_date'
  | 'return_time'
>

/** The rides a booking sells: its own, and its return leg's on a trip there and back. */
export function bookingRides(booking: BookingRides): CapacityRide[] {
  const ride = {
    vehicleClass: booking.vehicle_class,
    minutes: rideMinutes(booking),
    mode: booking.ride_mode,
  }
  return [
    capacityRideOf({ ...ride, date: booking.trip_date, time: booking.trip_time }),
    ...(booking.return_date && booking.return_time
      ? [capacityRideOf({ ...ride, date: booking.return_date, time: booking.return_time })]
      : []),
  ]
}

/**
 * Whether a booking about to be paid (or charged to an account) can still be
 * sold, checked under the capacity lock inside the caller's write
 * transaction; whatever the caller then writes holds the car for the next check.
 */
export async function bookingAvailabilityUnderLock(
  trx: Kysely<Database> | Transaction<Database>,
  booking: BookingRides & Pick<BookingRow, 'id'>,
  now: Date,
): Promise<Availability> {
  await lockCapacity(trx)
  const rides = bookingRides(booking)
  const days = rides.map((ride) => ride.day).sort()
  const picture = await capacityPicture(trx, { from: days[0]!, to: days.at(-1)! }, now, booking.id)
  return tripAvailability(picture, rides)
}

/** Why staff let a ride be sold over the fleet, when an allowance covers it. */
export type OverbookedRide = { allowance: Pick<AllowanceRecord, 'reason' | 'addedBy'> | null }

/**
 * The bookings picked up on `days` that the fleet cannot drive (sold over it
 * on purpose, or paid late), for the board to flag, each with the allowance
 * staff made for it if one covers its pickup; none while the fleet limit is off.
 */
export async function overbookedBookings(
  executor: Executor,
  days: { from: string; to: string },
  now: Date,
): Promise<Map<string, OverbookedRide>> {
  const rules = await readCapacityRules(executor, now)
  if (!rules.fleetLimited) return new Map()
  const paid = (await heldRides(executor, days, now)).flatMap((ride) =>
    ride.confirmedAt === null
      ? []
      : [{ ...ride, id: ride.bookingId, confirmedAt: ride.confirmedAt }],
  )
  const over = overbooked(paid, await fleetCars(executor), rules)
  return new Map(
    paid
      .filter((ride) => over.has(ride.id))
      .map((ride) => {
        const [allowance] = allowancesFor(ride, rules.allowances)
        return [
          ride.id,
          {
            allowance: allowance ? { reason: allowance.reason, addedBy: allowance.addedBy } : null,
          },
        ]
      }),
  )
}
