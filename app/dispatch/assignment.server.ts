import type { Executor } from '~/booking/booking-store.server'
import { lockBooking } from '~/booking/booking-store.server'
import type { DatabaseHandle } from '~/db/connect.server'
import type { BookingRow } from '~/db/schema'
import { writeTransaction } from '~/db/write.server'
import { addDays } from '~/domain/booking-window'
import { isAwaitingRide, paidStatuses } from '~/domain/booking/status'
import {
  busyWindow,
  capacityShortfall,
  displayPlate,
  servesClass,
  tripsOverlap,
  tripTiming,
  warningsFingerprint,
  type AssignmentWarning,
} from '~/domain/dispatch/rules'
import { changedFields } from '~/domain/staff/audit-actions'
import type { OffDuty } from '~/domain/dispatch/working-hours'
import { recordStaffAction } from '~/audit/audit.server'
import { findDriver, lockDriver, type DriverRow } from './drivers.server'
import { findVehicle, lockVehicle, type VehicleRow } from './vehicles.server'
import { driverDuty } from './driver-hours.server'
import { queueDriverDetailsMail, queueDriverDetailsTexts } from './traveller-mail.server'

/**
 * Giving a booking its driver and vehicle. Every change locks the booking,
 * checks the version the dispatcher saw, writes the assignment, its audit row
 * and the traveller's e-mail in one transaction. The booking's own status is
 * not touched: an assignment is a fact beside it.
 */

export interface AssignedPair {
  driver: DriverRow
  vehicle: VehicleRow
}

export interface AssignmentRecord extends AssignedPair {
  version: number
  assignedAt: string
  assignedByName: string
}

/** The version a booking's assignment is at: 0 before the first one. */
export async function assignmentVersion(executor: Executor, bookingId: string): Promise<number> {
  const row = await executor
    .selectFrom('booking_assignments')
    .select('version')
    .where('booking_id', '=', bookingId)
    .executeTakeFirst()
  return row?.version ?? 0
}

/** Who drives a booking and in what, if anyone does. */
export async function currentAssignment(
  executor: Executor,
  bookingId: string,
): Promise<AssignmentRecord | undefined> {
  const row = await executor
    .selectFrom('booking_assignments')
    .innerJoin('staff_accounts', 'staff_accounts.id', 'booking_assignments.assigned_by')
    .select([
      'booking_assignments.driver_id',
      'booking_assignments.vehicle_id',
      'booking_assignments.version',
      'booking_assignments.updated_at',
      'staff_accounts.name',
    ])
    .where('booking_assignments.booking_id', '=', bookingId)
    .executeTakeFirst()
  if (!row || row.driver_id === null || row.vehicle_id === null) return undefined
  const [driver, vehicle] = await Promise.all([
    findDriver(executor, row.driver_id),
    findVehicle(executor, row.vehicle_id),
  ])
  if (!driver || !vehicle) return undefined
  return {
    driver,
    vehicle,
    version: row.version,
    assignedAt: row.updated_at,
    assignedByName: row.name,
  }
}

/** A vehicle as the audit log and the pages name it: make and model, and plate. */
export function vehicleLabel(vehicle: Pick<VehicleRow, 'make_model' | 'plate'>): string {
  return `${vehicle.make_model} (${displayPlate(vehicle.plate)})`
}

/**
 * The time a ride occupies its driver for their working hours and time off:
 * from the pickup to its estimated end (rideMinutes, as the overlap check
 * reads it), without the buffer, which is the way to the next job.
 */
export function rideOccupancy(booking: Parameters<typeof tripTiming>[0]): {
  start: number
  end: number
} {
  return busyWindow(tripTiming(booking), 0)
}

/** Trips this far apart cannot overlap: no estimate runs for days. */
const OVERLAP_SEARCH_DAYS = 3

