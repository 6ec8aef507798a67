import type {
  Request as ExpressRequest,
  RequestHandler,
  Response as ExpressResponse,
} from 'express'
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from 'react-router'
import { randomBytes } from 'node:crypto'
import { formBodyOf } from './form-body.server'
import {
  isBareNotFound,
  isBrowserNavigation,
  notFoundPageRequest,
} from './navigation-not-found.server'
import { detectLanguage } from '~/i18n/middleware.server'
import { istanbulDate } from '~/domain/booking-window'
import { pricesInForce } from '~/pricing/prices-in-force.server'
import { publishedReviewsNow } from '~/reviews/published-reviews.server'
import {
  cachedPageOf,
  etagInEncoding,
  htmlWithNonce,
  keepableRenderContext,
  matchesEtag,
  mayBeCached,
  PageCache,
  pageEncodings,
  type CachedPage,
  type FixedPage,
  type NoncedPage,
} from './page-cache.server'

/**
 * The Fetch API request React Router sees, built the way @react-router/express
 * builds it, except for the body: that adapter streams the socket into the
 * request, while here the form gate has already read it (within its limit), so
 * the body is that buffer. URL, headers and the abort signal are as the adapter
 * makes them.
 */
export function fetchRequestOf(req: ExpressRequest, res: ExpressResponse): Request {
  // X-Forwarded-Host counts only behind a trusted proxy (TRUST_PROXY).
  const forwardedHost = req.app.enabled('trust proxy') ? req.get('X-Forwarded-Host') : undefined
  const port = [forwardedHost, req.get('host')]
    .map((host) => Number.parseInt(host?.split(':')[1] ?? '', 10))
    .find((value) => Number.isSafeInteger(value))
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || 'localhost'
  const url = new URL(`${req.protocol}://${hostname}${port ? `:${port}` : ''}${req.originalUrl}`)

  const controller = new AbortController()
  res.on('close', () => {
    if (!res.writableFinished) controller.abort()
  })

  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one)
  }

  const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : formBodyOf(req)
  return new Request(url, { method: req.method, headers, signal: controller.signal, body })
}

async function sendResponse(res: ExpressResponse, response: Response) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel()
    return
  }
  res.statusMessage = response.statusText
  res.status(response.status)
  // Set-Cookie comes out of Headers one cookie at a time; append keeps them all.
  for (const [name, value] of response.headers) res.append(name, value)
  if (!response.body) {
    res.end()
    return
  }
  // Nothing the site answers streams (every page is rendered whole, no loader
  // defers data), so the body is read at once and written with its length: one
  // write instead of a web stream piped chunk by chunk, and the response
  // compression leaves a body under its threshold (robots.txt, a status) alone.
  const body = Buffer.from(await response.arrayBuffer())
  if (res.destroyed || res.writableEnded) return
  res.setHeader('Content-Length', body.length)
  res.end(body)
}

/** Express middleware that answers with the React Router build. */
export function reactRouterHandler(options: {
  build: ServerBuild
  mode: string
  loadContext: (req: ExpressRequest) => RouterContextProvider
  /** Pages the same for everyone in a language, rendered once (page-cache.server.ts). */
  pageCache?: PageCache
}): RequestHandler {
  const handleRequest = createRequestHandler(options.build, options.mode)
  const { pageCache } = options
  return async (req, res, next) => {
    try {
      const context = options.loadContext(req)
      const request = fetchRequestOf(req, res)
      let response = await handleRequest(request, context)
      if (isBareNotFound(response) && isBrowserNavigation(request)) {
        await response.body?.cancel()
        response = await handleRequest(notFoundPageRequest(request), options.loadContext(req))
      }
      const kept = pageCache && (await keepRenderedPage(req.path, response, context))
      if (kept && pageCache) {
        pageCache.set(kept.key, kept.page)
        sendCachedPage(req, res, kept.page)
        return
      }
      await sendResponse(res, response)
    } catch (error) {
      next(error)
    }
  }
}

/**
 * Answers a document request from the kept pages when it can, before anything
 * else looks at it (the static files: a kept page's path is never a file, or
 * that file would have been served instead of rendering it).
 */
