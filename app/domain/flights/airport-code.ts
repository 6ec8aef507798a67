import { placeById } from '../places/gazetteer'

/** The Istanbul airports, as flight-status providers name them. */
export type IstanbulAirport = 'IST' | 'SAW'

/**
 * The airport a place is, as its flights are asked about (Istanbul Airport
 * is `iga` in the gazetteer, `IST` to airlines); undefined for any other place.
 */
export function airportCodeOf(placeId: number | null): IstanbulAirport | undefined {
  const place = placeId === null ? undefined : placeById(placeId)
  if (place?.kind !== 'airport') return undefined
  return place.airport === 'iga' ? 'IST' : place.airport === 'saw' ? 'SAW' : undefined
}
