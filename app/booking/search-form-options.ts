import { supportedLanguages, type Language } from '~/i18n/config'
import { places } from '~/domain/places/gazetteer'
import { dateWindow, timeOptions } from '~/domain/booking-window'

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

const times = timeOptions()

/**
 * What a route search form needs from the server (the home banner and the
 * vehicle step alike): the bookable dates now, the pickup times and the
 * served places for the datalist.
 */
export function searchFormOptions(language: Language, now: Date) {
  const bookingWindow = dateWindow(now)
  return {
    dateMin: bookingWindow.min,
    dateMax: bookingWindow.max,
    times,
    placeNames: placeNamesByLanguage[language],
  }
}
