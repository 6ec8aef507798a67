import { vehicleClassCodes, type VehicleClassCode } from '~/domain/booking/vehicle-classes'
import { dutyFor, type DutyRecord } from '~/domain/dispatch/working-hours'

/**
 * Whether the fleet can drive one more ride: pure, so the vehicle step, Book
 * Now and the partners' on-account charge decide alike (docs/capacity.md).
 *
 * A ride occupies one car from `bufferBefore` before its pickup until it has
 * driven there and back (its minutes twice: the car returns empty) plus
 * `bufferAfter`. At any moment each class's rides need that many cars of
 * their class, or of a class the company lets drive it as an upgrade; the
 * cars at a moment are the active ones not blocked for service. The busiest
 * moments are where a ride's occupancy or a car's service block begins, so
 * those are the ones checked. Counting per moment is what a dispatcher does
 * on a time line: for one class it is exact (rides are intervals), with
 * upgrades it is the usual approximation of booking software.
 */

export interface CapacityRules {
  /** Whether the fleet's cars limit sales (off: only caps and closed periods apply). */
  fleetLimited: boolean
  /** Whether the drivers on duty limit sales too (their working hours and time off). */
  driversLimited: boolean
  /** The least time between a search and its pickup (never below the terms' two hours). */
  minimumNoticeMinutes: number
  bufferBeforeMinutes: number
  bufferAfterMinutes: number
  /** For each class, the classes whose cars may drive its rides too (an upgrade). */
  upgrades: Partial<Record<VehicleClassCode, VehicleClassCode[]>>
  /** Most rides of a class picked up on one day, or in one clock hour; null is no cap. */
  caps: Partial<Record<VehicleClassCode, { perDay: number | null; perHour: number | null }>>
  /** Nothing is sold with a pickup inside these (instants, ms), said with their reason. */
  closedPeriods: ClosedPeriod[]
  /** Rides staff allow beyond the fleet, drivers and caps on purpose. */
  allowances: CapacityAllowance[]
}

/**
 * `extraRides` more rides of a class than the limits allow, for pickups from
 * `start` until `end` (ms): staff decided to sell over capacity then (a car
 * hired from elsewhere, a customer who must be served). Closed periods and
 * the notice still apply.
 */
export interface CapacityAllowance {
  vehicleClass: VehicleClassCode
  start: number
  end: number
  extraRides: number
}

export interface ClosedPeriod {
  start: number
  end: number
  /** Shown to travellers, in their language. */
  reason: Record<string, string>
}

/** A ride as capacity counts it. */
export interface CapacityRide {
  vehicleClass: VehicleClassCode
  /** Pickup instant, ms. */
  pickupAt: number
  /** The Istanbul calendar day and clock hour of the pickup, for the caps. */
  day: string
  hour: number
  /** Minutes the ride lasts: the route's, or the hours hired. */
  minutes: number
  /** Hourly hire ends where it started: the car is not driven back empty. */
  hourly: boolean
}

/** An active driver: their weekly hours (none entered: any time) and their time off. */
export type DutyDriver = DutyRecord

/** A car of the fleet: its class and the periods it is blocked for service. */
export interface FleetCar {
  vehicleClass: VehicleClassCode
  blocked: { start: number; end: number }[]
}

export type Availability =
  | { kind: 'free' }
  | { kind: 'closed'; reason: Record<string, string> }
  | { kind: 'full'; limit: 'fleet' | 'drivers' | 'perDay' | 'perHour' }

export const defaultCapacityRules: CapacityRules = {
  fleetLimited: false,
  driversLimited: false,
  minimumNoticeMinutes: 120,
  bufferBeforeMinutes: 30,
  bufferAfterMinutes: 15,
  upgrades: {},
  caps: {},
  closedPeriods: [],
  allowances: [],
}

const MINUTE = 60_000

/** When a ride takes its car and gives it back, ms. */
export function occupancy(
  ride: CapacityRide,
  rules: CapacityRules,
): { start: number; end: number } {
  const driven = ride.hourly ? ride.minutes : ride.minutes * 2
  return {
    start: ride.pickupAt - rules.bufferBeforeMinutes * MINUTE,
    end: ride.pickupAt + (driven + rules.bufferAfterMinutes) * MINUTE,
  }
}

/**
 * Whether `candidate` can be sold beside the rides already `sold` (which hold
 * their cars: confirmed, or in payment), with these `cars` and `rules`.
 */
