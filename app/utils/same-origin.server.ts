import { data } from 'react-router'

/**
 * Whether a form POST came from this site. Browsers send Origin (and
 * Sec-Fetch-Site) on form submissions; a request with neither is a non-browser
 * client, which is allowed. The Origin is compared with the host of the request's
 * URL, which the server resolved: the Host header, or X-Forwarded-Host only behind
 * a trusted proxy (TRUST_PROXY), so an untrusted forwarded header counts for nothing.
 */
export function isSameOriginPost(request: Request): boolean {
  const site = request.headers.get('sec-fetch-site')
  if (site) return site === 'same-origin' || site === 'none'
  const origin = request.headers.get('origin')
  if (!origin || origin === 'null') return !origin
  try {
    return new URL(origin).host === new URL(request.url).host
  } catch {
    return false
  }
}

/** A local path to return to: only '/…' paths of this site, never '//' or a URL. */
export function safeReturnPath(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return fallback
  // Backslashes and control characters can turn a path into another host in some browsers.
  // eslint-disable-next-line no-control-regex
  if (value.includes('\\') || /[\u0000-\u001f]/.test(value)) return fallback
  return value
}

/**
 * Every POST of a private page (staff, partners, a traveller's account) must come
 * from this site's own pages: anything else is refused (403, never cached).
 */
export function refuseCrossOrigin(request: Request): void {
  if (!isSameOriginPost(request)) {
    throw data('Cross-origin request refused', {
      status: 403,
      headers: { 'Cache-Control': 'no-store' },
    })
  }
}

/** Seconds until `at`, for a Retry-After header (at least one). */
export function retryAfter(at: Date): string {
  return String(Math.max(1, Math.ceil((at.getTime() - Date.now()) / 1000)))
}
