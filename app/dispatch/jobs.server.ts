import { driverJobStatuses } from '~/domain/booking/status'
import type { Executor } from '~/booking/booking-store.server'
import type { BookingRow } from '~/db/schema'
import { addDays, BOOKING_WINDOW_DAYS } from '~/domain/booking-window'
import { RETURN_WITHIN_DAYS } from '~/domain/return-search'
import { pickupCalendarDate } from '~/domain/trip-search'

export interface DriverJob {
  booking: BookingRow
  /** A return ride: the trip's reference (its outbound's), the one on the traveller's voucher. */
  returnOf: string | null
  vehicle: { make_model: string; plate: string; colour: string | null }
  extras: { code: string; quantity: number }[]
}

/**
 * How far ahead a driver's list reaches: every ride that can be booked, a
 * return ride included (it may be a month after an outbound three weeks
 * ahead), so a job given or accepted is always on the driver's page.
 */
export const JOBS_AHEAD_DAYS = BOOKING_WINDOW_DAYS + RETURN_WITHIN_DAYS + 1

/**
 * A driver's confirmed jobs picked up from `today` (Istanbul) for the next
 * days, in pickup order, each with its vehicle and extras. Only this driver's
 * own assignments are read: the query is the access rule.
 */
export async function jobsOfDriver(
  executor: Executor,
  driverId: number,
  today: string,
): Promise<DriverJob[]> {
  const rows = await executor
    .selectFrom('booking_assignments')
    .innerJoin('bookings', 'bookings.id', 'booking_assignments.booking_id')
    .innerJoin('vehicles', 'vehicles.id', 'booking_assignments.vehicle_id')
    .leftJoin('bookings as outbound', 'outbound.id', 'bookings.outbound_booking_id')
    .selectAll('bookings')
    .select([
      'vehicles.make_model as vehicle_make_model',
      'vehicles.plate as vehicle_plate',
      'vehicles.colour as vehicle_colour',
      'outbound.reference as outbound_reference',
    ])
    .where('booking_assignments.driver_id', '=', driverId)
    .where('bookings.status', 'in', driverJobStatuses)
    // A '00:00' trip stored on the day before is picked up today.
    .where('bookings.trip_date', '>=', addDays(today, -1))
    .where('bookings.trip_date', '<=', addDays(today, JOBS_AHEAD_DAYS))
    .orderBy('bookings.trip_date')
    .orderBy('bookings.trip_time')
    .orderBy('bookings.reference')
    .execute()
  const upcoming = rows.filter((row) => pickupCalendarDate(row.trip_date, row.trip_time) >= today)
  // Midnight pickups belong to the next day; keep the day order after moving them.
  upcoming.sort((a, b) => {
    const day = (row: BookingRow) => pickupCalendarDate(row.trip_date, row.trip_time)
    return day(a).localeCompare(day(b))
  })
  const extras =
    upcoming.length === 0
      ? []
      : await executor
          .selectFrom('booking_extras')
          .select(['booking_id', 'code', 'quantity'])
          .where(
            'booking_id',
            'in',
            upcoming.map((row) => row.id),
          )
          .orderBy('id')
          .execute()
  return upcoming.map(
    ({ vehicle_make_model, vehicle_plate, vehicle_colour, outbound_reference, ...booking }) => ({
      booking,
      returnOf: outbound_reference,
      vehicle: { make_model: vehicle_make_model, plate: vehicle_plate, colour: vehicle_colour },
      extras: extras
        .filter((extra) => extra.booking_id === booking.id)
        .map((extra) => ({ code: extra.code, quantity: extra.quantity })),
    }),
  )
}
