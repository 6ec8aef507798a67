import type { AirportCode, Place } from './types'
import type { PriceTableEntry } from '../pricing/types'
import placesData from './gazetteer.json'
import priceTable from '../pricing/price-table.json'

/** Every served place: the airports, the 39 districts and the served cities (gazetteer.json). */
export const places = placesData as Place[]

const entries = new Map(
  (priceTable.entries as PriceTableEntry[]).map((entry) => [entry.placeId, entry]),
)

/** The transfer price table entry of a place (airports have none). */
export function priceEntry(placeId: number): PriceTableEntry | undefined {
  return entries.get(placeId)
}

/**
 * The road kilometres from each airport that a place's airport fare covers
 * (geography, not price: they stay with the places whatever the price list).
 */
export function fareCoveredKm(placeId: number): Record<AirportCode, number> | undefined {
  const entry = entries.get(placeId)
  return entry ? { iga: entry.distance_from_iga_km, saw: entry.distance_from_saw_km } : undefined
}

export function placeById(id: number): Place | undefined {
  return places.find((place) => place.id === id)
}
