import { randomBytes } from 'node:crypto'
import type {
  EntryContext,
  HandleErrorFunction,
  RouterContextProvider,
  ServerBuild,
} from 'react-router'
import { isRouteErrorResponse, ServerRouter } from 'react-router'
import { renderToPipeableStream, renderToString } from 'react-dom/server'
import type { ReactElement } from 'react'
import { Writable } from 'node:stream'
import type { i18n } from 'i18next'
import { I18nextProvider } from 'react-i18next'
import { getI18n, sharedI18n } from '~/i18n/middleware.server'
import { defaultLanguage, toLanguage } from '~/i18n/config'
import { isKeepablePage, keepableRenderContext } from '~/server/page-cache.server'
import { NonceProvider } from '~/utils/nonce'
import { documentHydrates } from '~/utils/hydrate-handle'
import { contentSecurityPolicy, originOf } from '~/utils/security-headers.server'
import { getEnv } from '~/config/env.server'
import { logger } from '~/utils/logger.server'
import { getDatabase } from '~/db/db.server'
import { runMaintenance } from '~/jobs/maintenance.server'
import { deliveriesEnded } from '~/messages/queue.server'
import { startMaintenanceSchedule } from '~/jobs/schedule.server'
import { paymentProvider } from '~/adapters/payment/configured.server'
import { runServer } from '~/server/http-server.server'
import { pricesInForce } from '~/pricing/prices-in-force.server'
import { pathOf } from '~/server/access-log.server'
import { requestIdContext } from '~/utils/client-address.server'
import {
  needsPassword,
  parseStaffCommand,
  runStaffCommand,
  staffUsage,
} from '~/staff/staff-command.server'

export const streamTimeout = 5_000

/**
 * Called once by server.js before it listens: opens and migrates the database,
 * so a bad DATABASE_URL stops the start with a clear message, loads the price
 * lists (the first quote does not wait for them, and the texts state the
 * deposit in force from the first page), then schedules the maintenance job
 * (app/jobs/schedule.server.ts).
 */
export async function startup(): Promise<void> {
  const handle = await getDatabase()
  await pricesInForce().inForce(new Date())
  startMaintenanceSchedule(handle, paymentProvider)
}

/**
 * `npm run maintenance`: the same job once, for operations (scripts/maintenance.mjs).
 * The process exits when this resolves, so it waits for the messages the run
 * started sending (a confirmation after a lost callback) to be sent.
 */
export async function maintenanceOnce() {
  const report = await runMaintenance(await getDatabase(), paymentProvider(), new Date())
  await deliveriesEnded()
  return report
}

/**
 * `npm run staff`: adds, disables and resets staff accounts (scripts/staff.mjs).
 * The script reads the password from standard input only when the command
 * needs one; a usage error answers before anything is read or opened.
 */
export const staffCommand = {
  parse: parseStaffCommand,
  needsPassword,
  usage: staffUsage,
  run: async (command: Parameters<typeof runStaffCommand>[1], password: string) =>
    runStaffCommand(await getDatabase(), command, password, new Date()),
}

/**
 * server.js starts the site with this: settings, database and maintenance job
 * (startup), then the HTTP server; a failure is logged as one JSON line and ends
 * the process with code 1 (app/server/http-server.server.ts).
 */
export function startServer(build: ServerBuild): Promise<void> {
  return runServer(build, startup)
}

/**
 * Errors thrown while React Router handles a request, as one JSON line with the
 * request's id (instead of React Router's plain-text console.error). Requests the
 * client abandoned are not errors.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return
  // A client's mistake React Router answers itself (405 for a method no route takes,
  // 404): the access log has its status, and it is not the site's error.
  if (isRouteErrorResponse(error) && error.status < 500) return
  // React Router wraps some failures in an error response whose `error` holds the original.
  const wrapped = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined
  const cause = wrapped ?? error
  logger.error('request.failed', {
    // The context is missing when React Router refused the load context itself.
    requestId: (context as RouterContextProvider | undefined)?.get(requestIdContext) ?? undefined,
    method: request.method,
    path: pathOf(new URL(request.url).pathname),
    err: cause,
  })
}

/**
 * The i18n instance the middleware made for this request. When no route matched
 * the middleware did not run, so a fresh English instance stands in.
 */
