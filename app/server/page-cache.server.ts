import { createHash } from 'node:crypto'
import { promisify } from 'node:util'
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib'
import { createContext, type EntryContext } from 'react-router'
import type { Language } from '~/i18n/config'

/**
 * Render once, serve from memory: a page that is the same for every visitor
 * reading it in one language (the company pages, the blog, the fleet, the legal
 * texts) is rendered by React the first time it is asked for, kept in this
 * process with its headers, and later requests are answered from the copy.
 * The rules (what may be kept, the key, the nonce, ETag/304, Vary) are
 * described in docs/performance.md.
 */

/** A route that must never be kept (a countdown, anything per visitor) says so in its `handle`. */
export interface RenderOnceHandle {
  renderOnce?: false
}

/**
 * Layouts whose pages are per visitor: a traveller's booking and payment pages,
 * and the staff pages. Nothing under them is ever kept.
 */
const privateLayouts = new Set(['routes/booking/private-pages', 'routes/ops/layout'])

/**
 * The language and nonce a render was made with, when entry.server rendered it
 * to be kept. Set in the request's load context; the request handler reads it
 * once the whole response (with what the middleware added) is known.
 */
export interface KeepableRender {
  language: Language
  nonce: string
}
export const keepableRenderContext = createContext<KeepableRender | null>(null)

/**
 * Whether the request asks for something that could be served from the cache:
 * a document (not a `.data` request of client navigation), by GET or HEAD, with
 * no query string (queries filter lists, carry `?lng=` or `?sent=`: they are
 * rendered every time), outside /ops.
 */
export function mayBeCached(method: string, url: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false
  if (url.includes('?')) return false
  if (url.endsWith('.data')) return false
  return !(url === '/ops' || url.startsWith('/ops/'))
}

/**
 * Whether the page React Router is about to render may be kept: a GET of a
 * cacheable URL, answered 200, by routes none of which is under a private
 * layout or opts out in its handle. What the middleware adds afterwards
 * (a Set-Cookie) is checked again when the response is stored.
 */
export function isKeepablePage(request: Request, status: number, context: EntryContext): boolean {
  if (request.method !== 'GET' || status !== 200) return false
  const url = new URL(request.url)
  if (!mayBeCached(request.method, `${url.pathname}${url.search}`)) return false
  return context.staticHandlerContext.matches.every((match) => {
    if (privateLayouts.has(match.route.id)) return false
    const handle = context.routeModules[match.route.id]?.handle as RenderOnceHandle | undefined
    return handle?.renderOnce !== false
  })
}

/** What every kept page has: the headers it is answered with and its strong ETag. */
interface KeptHeaders {
  headers: [string, string][]
  etag: string
}

/**
 * A page whose HTML runs no inline script (every page of the site today): it
 * needs no nonce, so it is the same bytes for every answer, compressed once
 * when kept, and its policy drops the nonce source, allowing no inline script
 * at all.
 */
export interface FixedPage extends KeptHeaders {
  nonce: 'none'
  csp: string | null
  bodies: Record<PageEncoding, Buffer>
}

/** A page with an inline script: its HTML and policy cut where the nonce was. */
export interface NoncedPage extends KeptHeaders {
  nonce: 'fresh'
  /** The HTML's UTF-8 bytes between the places of the nonce. */
  htmlParts: Buffer[]
  cspParts: string[] | null
}

export type CachedPage = FixedPage | NoncedPage

/** The encodings a fixed page is kept in, best first. */
export const pageEncodings = ['br', 'gzip', 'identity'] as const
export type PageEncoding = (typeof pageEncodings)[number]

/** Headers never copied from the kept response: they are per response or set again. */
const perResponseHeaders = new Set([
  'content-security-policy',
  'content-length',
  'set-cookie',
  'etag',
  'vary',
  'date',
])

/** Script types a browser does not run: data blocks need no nonce. */
const dataScriptTypes = new Set(['application/json', 'application/ld+json'])

/**
 * Whether the HTML holds a script the browser would run from the page itself
 * (not from a `src`): only such a script needs the policy's nonce. An import
 * map or speculation rules count as inline scripts too.
 */
export function runsInlineScript(html: string): boolean {
  for (const [, attributes = ''] of html.matchAll(/<script\b([^>]*)>/gi)) {
    if (/\ssrc\s*=/i.test(attributes)) continue
    const type = /\stype\s*=\s*"([^"]*)"/i.exec(attributes)?.[1]?.trim().toLowerCase()
    if (type === undefined || !dataScriptTypes.has(type)) return true
  }
  return false
}

/**
 * Makes the kept copy of a rendered page. The nonce was random: a page with an
 * inline script keeps every place of it for a fresh one per answer; a page
 * without one loses it (its external scripts come from the site itself, which
 * the policy allows without a nonce) and is compressed once here.
 */
