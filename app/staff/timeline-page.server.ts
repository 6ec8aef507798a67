import { getDatabase } from '~/db/db.server'
import { addDays, istanbulDate } from '~/domain/booking-window'
import { paidStatuses } from '~/domain/booking/status'
import { busyWindow, displayPlate, tripTiming } from '~/domain/dispatch/rules'
import { istanbulInstant } from '~/domain/dispatch/working-hours'
import {
  barsOfDay,
  DAY_MINUTES,
  freeGaps,
  minuteText,
  type TimelineBar,
} from '~/domain/dispatch/timeline'
import { rolesThatMay } from '~/domain/staff/roles'
import { rideLine } from '~/booking/ride-label'
import { overbookedBookings } from '~/capacity/capacity.server'
import { formatDate } from '~/utils/format'
import { pageContext } from '~/utils/page-context.server'
import { requireStaff } from './guard.server'
import { boardDay, placeText, staffMeta } from './ops-pages.server'
import type { Context } from './dispatch-shared.server'
import { classTitles } from './dispatch-shared.server'

/**
 * The day at a glance, /ops/timeline (docs/dispatch.md): every vehicle and
 * every driver as a row of the day's 24 hours, each ride a bar from its
 * pickup to its estimated end, rides without a car in a row of their own,
 * and rides the fleet has no car for (overbooked) in red. Read only, drawn
 * by the server as positioned boxes: readable without JavaScript, printable.
 */

interface DayRide {
  reference: string
  start: number
  end: number
  time: string
  route: string
  driver: string | null
  vehicle: string | null
  vehicleClass: string
  overbooked: boolean
}