/**
 * What may be wrong with giving this booking this driver and vehicle: another
 * paid booking (not cancelled) of the same driver or vehicle whose busy time
 * overlaps this one's, and a vehicle with fewer seats or less luggage room
 * than the booking needs.
 */
export async function assignmentWarnings(
  executor: Executor,
  booking: BookingRow,
  pair: { driverId: number; vehicle: VehicleRow },
  bufferMinutes: number,
): Promise<AssignmentWarning[]> {
  const others = await executor
    .selectFrom('booking_assignments')
    .innerJoin('bookings', 'bookings.id', 'booking_assignments.booking_id')
    .select([
      'bookings.reference',
      'bookings.trip_date',
      'bookings.trip_time',
      'bookings.distance_km',
      'bookings.route_minutes',
      'bookings.ride_mode',
      'bookings.hire_hours',
      'booking_assignments.driver_id',
      'booking_assignments.vehicle_id',
    ])
    .where('booking_assignments.booking_id', '!=', booking.id)
    .where((eb) =>
      eb.or([
        eb('booking_assignments.driver_id', '=', pair.driverId),
        eb('booking_assignments.vehicle_id', '=', pair.vehicle.id),
      ]),
    )
    .where('bookings.status', 'in', paidStatuses)
    .where('bookings.trip_date', '>=', addDays(booking.trip_date, -OVERLAP_SEARCH_DAYS))
    .where('bookings.trip_date', '<=', addDays(booking.trip_date, OVERLAP_SEARCH_DAYS))
    .orderBy('bookings.trip_date')
    .orderBy('bookings.trip_time')
    .orderBy('bookings.reference')
    .execute()
  const trip = tripTiming(booking)
  const warnings: AssignmentWarning[] = []
  for (const other of others) {
    if (!tripsOverlap(trip, tripTiming(other), bufferMinutes)) continue
    const when = {
      reference: other.reference,
      tripDate: other.trip_date,
      tripTime: other.trip_time,
    }
    if (other.driver_id === pair.driverId) warnings.push({ kind: 'driverOverlap', ...when })
    if (other.vehicle_id === pair.vehicle.id) warnings.push({ kind: 'vehicleOverlap', ...when })
  }
  const shortfall = capacityShortfall(pair.vehicle, {
    passengers: booking.passenger_count,
    luggage: booking.luggage_count,
  })
  if (shortfall.seats) {
    warnings.push({
      kind: 'seats',
      seats: pair.vehicle.seats,
      passengers: booking.passenger_count ?? 1,
    })
  }
  if (shortfall.luggage) {
    warnings.push({
      kind: 'luggage',
      luggage: pair.vehicle.luggage,
      bags: booking.luggage_count ?? 0,
    })
  }
  return warnings
}

export interface AssignRequest {
  bookingId: string
  driverId: number
  vehicleId: number
  /** The assignment version the dispatcher's form was built from. */
  expectedVersion: number
  /** The fingerprint of the warnings the dispatcher saw and accepted ("assign anyway"). */
  acknowledged: string | null
  staffAccountId: number
  bufferMinutes: number
}

export type AssignRefusal =
  /** Only a confirmed booking (paid, not yet driven or cancelled) gets a driver. */
  | 'notAssignable'
  | 'driverUnavailable'
  | 'vehicleUnavailable'
  /** The vehicle's class is below the one booked. */
  | 'vehicleClass'

export type AssignOutcome =
  | {
      kind: 'assigned'
      version: number
      mailId: number | undefined
      /** The texts to the traveller and the driver, to send with the e-mail. */
      textIds: (number | undefined)[]
    }
  | { kind: 'unchanged' }
  | { kind: 'warnings'; warnings: AssignmentWarning[]; fingerprint: string }
  /** Someone changed the assignment since the form was shown. */
  | { kind: 'stale' }
  | { kind: 'refused'; refusal: AssignRefusal }
  /**
   * The driver does not work at some moment of the ride, or is off then
   * (docs/dispatch.md, "Working hours and time off"): refused, never "anyway".
   */
  | { kind: 'offDuty'; driverName: string; duty: OffDuty }

