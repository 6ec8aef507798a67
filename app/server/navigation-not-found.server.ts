/**
 * Resource routes (a booking's status as JSON, its calendar file) answer "not
 * found" with a bare 404: right for the script that fetches them, a blank page
 * for a person who opens such a link in a browser without the booking's cookie.
 * A browser navigation that gets such an answer is shown the site's own
 * not-found page instead, still with status 404; a fetch keeps the bare answer.
 */

/** A path no route but the not-found splat matches; the page it renders is noindex. */
const NOT_FOUND_PATH = '/not-found'

/**
 * True for a browser's top-level navigation. Browsers say so in Sec-Fetch-Mode;
 * one too old to send it is taken at its Accept header, which a page load fills
 * with text/html and a script's fetch does not.
 */
export function isBrowserNavigation(request: Request): boolean {
  if (request.method !== 'GET') return false
  const mode = request.headers.get('Sec-Fetch-Mode')
  if (mode) return mode === 'navigate'
  return (request.headers.get('Accept') ?? '').includes('text/html')
}

/** A 404 that is not a page of the site (JSON, a file, an empty body). */
export function isBareNotFound(response: Response): boolean {
  return (
    response.status === 404 && !(response.headers.get('Content-Type') ?? '').startsWith('text/html')
  )
}

/**
 * The request for the not-found page, made with the visitor's own headers (their
 * language cookie, Accept-Language) and query (`?lng=`), so the page is in their language.
 */
export function notFoundPageRequest(request: Request): Request {
  const url = new URL(request.url)
  url.pathname = NOT_FOUND_PATH
  return new Request(url, { method: 'GET', headers: request.headers, signal: request.signal })
}
