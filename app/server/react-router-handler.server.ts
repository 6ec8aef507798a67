import type {
  Request as ExpressRequest,
  RequestHandler,
  Response as ExpressResponse,
} from 'express'
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from 'react-router'
import { writeReadableStreamToWritable } from '@react-router/node'
import { formBodyOf } from './form-body.server'

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
  try {
    await writeReadableStreamToWritable(response.body, res)
  } catch (error) {
    if (res.destroyed || res.writableEnded) return
    throw error
  }
}

/** Express middleware that answers with the React Router build. */
export function reactRouterHandler(options: {
  build: ServerBuild
  mode: string
  loadContext: (req: ExpressRequest) => RouterContextProvider
}): RequestHandler {
  const handleRequest = createRequestHandler(options.build, options.mode)
  return async (req, res, next) => {
    try {
      const response = await handleRequest(fetchRequestOf(req, res), options.loadContext(req))
      await sendResponse(res, response)
    } catch (error) {
      next(error)
    }
  }
}
