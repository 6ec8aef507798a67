import type { Executor } from '~/booking/booking-store.server'
import type { DatabaseHandle } from '~/db/connect.server'
import { writeTransaction } from '~/db/write.server'
import type { RidePositionsTable } from '~/db/schema'
import { sharesPosition, SHARING_STATUSES, type Coordinates } from '~/domain/dispatch/car-position'
import { driverOfAccount } from './drivers.server'
import { lockDriversRide } from './ride-steps.server'

/**
 * The car of a ride under way, as its driver's phone reports it
 * (docs/dispatch.md, "The car on a map"): one row per ride, replaced by each
 * report, written only while the ride is on the way or arrived, by the driver
 * the ride is assigned to, and deleted when the ride ends (changeStatus, in
 * the same transaction as the step that ends it).
 */

export type RidePosition = Pick<
  RidePositionsTable,
  'lat' | 'lng' | 'accuracy_m' | 'source' | 'recorded_at'
>

export type PositionOutcome =
  | { kind: 'recorded'; reference: string }
  /** Not this driver's ride, or no such ride: one answer for both. */
  | { kind: 'notYours' }
  /** The ride is not on the way or arrived (not started yet, or ended): nothing is kept. */
  | { kind: 'notSharing' }

export async function recordPosition(
  handle: DatabaseHandle,
  report: {
    accountId: number
    reference: string
    position: Coordinates & { accuracyMetres: number | null }
    source: RidePositionsTable['source']
  },
  now: Date,
): Promise<PositionOutcome> {
  const driver = await driverOfAccount(handle.db, report.accountId)
  if (!driver) return { kind: 'notYours' }
  return writeTransaction(handle, async (trx): Promise<PositionOutcome> => {
    // Locked as a step is: a ride that ends at the same moment deletes its
    // position after this write, never before it.
    const booking = await lockDriversRide(trx, report.reference, driver.id)
    if (!booking) return { kind: 'notYours' }
    if (!sharesPosition(booking.status)) return { kind: 'notSharing' }
    const row = {
      driver_id: driver.id,
      lat: report.position.lat,
      lng: report.position.lng,
      accuracy_m: report.position.accuracyMetres,
      source: report.source,
      recorded_at: now.toISOString(),
    }
    await trx
      .insertInto('ride_positions')
      .values({ booking_id: booking.id, ...row })
      .onConflict((conflict) => conflict.column('booking_id').doUpdateSet(row))
      .execute()
    return { kind: 'recorded', reference: booking.reference }
  })
}

/** The car's latest position for a ride still on the way or arrived, if one was sent. */
export async function positionOfRide(
  executor: Executor,
  booking: { id: string; status: string },
): Promise<RidePosition | null> {
  if (!sharesPosition(booking.status)) return null
  const row = await executor
    .selectFrom('ride_positions')
    .select(['lat', 'lng', 'accuracy_m', 'source', 'recorded_at'])
    .where('booking_id', '=', booking.id)
    .executeTakeFirst()
  return row ?? null
}

/** Each ride on the way or arrived, with its car and driver and the position sent, if any. */
export async function activeRides(executor: Executor) {
  return executor
    .selectFrom('bookings')
    .innerJoin('booking_assignments', 'booking_assignments.booking_id', 'bookings.id')
    .innerJoin('drivers', 'drivers.id', 'booking_assignments.driver_id')
    .innerJoin('vehicles', 'vehicles.id', 'booking_assignments.vehicle_id')
    .leftJoin('ride_positions', 'ride_positions.booking_id', 'bookings.id')
    .selectAll('bookings')
    .select([
      'drivers.name as driver_name',
      'drivers.phone as driver_phone',
      'vehicles.make_model as vehicle_model',
      'vehicles.plate as vehicle_plate',
      'ride_positions.lat as position_lat',
      'ride_positions.lng as position_lng',
      'ride_positions.accuracy_m as position_accuracy',
      'ride_positions.source as position_source',
      'ride_positions.recorded_at as position_at',
    ])
    .where('bookings.status', 'in', [...SHARING_STATUSES])
    .orderBy('bookings.trip_date')
    .orderBy('bookings.trip_time')
    .execute()
}

/**
 * The maintenance run's sweep: any position whose ride is no longer on the
 * way or arrived (a status changed outside the usual paths), and any not
 * renewed for half a day (a ride left "on the way" by mistake), goes.
 */
export async function removeEndedPositions(executor: Executor, now: Date): Promise<number> {
  const staleBefore = new Date(now.getTime() - POSITION_KEPT_UNRENEWED_HOURS * 3_600_000)
  const result = await executor
    .deleteFrom('ride_positions')
    .where((eb) =>
      eb.or([
        eb('recorded_at', '<', staleBefore.toISOString()),
        eb(
          'booking_id',
          'not in',
          eb
            .selectFrom('bookings')
            .select('id')
            .where('status', 'in', [...SHARING_STATUSES]),
        ),
      ]),
    )
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}

/** A position not renewed for this long belongs to a ride nobody closed. */
const POSITION_KEPT_UNRENEWED_HOURS = 12
