import { getSiteSettings } from '~/config/site.server'

/** Booking steps and account forms hold nothing for search engines. */
export function loader() {
  const { baseUrl } = getSiteSettings()
  const body = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /booking-',
    'Disallow: /invoice',
    'Disallow: /resources/',
    '',
    `Sitemap: ${baseUrl}/sitemap.xml`,
    '',
  ].join('\n')
  return new Response(body, {
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'public, max-age=3600',
    },
  })
}
