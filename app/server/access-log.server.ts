import { randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { pinoHttp } from 'pino-http'
import { pinoLogger } from '~/utils/logger.server'

/**
 * An incoming X-Request-Id is kept when it looks like an id (a load balancer's or
 * a tracing proxy's); anything longer or with other characters is replaced, so a
 * client cannot write arbitrary text into the logs through it.
 */
const saneRequestId = /^[A-Za-z0-9._:+/=-]{1,128}$/

export function requestIdFor(incoming: string | string[] | undefined): string {
  const value = Array.isArray(incoming) ? incoming[0] : incoming
  return value && saneRequestId.test(value) ? value : randomUUID()
}

/**
 * Paths whose last part is itself a key: whoever holds the payment simulator's
 * page can pay or decline it, and a text message's short link opens the
 * booking. The log keeps the route's pattern instead. (Every other secret
 * travels in a query string, which is never logged.)
 */
const secretPaths: readonly [RegExp, string][] = [
  [/^\/payment-simulator\/[^/]*/i, '/payment-simulator/:token'],
  [/^\/r\/[^/]*/i, '/r/:code'],
]

/**
 * The path of a request as logs may hold it: without its query string (searches
 * carry what travellers typed, links carry keys) and without a key in the path.
 */
export function pathOf(url: string | undefined): string {
  const raw = (url ?? '/').split('?', 1)[0] ?? '/'
  const path = secretPaths.reduce((kept, [secret, pattern]) => kept.replace(secret, pattern), raw)
  return path.length > 512 ? `${path.slice(0, 512)}…` : path
}

interface LoggedRequest extends IncomingMessage {
  originalUrl?: string
}

function accessLine(req: LoggedRequest, res: ServerResponse, durationMs: number) {
  return {
    event: 'http.request',
    method: req.method,
    path: pathOf(req.originalUrl ?? req.url),
    status: res.statusCode,
    durationMs,
    // The client went away before the whole answer was sent.
    ...(res.writableFinished ? {} : { aborted: true }),
  }
}

export type AccessLine = ReturnType<typeof accessLine>

/**
 * One JSON line per request once its answer is sent (pino-http): method, path,
 * status, duration and the request id, which is also sent back in X-Request-Id
 * and given to React Router (see requestLoadContext) for its error lines.
 * Headers, cookies, the query and the body are never logged. `answered` sees
 * each line too (the request metrics), whatever the log level.
 */
export function accessLog(answered: (line: AccessLine) => void = () => undefined) {
  const seen = (line: AccessLine) => {
    answered(line)
    return line
  }
  return pinoHttp<LoggedRequest, ServerResponse>({
    logger: pinoLogger,
    genReqId: (req, res) => {
      const id = requestIdFor(req.headers['x-request-id'])
      res.setHeader('X-Request-Id', id)
      return id
    },
    // Only the request id is bound to the line; the rest is accessLine's.
    quietReqLogger: true,
    quietResLogger: true,
    customAttributeKeys: { reqId: 'requestId', responseTime: 'durationMs' },
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : 'info'),
    customSuccessObject: (req, res, value: { durationMs: number }) =>
      seen(accessLine(req, res, value.durationMs)),
    customErrorObject: (req, res, _error, value: { durationMs: number }) =>
      seen(accessLine(req, res, value.durationMs)),
    customSuccessMessage: () => undefined as unknown as string,
    customErrorMessage: () => undefined as unknown as string,
  })
}