async function i18nFor(context: RouterContextProvider): Promise<i18n> {
  try {
    return getI18n(context)
  } catch {
    return sharedI18n(defaultLanguage)
  }
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders })
  }

  const env = getEnv()
  const nonce = randomBytes(16).toString('base64')
  const i18n = await i18nFor(loadContext)

  if (env.NODE_ENV !== 'development') {
    // Vite's dev server injects inline scripts without a nonce; the policy is
    // enforced on the production build, which the tests run against.
    const mapsOrigins = env.GOOGLE_MAPS_BROWSER_KEY
      ? ['https://maps.googleapis.com', 'https://maps.gstatic.com']
      : []
    responseHeaders.set(
      'Content-Security-Policy',
      contentSecurityPolicy({
        nonce,
        scriptOrigins: mapsOrigins,
        connectOrigins: mapsOrigins,
        imageOrigins: mapsOrigins,
        formActionOrigins: [
          ...originOf(env.PUBLIC_BASE_URL),
          // iyzico's hosted Checkout Form (sandbox-cpp / cpp) and the configured API host.
          ...(env.PAYMENT_PROVIDER === 'iyzico'
            ? ['https://*.iyzipay.com', ...originOf(env.IYZICO_BASE_URL)]
            : []),
        ],
        frameOrigins: [
          ...(env.GOOGLE_MAPS_BROWSER_KEY ? ['https://www.google.com'] : []),
          ...originOf(env.PROMO_VIDEO_URL ?? ''),
        ],
        upgradeInsecureRequests: env.PUBLIC_BASE_URL.startsWith('https:'),
      }),
    )
  }

  // A page the same for everyone in its language is rendered whole and kept
  // (app/server/page-cache.server.ts); the handler stores it once the response is final.
  const keepable = isKeepablePage(request, responseStatusCode, routerContext)
  if (keepable)
    loadContext.set(keepableRenderContext, { language: toLanguage(i18n.language), nonce })

  const page = (
    <NonceProvider value={nonce}>
      <I18nextProvider i18n={i18n}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </I18nextProvider>
    </NonceProvider>
  )
  const { html, failedLate } = documentHydrates(routerContext)
    ? await renderHydratingDocument(page, nonce)
    : { html: renderStaticDocument(page), failedLate: false }
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
  return new Response(html, {
    headers: responseHeaders,
    status: failedLate ? 500 : responseStatusCode,
  })
}

/**
 * A page React does not hydrate (every page but the payment simulator's): no
 * part of it streams in later (no Suspense, no deferred data, and React
 * Router's hand-off of the loader data renders only with the application's
 * scripts), so it is rendered at once, to a string, and sent as one body.
 * React's string renderer skips the byte encoding of its stream renderer, and
 * the compression and the socket get one write instead of one per 2 KB chunk.
 * A render that throws rejects, and React Router answers with its error page.
 */
function renderStaticDocument(page: ReactElement): string {
  return `<!DOCTYPE html>${renderToString(page)}`
}

/**
 * A page the application hydrates: React Router streams the loader data into
 * it, so it is rendered as a stream, waiting for all of it, and sent whole.
 * `failedLate` says a part of it failed after the shell (the answer is a 500).
 */
function renderHydratingDocument(
  page: ReactElement,
  nonce: string,
): Promise<{ html: string; failedLate: boolean }> {
  return new Promise((resolve, reject) => {
    let failedLate = false
    const chunks: Buffer[] = []
    const body = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk)
        callback()
      },
      final(callback) {
        clearTimeout(timeoutId)
        resolve({ html: Buffer.concat(chunks).toString('utf8'), failedLate })
        callback()
      },
    })
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000)
    let shellRendered = false
    const { pipe, abort } = renderToPipeableStream(page, {
      nonce,
      onShellReady() {
        shellRendered = true
      },
      onAllReady() {
        pipe(body)
      },
      onShellError(error: unknown) {
        clearTimeout(timeoutId)
        reject(error)
      },
      onError(error: unknown) {
        // An error in the shell is rejected above and logged by handleError.
        if (!shellRendered) return
        failedLate = true
        logger.error('render.stream_error', { error: String(error) })
      },
    })
  })
}
