import type { Place } from '../places/types'
import type { PriceTableEntry } from '../pricing/types'
import { greatCircleKm } from './geo'

export interface RouteDistance {
  km: number
  /** Driving minutes when the provider knows them. */
  minutes?: number
  source: 'table' | 'great-circle' | 'google'
}

/** Turns two served places into a road distance, which the price is computed from. */
export interface DistanceProvider {
  distance(from: Place, to: Place): Promise<RouteDistance>
}

/**
 * The builtin rule, pure: airport↔place uses the place's table distance when it
 * is above 0; any other pair, and a table distance of 0, great-circle × road factor.
 */
export function builtinDistance(
  from: Place,
  to: Place,
  priceEntry: (placeId: number) => PriceTableEntry | undefined,
  roadFactor: number,
): RouteDistance {
  const airportEnd = from.airport ? from : to.airport ? to : undefined
  if (airportEnd && !(from.airport && to.airport)) {
    const other = airportEnd === from ? to : from
    const entry = priceEntry(other.id)
    const tableKm = entry
      ? airportEnd.airport === 'iga'
        ? entry.distance_from_iga_km
        : entry.distance_from_saw_km
      : 0
    if (tableKm > 0) return { km: tableKm, source: 'table' }
  }
  return { km: Math.round(greatCircleKm(from, to) * roadFactor), source: 'great-circle' }
}