export async function assignBooking(
  handle: DatabaseHandle,
  request: AssignRequest,
  now: Date,
): Promise<AssignOutcome> {
  return writeTransaction(handle, async (trx): Promise<AssignOutcome> => {
    const booking = await lockBooking(trx, request.bookingId)
    if (!booking || !isAwaitingRide(booking.status)) {
      return { kind: 'refused', refusal: 'notAssignable' }
    }
    const version = await assignmentVersion(trx, booking.id)
    if (version !== request.expectedVersion) return { kind: 'stale' }
    const current = await currentAssignment(trx, booking.id)
    // Locked, the driver first, always: two rides given the same driver or vehicle at
    // once look for overlaps one after the other.
    const driver = await lockDriver(trx, request.driverId)
    const vehicle = await lockVehicle(trx, request.vehicleId)
    if (!driver?.active) return { kind: 'refused', refusal: 'driverUnavailable' }
    if (!vehicle?.active) return { kind: 'refused', refusal: 'vehicleUnavailable' }
    if (!servesClass(vehicle.class_code, booking.vehicle_class)) {
      return { kind: 'refused', refusal: 'vehicleClass' }
    }
    if (current?.driver.id === driver.id && current.vehicle.id === vehicle.id) {
      return { kind: 'unchanged' }
    }
    // Read with the driver's row locked: a change of their hours waits, or went first.
    const duty = await driverDuty(trx, driver.id, rideOccupancy(booking))
    if (!duty.onDuty) return { kind: 'offDuty', driverName: driver.name, duty }
    const warnings = await assignmentWarnings(
      trx,
      booking,
      { driverId: driver.id, vehicle },
      request.bufferMinutes,
    )
    const fingerprint = warningsFingerprint(warnings)
    // Warnings stop the assignment until the dispatcher accepts these very ones.
    if (warnings.length > 0 && fingerprint !== request.acknowledged) {
      return { kind: 'warnings', warnings, fingerprint }
    }
    return writeAssignment(
      trx,
      {
        booking,
        version,
        current,
        driver,
        vehicle,
        byAccountId: request.staffAccountId,
        action: 'booking.assigned',
        // The warnings accepted with "assign anyway", so the log shows them.
        note: fingerprint ? { warnings: fingerprint } : {},
      },
      now,
    )
  })
}

/**
 * Writes a booking's new driver and vehicle, as a dispatcher's assignment or
 * a driver's accepted offer: the assignment row at its next version, its
 * audit row, the traveller's e-mail and texts and the driver's SMS. Any offer
 * of the ride still open is then `taken`: the ride has its driver. The
 * booking is locked and its version checked by the caller.
 */
