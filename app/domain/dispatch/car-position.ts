import { greatCircleKm } from '../distance/geo'

/**
 * Where a ride's car is, as the traveller and dispatch read it (docs/dispatch.md,
 * "The car on a map"). Pure: the storage and the pages build on these.
 */

export interface Coordinates {
  lat: number
  lng: number
}

/** How often a driver's phone sends its position while they share it automatically. */
export const SHARE_POSITION_SECONDS = 20

/**
 * A position older than this is shown with its time and called the last one
 * known: a phone in a tunnel or with its screen off sends nothing.
 */
export const POSITION_STALE_MINUTES = 3

/**
 * How fast a car comes to a pickup across Istanbul, traffic included: its
 * last STREET_KM are streets at STREET_SPEED_KMH, anything further mostly
 * main roads and motorways at ROAD_SPEED_KMH (below the trip estimates'
 * highway speed: the city's roads are full most of the day).
 */
export const STREET_KM = 5
export const STREET_SPEED_KMH = 20
export const ROAD_SPEED_KMH = 45

/** Below this the car is, for the traveller, at the pickup. */
export const AT_PICKUP_METRES = 150

/**
 * Coordinates from a form or a phone: both finite numbers within the globe's
 * ranges, rounded to five decimals (about a metre), or null. Accuracy is whole
 * metres when the phone gave a plausible one.
 */
export function readCoordinates(
  lat: unknown,
  lng: unknown,
  accuracy?: unknown,
): (Coordinates & { accuracyMetres: number | null }) | null {
  const latitude = toNumber(lat)
  const longitude = toNumber(lng)
  if (latitude === null || longitude === null) return null
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null
  // (0, 0) is in the Gulf of Guinea: a phone that has no fix reports it.
  if (latitude === 0 && longitude === 0) return null
  const metres = toNumber(accuracy)
  return {
    lat: round5(latitude),
    lng: round5(longitude),
    accuracyMetres: metres !== null && metres >= 0 && metres < 100_000 ? Math.round(metres) : null,
  }
}

function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null
  if (typeof value !== 'string' || value.trim() === '' || value.length > 32) return null
  const number = Number(value)
  return Number.isFinite(number) ? number : null
}

function round5(value: number): number {
  return Math.round(value * 100_000) / 100_000
}

export interface DistanceToGo {
  /** Road metres, estimated from the straight line and the road factor. */
  metres: number
  /** Driving minutes at the town's speeds, at least 1; 0 once at the pickup. */
  minutes: number
  atPickup: boolean
}

/**
 * How far the car is from the pickup by road: the straight line times the
 * road factor the builtin distances use, driven at the speeds above. An
 * estimate, said as one ("about 7 minutes").
 */
export function distanceToGo(
  car: Coordinates,
  pickup: Coordinates,
  roadFactor: number,
): DistanceToGo {
  const straightMetres = greatCircleKm(car, pickup) * 1000
  if (straightMetres < AT_PICKUP_METRES) return { metres: 0, minutes: 0, atPickup: true }
  const metres = Math.round(straightMetres * roadFactor)
  const km = metres / 1000
  const streetKm = Math.min(km, STREET_KM)
  const hours = streetKm / STREET_SPEED_KMH + (km - streetKm) / ROAD_SPEED_KMH
  const minutes = Math.max(1, Math.round(hours * 60))
  return { metres, minutes, atPickup: false }
}

/** Kilometres with one decimal under 10 km ("2.4"), whole ones above ("37"). */
export function kilometres(metres: number): number {
  const km = metres / 1000
  return km < 10 ? Math.round(km * 10) / 10 : Math.round(km)
}

/** Whether a position recorded at `recordedAt` is older than POSITION_STALE_MINUTES at `now`. */
export function positionIsStale(recordedAt: string, now: Date): boolean {
  return now.getTime() - Date.parse(recordedAt) > POSITION_STALE_MINUTES * 60_000
}

/** The ride statuses during which the car's position is shared and kept. */
export const SHARING_STATUSES = ['on_the_way', 'arrived'] as const

export function sharesPosition(status: string): boolean {
  return (SHARING_STATUSES as readonly string[]).includes(status)
}
