/** Languages the site is written in; the first is the default. */
export const supportedLanguages = ['en', 'tr'] as const
export type Language = (typeof supportedLanguages)[number]
export const defaultLanguage: Language = 'en'

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (supportedLanguages as readonly string[]).includes(value)
}

export function toLanguage(value: unknown): Language {
  return isLanguage(value) ? value : defaultLanguage
}

/** BCP 47 locale used by Intl for each language (dates, prices). */
export const intlLocale: Record<Language, string> = { en: 'en-GB', tr: 'tr-TR' }

/** The name of each language in itself, as the selector shows it. */
export const languageNames: Record<Language, string> = { en: 'English', tr: 'Türkçe' }

/** The query parameter that forces a language (used by hreflang alternates). */
export const languageSearchParam = 'lng'
