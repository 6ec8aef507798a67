import type { Language } from '~/i18n/config'
import { fillPlaceholders, type SiteSettings } from '~/config/site'

type Localized<L> = { en: L; tr: L }

/** An item's shared fields merged with the fields of one language. */
export type InLanguage<T> = T extends Localized<infer L> ? Omit<T, 'en' | 'tr'> & L : never

/** Replaces `{brand}`-style placeholders in every string of a value. */
export function fillDeep<T>(value: T, site: SiteSettings): T {
  if (typeof value === 'string') return fillPlaceholders(value, site) as T
  if (Array.isArray(value)) return value.map((item) => fillDeep(item, site)) as T
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [key, fillDeep(inner, site)]),
    ) as T
  }
  return value
}

/** One language's view of a bilingual content item, with settings filled in. */
export function inLanguage<T extends Localized<object>>(
  item: T,
  language: Language,
  site: SiteSettings,
): InLanguage<T> {
  const { en, tr, ...shared } = item
  const texts = language === 'tr' ? tr : en
  return fillDeep({ ...shared, ...texts }, site) as InLanguage<T>
}

/**
 * Parses every file of a glob import with a schema, naming the file on failure.
 * Sorted by file name so lists have a stable order.
 */
export function parseFiles<T>(
  files: Record<string, unknown>,
  parse: (value: unknown) => T,
): T[] {
  return Object.keys(files)
    .sort()
    .map((path) => {
      try {
        return parse(files[path])
      } catch (error) {
        throw new Error(`content file ${path} is invalid: ${String(error)}`)
      }
    })
}

/**
 * A function of the language and the settings, computed once per pair: content
 * changes only with a deploy and the settings object is made once, so requests
 * share the localized result (which they must treat as read-only).
 */
export function oncePerLanguage<T>(
  build: (language: Language, site: SiteSettings) => T,
): (language: Language, site: SiteSettings) => T {
  const bySite = new WeakMap<SiteSettings, Map<Language, T>>()
  return (language, site) => {
    let byLanguage = bySite.get(site)
    if (!byLanguage) {
      byLanguage = new Map()
      bySite.set(site, byLanguage)
    }
    if (!byLanguage.has(language)) byLanguage.set(language, build(language, site))
    return byLanguage.get(language)!
  }
}
