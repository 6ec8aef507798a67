import { createServer, type Server } from 'node:http'
import compression from 'compression'
import express, { type ErrorRequestHandler, type RequestHandler } from 'express'
import type { ServerBuild } from 'react-router'
import { getEnv, InvalidSettingsError, type Env } from '~/config/env.server'
import { logger } from '~/utils/logger.server'
import { requestLoadContext } from '~/utils/client-address.server'
import { accessLog } from './access-log.server'
import { formBodyGate } from './form-body.server'
import { countRequests, metricsEndpoint, metricsPath } from './metrics-endpoint.server'
import { stopGracefully } from './lifecycle.server'
import { deliveriesEnded } from '~/messages/queue.server'
import { untrustedProxyWarning } from './proxy-check.server'
import { reactRouterHandler, servePageCache } from './react-router-handler.server'
import { PageCache } from './page-cache.server'
import { precompressedAssets } from './precompressed-assets.server'
import { publicFiles } from './public-files.server'

/**
 * Pages kept in memory per process: every content page in both languages fits
 * several times over (a page is 30–60 KB), and the bound keeps memory in check
 * whatever paths are asked for.
 */
const PAGE_CACHE_ENTRIES = 500

function securityHeaders(env: Env): RequestHandler {
  const https = env.PUBLIC_BASE_URL.startsWith('https:')
  return (_req, res, next) => {
    res.setHeader('X-Content-Type-Options', 'nosniff')
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin')
    res.setHeader('X-Frame-Options', 'DENY')
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin')
    res.setHeader(
      'Permissions-Policy',
      'camera=(), microphone=(), geolocation=(self), payment=(self)',
    )
    if (https) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
    next()
  }
}

/**
 * Errors that reach Express (a response that failed while being sent, a malformed
 * URL in the static files) become one JSON line and a plain answer, instead of
 * Express's own stack trace on stderr.
 */
const answerErrors: ErrorRequestHandler = (error: unknown, req, res, _next) => {
  const declared = (error as { status?: unknown; statusCode?: unknown })?.status
  const status = typeof declared === 'number' && declared >= 400 && declared < 600 ? declared : 500
  if (status >= 500) {
    logger.error('request.failed', { requestId: req.id, method: req.method, err: error })
  }
  if (res.headersSent) {
    res.destroy()
    return
  }
  res
    .status(status)
    .type('text/plain; charset=utf-8')
    .send(status >= 500 ? 'Internal Server Error' : 'Bad Request')
}

/** The site: access log, security headers, the form gate, compression, static files, React Router. */
export function createApp(build: ServerBuild, env: Env) {
  const app = express()
  app.disable('x-powered-by')
  // Behind a TLS-terminating proxy the client's scheme and address come from
  // X-Forwarded-*. One proxy hop (the load balancer): req.ip is the address it saw,
  // not whatever a client wrote first in X-Forwarded-For, so the contact form's
  // rate limit holds.
  if (env.TRUST_PROXY) app.set('trust proxy', 1)

  app.use(accessLog(env.METRICS_TOKEN ? countRequests(build.routes) : undefined))
  const proxyWarning = untrustedProxyWarning({
    trustProxy: env.TRUST_PROXY,
    publicBaseUrl: env.PUBLIC_BASE_URL,
  })
  if (proxyWarning) app.use(proxyWarning)
  app.use(securityHeaders(env))
  // Before anything reads a body; static files answer only GET and HEAD.
  app.use(formBodyGate())
  app.use(compression())
  // Off unless METRICS_TOKEN is set: the path is then React Router's not-found page.
  if (env.METRICS_TOKEN) app.get(metricsPath, metricsEndpoint(env.METRICS_TOKEN))
  // Pages rendered once are answered from memory before the file system is asked.
  const pageCache = new PageCache(PAGE_CACHE_ENTRIES)
  app.use(servePageCache(pageCache))
  // Fingerprinted bundles never change; everything else in public/ may. Browsers
  // that take brotli get the build's own best-quality copy of a bundle.
  app.use('/assets', precompressedAssets('build/client/assets'))
  app.use('/assets', express.static('build/client/assets', { immutable: true, maxAge: '1y' }))
  app.use(publicFiles('build/client', { maxAge: '1h' }))
  app.all(
    '*splat',
    reactRouterHandler({
      build,
      mode: env.NODE_ENV,
      // The client's address (req.ip honours TRUST_PROXY) reaches actions through the
      // load context: the contact form's rate limit counts messages per sender.
      loadContext: (req) => requestLoadContext(req.ip, String(req.id)),
      pageCache,
    }),
  )
  app.use(answerErrors)
  return app
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
}

/** What a start-up failure log line carries: the issues of invalid settings, or the error. */
function startFailureFields(error: unknown): Record<string, unknown> {
  if (error instanceof InvalidSettingsError) {
    return { error: 'invalid settings', issues: error.issues }
  }
  return { err: error }
}

/**
 * Crashes and Node's own warnings as JSON lines too: by default Node prints them
 * as plain text on stderr, which a log collector reading JSON cannot parse.
 */
function logProcessTrouble() {
  const crash = (kind: string) => (error: unknown) => {
    logger.error('process.crashed', { kind, err: error })
    process.exit(1)
  }
  process.on('uncaughtException', crash('uncaughtException'))
  process.on('unhandledRejection', crash('unhandledRejection'))
  // Node's default 'warning' listener prints text; without it the event still fires.
  process.removeAllListeners('warning')
  process.on('warning', (warning) =>
    logger.warn('process.warning', { name: warning.name, message: warning.message }),
  )
}

/**
 * server.js calls this with the build: validates the settings, runs `prepare`
 * (the database, the maintenance job), then listens. Any failure is one JSON
 * error line and exit code 1: invalid settings (`server.start_failed`, with each
 * issue), a database that cannot be opened, a port already in use
 * (`server.listen_failed`).
 */
export async function runServer(build: ServerBuild, prepare: () => Promise<void>): Promise<void> {
  logProcessTrouble()
  let env: Env
  try {
    env = getEnv()
    await prepare()
  } catch (error) {
    logger.error('server.start_failed', startFailureFields(error))
    process.exit(1)
  }

  const server = createServer(createApp(build, env))
  try {
    await listen(server, env.PORT, env.HOST)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    logger.error('server.listen_failed', { code, port: env.PORT, host: env.HOST, err: error })
    process.exit(1)
  }
  logger.info('server.listening', { url: env.PUBLIC_BASE_URL, port: env.PORT, host: env.HOST })
  stopGracefully(server, {
    delayMs: env.SHUTDOWN_DELAY_SECONDS * 1000,
    graceMs: env.SHUTDOWN_GRACE_SECONDS * 1000,
    // A confirmation whose sending a request started is sent before the exit.
    finishing: deliveriesEnded,
  })
}
