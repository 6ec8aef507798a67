import { absoluteUrl } from './meta'
import { languageSearchParam, supportedLanguages } from '~/i18n/config'

const escapeXml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** A sitemap with every page once, and its language versions as xhtml:link alternates. */
export function buildSitemap(baseUrl: string, paths: string[]): string {
  const urls = paths.map((path) => {
    const loc = absoluteUrl(baseUrl, path)
    const alternates = supportedLanguages
      .map(
        (language) =>
          `    <xhtml:link rel="alternate" hreflang="${language}" href="${escapeXml(`${loc}?${languageSearchParam}=${language}`)}"/>`,
      )
      .join('\n')
    return `  <url>\n    <loc>${escapeXml(loc)}</loc>\n${alternates}\n    <xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(loc)}"/>\n  </url>`
  })
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`
}
