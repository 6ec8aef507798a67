import type { Place } from './types'
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

export function placeById(id: number): Place | undefined {
  return places.find((place) => place.id === id)
}
