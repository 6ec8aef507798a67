import type { Server, ServerResponse } from 'node:http'
import { logger } from '~/utils/logger.server'

let draining = false

/** True from the stop signal on: /readyz answers 503 so the load balancer stops sending. */
export function isDraining(): boolean {
  return draining
}

export interface ShutdownTimings {
  /** How long requests are still taken in (with /readyz at 503) after SIGTERM. */
  delayMs: number
  /** From the signal to the forced exit. */
  graceMs: number
  /**
   * Awaited after the last request has finished, before the exit: work a request
   * started and left running (messages being sent), still within the grace period.
   */
  finishing?: () => Promise<void>
}

/**
 * The stop sequence, on SIGTERM (the orchestrator's stop) or SIGINT (Ctrl-C):
 *
 * 1. /readyz turns 503 at once (`server.draining`);
 * 2. on SIGTERM, requests are still served for `delayMs`, the time a load balancer
 *    needs to see the 503 and stop sending; Ctrl-C skips this wait;
 * 3. the listener closes, idle keep-alive connections are closed, and the requests
 *    in flight finish (`server.closing`);
 * 4. when the last one has finished, and `finishing` has, the process exits 0
 *    (`server.stopped`);
 * 5. if any is still open `graceMs` after the signal, or a second signal comes,
 *    the process exits 1 (`server.shutdown_forced`), cutting them.
 */
export function stopGracefully(server: Server, timings: ShutdownTimings) {
  const inflight = new Set<ServerResponse>()
  let closing = false
  // Once the listener is closed, no keep-alive client may reuse a connection.
  const closeAfter = (res: ServerResponse) => {
    if (!res.headersSent) res.setHeader('Connection', 'close')
  }
  server.on('request', (_req, res: ServerResponse) => {
    inflight.add(res)
    if (closing) closeAfter(res)
    res.on('close', () => {
      inflight.delete(res)
      if (closing) server.closeIdleConnections()
    })
  })

  const forcedExit = (reason: string) => {
    logger.error('server.shutdown_forced', { reason, inflight: inflight.size })
    process.exit(1)
  }

  const stop = (signal: NodeJS.Signals) => {
    if (draining) return forcedExit(`second ${signal}`)
    draining = true
    const delayMs = signal === 'SIGTERM' ? timings.delayMs : 0
    logger.info('server.draining', {
      signal,
      inflight: inflight.size,
      delayMs,
      graceMs: timings.graceMs,
    })
    setTimeout(() => forcedExit('grace period over'), timings.graceMs).unref()
    setTimeout(() => {
      closing = true
      inflight.forEach(closeAfter)
      logger.info('server.closing', { inflight: inflight.size })
      server.close(() => {
        void (timings.finishing?.() ?? Promise.resolve()).finally(() => {
          logger.info('server.stopped', {})
          process.exit(0)
        })
      })
      server.closeIdleConnections()
    }, delayMs)
  }

  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
}
