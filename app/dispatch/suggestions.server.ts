import type { Executor } from '~/db/executor'
import type { BookingRow } from '~/db/schema'
import { addDays } from '~/domain/booking-window'
import { paidStatuses } from '~/domain/booking/status'
import { busyWindow, servesClass, tripsOverlap, tripTiming } from '~/domain/dispatch/rules'
import { rankSuggestions, type Suggestion } from '~/domain/dispatch/offers'
import { placeById } from '~/domain/places/gazetteer'
import { dutyOfDrivers } from './driver-hours.server'
import { rideOccupancy } from './assignment.server'

/**
 * The drivers the board suggests for a ride, and the automatic mode offers it
 * to in turn (docs/dispatch.md, "Offering a job"): active drivers who can be
 * offered a job (a sign-in of their own, a usual car of the ride's class or
 * better), in working hours for the whole ride, with neither them nor their
 * car busy then, nearest first to the pickup from their previous drop-off.
 */

/** A ride that ended more than this long before the pickup says nothing of where the driver is. */
const PREVIOUS_DROP_OFF_HOURS = 6
/** Jobs this far apart cannot overlap: no estimate runs for days. */
const OVERLAP_SEARCH_DAYS = 3

type RideFacts = Pick<
  BookingRow,
  | 'id'
  | 'trip_date'
  | 'trip_time'
  | 'vehicle_class'
  | 'pickup_place_id'
  | 'distance_km'
  | 'route_minutes'
  | 'ride_mode'
  | 'hire_hours'
>

/** Drivers who could be offered a job at all: the rest cannot open their offers or have no car. */
export async function offerableDrivers(executor: Executor) {
  return executor
    .selectFrom('drivers')
    .innerJoin('vehicles', 'vehicles.id', 'drivers.usual_vehicle_id')
    .innerJoin('staff_accounts', 'staff_accounts.id', 'drivers.staff_account_id')
    .select([
      'drivers.id',
      'drivers.name',
      'drivers.usual_vehicle_id as vehicle_id',
      'vehicles.class_code',
    ])
    .where('drivers.active', '=', 1)
    .where('vehicles.active', '=', 1)
    .where('staff_accounts.disabled_at', 'is', null)
    .orderBy('drivers.id')
    .execute()
}

export async function suggestDrivers(
  executor: Executor,
  ride: RideFacts,
  bufferMinutes: number,
  roadFactor: number,
  /** Read once by a caller suggesting for many rides (the board); read here otherwise. */
  offerable?: Awaited<ReturnType<typeof offerableDrivers>>,
): Promise<Suggestion[]> {
  const drivers = (offerable ?? (await offerableDrivers(executor))).filter((driver) =>
    servesClass(driver.class_code, ride.vehicle_class),
  )
  if (drivers.length === 0) return []
  const occupancy = rideOccupancy(ride)
  const duty = await dutyOfDrivers(
    executor,
    drivers.map((driver) => driver.id),
    occupancy,
  )
  const onDuty = drivers.filter((driver) => duty.get(driver.id)?.onDuty !== false)
  if (onDuty.length === 0) return []
  const jobs = await executor
    .selectFrom('booking_assignments')
    .innerJoin('bookings', 'bookings.id', 'booking_assignments.booking_id')
    .select([
      'booking_assignments.driver_id',
      'booking_assignments.vehicle_id',
      'bookings.trip_date',
      'bookings.trip_time',
      'bookings.distance_km',
      'bookings.route_minutes',
      'bookings.ride_mode',
      'bookings.hire_hours',
      'bookings.destination_place_id',
    ])
    .where('booking_assignments.booking_id', '!=', ride.id)
    .where('bookings.status', 'in', paidStatuses)
    .where('bookings.trip_date', '>=', addDays(ride.trip_date, -OVERLAP_SEARCH_DAYS))
    .where('bookings.trip_date', '<=', addDays(ride.trip_date, OVERLAP_SEARCH_DAYS))
    .where((eb) =>
      eb.or([
        eb(
          'booking_assignments.driver_id',
          'in',
          onDuty.map((driver) => driver.id),
        ),
        eb(
          'booking_assignments.vehicle_id',
          'in',
          onDuty.map((driver) => driver.vehicle_id!),
        ),
      ]),
    )
    .execute()
  const trip = tripTiming(ride)
  const pickupAt = busyWindow(trip, 0).start
  const candidates = onDuty
    .filter(
      (driver) =>
        !jobs.some(
          (job) =>
            (job.driver_id === driver.id || job.vehicle_id === driver.vehicle_id) &&
            tripsOverlap(trip, tripTiming(job), bufferMinutes),
        ),
    )
    .map((driver) => {
      // Their last drop-off before this pickup, if recent enough to say where they are.
      const previous = jobs
        .filter((job) => job.driver_id === driver.id)
        .map((job) => ({ job, end: busyWindow(tripTiming(job), 0).end }))
        .filter(
          ({ end }) => end <= pickupAt && pickupAt - end <= PREVIOUS_DROP_OFF_HOURS * 3_600_000,
        )
        .sort((a, b) => b.end - a.end)[0]
      const placeId = previous?.job.destination_place_id
      return {
        driverId: driver.id,
        name: driver.name,
        comingFrom: placeId === undefined ? null : (placeById(placeId) ?? null),
      }
    })
  return rankSuggestions(candidates, placeById(ride.pickup_place_id), roadFactor)
}
