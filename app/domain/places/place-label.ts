import { namesOnlyThePlace } from './same-place'
import type { Place } from './types'

/**
 * A trip's end as the traveller chose it. `name` is what they searched from
 * ('Taksim', 'Hilton, Sultanahmet'): the spot the driver goes to. `area` is
 * the served place it was priced as ('Beyoğlu'), when that is not the same
 * thing: a district is far too wide to send a driver to.
 */
export interface PlaceLabel {
  name: string
  area?: string
}

/**
 * The place's own spelling when the traveller typed only its name ('kadikoy',
 * 'Kadıköy, İstanbul, Türkiye') or an airport (one spot, whatever code or alias
 * named it); otherwise the text as typed, with the place as its area.
 */
export function placeLabel(
  place: Place | undefined,
  typed: string,
  language: keyof Place['name'],
): PlaceLabel {
  const chosen = typed.trim()
  if (!place) return { name: chosen }
  const own = place.name[language]
  if (!chosen || place.kind === 'airport' || namesOnlyThePlace(chosen, place)) return { name: own }
  return { name: chosen, area: own }
}

/** The spot with its area after it, for staff planning a day by district: 'Taksim (Beyoğlu)'. */
export function placeWithArea(label: PlaceLabel): string {
  return label.area ? `${label.name} (${label.area})` : label.name
}

/**
 * Where exactly a pickup is: the address or hotel the traveller gave, in the
 * place they chose ('Pera Palace Hotel, Taksim'); the place alone without one
 * (an airport, or a booking made before the address was asked).
 */
export function exactPlace(label: PlaceLabel, address: string | null | undefined): string {
  return address ? `${address}, ${label.name}` : label.name
}

/** A maps search for a spot, which opens in the driver's maps app on a phone. */
export function mapsSearchUrl(query: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`
}
