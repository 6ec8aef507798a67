import type { RouteConfigEntry } from '@react-router/dev/routes'
import { matchRoutes, type RouteObject } from 'react-router'
import { describe, expect, it } from 'vitest'
import siteRoutes from '~/routes'
import { requestRoutes, type ManifestRoute } from './request-route.server'

type Manifest = Record<string, ManifestRoute>

/** The site's own routes as the build's flat manifest lists them, under the root route. */
function manifestOf(
  entries: RouteConfigEntry[],
  parentId = 'root',
  manifest: Manifest = { root: { id: 'root', path: '' } },
): Manifest {
  entries.forEach((entry, position) => {
    const id = entry.id ?? `${parentId}/${position}`
    manifest[id] = { id, parentId, path: entry.path, index: entry.index }
    if (entry.children) manifestOf(entry.children, id, manifest)
  })
  return manifest
}

/** The same routes nested, as React Router's own matchRoutes takes them. */
function treeOf(manifest: Manifest, parentId?: string): RouteObject[] {
  return Object.values(manifest)
    .filter((route) => route.parentId === parentId)
    .map((route) =>
      route.index
        ? { id: route.id, index: true }
        : { id: route.id, path: route.path, children: treeOf(manifest, route.id) },
    )
}

describe('the route a request is counted under', () => {
  const manifest = manifestOf(siteRoutes)
  const routeOf = requestRoutes(manifest, ['/metrics'])

  it('is the route React Router itself matches, for a path of every route', () => {
    const samples = Object.values(manifest).flatMap((route) =>
      route.path ? [route.path.replace(/:[\w-]+\??/g, 'x1').replace('*', 'a/b')] : [],
    )
    const tree = treeOf(manifest)
    for (const sample of [...samples, '/', '/OPS/STAFF/', '/blog/1', '/blog/1/slug', '/x/y/z']) {
      const path = sample.startsWith('/') ? sample : `/${sample}`
      const matched = matchRoutes(tree, path)!
      const pattern = `/${matched
        .map((match) => match.route.path)
        .filter(Boolean)
        .join('/')}`
      expect([path, routeOf(path)]).toEqual([path, pattern])
    }
  })

  it('is the pattern of the route React Router matches, never the path itself', () => {
    expect(routeOf('/')).toBe('/')
    expect(routeOf('/about')).toBe('/about')
    expect(routeOf('/terms')).toBe('/terms')
    // Routes inside the pathless layouts of the private pages and of /ops.
    expect(routeOf('/booking-vehicle')).toBe('/booking-vehicle')
    expect(routeOf('/payment-simulator/3f6c2b1e-token')).toBe('/payment-simulator/:token')
    expect(routeOf('/ops/bookings/MC-7K2Q9P')).toBe('/ops/bookings/:reference')
    expect(routeOf('/ops/bookings/MC-7K2Q9P/assign')).toBe('/ops/bookings/:reference/assign')
    expect(routeOf('/blog/12')).toBe('/blog/:id/:slug?')
    expect(routeOf('/blog/12/istanbul-airport')).toBe('/blog/:id/:slug?')
  })

  it('counts React Router’s data requests under their page', () => {
    expect(routeOf('/booking-extra.data')).toBe('/booking-extra')
    expect(routeOf('/_root.data')).toBe('/')
  })

  it('puts every unknown path under the not-found route, and every bundle under /assets/*', () => {
    expect(routeOf('/wp-login.php')).toBe('/*')
    expect(routeOf('/no/such/page/at/all')).toBe('/*')
    expect(routeOf('/assets/enhance-B1x2.js')).toBe('/assets/*')
    expect(routeOf('/metrics')).toBe('/metrics')
  })

  it('gives the same answer for a path it remembers, and beyond what it remembers', () => {
    for (let booking = 0; booking < 1_500; booking++) {
      expect(routeOf(`/ops/bookings/MC-${booking}`)).toBe('/ops/bookings/:reference')
    }
    expect(routeOf('/ops/bookings/MC-1')).toBe('/ops/bookings/:reference')
    expect(routeOf('/about')).toBe('/about')
  })
})
