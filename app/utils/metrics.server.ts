import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import { bookingStatuses, type BookingStatus } from '~/domain/booking/status'

/**
 * The process's metrics, read by Prometheus at /metrics
 * (app/server/metrics-endpoint.server.ts). The one module that knows
 * prom-client: code where a fact happens calls one of the small functions
 * below, as it calls the logger. Every label takes its values from a set the
 * code names (route patterns, statuses, results, job names), never from what a
 * request carries, so the number of series stays bounded.
 *
 * The counters live in this process's memory: each instance behind the load
 * balancer counts what it did and answers its own /metrics, which is what
 * Prometheus expects (it scrapes every instance and adds them up). A restart
 * starts them from zero; Prometheus' rate() and increase() allow for that.
 */
export const registry = new Registry()

const requestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Requests answered, by method, route pattern and status, and how long each took',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
})

const bookingStatusChanges = new Counter({
  name: 'marmara_booking_status_changes_total',
  help: 'Bookings that entered a status (confirmed, cancelled…), counted once their change committed',
  labelNames: ['status'] as const,
  registers: [registry],
})

export type PaymentResult =
  /** The provider took the money and the booking is confirmed by it. */
  | 'succeeded'
  /** The provider took the money for a booking already paid (or cancelled): due back. */
  | 'duplicate'
  /** The card was refused, or the provider's answer did not match what was asked. */
  | 'failed'

const payments = new Counter({
  name: 'marmara_payments_total',
  help: 'Payments settled with the provider, by result',
  labelNames: ['result'] as const,
  registers: [registry],
})

export type RefundResult = 'succeeded' | 'failed'

const refunds = new Counter({
  name: 'marmara_refunds_total',
  help: 'Refunds the provider answered, by result',
  labelNames: ['result'] as const,
  registers: [registry],
})

const messagesQueued = new Counter({
  name: 'marmara_messages_queued_total',
  help: 'Messages queued to send, by channel (email, sms, whatsapp) and kind',
  labelNames: ['channel', 'kind'] as const,
  registers: [registry],
})

const messageSends = new Counter({
  name: 'marmara_message_sends_total',
  help: 'Tries to send a message (e-mail by SMTP or the outbox folder; SMS and WhatsApp by the provider or the outbox), by channel and result; a failed try is retried',
  labelNames: ['channel', 'result'] as const,
  registers: [registry],
})

export type JobResult = 'done' | 'failed' | 'skipped'

const jobDuration = new Histogram({
  name: 'marmara_job_duration_seconds',
  help: 'Runs of a periodic job, by result (skipped: it was running in another instance), and how long each took',
  labelNames: ['job', 'result'] as const,
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300],
  registers: [registry],
})

const jobTaskDuration = new Histogram({
  name: 'marmara_job_task_duration_seconds',
  help: 'Tasks of a periodic job run, by result, and how long each took',
  labelNames: ['job', 'task', 'result'] as const,
  buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5, 30, 300],
  registers: [registry],
})

// Every result starts at zero, so a series exists (and rate() works) before its first event.
for (const result of ['succeeded', 'duplicate', 'failed'] satisfies PaymentResult[]) {
  payments.inc({ result }, 0)
}
for (const result of ['succeeded', 'failed'] satisfies RefundResult[]) refunds.inc({ result }, 0)
for (const channel of ['email', 'sms', 'whatsapp']) {
  for (const result of ['sent', 'failed']) messageSends.inc({ channel, result }, 0)
}
for (const status of bookingStatuses) bookingStatusChanges.inc({ status }, 0)

/** The methods a route is written for; anything else is counted as `other`. */
const knownMethods = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])

/** One answered request: `route` is its route's pattern (never the path itself). */
export function observeRequest(method: string, route: string, status: number, seconds: number) {
  requestDuration.observe(
    { method: knownMethods.has(method) ? method : 'other', route, status: String(status) },
    seconds,
  )
}

/** A booking entered `status` (its change has committed). */
export function countBookingStatus(status: BookingStatus) {
  bookingStatusChanges.inc({ status })
}

export function countPayment(result: PaymentResult) {
  payments.inc({ result })
}

export function countRefund(result: RefundResult) {
  refunds.inc({ result })
}

/** A message of this kind ('ops.booking_confirmed'…) was queued (its queueing has committed). */
export function countMessageQueued(channel: string, kind: string) {
  messagesQueued.inc({ channel, kind })
}

/** A try to send a message on this channel, and how it went. */
export function countMessageSend(channel: string, result: 'sent' | 'failed') {
  messageSends.inc({ channel, result })
}

/**
 * Runs one periodic job and times it; `resultOf` says when a run that returned
 * did nothing (`skipped`), a run that throws is `failed`.
 */
export async function timeJob<T>(
  job: string,
  run: () => Promise<T>,
  resultOf: (value: T) => JobResult = () => 'done',
): Promise<T> {
  const end = jobDuration.startTimer({ job })
  try {
    const value = await run()
    end({ result: resultOf(value) })
    return value
  } catch (error) {
    end({ result: 'failed' })
    throw error
  }
}

/** Times the tasks of one job's run, each under its own name. */
export function jobTasks(job: string) {
  return async <T>(task: string, run: () => Promise<T>): Promise<T> => {
    const end = jobTaskDuration.startTimer({ job, task })
    try {
      const value = await run()
      end({ result: 'done' })
      return value
    } catch (error) {
      end({ result: 'failed' })
      throw error
    }
  }
}

/** What the gauges read from a connection pool (pg.Pool has these). */
export interface ObservablePool {
  totalCount: number
  idleCount: number
  waitingCount: number
  options?: { max?: number }
}

/**
 * Gauges of the PostgreSQL pool, read when Prometheus asks. SQLite has none:
 * its one connection lives inside the process and nothing queues for it (a
 * write waiting for another process's lock shows in the request durations).
 */
export function observeDatabasePool(pool: ObservablePool) {
  const gauge = (name: string, help: string, read: () => number | undefined) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        const value = read()
        if (value !== undefined) this.set(value)
      },
    })
  gauge(
    'marmara_database_pool_connections',
    'Connections the PostgreSQL pool holds open, idle or in use',
    () => pool.totalCount,
  )
  gauge(
    'marmara_database_pool_idle_connections',
    'Open connections of the PostgreSQL pool that no query is using',
    () => pool.idleCount,
  )
  gauge(
    'marmara_database_pool_waiting_requests',
    'Queries waiting for a free connection of the PostgreSQL pool',
    () => pool.waitingCount,
  )
  gauge(
    'marmara_database_pool_max_connections',
    'The most connections the PostgreSQL pool opens',
    () => pool.options?.max,
  )
}

let processMetrics = false

/**
 * Adds Node's own figures (CPU, memory, event loop delay, garbage collection),
 * once, when the endpoint is turned on: their event loop monitor is not paid
 * for when nobody reads it.
 */
export function collectProcessMetrics() {
  if (processMetrics) return
  processMetrics = true
  collectDefaultMetrics({ register: registry })
}

/** The text Prometheus reads, and its content type. */
export async function metricsText(): Promise<{ contentType: string; body: string }> {
  return { contentType: registry.contentType, body: await registry.metrics() }
}