export function availability(
  candidate: CapacityRide,
  sold: CapacityRide[],
  cars: FleetCar[],
  rules: CapacityRules,
  drivers: DutyDriver[] = [],
): Availability {
  const closed = rules.closedPeriods.find(
    (period) => candidate.pickupAt >= period.start && candidate.pickupAt < period.end,
  )
  if (closed) return { kind: 'closed', reason: closed.reason }
  const extra = allowedExtraRides(candidate, rules.allowances)
  const cap = rules.caps[candidate.vehicleClass]
  const sameClass = sold.filter((ride) => ride.vehicleClass === candidate.vehicleClass)
  if (cap?.perDay != null) {
    const that = sameClass.filter((ride) => ride.day === candidate.day).length
    if (that + 1 > cap.perDay + extra) return { kind: 'full', limit: 'perDay' }
  }
  if (cap?.perHour != null) {
    const that = sameClass.filter(
      (ride) => ride.day === candidate.day && ride.hour === candidate.hour,
    ).length
    if (that + 1 > cap.perHour + extra) return { kind: 'full', limit: 'perHour' }
  }
  // An allowance counts as that many more cars of the class, each with its
  // driver, free for the whole of the candidate's occupancy.
  const extraCars: FleetCar[] = Array.from({ length: extra }, () => ({
    vehicleClass: candidate.vehicleClass,
    blocked: [],
  }))
  if (rules.fleetLimited && !fleetCanDrive(candidate, sold, [...cars, ...extraCars], rules)) {
    return { kind: 'full', limit: 'fleet' }
  }
  const extraDrivers: DutyDriver[] = Array.from({ length: extra }, () => ({
    hours: [],
    timeOff: [],
  }))
  if (
    rules.driversLimited &&
    !driversCanDrive(candidate, sold, [...drivers, ...extraDrivers], rules)
  ) {
    return { kind: 'full', limit: 'drivers' }
  }
  return { kind: 'free' }
}

/** The allowances covering a ride: of its class, its pickup inside their period. */
export function allowancesFor<Allowance extends CapacityAllowance>(
  ride: Pick<CapacityRide, 'vehicleClass' | 'pickupAt'>,
  allowances: readonly Allowance[],
): Allowance[] {
  return allowances.filter(
    (allowance) =>
      allowance.vehicleClass === ride.vehicleClass &&
      ride.pickupAt >= allowance.start &&
      ride.pickupAt < allowance.end,
  )
}

/** How many rides beyond the limits staff allow at a ride's pickup. */
function allowedExtraRides(ride: CapacityRide, allowances: readonly CapacityAllowance[]) {
  return allowancesFor(ride, allowances).reduce((sum, allowance) => sum + allowance.extraRides, 0)
}

/**
 * The drivers as a second limit, counted like the cars: some driver is on
 * duty for the whole of the candidate's occupancy, and at every moment where
 * it or an overlapping ride begins, the rides then on the road (the candidate
 * among them) are no more than the drivers on duty then. Every class shares
 * the drivers, so a moment already sold over them is full for any ride.
 * Which driver takes which ride is dispatch's matter; like the cars' count it
 * is the usual approximation.
 */
function driversCanDrive(
  candidate: CapacityRide,
  sold: CapacityRide[],
  drivers: DutyDriver[],
  rules: CapacityRules,
): boolean {
  const own = occupancy(candidate, rules)
  if (!drivers.some((driver) => dutyFor(own, driver.hours, driver.timeOff).onDuty)) return false
  const overlapping = sold
    .map((ride) => occupancy(ride, rules))
    .filter((held) => held.start < own.end && held.end > own.start)
  const moments = [own.start, ...overlapping.map((held) => held.start)].filter(
    (moment) => moment >= own.start && moment < own.end,
  )
  for (const moment of moments) {
    const onTheRoad = overlapping.filter((held) => held.start <= moment && held.end > moment).length
    const onDuty = drivers.filter(
      (driver) =>
        dutyFor({ start: moment, end: moment + MINUTE }, driver.hours, driver.timeOff).onDuty,
    ).length
    if (onTheRoad >= onDuty) return false
  }
  return true
}

/**
 * At every moment of the candidate's occupancy, the rides then on the road
 * (the candidate among them) can each have a car.
 */
function fleetCanDrive(
  candidate: CapacityRide,
  sold: CapacityRide[],
  cars: FleetCar[],
  rules: CapacityRules,
): boolean {
  const own = occupancy(candidate, rules)
  const overlapping = sold
    .map((ride) => ({ ride, ...occupancy(ride, rules) }))
    .filter((held) => held.start < own.end && held.end > own.start)
  // A car also goes when its service block begins: those moments are checked too.
  const blockStarts = cars.flatMap((car) => car.blocked.map((block) => block.start))
  const moments = [own.start, ...overlapping.map((held) => held.start), ...blockStarts].filter(
    (moment) => moment >= own.start && moment < own.end,
  )
  for (const moment of moments) {
    const onTheRoad = overlapping
      .filter((held) => held.start <= moment && held.end > moment)
      .map((held) => held.ride)
    const supply = countByClass(
      cars.filter(
        (car) => !car.blocked.some((block) => block.start <= moment && block.end > moment),
      ),
      (car) => car.vehicleClass,
    )
    const byClass = (rides: CapacityRide[]) => countByClass(rides, (ride) => ride.vehicleClass)
    // Rides sold over capacity already (a staff overbooking) do not make other classes
    // full: the candidate fits when it raises the number of rides that have a car.
    const before = ridesWithACar(byClass(onTheRoad), supply, rules.upgrades)
    const after = ridesWithACar(byClass([candidate, ...onTheRoad]), supply, rules.upgrades)
    if (after === before) return false
  }
  return true
}

