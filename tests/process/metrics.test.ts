import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { simulatorCards } from '~/adapters/payment/simulator.server'
import { startServer, type RunningServer } from './server-process'
import { CookieJar, bookNow, journeyToBookNow, post, postgresStore } from './journey'

const token = 'process-test-metrics-token-0123456789'

/** /metrics as Prometheus reads it, with the token unless `authorization` says otherwise. */
function scrape(server: RunningServer, authorization: string | null = `Bearer ${token}`) {
  return fetch(`${server.url}/metrics`, {
    headers: authorization === null ? {} : { authorization },
  })
}

/** The value of one series in Prometheus' text format (undefined when it is absent). */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((one) => one.startsWith(`${series} `))
  return line === undefined ? undefined : Number(line.slice(series.length + 1))
}

describe('/metrics with METRICS_TOKEN unset', () => {
  let server: RunningServer
  beforeAll(async () => {
    server = await startServer()
  })
  afterAll(async () => {
    await server?.stop()
  })

  it('does not exist, with or without a token', async () => {
    expect((await scrape(server, null)).status).toBe(404)
    expect((await scrape(server)).status).toBe(404)
  })
})

describe('/metrics with METRICS_TOKEN set', () => {
  let server: RunningServer
  beforeAll(async () => {
    server = await startServer({ METRICS_TOKEN: token })
  })
  afterAll(async () => {
    await server?.stop()
  })

  it('answers 401 without the token or with a wrong one, and shows nothing', async () => {
    for (const authorization of [
      null,
      token,
      `Basic ${Buffer.from(`prometheus:${token}`).toString('base64')}`,
      'Bearer process-test-metrics-token-0123456780',
    ]) {
      const answer = await scrape(server, authorization)
      expect([authorization, answer.status]).toEqual([authorization, 401])
      expect(answer.headers.get('www-authenticate')).toBe('Bearer realm="metrics"')
      expect(await answer.text()).not.toContain('http_request_duration_seconds')
    }
  })

  it('answers the holder of the token in Prometheus’ text format, counting a page under its route', async () => {
    expect((await fetch(`${server.url}/about`)).status).toBe(200)
    const answer = await scrape(server)
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/)
    expect(answer.headers.get('cache-control')).toBe('no-store')
    const text = await answer.text()
    expect(text).toContain('# TYPE http_request_duration_seconds histogram')
    expect(
      sample(text, 'http_request_duration_seconds_count{method="GET",route="/about",status="200"}'),
    ).toBe(1)
    // Node's own figures come with it.
    expect(text).toContain('# TYPE process_cpu_seconds_total counter')
    // SQLite has no pool: no pool gauges that would mean nothing.
    expect(text).not.toContain('marmara_database_pool')
  })

  it('counts a booking paid through the payment simulator: confirmed, paid, under route patterns', async () => {
    const before = await (await scrape(server)).text()
    const confirmedSeries = 'marmara_booking_status_changes_total{status="confirmed"}'
    const paidSeries = 'marmara_payments_total{result="succeeded"}'
    expect(sample(before, confirmedSeries)).toBe(0)
    expect(sample(before, paidSeries)).toBe(0)

    const jar = new CookieJar()
    await journeyToBookNow(server.url, jar)
    const booked = await post(`${server.url}/booking-payment`, jar, bookNow)
    const paymentPage = booked.headers.get('location')!
    expect(paymentPage).toMatch(/\/payment-simulator\/[\w-]+$/)
    const paymentToken = paymentPage.split('/').pop()!
    const paid = await post(paymentPage, jar, { cardNumber: simulatorCards.success })
    expect(paid.status).toBe(200)
    const back = await post(`${server.url}/payment/callback`, jar, { token: paymentToken })
    expect(back.headers.get('location')).toBe('/booking-received')

    const after = await (await scrape(server)).text()
    expect(sample(after, confirmedSeries)).toBe(1)
    expect(sample(after, paidSeries)).toBe(1)
    expect(sample(after, 'marmara_booking_status_changes_total{status="draft"}')).toBe(1)
    // The payment page is counted under its pattern; its token is in no series.
    expect(
      sample(
        after,
        'http_request_duration_seconds_count{method="POST",route="/payment-simulator/:token",status="200"}',
      ),
    ).toBe(1)
    expect(after).not.toContain(paymentToken)
    // The operations mailbox's e-mail is queued with the confirmation, the traveller's
    // confirmation just after it; both are sent just after the answer.
    expect(
      sample(after, 'marmara_messages_queued_total{channel="email",kind="ops.booking_confirmed"}'),
    ).toBe(1)
    let sent = 0
    for (let waited = 0; sent < 2 && waited < 10_000; waited += 100) {
      sent = sample(
        await (await scrape(server)).text(),
        'marmara_message_sends_total{channel="email",result="sent"}',
      )!
      if (sent < 2) await new Promise((resolve) => setTimeout(resolve, 100))
    }
    expect(sent).toBe(2)
  })
})

describe('/metrics of an instance on PostgreSQL', () => {
  const store = postgresStore('mc_metrics')
  let server: RunningServer
  beforeAll(async () => {
    server = await startServer({ METRICS_TOKEN: token, DATABASE_URL: await store.url() })
  })
  afterAll(async () => {
    await server?.stop()
    await store.drop()
  })

  it('shows its connection pool: open, waiting and the most it opens', async () => {
    // The readiness probe asks the database, so the pool has opened a connection.
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200)
    const text = await (await scrape(server)).text()
    expect(sample(text, 'marmara_database_pool_max_connections')).toBe(10)
    expect(sample(text, 'marmara_database_pool_connections')).toBeGreaterThanOrEqual(1)
    expect(sample(text, 'marmara_database_pool_waiting_requests')).toBe(0)
  })
})
