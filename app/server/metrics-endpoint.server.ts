import { createHash, timingSafeEqual } from 'node:crypto'
import type { RequestHandler } from 'express'
import type { ServerBuild } from 'react-router'
import { collectProcessMetrics, metricsText, observeRequest } from '~/utils/metrics.server'
import type { AccessLine } from './access-log.server'
import { requestRoutes } from './request-route.server'

/** Where Prometheus reads this instance's metrics. */
export const metricsPath = '/metrics'

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest()
}

/**
 * Whether an Authorization header carries the token as `Bearer <token>`.
 * Both sides are hashed first, so the comparison takes as long whatever the
 * header holds (its length included) and tells a guesser nothing.
 */
export function bearerMatches(header: string | undefined, tokenDigest: Buffer): boolean {
  const given = /^Bearer +(\S+) *$/i.exec(header ?? '')?.[1]
  const matches = timingSafeEqual(digest(given ?? ''), tokenDigest)
  return given !== undefined && matches
}

/**
 * /metrics in Prometheus' text format, for the holder of METRICS_TOKEN only:
 * the figures (traffic, bookings, payments) are the company's business. The
 * server mounts it only when the token is set; otherwise the path is one more
 * page that does not exist (404).
 */
export function metricsEndpoint(token: string): RequestHandler {
  const tokenDigest = digest(token)
  collectProcessMetrics()
  return async (req, res, next) => {
    res.setHeader('Cache-Control', 'no-store')
    if (!bearerMatches(req.get('Authorization'), tokenDigest)) {
      res
        .status(401)
        .set('WWW-Authenticate', 'Bearer realm="metrics"')
        .type('text/plain; charset=utf-8')
        .send('Unauthorized')
      return
    }
    try {
      const { contentType, body } = await metricsText()
      res.status(200).type(contentType).send(body)
    } catch (error) {
      next(error)
    }
  }
}

/**
 * Counts each answered request under its route's pattern, from its access log
 * line (durations to the millisecond, as logged). Only with the endpoint on:
 * without it no request pays for the route lookup.
 */
export function countRequests(routes: ServerBuild['routes']) {
  const routeOf = requestRoutes(routes, [metricsPath])
  return (line: AccessLine) =>
    observeRequest(line.method ?? '', routeOf(line.path), line.status, line.durationMs / 1000)
}
