import type { i18n } from 'i18next'
import type { SiteSettings } from '~/config/site'
import { fillDeep } from '~/content/localize'
import { metaFileSchema } from '~/content/schemas'
import type { Language } from '~/i18n/config'
import raw from '../../content/meta.json'
import { buildPageMeta, type MetaEntry, type PageMeta } from './meta'
import { sharedTranslator } from '~/i18n/memoized-translator'

const metaByPage = metaFileSchema.parse(raw)

export type PageName = keyof typeof raw

export interface PageMetaOptions {
  language: Language
  site: SiteSettings
  i18n: i18n
  request: Request
  /** Values for pages built from content (a post's title, a vehicle's description). */
  override?: MetaEntry
  noindex?: boolean
  /** The page shows errors: its title starts with 'Error: ' in the page's language. */
  errorTitle?: boolean
}

/** The meta stored for a page name (content/meta.json), in one language. */
export function metaEntry(page: string, language: Language): MetaEntry | undefined {
  return metaByPage[page]?.[language]
}

/** A page's meta: its stored entry, overridden by content, over the site defaults. */
export function pageMeta(page: PageName, options: PageMetaOptions): PageMeta {
  const { language, site, i18n } = options
  const t = sharedTranslator(i18n, language)
  const stored = metaEntry(page, language)
  const entry = fillDeep({ ...stored, ...options.override }, site)
  return buildPageMeta({
    entry,
    defaults: {
      title: t('meta.defaultTitle', { brand: site.brand }),
      description: t('meta.defaultDescription', { brand: site.brand }),
      keywords: t('meta.defaultKeywords', { brand: site.brand }),
    },
    brand: site.brand,
    baseUrl: site.baseUrl,
    pathname: new URL(options.request.url).pathname,
    language,
    noindex: options.noindex,
    titlePrefix: options.errorTitle ? t('meta.errorPrefix') : undefined,
  })
}
