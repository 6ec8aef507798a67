import { getCountries } from 'libphonenumber-js/min'
import type { Language } from '~/i18n/config'
import { TURKEY, type CountryCode } from '~/domain/identity/travel-identity'

/**
 * The nationalities the passenger form offers: every country and territory
 * with its own telephone numbering (libphonenumber's list, ISO 3166-1
 * alpha-2, already a dependency), named in the reader's language by the
 * runtime's own data. Server-only: the page gets the list as options.
 */
const codes: ReadonlySet<CountryCode> = new Set(getCountries())

export function nationalityCodes(): ReadonlySet<CountryCode> {
  return codes
}

const cache = new Map<Language, { value: string; label: string }[]>()

/** The options in `language`, in its alphabetical order, Türkiye first. */
export function nationalityOptions(language: Language): { value: string; label: string }[] {
  const cached = cache.get(language)
  if (cached) return cached
  const names = new Intl.DisplayNames([language], { type: 'region' })
  const collator = new Intl.Collator(language)
  const options = [...codes]
    .filter((code) => code !== TURKEY)
    .map((code) => ({ value: code, label: names.of(code) ?? code }))
    .sort((a, b) => collator.compare(a.label, b.label))
  const listed = [{ value: TURKEY, label: names.of(TURKEY) ?? TURKEY }, ...options]
  cache.set(language, listed)
  return listed
}

/** A nationality's name in `language`, for pages listing passengers. */
export function nationalityName(code: CountryCode, language: Language): string {
  return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code
}
