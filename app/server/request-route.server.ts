/** The label of the built bundles and other fingerprinted files under /assets. */
const assetsRoute = '/assets/*'

/** The label of a path no route takes but the not-found one (and of the public files). */
const notFoundRoute = '/*'

/** What the labels need of a route in the build's manifest (`build.routes`). */
export interface ManifestRoute {
  id: string
  parentId?: string
  path?: string
  index?: boolean
  caseSensitive?: boolean
}

interface Branch {
  /** The route's whole pattern, from the root: '/ops/bookings/:reference'. */
  pattern: string
  matcher: RegExp
  score: number
}

/**
 * React Router's ranking of a pattern (its computeScore): each static segment
 * counts more than a dynamic one, an index route a little more, a splat less.
 * An optional segment is scored as present.
 */
function scoreOf(pattern: string, index: boolean): number {
  const segments = pattern.replace(/\?/g, '').split('/')
  const base = segments.length + (segments.includes('*') ? -2 : 0) + (index ? 2 : 0)
  return segments
    .filter((segment) => segment !== '*')
    .reduce(
      (score, segment) => score + (/^:[\w-]+$/.test(segment) ? 3 : segment === '' ? 1 : 10),
      base,
    )
}

/** The whole-path regular expression React Router makes of a pattern (its compilePath). */
function matcherOf(pattern: string, caseSensitive: boolean): RegExp {
  const source = pattern
    .replace(/\/*\*?$/, '')
    .replace(/^\/*/, '/')
    .replace(/[\\.*+^${}|()[\]]/g, '\\$&')
    .replace(/\/:[\w-]+(\?)?/g, (_, optional) => (optional ? '(?:/[^\\/]*)?' : '/[^\\/]+'))
    .replace(/\/([\w-]+)\?(\/|$)/g, '(/$1)?$2')
  const end =
    pattern === '*' || pattern === '/*'
      ? '.*$'
      : pattern.endsWith('*')
        ? '(?:\\/.+|\\/*)$'
        : '\\/*$'
  return new RegExp(`^${source}${end}`, caseSensitive ? undefined : 'i')
}

/** Every route that answers a request (no layout), with its whole pattern, best-ranked first. */
function branchesOf(manifest: Record<string, ManifestRoute | undefined>): Branch[] {
  const routes = Object.values(manifest).filter((route) => route !== undefined)
  const parents = new Set(routes.map((route) => route.parentId))
  const patternOf = (route: ManifestRoute): string => {
    const parent = route.parentId ? manifest[route.parentId] : undefined
    const above = parent ? patternOf(parent) : ''
    return route.path ? `${above.replace(/\/$/, '')}/${route.path}` : above || '/'
  }
  return routes
    .filter((route) => !parents.has(route.id) || route.index)
    .map((route) => {
      const pattern = patternOf(route)
      return {
        pattern,
        matcher: matcherOf(pattern, Boolean(route.caseSensitive)),
        score: scoreOf(pattern, Boolean(route.index)),
      }
    })
    .sort((a, b) => b.score - a.score)
}

/**
 * Paths remembered with their route. Beyond this many (paths with a booking's
 * reference or a payment token in them are each new) the memory starts again.
 */
const REMEMBERED_PATHS = 1_000

/**
 * What a request is counted under in the metrics: the pattern of the route
 * React Router answers its path with ('/ops/bookings/:reference'), never the
 * path itself, so a booking's reference or a token never becomes a series of
 * its own. `/*` (the not-found route) also takes the public files (favicon,
 * images): their status tells them apart. Each route's expression is made
 * once (React Router's own matchRoutes ranks every route again on each call,
 * some milliseconds), and the answer for a path is remembered.
 */
export function requestRoutes(
  manifest: Record<string, ManifestRoute | undefined>,
  fixed: readonly string[] = [],
) {
  const branches = branchesOf(manifest)
  const remembered = new Map<string, string>()
  const fixedPaths = new Set(fixed)

  const routeOf = (path: string): string => {
    // React Router's data requests (`/page.data`, `/_root.data` for the home page).
    const page = path === '/_root.data' ? '/' : path.replace(/\.data$/, '')
    return branches.find((branch) => branch.matcher.test(page))?.pattern ?? notFoundRoute
  }

  return (path: string): string => {
    if (path.startsWith('/assets/')) return assetsRoute
    if (fixedPaths.has(path)) return path
    let route = remembered.get(path)
    if (route === undefined) {
      route = routeOf(path)
      if (remembered.size >= REMEMBERED_PATHS) remembered.clear()
      remembered.set(path, route)
    }
    return route
  }
}
