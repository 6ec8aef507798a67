import type { MetaDescriptor } from 'react-router'
import { languageSearchParam, supportedLanguages, type Language } from '~/i18n/config'

/** The meta fields a page's entry may set. */
export interface MetaEntry {
  title?: string
  description?: string
  keywords?: string
  og_title?: string
  og_description?: string
  canonical_url?: string
}

/** Everything a page's <head> needs, computed on the server by its loader. */
export interface PageMeta {
  title: string
  description: string
  keywords: string
  ogTitle: string
  ogDescription: string
  ogImage: string
  url: string
  canonical?: string
  alternates: { hrefLang: string; href: string }[]
  language: Language
  noindex: boolean
}

export interface BuildMetaInput {
  /** The page's entry, or undefined when it has none (the defaults apply). */
  entry: MetaEntry | undefined
  defaults: { title: string; description: string; keywords: string }
  brand: string
  baseUrl: string
  pathname: string
  language: Language
  noindex?: boolean
  /** Prefix of the document title, e.g. 'Error: ' when a form came back with errors. */
  titlePrefix?: string
}

/**
 * Builds a page's meta: the entry is used only
 * when it has a title; og_title/og_description fall back to title/description;
 * a canonical link only when canonical_url is set. Titles carry the brand.
 */
export function buildPageMeta(input: BuildMetaInput): PageMeta {
  const entry = input.entry?.title ? input.entry : undefined
  const title = entry?.title ?? input.defaults.title
  const description = entry?.description || input.defaults.description
  const fullTitle = title.includes(input.brand) ? title : `${title} | ${input.brand}`
  const url = absoluteUrl(input.baseUrl, input.pathname)
  return {
    title: `${input.titlePrefix ?? ''}${fullTitle}`,
    description,
    keywords: entry?.keywords || input.defaults.keywords,
    ogTitle: entry?.og_title || fullTitle,
    ogDescription: entry?.og_description || description,
    ogImage: absoluteUrl(input.baseUrl, '/images/og-default.svg'),
    url,
    canonical: entry?.canonical_url ? absoluteUrl(input.baseUrl, entry.canonical_url) : undefined,
    alternates: languageAlternates(input.baseUrl, input.pathname),
    language: input.language,
    noindex: input.noindex ?? false,
  }
}

export function absoluteUrl(baseUrl: string, pathOrUrl: string): string {
  return new URL(pathOrUrl, baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`).href
}

/** hreflang links: each language forced by `?lng=`, and the bare path as x-default. */
export function languageAlternates(baseUrl: string, pathname: string) {
  const bare = absoluteUrl(baseUrl, pathname)
  return [
    ...supportedLanguages.map((language) => ({
      hrefLang: language,
      href: `${bare}?${languageSearchParam}=${language}`,
    })),
    { hrefLang: 'x-default', href: bare },
  ]
}

/** The route `meta` export's answer for a loader's PageMeta. */
export function metaDescriptors(meta: PageMeta | undefined): MetaDescriptor[] {
  if (!meta) return []
  return [
    { title: meta.title },
    { name: 'description', content: meta.description },
    { name: 'keywords', content: meta.keywords },
    ...(meta.noindex ? [{ name: 'robots', content: 'noindex, nofollow' }] : []),
    { property: 'og:type', content: 'website' },
    { property: 'og:title', content: meta.ogTitle },
    { property: 'og:description', content: meta.ogDescription },
    { property: 'og:url', content: meta.url },
    { property: 'og:image', content: meta.ogImage },
    { property: 'og:locale', content: meta.language === 'tr' ? 'tr_TR' : 'en_GB' },
    { name: 'twitter:card', content: 'summary_large_image' },
    ...(meta.canonical ? [{ tagName: 'link', rel: 'canonical', href: meta.canonical }] : []),
    ...meta.alternates.map((alternate) => ({
      tagName: 'link',
      rel: 'alternate',
      hrefLang: alternate.hrefLang,
      href: alternate.href,
    })),
  ]
}