export async function writeAssignment(
  trx: Executor,
  change: {
    booking: BookingRow
    /** The version read under the booking's lock. */
    version: number
    current: AssignmentRecord | undefined
    driver: DriverRow
    vehicle: VehicleRow
    /** Who made the change: the dispatcher, or the driver who accepted. */
    byAccountId: number
    action: 'booking.assigned' | 'booking.offer_accepted'
    /** What the audit row adds to the change itself. */
    note: Record<string, string | number>
  },
  now: Date,
): Promise<Extract<AssignOutcome, { kind: 'assigned' }>> {
  const { booking, version, current, driver, vehicle } = change
  const at = now.toISOString()
  const next = version + 1
  const values = {
    driver_id: driver.id,
    vehicle_id: vehicle.id,
    version: next,
    assigned_by: change.byAccountId,
    updated_at: at,
  }
  if (version === 0) {
    await trx
      .insertInto('booking_assignments')
      .values({ booking_id: booking.id, ...values, assigned_at: at })
      .execute()
  } else {
    await trx
      .updateTable('booking_assignments')
      .set(values)
      .where('booking_id', '=', booking.id)
      .where('version', '=', version)
      .execute()
  }
  // The other drivers' offers are taken; one to this driver, given the ride by hand, is void.
  await trx
    .updateTable('job_offers')
    .set({ status: 'taken', answered_at: at })
    .where('booking_id', '=', booking.id)
    .where('status', '=', 'open')
    .where('driver_id', '!=', driver.id)
    .execute()
  await trx
    .updateTable('job_offers')
    .set({ status: 'withdrawn', answered_at: at })
    .where('booking_id', '=', booking.id)
    .where('status', '=', 'open')
    .execute()
  const changes = changedFields(
    {
      driver: current?.driver.name ?? null,
      vehicle: current ? vehicleLabel(current.vehicle) : null,
    },
    { driver: driver.name, vehicle: vehicleLabel(vehicle) },
  )
  await recordStaffAction(
    trx,
    {
      accountId: change.byAccountId,
      action: change.action,
      bookingId: booking.id,
      before: changes.before,
      after: { ...changes.after, ...change.note },
    },
    now,
  )
  const mailId = await queueDriverDetailsMail(
    trx,
    booking,
    { driver, vehicle },
    'assignment',
    `assignment:${booking.id}:${next}`,
    now,
  )
  const textIds = await queueDriverDetailsTexts(
    trx,
    booking,
    { driver, vehicle },
    'assignment',
    `${booking.id}:${next}`,
    now,
  )
  return { kind: 'assigned', version: next, mailId, textIds }
}

export type UnassignOutcome =
  | { kind: 'unassigned'; mailId: number | undefined; textIds: (number | undefined)[] }
  | { kind: 'stale' }
  | { kind: 'notAssigned' }

/**
 * Takes the driver and vehicle off a booking (the row stays, its version
 * grows). A traveller still waiting for the ride is told, so they do not
 * look out for the car they were sent.
 */
export async function unassignBooking(
  handle: DatabaseHandle,
  request: { bookingId: string; expectedVersion: number; staffAccountId: number },
  now: Date,
): Promise<UnassignOutcome> {
  return writeTransaction(handle, async (trx): Promise<UnassignOutcome> => {
    const booking = await lockBooking(trx, request.bookingId)
    if (!booking) return { kind: 'notAssigned' }
    const version = await assignmentVersion(trx, booking.id)
    if (version !== request.expectedVersion) return { kind: 'stale' }
    const current = await currentAssignment(trx, booking.id)
    if (!current) return { kind: 'notAssigned' }
    // The car taken off the ride is no longer the traveller's to see.
    await trx.deleteFrom('ride_positions').where('booking_id', '=', booking.id).execute()
    await trx
      .updateTable('booking_assignments')
      .set({
        driver_id: null,
        vehicle_id: null,
        version: version + 1,
        assigned_by: request.staffAccountId,
        updated_at: now.toISOString(),
      })
      .where('booking_id', '=', booking.id)
      .where('version', '=', version)
      .execute()
    await recordStaffAction(
      trx,
      {
        accountId: request.staffAccountId,
        action: 'booking.unassigned',
        bookingId: booking.id,
        before: { driver: current.driver.name, vehicle: vehicleLabel(current.vehicle) },
        after: { driver: null, vehicle: null },
      },
      now,
    )
    const mailId = isAwaitingRide(booking.status)
      ? await queueDriverDetailsMail(
          trx,
          booking,
          null,
          'withdrawn',
          `unassignment:${booking.id}:${version + 1}`,
          now,
        )
      : undefined
    const textIds = isAwaitingRide(booking.status)
      ? await queueDriverDetailsTexts(
          trx,
          booking,
          null,
          'withdrawn',
          `unassignment:${booking.id}:${version + 1}`,
          now,
        )
      : []
    return { kind: 'unassigned', mailId, textIds }
  })
}
