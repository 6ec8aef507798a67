import { ALLOWED_CITY_NAMES, extractCity } from './city-extraction'
import { fold } from './fold'
import type { Place } from './types'

export type Resolution =
  | { status: 'found'; place: Place }
  /**
   * Inside the service area but not one place: the nearest names to choose from.
   * `wholeCity` when the text names only a city we serve by district (Istanbul):
   * the traveller is asked for the district or address.
   */
  | { status: 'not-found'; suggestions: Place[]; wholeCity?: boolean }
  /** A city the company does not serve (the 'We are Sorry!' dialog). */
  | { status: 'out-of-area'; city: string }

/** Districts offered when a traveller types just 'Istanbul'. */
const POPULAR_ISTANBUL_IDS = [1019, 1012, 1009, 1034, 1022]
const MAX_SUGGESTIONS = 5

/**
 * Each place's names folded once: a search reads every place's names, several
 * times, and folding (Unicode normalisation, regular expressions) is most of it.
 */
const foldedNames = new WeakMap<Place, string[]>()

function namesOf(place: Place): string[] {
  let names = foldedNames.get(place)
  if (!names) {
    names = [fold(place.name.en), fold(place.name.tr), ...place.aliases]
    foldedNames.set(place, names)
  }
  return names
}

/** Whole-word containment: 'taksim square' contains 'taksim', 'kartalkaya' does not contain 'kartal'. */
function containsWords(text: string, words: string): boolean {
  return ` ${text} `.includes(` ${words} `)
}

function levenshtein(a: string, b: string): number {
  const previous = Array.from({ length: b.length + 1 }, (_, index) => index)
  for (let i = 1; i <= a.length; i++) {
    let diagonal = previous[0]!
    previous[0] = i
    for (let j = 1; j <= b.length; j++) {
      const above = previous[j]!
      previous[j] = Math.min(
        above + 1,
        previous[j - 1]! + 1,
        diagonal + (a[i - 1] === b[j - 1] ? 0 : 1),
      )
      diagonal = above
    }
  }
  return previous[b.length]!
}

/** How far a typed word is from a place (0 = same), by its closest name. */
function distanceTo(place: Place, typed: string): number {
  return Math.min(
    ...namesOf(place).map((name) =>
      name.startsWith(typed) && typed.length >= 3
        ? 0.1
        : levenshtein(typed, name) / Math.max(name.length, typed.length),
    ),
  )
}

/** Codes and word beginnings that show a traveller means an airport ('airprt' too). */
const AIRPORT_CODES = ['iga', 'ist', 'saw']
const AIRPORT_WORD_STARTS = ['air', 'hava', 'sabiha', 'gokcen']

function namesAnAirport(folded: string): boolean {
  return folded
    .split(' ')
    .some(
      (word) =>
        AIRPORT_CODES.includes(word) || AIRPORT_WORD_STARTS.some((start) => word.startsWith(start)),
    )
}

/**
 * The places closest to what was typed. An airport is only offered when the
 * text speaks of one: 'Istanbul' must never become a one-click airport trip.
 */
export function suggestPlaces(text: string, places: Place[], limit = MAX_SUGGESTIONS): Place[] {
  const typed = fold(text.split(',')[0] ?? '')
  if (!typed) return []
  const airportsAllowed = namesAnAirport(fold(text))
  return places
    .filter((place) => place.kind !== 'airport' || airportsAllowed)
    .map((place) => ({ place, score: distanceTo(place, typed) }))
    .filter(({ score }) => score <= 0.4)
    .sort((a, b) => a.score - b.score || a.place.id - b.place.id)
    .slice(0, limit)
    .map(({ place }) => place)
}

function popularIstanbulDistricts(places: Place[]): Place[] {
  return POPULAR_ISTANBUL_IDS.flatMap((id) => places.filter((place) => place.id === id))
}

/** 'Istanbul', 'İstanbul, Türkiye', 'Istanbul/Turkey': the city and nothing more precise. */
function namesOnlyIstanbul(text: string): boolean {
  const parts = text.split(/[,/]/).map(fold).filter(Boolean)
  return (
    parts[0] === 'istanbul' &&
    parts.slice(1).every((part) => ['istanbul', 'turkiye', 'turkey', 'tr'].includes(part))
  )
}

/**
 * Maps free text or a Google-style address ('Kadıköy, İstanbul, Türkiye') to a
 * served place. Never throws: what it cannot place gets suggestions, or is
 * reported as outside the service area by the city-extraction rule.
 */
export function resolvePlace(text: string, places: Place[]): Resolution {
  const folded = fold(text)
  if (!folded) return { status: 'not-found', suggestions: [] }

  // 1. The whole text, then each comma or slash part, is a name or an alias.
  const parts = [folded, ...text.split(/[,/]/).map(fold).filter(Boolean)]
  for (const part of parts) {
    const place = places.find((candidate) => namesOf(candidate).includes(part))
    if (place) return { status: 'found', place }
  }

  // 2. A name inside longer text ('Taksim Square', 'Hilton, Sultanahmet'): longest name wins.
  let best: { place: Place; length: number } | undefined
  for (const place of places) {
    for (const name of namesOf(place)) {
      if (name.length >= 3 && containsWords(folded, name) && name.length > (best?.length ?? 0)) {
        best = { place, length: name.length }
      }
    }
  }
  if (best) return { status: 'found', place: best.place }

  // 3. Only a city we serve by district ('İstanbul, Türkiye'): ask for the district.
  if (namesOnlyIstanbul(text)) {
    return { status: 'not-found', suggestions: popularIstanbulDistricts(places), wholeCity: true }
  }

  // 4. In a served city but not one place: suggest, or the popular districts.
  const city = extractCity(text)
  const inServedCity = ALLOWED_CITY_NAMES.some(
    (name) => city === name || containsWords(folded, name),
  )
  const suggestions = suggestPlaces(text, places)
  if (inServedCity) {
    return {
      status: 'not-found',
      suggestions: suggestions.length ? suggestions : popularIstanbulDistricts(places),
    }
  }

  // 5. Close to a served name (a typo): suggest. Otherwise it is outside the area.
  if (suggestions.length) return { status: 'not-found', suggestions }
  return { status: 'out-of-area', city }
}
