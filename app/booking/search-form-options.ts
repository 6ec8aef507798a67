import { supportedLanguages, type Language } from '~/i18n/config'
import { places } from '~/domain/places/gazetteer'
import { dateWindow, timeOptions } from '~/domain/booking-window'
import { bookableHours } from '~/domain/pricing/hourly'
import type { PriceList } from '~/domain/pricing/price-list'

/** The served places' names per language, airports first: built once, not per request. */
const placeNamesByLanguage = Object.fromEntries(
  supportedLanguages.map((language) => [
    language,
    [...places]
      .sort(
        (a, b) => (a.kind === 'airport' ? -1 : 0) - (b.kind === 'airport' ? -1 : 0) || a.id - b.id,
      )
      .map((place) => place.name[language]),
  ]),
) as Record<Language, string[]>

/** The served places' names in a language, airports first (the datalist's options). */
export function servedPlaceNames(language: Language): string[] {
  return placeNamesByLanguage[language]
}

/** Hire by the hour starts in Istanbul: its pickups are the city's airports and districts. */
const hirePlaceNamesByLanguage = Object.fromEntries(
  supportedLanguages.map((language) => [
    language,
    placeNamesByLanguage[language].filter((name) =>
      places.some((place) => place.name[language] === name && place.city === 'istanbul'),
    ),
  ]),
) as Record<Language, string[]>

const times = timeOptions()
const hours = bookableHours()

/**
 * What the search forms need from the server (the home banner and the vehicle
 * step alike): the bookable dates now, the pickup times, the served places for
 * the datalist, and for hire by the hour its hours, the kilometres an hour
 * includes (the price list in force) and its pickups.
 */
export function searchFormOptions(language: Language, now: Date, prices: PriceList) {
  const bookingWindow = dateWindow(now)
  return {
    dateMin: bookingWindow.min,
    dateMax: bookingWindow.max,
    times,
    placeNames: placeNamesByLanguage[language],
    hireHours: hours,
    hireIncludedKm: prices.hourly.includedKmPerHour,
    hirePlaceNames: hirePlaceNamesByLanguage[language],
  }
}