function countByClass<T>(items: T[], classOf: (item: T) => VehicleClassCode) {
  const counts = Object.fromEntries(vehicleClassCodes.map((code) => [code, 0])) as Record<
    VehicleClassCode,
    number
  >
  for (const item of items) counts[classOf(item)] += 1
  return counts
}

/**
 * How many of the rides (by class) can have a car (by class) at once, a ride
 * taking a car of its own class or of an upgrade class: a maximum matching
 * on a graph of four classes a side, found by augmenting paths.
 */
export function ridesWithACar(
  demand: Record<VehicleClassCode, number>,
  supply: Record<VehicleClassCode, number>,
  upgrades: CapacityRules['upgrades'],
): number {
  const left = { ...supply }
  // assigned[ride class][car class]: how many rides of one class have a car of the other.
  const assigned = Object.fromEntries(
    vehicleClassCodes.map((code) => [code, countByClass([], () => code)]),
  ) as Record<VehicleClassCode, Record<VehicleClassCode, number>>
  const carsFor = (code: VehicleClassCode) => [code, ...(upgrades[code] ?? [])]

  /** Finds a car for one ride of `rideClass`, moving other rides to other cars if need be. */
  const place = (rideClass: VehicleClassCode, seen: Set<VehicleClassCode>): boolean => {
    for (const carClass of carsFor(rideClass)) {
      if (seen.has(carClass)) continue
      seen.add(carClass)
      if (left[carClass] > 0) {
        left[carClass] -= 1
        assigned[rideClass][carClass] += 1
        return true
      }
      // Every car of that class is taken: can one of the rides holding one move?
      for (const other of vehicleClassCodes) {
        if (assigned[other][carClass] > 0 && place(other, seen)) {
          assigned[other][carClass] -= 1
          assigned[rideClass][carClass] += 1
          return true
        }
      }
    }
    return false
  }

  let matched = 0
  for (const rideClass of vehicleClassCodes) {
    for (let ride = 0; ride < demand[rideClass]; ride++) {
      if (place(rideClass, new Set())) matched += 1
    }
  }
  return matched
}

/**
 * The times nearest `chosen` (from `times`, the search's list) at which
 * `isFree` holds: up to `each` before and `each` after, within `withinMinutes`,
 * in the order of the day. What a full class offers instead of Select.
 */
export function nearestFreeTimes(
  times: readonly string[],
  chosen: string,
  isFree: (time: string) => boolean,
  { each = 2, withinMinutes = 240 } = {},
): string[] {
  const at = times.indexOf(chosen)
  if (at < 0) return []
  const minutesOf = (time: string) => {
    const [hours, minutes] = time.split(':').map(Number)
    // 00:00 is the midnight that ends the chosen date (the list's last time).
    return (hours === 0 && minutes === 0 ? 24 * 60 : hours! * 60 + minutes!) as number
  }
  const near = (time: string) => Math.abs(minutesOf(time) - minutesOf(chosen)) <= withinMinutes
  const earlier: string[] = []
  for (let index = at - 1; index >= 0 && earlier.length < each && near(times[index]!); index--) {
    if (isFree(times[index]!)) earlier.unshift(times[index]!)
  }
  const later: string[] = []
  for (
    let index = at + 1;
    index < times.length && later.length < each && near(times[index]!);
    index++
  ) {
    if (isFree(times[index]!)) later.push(times[index]!)
  }
  return [...earlier, ...later]
}

/**
 * The rides the fleet cannot drive among those sold (sold over capacity by
 * staff, or paid late): taken in the order they were confirmed, each keeps a
 * car if it fits beside those before it; the ones that do not are answered.
 * Only the fleet counts here (caps, closed periods and staff allowances are
 * rules of sale): a ride sold on an allowance is over the fleet, and shown so.
 */
export function overbooked<Ride extends CapacityRide & { id: string; confirmedAt: string }>(
  rides: Ride[],
  cars: FleetCar[],
  rules: CapacityRules,
): Set<string> {
  const fleetOnly = {
    ...rules,
    fleetLimited: true,
    driversLimited: false,
    caps: {},
    closedPeriods: [],
    // Rides sold on an allowance are over the fleet: the board says so.
    allowances: [],
  }
  const kept: CapacityRide[] = []
  const over = new Set<string>()
  const inOrder = [...rides].sort(
    (a, b) => a.confirmedAt.localeCompare(b.confirmedAt) || a.id.localeCompare(b.id),
  )
  for (const ride of inOrder) {
    if (availability(ride, kept, cars, fleetOnly).kind === 'free') kept.push(ride)
    else over.add(ride.id)
  }
  return over
}
