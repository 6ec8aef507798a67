import type { Language } from '~/i18n/config'
import { places } from '~/domain/places/gazetteer'

/** The served places' names in a language, airports first, for the search datalist. */
export function placeNames(language: Language): string[] {
  return [...places]
    .sort(
      (a, b) => (a.kind === 'airport' ? -1 : 0) - (b.kind === 'airport' ? -1 : 0) || a.id - b.id,
    )
    .map((place) => place.name[language])
}
