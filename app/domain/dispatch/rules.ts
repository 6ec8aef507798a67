import type { VehicleClassCode } from '~/domain/booking/vehicle-classes'
import { pickupInstant } from '~/domain/trip-search'
import { rideMinutes, type RideLength } from '~/domain/booking/ride-mode'

/**
 * The rules of giving a booking its driver and vehicle, pure so they are
 * tested on their own. docs/dispatch.md says them in words.
 */

/**
 * Each class as two steps: comfort (economy, luxury) and size (minivan,
 * minibus). A vehicle serves a booking when it is at least as comfortable and
 * at least as large as the class booked: a luxury minivan for an economy
 * minivan, a luxury minibus for anything. An economy minibus for a luxury
 * minivan is bigger but plainer, so it does not count as "better".
 */
export const classSteps: Record<VehicleClassCode, { comfort: number; size: number }> = {
  ECOMNVN: { comfort: 0, size: 0 },
  LUXMNVN: { comfort: 1, size: 0 },
  ECOMNBS: { comfort: 0, size: 1 },
  LUXMNBS: { comfort: 1, size: 1 },
}

/** Whether a vehicle of class `offered` may drive a booking of class `booked`. */
export function servesClass(offered: VehicleClassCode, booked: VehicleClassCode): boolean {
  const have = classSteps[offered]
  const want = classSteps[booked]
  return have.comfort >= want.comfort && have.size >= want.size
}

/**
 * A trip as dispatch sees it: the stored date and time (Istanbul) and how
 * long it keeps the car (rideMinutes: a transfer's estimate, a hire's hours).
 */
export interface TripTiming {
  tripDate: string
  tripTime: string
  minutes: number
}

/** A stored booking's timing for dispatch. */
export function tripTiming(booking: RideLength & { trip_date: string; trip_time: string }) {
  return { tripDate: booking.trip_date, tripTime: booking.trip_time, minutes: rideMinutes(booking) }
}

/**
 * The time a driver and a vehicle are taken by a trip: from the pickup to the
 * pickup plus the ride's length plus the buffer (the way back, traffic, a
 * late flight), in milliseconds since the epoch; `end` is excluded.
 */
export function busyWindow(trip: TripTiming, bufferMinutes: number) {
  const start = pickupInstant(trip.tripDate, trip.tripTime).getTime()
  const end = start + (trip.minutes + bufferMinutes) * 60_000
  return { start, end }
}

/** Whether two trips' busy windows share any moment (touching ends do not). */
export function tripsOverlap(a: TripTiming, b: TripTiming, bufferMinutes: number): boolean {
  const first = busyWindow(a, bufferMinutes)
  const second = busyWindow(b, bufferMinutes)
  return first.start < second.end && second.start < first.end
}

export interface Capacity {
  seats: number
  luggage: number
}

/** What a vehicle lacks for a booking: passengers over its seats, bags over its luggage room. */
export function capacityShortfall(
  vehicle: Capacity,
  booking: { passengers: number | null; luggage: number | null },
): { seats: boolean; luggage: boolean } {
  return {
    seats: (booking.passengers ?? 1) > vehicle.seats,
    luggage: (booking.luggage ?? 0) > vehicle.luggage,
  }
}

/** What may make an assignment a mistake; each shown to the dispatcher, who may still go on. */
export type AssignmentWarning =
  | { kind: 'driverOverlap'; reference: string; tripDate: string; tripTime: string }
  | { kind: 'vehicleOverlap'; reference: string; tripDate: string; tripTime: string }
  | { kind: 'seats'; seats: number; passengers: number }
  | { kind: 'luggage'; luggage: number; bags: number }

/**
 * The same warnings always give the same text: the dispatcher's "assign
 * anyway" carries it, and holds only when nothing changed since they saw them.
 */
export function warningsFingerprint(warnings: readonly AssignmentWarning[]): string {
  return warnings
    .map((warning) =>
      'reference' in warning
        ? `${warning.kind}:${warning.reference}`
        : warning.kind === 'seats'
          ? `seats:${warning.passengers}>${warning.seats}`
          : `luggage:${warning.bags}>${warning.luggage}`,
    )
    .sort()
    .join(',')
}

/** A warning as its fingerprint keeps it: what the audit log can tell of it later. */
export type AcceptedWarning =
  | { kind: 'driverOverlap' | 'vehicleOverlap'; reference: string }
  | { kind: 'seats'; passengers: number; seats: number }
  | { kind: 'luggage'; bags: number; luggage: number }

/**
 * The warnings a dispatcher accepted, read back from their fingerprint (the
 * audit entry stores it). Parts that do not read as a warning are left out.
 */
export function acceptedWarnings(fingerprint: string): AcceptedWarning[] {
  return fingerprint.split(',').flatMap((part): AcceptedWarning[] => {
    const overlap = /^(driverOverlap|vehicleOverlap):(.+)$/.exec(part)
    if (overlap) {
      return [{ kind: overlap[1] as 'driverOverlap' | 'vehicleOverlap', reference: overlap[2]! }]
    }
    const capacity = /^(seats|luggage):(\d+)>(\d+)$/.exec(part)
    if (!capacity) return []
    const [wanted, offered] = [Number(capacity[2]), Number(capacity[3])]
    return capacity[1] === 'seats'
      ? [{ kind: 'seats', passengers: wanted, seats: offered }]
      : [{ kind: 'luggage', bags: wanted, luggage: offered }]
  })
}

/**
 * A vehicle plate as stored and compared: upper case (Turkish plates use
 * Latin letters), without spaces or dashes, so '34 ABC 123' and '34abc123'
 * are one vehicle.
 */
export function normalisePlate(typed: string): string {
  return typed.toLocaleUpperCase('en').replace(/[\s\-.]+/g, '')
}

/** A stored plate as people write it in Turkey: province, letters, digits ('34 ABC 123'). */
export function displayPlate(plate: string): string {
  const parts = /^(\d{2})([A-Z]{1,3})(\d{2,5})$/.exec(plate)
  return parts ? `${parts[1]} ${parts[2]} ${parts[3]}` : plate
}
