import { getSiteSettings } from '~/config/site.server'
import { allBlogPaths } from '~/content/blog.server'
import { allServiceSlugs } from '~/content/services.server'
import { allTeamIds } from '~/content/team.server'
import { allVehicleClassIds } from '~/content/fleet.server'
import { buildSitemap } from '~/seo/sitemap'

/** Public pages worth indexing; aliases, redirects and the not-found page are left out. */
const staticPaths = [
  '/',
  '/about',
  '/contact',
  '/our-team',
  '/pricing',
  '/fleet-list',
  '/services',
  '/blog-grid',
  '/blog-grid-2',
  '/blog-list',
  '/privacy-policy',
  '/terms',
  '/distance-agreement',
  '/login',
  '/register',
  '/coming-soon',
]

export function loader() {
  const paths = [
    ...staticPaths,
    ...allVehicleClassIds().map((id) => `/fleet-single/${id}`),
    ...allServiceSlugs().map((slug) => `/services/${slug}`),
    ...allTeamIds().map((id) => `/team-single/${id}`),
    ...allBlogPaths(),
  ]
  return new Response(buildSitemap(getSiteSettings().baseUrl, paths), {
    headers: {
      'Content-Type': 'application/xml; charset=utf-8',
      'Cache-Control': 'public, max-age=3600',
    },
  })
}