export async function timelinePageData(context: Context, request: Request) {
  await requireStaff(request, rolesThatMay('bookings.view'))
  const { t, language } = pageContext(context, request)
  const now = new Date()
  const day = boardDay(request, now)
  const dayStart = istanbulInstant(day, '00:00').getTime()
  const handle = await getDatabase()
  const classTitle = classTitles(context, request)
  // Rides of the day before too: one late in the evening may still be on the road after midnight.
  const [rows, vehicles, drivers, overbooked] = await Promise.all([
    handle.db
      .selectFrom('bookings')
      .leftJoin('booking_assignments', 'booking_assignments.booking_id', 'bookings.id')
      .leftJoin('drivers', 'drivers.id', 'booking_assignments.driver_id')
      .leftJoin('vehicles', 'vehicles.id', 'booking_assignments.vehicle_id')
      .select([
        'bookings.id',
        'bookings.reference',
        'bookings.trip_date',
        'bookings.trip_time',
        'bookings.distance_km',
        'bookings.route_minutes',
        'bookings.ride_mode',
        'bookings.hire_hours',
        'bookings.vehicle_class',
        'bookings.pickup_place_id',
        'bookings.pickup_text',
        'bookings.destination_place_id',
        'bookings.destination_text',
        'booking_assignments.driver_id',
        'booking_assignments.vehicle_id',
        'drivers.name as driver_name',
        'vehicles.plate as vehicle_plate',
      ])
      .where('bookings.status', 'in', paidStatuses)
      .where('bookings.trip_date', '>=', addDays(day, -1))
      .where('bookings.trip_date', '<=', day)
      .execute(),
    handle.db
      .selectFrom('vehicles')
      .select(['id', 'plate', 'make_model', 'class_code', 'active'])
      .orderBy('class_code')
      .orderBy('plate')
      .execute(),
    handle.db
      .selectFrom('drivers')
      .select(['id', 'name', 'active'])
      .orderBy('name')
      .orderBy('id')
      .execute(),
    overbookedBookings(handle.db, { from: addDays(day, -1), to: day }, now),
  ])
  const rides = rows.map((row) => {
    const window = busyWindow(tripTiming(row), 0)
    const ride: DayRide & { driverId: number | null; vehicleId: number | null } = {
      reference: row.reference,
      start: window.start,
      end: window.end,
      time: row.trip_time,
      route: rideLine(t, {
        from: placeText(row.pickup_place_id, row.pickup_text, language),
        to: placeText(row.destination_place_id, row.destination_text, language),
        hire: row.ride_mode === 'hourly' && row.hire_hours ? { hours: row.hire_hours } : null,
      }),
      driver: row.driver_name,
      vehicle: row.vehicle_plate ? displayPlate(row.vehicle_plate) : null,
      vehicleClass: classTitle(row.vehicle_class),
      overbooked: overbooked.has(row.id),
      driverId: row.driver_id,
      vehicleId: row.vehicle_id,
    }
    return ride
  })
  // Only the rides on the road some moment of this day (the day before's late ones included).
  const ridesOfDay = rides.filter((ride) => barsOfDay([ride], dayStart).length > 0)
  /** A car's or driver's row: its bars, and its free stretches in words. */
  const row = (key: string, name: string, ridesOfRow: typeof rides, active: boolean) => {
    const bars = barsOfDay(ridesOfRow, dayStart)
    return {
      key,
      label: active ? name : t('ops.timeline.inactive', { label: name }),
      bars: bars.map(barView),
      free: freeGaps(bars).map((gap) => ({
        from: minuteText(gap.fromMinute),
        to: minuteText(gap.toMinute),
      })),
    }
  }
  // Inactive cars and drivers are shown only when they still have a ride that day.
  const vehicleRows = vehicles
    .filter(
      (vehicle) => vehicle.active === 1 || ridesOfDay.some((ride) => ride.vehicleId === vehicle.id),
    )
    .map((vehicle) =>
      row(
        `vehicle-${vehicle.id}`,
        t('ops.timeline.vehicleRow', {
          plate: displayPlate(vehicle.plate),
          makeModel: vehicle.make_model,
          class: classTitle(vehicle.class_code),
        }),
        ridesOfDay.filter((ride) => ride.vehicleId === vehicle.id),
        vehicle.active === 1,
      ),
    )
  const driverRows = drivers
    .filter(
      (driver) => driver.active === 1 || ridesOfDay.some((ride) => ride.driverId === driver.id),
    )
    .map((driver) =>
      row(
        `driver-${driver.id}`,
        driver.name,
        ridesOfDay.filter((ride) => ride.driverId === driver.id),
        driver.active === 1,
      ),
    )
  // Each ride without a car on a row of its own: they may overlap, and each needs one.
  const withoutVehicle = barsOfDay(
    ridesOfDay.filter((ride) => ride.vehicleId === null),
    dayStart,
  ).map((bar) => ({
    key: bar.ride.reference,
    label: bar.ride.reference,
    bars: [barView({ ...bar, clashes: false })],
    free: null,
  }))
  const title = t('ops.timeline.heading', { date: formatDate(day, language) })
  return {
    meta: staffMeta(context, request, title),
    heading: title,
    day,
    previous: addDays(day, -1),
    next: addDays(day, 1),
    today: istanbulDate(now),
    hours: Array.from({ length: 24 / 3 + 1 }, (_, index) => minuteText(index * 180)),
    vehicleRows,
    driverRows,
    withoutVehicle,
    overbookedCount: ridesOfDay.filter((ride) => ride.overbooked).length,
  }
}

/** A bar as the page draws it: where (in per cent of the day) and what it says. */
function barView(bar: TimelineBar<DayRide>) {
  return {
    reference: bar.ride.reference,
    left: (bar.fromMinute / DAY_MINUTES) * 100,
    width: (Math.max(bar.toMinute - bar.fromMinute, 5) / DAY_MINUTES) * 100,
    from: minuteText(bar.fromMinute),
    to: minuteText(bar.toMinute),
    cutBefore: bar.cutBefore,
    cutAfter: bar.cutAfter,
    time: bar.ride.time,
    route: bar.ride.route,
    driver: bar.ride.driver,
    vehicle: bar.ride.vehicle,
    vehicleClass: bar.ride.vehicleClass,
    overbooked: bar.ride.overbooked,
    clashes: bar.clashes,
  }
}