export async function cachedPageOf(
  html: string,
  headers: Headers,
  nonce: string,
): Promise<CachedPage> {
  const csp = headers.get('content-security-policy')
  const kept: [string, string][] = []
  for (const [name, value] of headers) {
    if (!perResponseHeaders.has(name.toLowerCase())) kept.push([name, value])
  }
  const fixedHtml = html.split(` nonce="${nonce}"`).join('')
  if (!runsInlineScript(html) && !fixedHtml.includes(nonce)) {
    const fixedCsp = csp?.replace(` 'nonce-${nonce}'`, '') ?? null
    if (!fixedCsp?.includes(nonce)) return fixedPageOf(fixedHtml, kept, fixedCsp)
  }
  const htmlTexts = html.split(nonce)
  const cspParts = csp === null ? null : csp.split(nonce)
  // Strong: the same kept copy gives the same bytes but for the nonce, which the
  // browser's stored copy and its stored policy keep together (see the 304 answer).
  return {
    nonce: 'fresh',
    htmlParts: htmlTexts.map((text) => Buffer.from(text)),
    cspParts,
    headers: kept,
    etag: strongEtag(htmlTexts.join('\u0000'), kept, cspParts?.join('\u0000') ?? null),
  }
}

const brotli = promisify(brotliCompress)
const gzipped = promisify(gzip)

async function fixedPageOf(
  html: string,
  headers: [string, string][],
  csp: string | null,
): Promise<FixedPage> {
  const identity = Buffer.from(html)
  // Once per page and process, off the main thread: the best compression pays.
  const [br, gz] = await Promise.all([
    brotli(identity, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
        [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzipped(identity, { level: zlibConstants.Z_BEST_COMPRESSION }),
  ])
  return {
    nonce: 'none',
    csp,
    bodies: { br, gzip: gz, identity },
    headers,
    etag: strongEtag(html, headers, csp),
  }
}

function strongEtag(html: string, headers: [string, string][], csp: string | null): string {
  const hash = createHash('sha256')
  hash.update(html)
  for (const [name, value] of headers) hash.update(`\u0000${name}:${value}`)
  if (csp !== null) hash.update(`\u0000${csp}`)
  return `"${hash.digest('base64url')}"`
}

/**
 * The ETag of a fixed page in one encoding: each encoding is other bytes, so
 * a strong validator differs between them (as servers mark them: "…-br").
 */
export function etagInEncoding(etag: string, encoding: PageEncoding): string {
  return encoding === 'identity' ? etag : `${etag.slice(0, -1)}-${encoding}"`
}

/** The kept page's HTML with this response's nonce in each of its places. */
export function htmlWithNonce(page: NoncedPage, nonce: string): Buffer {
  const nonceBytes = Buffer.from(nonce)
  const chunks: Buffer[] = []
  page.htmlParts.forEach((part, index) => {
    if (index > 0) chunks.push(nonceBytes)
    chunks.push(part)
  })
  return Buffer.concat(chunks)
}

/** Whether an If-None-Match header names this ETag (weak comparison, as RFC 9110 asks for GET). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  if (ifNoneMatch.trim() === '*') return true
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)
}

/**
 * The kept pages of this process, at most `limit` (least recently served goes
 * first). Content only changes with a deploy, which starts new processes, so a
 * copy never goes stale while its process runs; several processes each keep
 * their own. The key holds the Istanbul date because a few pages show it (the
 * booking form's first bookable day, the footer's year): a new day renders
 * them again. It also holds the price list version in force, because the fleet
 * shows 'starting from' prices and the terms state the deposit: a version
 * coming into force renders them again. And it holds the generation of the
 * published travellers' reviews (app/reviews/published-reviews.server.ts),
 * which the home and class pages show: a review published or hidden there
 * renders them again, although no deploy happened.
 */
export class PageCache {
  private readonly pages = new Map<string, CachedPage>()

  constructor(private readonly limit: number) {}

  static key(
    path: string,
    language: Language,
    day: string,
    priceList: number,
    reviews: number,
  ): string {
    return `${language} ${day} p${priceList} r${reviews} ${path}`
  }

  get(key: string): CachedPage | undefined {
    const page = this.pages.get(key)
    if (page) {
      // Most recently served last: Map keeps insertion order.
      this.pages.delete(key)
      this.pages.set(key, page)
    }
    return page
  }

  set(key: string, page: CachedPage): void {
    this.pages.delete(key)
    this.pages.set(key, page)
    while (this.pages.size > this.limit) {
      const oldest = this.pages.keys().next().value as string
      this.pages.delete(oldest)
    }
  }

  get size(): number {
    return this.pages.size
  }
}
