import { fold } from './fold'
import type { Place } from './types'

/** Words that only say where a place lies, not which spot in it ('…, İstanbul, Türkiye'). */
const REGION_WORDS = new Set(['turkiye', 'turkey', 'tr'])

/**
 * The names a place goes by as a whole: 'Kocaeli (İzmit)' answers to 'kocaeli',
 * 'izmit' and 'kocaeli izmit'. Other aliases ('gebze', 'moda') name a spot
 * inside it, so two different aliases are two different places to drive between.
 */
function ownNames(place: Place): Set<string> {
  const names = new Set<string>()
  for (const name of [place.name.en, place.name.tr]) {
    names.add(fold(name))
    for (const part of name.split(/[()]/)) if (fold(part)) names.add(fold(part))
  }
  return names
}

/**
 * What a typed place means, for comparing two ends of a trip: 'whole' when the
 * text names only the place itself (with its city or country after commas),
 * otherwise the folded text, a more precise spot within it.
 */
function spotWithin(text: string, place: Place): string {
  const own = ownNames(place)
  const parts = text.split(/[,/]/).map(fold).filter(Boolean)
  const onlyNamesThePlace = parts.every(
    (part, index) =>
      own.has(part) || (index > 0 && (part === place.city || REGION_WORDS.has(part))),
  )
  return onlyNamesThePlace ? 'whole' : parts.join(', ')
}

/** Whether the text names the place itself, not a spot in it ('Kadıköy, İstanbul', not 'Moda'). */
export function namesOnlyThePlace(text: string, place: Place): boolean {
  return spotWithin(text, place) === 'whole'
}

/**
 * One rule for every kind of place: a trip whose two ends are the same place is
 * refused. An airport is one spot, so both ends at one airport are always the
 * same. A district or a city is an area: two different addresses or towns in it
 * ('Moda, Kadıköy' to 'Bahariye, Kadıköy', 'Gebze' to 'Kartepe') are a trip at the
 * within-city price; the area's own name at both ends ('Kadıköy' to 'Kadıköy',
 * 'Kocaeli' to 'İzmit') is not.
 */
export function isSamePlace(
  pickupText: string,
  pickup: Place,
  destinationText: string,
  destination: Place,
): boolean {
  if (pickup.id !== destination.id) return false
  if (pickup.kind === 'airport') return true
  return spotWithin(pickupText, pickup) === spotWithin(destinationText, destination)
}