export function servePageCache(pageCache: PageCache): RequestHandler {
  return async (req, res, next) => {
    try {
      if (!mayBeCached(req.method, req.originalUrl)) return next()
      const cached = pageCache.get(await pageCacheKey(req))
      if (!cached) return next()
      sendCachedPage(req, res, cached)
    } catch (error) {
      next(error)
    }
  }
}

/**
 * The cache key of a document request: its path, its language as the site
 * resolves it, the day, the price list in force, the published reviews' generation.
 */
async function pageCacheKey(req: ExpressRequest): Promise<string> {
  // Cached pages have no query string, so no `?lng=`.
  const language = await detectLanguage({
    searchParam: null,
    cookie: req.get('Cookie') ?? null,
    acceptLanguage: req.get('Accept-Language') ?? null,
  })
  return PageCache.key(
    req.path,
    language,
    istanbulDate(new Date()),
    pricesInForce().versionNow(),
    publishedReviewsNow().generationNow(),
  )
}

/**
 * The kept copy of a response entry.server rendered to be kept, once the whole
 * response is known: still 200, no cookie set for this visitor (a language
 * remembered from `?lng=`), nothing that forbids storing it.
 */
async function keepRenderedPage(
  path: string,
  response: Response,
  context: RouterContextProvider,
): Promise<{ key: string; page: CachedPage } | undefined> {
  const render = context.get(keepableRenderContext)
  if (!render || response.status !== 200 || !response.body) return undefined
  if (response.headers.has('Set-Cookie')) return undefined
  if (/no-store|private/.test(response.headers.get('Cache-Control') ?? '')) return undefined
  const html = await response.text()
  return {
    key: PageCache.key(
      path,
      render.language,
      istanbulDate(new Date()),
      pricesInForce().versionNow(),
      publishedReviewsNow().generationNow(),
    ),
    page: await cachedPageOf(html, response.headers, render.nonce),
  }
}

/** What the kept copy depends on besides the path: the language cookie and Accept-Language. */
const pageCacheVary = 'Cookie, Accept-Language'

/** Answers from a kept page, with its ETag and its Vary, or 304 when the browser's copy is current. */
function sendCachedPage(req: ExpressRequest, res: ExpressResponse, page: CachedPage) {
  for (const [name, value] of page.headers) res.setHeader(name, value)
  res.append('Vary', pageCacheVary)
  if (page.nonce === 'none') sendFixedPage(req, res, page)
  else sendNoncedPage(req, res, page)
}

/**
 * The same bytes every time, in the best encoding the browser takes, already
 * compressed (the response compression leaves an encoded body alone).
 */
function sendFixedPage(req: ExpressRequest, res: ExpressResponse, page: FixedPage) {
  res.vary('Accept-Encoding')
  // Ours is the choice among what the browser takes, as the response compression's is
  // (browsers list gzip before br, and negotiation would follow their order).
  const encoding = pageEncodings.find((one) => req.acceptsEncodings(one) === one) ?? 'identity'
  const etag = etagInEncoding(page.etag, encoding)
  res.setHeader('ETag', etag)
  if (matchesEtag(req.get('If-None-Match'), etag)) {
    res.removeHeader('Content-Type')
    res.status(304).end()
    return
  }
  if (page.csp) res.setHeader('Content-Security-Policy', page.csp)
  else res.removeHeader('Content-Security-Policy')
  if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding)
  sendBody(req, res, page.bodies[encoding])
}

/**
 * A fresh nonce in the HTML and in the policy. A 304 carries no policy: the
 * browser keeps the one stored with its copy, whose nonce is the one in that
 * copy's scripts (headers of a 304 replace the stored ones).
 */
function sendNoncedPage(req: ExpressRequest, res: ExpressResponse, page: NoncedPage) {
  res.setHeader('ETag', page.etag)
  if (matchesEtag(req.get('If-None-Match'), page.etag)) {
    res.removeHeader('Content-Type')
    res.status(304).end()
    return
  }
  const nonce = randomBytes(16).toString('base64')
  if (page.cspParts) res.setHeader('Content-Security-Policy', page.cspParts.join(nonce))
  sendBody(req, res, htmlWithNonce(page, nonce))
}

function sendBody(req: ExpressRequest, res: ExpressResponse, body: Buffer) {
  res.status(200)
  res.setHeader('Content-Length', body.length)
  if (req.method === 'HEAD') res.end()
  else res.end(body)
}
