import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { postgresAdminUrl } from '../../tests/support/database-backends'
import {
  countBookingStatus,
  countMessageQueued,
  countMessageSend,
  countPayment,
  countRefund,
  jobTasks,
  metricsText,
  observeDatabasePool,
  observeRequest,
  registry,
  timeJob,
} from './metrics.server'

/** The value of one series, read back from the registry (0 when it has none yet). */
async function valueOf(name: string, labels: Record<string, string> = {}): Promise<number> {
  const metric = registry.getSingleMetric(name)
  if (!metric) throw new Error(`no metric ${name}`)
  const { values } = await metric.get()
  const found = values.find((value) =>
    Object.entries(labels).every(([key, wanted]) => String(value.labels[key]) === wanted),
  )
  return found?.value ?? 0
}

describe('the metrics module', () => {
  it('counts bookings by the status they entered, payments and refunds by result', async () => {
    const before = {
      confirmed: await valueOf('marmara_booking_status_changes_total', { status: 'confirmed' }),
      cancelled: await valueOf('marmara_booking_status_changes_total', { status: 'cancelled' }),
      paid: await valueOf('marmara_payments_total', { result: 'succeeded' }),
      duplicate: await valueOf('marmara_payments_total', { result: 'duplicate' }),
      refunded: await valueOf('marmara_refunds_total', { result: 'succeeded' }),
      refundFailed: await valueOf('marmara_refunds_total', { result: 'failed' }),
    }
    countBookingStatus('confirmed')
    countBookingStatus('confirmed')
    countBookingStatus('cancelled')
    countPayment('succeeded')
    countPayment('duplicate')
    countRefund('failed')
    expect(await valueOf('marmara_booking_status_changes_total', { status: 'confirmed' })).toBe(
      before.confirmed + 2,
    )
    expect(await valueOf('marmara_booking_status_changes_total', { status: 'cancelled' })).toBe(
      before.cancelled + 1,
    )
    expect(await valueOf('marmara_payments_total', { result: 'succeeded' })).toBe(before.paid + 1)
    expect(await valueOf('marmara_payments_total', { result: 'duplicate' })).toBe(
      before.duplicate + 1,
    )
    expect(await valueOf('marmara_refunds_total', { result: 'succeeded' })).toBe(before.refunded)
    expect(await valueOf('marmara_refunds_total', { result: 'failed' })).toBe(
      before.refundFailed + 1,
    )
  })

  it('shows every result from the start, at zero, so rate() has a series before the first event', async () => {
    const { body } = await metricsText()
    expect(body).toContain('marmara_payments_total{result="failed"}')
    expect(body).toContain('marmara_refunds_total{result="succeeded"}')
    expect(body).toContain('marmara_message_sends_total{channel="sms",result="failed"}')
    expect(body).toContain('marmara_booking_status_changes_total{status="no_show"}')
  })

  it('counts messages queued by channel and kind, and each send by channel and result', async () => {
    const sent = await valueOf('marmara_message_sends_total', {
      channel: 'whatsapp',
      result: 'sent',
    })
    const failed = await valueOf('marmara_message_sends_total', {
      channel: 'email',
      result: 'failed',
    })
    countMessageQueued('sms', 'traveller.driver_assigned')
    expect(
      await valueOf('marmara_messages_queued_total', {
        channel: 'sms',
        kind: 'traveller.driver_assigned',
      }),
    ).toBe(1)
    countMessageSend('whatsapp', 'sent')
    countMessageSend('email', 'failed')
    expect(
      await valueOf('marmara_message_sends_total', { channel: 'whatsapp', result: 'sent' }),
    ).toBe(sent + 1)
    expect(
      await valueOf('marmara_message_sends_total', { channel: 'email', result: 'failed' }),
    ).toBe(failed + 1)
  })

  it('times a job run as done, skipped or failed, and each of its tasks', async () => {
    await timeJob('test-job', async () => ({ ran: true }))
    await timeJob(
      'test-job',
      async () => ({ ran: false }),
      (run) => (run.ran ? 'done' : 'skipped'),
    )
    const broken = new Error('database gone')
    await expect(
      timeJob('test-job', async () => {
        throw broken
      }),
    ).rejects.toBe(broken)
    // A histogram's counts, as Prometheus reads them.
    const { body } = await metricsText()
    for (const result of ['done', 'skipped', 'failed']) {
      expect(body).toContain(
        `marmara_job_duration_seconds_count{job="test-job",result="${result}"} 1`,
      )
    }

    const task = jobTasks('test-job')
    await expect(task('sum', async () => 1 + 1)).resolves.toBe(2)
    await expect(
      task('fail', async () => {
        throw broken
      }),
    ).rejects.toBe(broken)
    const after = (await metricsText()).body
    expect(after).toContain(
      'marmara_job_task_duration_seconds_count{job="test-job",task="sum",result="done"} 1',
    )
    expect(after).toContain(
      'marmara_job_task_duration_seconds_count{job="test-job",task="fail",result="failed"} 1',
    )
  })

  it('puts a request in the bucket of its duration, under its route, method and status', async () => {
    observeRequest('GET', '/fleet-single/:id', 200, 0.003)
    observeRequest('GET', '/fleet-single/:id', 200, 0.3)
    observeRequest('BREW', '/fleet-single/:id', 405, 0.001)
    const { contentType, body } = await metricsText()
    expect(contentType).toMatch(/^text\/plain; version=0\.0\.4/)
    const series = (le: string) =>
      `http_request_duration_seconds_bucket{le="${le}",method="GET",route="/fleet-single/:id",status="200"}`
    expect(body).toContain(`${series('0.005')} 1`)
    expect(body).toContain(`${series('0.25')} 1`)
    expect(body).toContain(`${series('0.5')} 2`)
    expect(body).toContain(
      'http_request_duration_seconds_count{method="GET",route="/fleet-single/:id",status="200"} 2',
    )
    // A method no route is written for does not make a series of its own.
    expect(body).toContain(
      'http_request_duration_seconds_count{method="other",route="/fleet-single/:id",status="405"} 1',
    )
  })
})

describe('the PostgreSQL pool gauges', () => {
  const pool = new pg.Pool({ connectionString: postgresAdminUrl, max: 3 })
  afterAll(() => pool.end())

  it('read the pool when Prometheus asks: open, idle, waiting and the most it opens', async () => {
    observeDatabasePool(pool)
    const first = await pool.connect()
    const second = await pool.connect()
    expect(await valueOf('marmara_database_pool_connections')).toBe(2)
    expect(await valueOf('marmara_database_pool_idle_connections')).toBe(0)
    expect(await valueOf('marmara_database_pool_max_connections')).toBe(3)
    const third = await pool.connect()
    const fourth = pool.connect()
    expect(await valueOf('marmara_database_pool_waiting_requests')).toBe(1)
    first.release()
    ;(await fourth).release()
    second.release()
    third.release()
    expect(await valueOf('marmara_database_pool_connections')).toBe(3)
    expect(await valueOf('marmara_database_pool_idle_connections')).toBe(3)
    expect(await valueOf('marmara_database_pool_waiting_requests')).toBe(0)
  })
})
