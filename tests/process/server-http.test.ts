import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type RunningServer } from './server-process'
import { eventually, residentMegabytes, send, upload } from './server-requests'

const formType = { 'content-type': 'application/x-www-form-urlencoded' }

/** These servers stop without the load balancer's delay (server-lifecycle tests it). */
const quickStop = { SHUTDOWN_DELAY_SECONDS: '0' }

/** Every line the process wrote parses as a JSON object. */
function nonJsonLines(server: RunningServer): string[] {
  return server.lines.filter((line) => {
    try {
      const parsed: unknown = JSON.parse(line)
      return !parsed || typeof parsed !== 'object'
    } catch {
      return true
    }
  })
}

describe('request bodies', () => {
  let server: RunningServer
  beforeAll(async () => {
    server = await startServer(quickStop)
  })
  afterAll(async () => {
    await server?.stop()
  })

  it('refuses a 100 MB form with 413 before reading it, and the process stays small', async () => {
    const before = residentMegabytes(server.child.pid!)
    const size = 100 * 1024 * 1024
    const started = Date.now()
    const call = upload(server.url, '/contact', {
      headers: { ...formType, 'content-length': size },
    })
    // Writes 1 MB at a time until the server answers (it should not wait for the body).
    const chunk = Buffer.alloc(1024 * 1024, 'a')
    await call.send('message=')
    for (let sent = 0; sent < size - 8 && !call.answered(); sent += chunk.length) {
      if (!(await call.send(chunk))) break
    }
    const response = await call.response
    call.abort()
    expect(response.status).toBe(413)
    expect(response.headers.connection).toBe('close')
    expect(Date.now() - started).toBeLessThan(5_000)
    expect(residentMegabytes(server.child.pid!) - before).toBeLessThan(40)
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
  })

  it('refuses a 1 MB form sent without a length (chunked) with 413 once it passes the limit', async () => {
    const call = upload(server.url, '/contact', {
      headers: { ...formType, 'transfer-encoding': 'chunked' },
    })
    const chunk = Buffer.alloc(16 * 1024, 'b')
    await call.send('message=')
    for (let sent = 0; sent < 1024 * 1024 && !call.answered(); sent += chunk.length) {
      if (!(await call.send(chunk))) break
    }
    const response = await call.response
    call.abort()
    expect(response.status).toBe(413)
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
  })

  it('still accepts an ordinary form under the limit', async () => {
    const response = await send(server.url, '/resources/language', {
      headers: formType,
      body: new URLSearchParams({ lng: 'tr', redirectTo: '/about' }).toString(),
    })
    expect(response.status).toBe(303)
    expect(response.headers.location).toBe('/about')
  })

  const actions = ['/booking-vehicle', '/contact', '/resources/language', '/payment/callback']
  const bodies = [
    { type: 'application/json', body: '{"vehicleClass":"sedan","lng":"tr","token":"x"}' },
    { type: 'text/plain', body: 'lng=tr\ntoken=x' },
  ]
  for (const path of actions) {
    for (const { type, body } of bodies) {
      it(`answers a ${type} POST to ${path} with 415, no stack trace`, async () => {
        const response = await send(server.url, path, { headers: { 'content-type': type }, body })
        expect(response.status).toBe(415)
        expect(response.body).not.toMatch(/\bat .+:\d+:\d+|TypeError|Error:/)
      })
    }
  }

  it('answers a POST without any body type with 415 and a broken multipart body with 400', async () => {
    expect((await send(server.url, '/contact')).status).toBe(415)
    const broken = await send(server.url, '/contact', {
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      body: 'this is not multipart at all',
    })
    expect(broken.status).toBe(400)
    expect(broken.body).not.toMatch(/\bat .+:\d+:\d+|TypeError/)
  })

  it('wrote nothing but JSON lines, stack traces included', () => {
    expect(nonJsonLines(server)).toEqual([])
  })
})

describe('access log and request ids', () => {
  let server: RunningServer
  beforeAll(async () => {
    server = await startServer(quickStop)
  })
  afterAll(async () => {
    await server?.stop()
  })

  it('logs one line per request: method, path without query, status, duration, request id', async () => {
    const response = await fetch(`${server.url}/about?name=Ay%C5%9Fe+secret`, {
      headers: { 'x-request-id': 'lb-4f1c2a9e.7' },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('x-request-id')).toBe('lb-4f1c2a9e.7')
    await eventually(
      () => server.logs().some((line) => line.requestId === 'lb-4f1c2a9e.7'),
      'the access log line',
    )
    const line = server.logs().find((entry) => entry.requestId === 'lb-4f1c2a9e.7')!
    expect(line).toMatchObject({
      level: 'info',
      event: 'http.request',
      method: 'GET',
      path: '/about',
      status: 200,
      requestId: 'lb-4f1c2a9e.7',
    })
    expect(typeof line.durationMs).toBe('number')
    expect(typeof line.time).toBe('string')
    expect(server.lines.join('\n')).not.toContain('secret')
  })

  it('makes its own id when the incoming one is not sane, and sends it back', async () => {
    for (const incoming of ['has spaces and "quotes"', 'x'.repeat(300)]) {
      const response = await fetch(`${server.url}/healthz`, {
        headers: { 'x-request-id': incoming },
      })
      const id = response.headers.get('x-request-id')
      expect(id).toMatch(/^[0-9a-f-]{36}$/)
      await eventually(
        () => server.logs().some((line) => line.requestId === id && line.path === '/healthz'),
        'the access log line with the new id',
      )
    }
    const plain = await fetch(`${server.url}/healthz`)
    expect(plain.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('never logs what a traveller typed into the contact form', async () => {
    const fields = {
      fullName: 'Zeynep Quokkaoglu',
      email: 'zeynep@example.com',
      subject: 'Subject-Pangolin-7731',
      message: 'Message-Axolotl-5512: please call me back',
    }
    const response = await send(server.url, '/contact', {
      headers: formType,
      body: new URLSearchParams(fields).toString(),
    })
    expect(response.status).toBe(303)
    await eventually(
      () => server.logs().some((line) => line.event === 'mail.outbox'),
      'the message to reach the outbox',
    )
    const written = server.lines.join('\n')
    for (const value of Object.values(fields)) expect(written).not.toContain(value)
  })

  it('logs an error inside React Router as one JSON line with the request id', async () => {
    // A forged Origin on an action is refused by React Router, which reports it to handleError.
    const response = await fetch(`${server.url}/contact`, {
      method: 'POST',
      headers: { ...formType, origin: 'https://elsewhere.example', 'x-request-id': 'csrf-probe-1' },
      body: 'fullName=x',
    })
    expect(response.status).toBe(400)
    await eventually(
      () =>
        server
          .logs()
          .some((line) => line.event === 'request.failed' && line.requestId === 'csrf-probe-1'),
      'the request.failed line',
    )
    expect(nonJsonLines(server)).toEqual([])
  })
})

describe('a TLS proxy in front while TRUST_PROXY is off', () => {
  const forwarded = { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.7' }

  it('warns once, naming the setting', async () => {
    const server = await startServer({
      ...quickStop,
      PUBLIC_BASE_URL: 'https://www.marmara.example',
    })
    try {
      for (let i = 0; i < 3; i++) {
        expect((await fetch(`${server.url}/healthz`, { headers: forwarded })).status).toBe(200)
      }
      await eventually(
        () => server.logs().filter((line) => line.event === 'http.request').length >= 3,
        'three access log lines',
      )
      const warnings = server.logs().filter((line) => line.event === 'proxy.not_trusted')
      expect(warnings).toHaveLength(1)
      expect(warnings[0]).toMatchObject({ level: 'warn' })
      expect(String(warnings[0]!.message)).toContain('TRUST_PROXY')
    } finally {
      await server.stop()
    }
  })

  it('stays quiet when the proxy is trusted', async () => {
    const server = await startServer({
      ...quickStop,
      PUBLIC_BASE_URL: 'https://www.marmara.example',
      TRUST_PROXY: 'true',
    })
    try {
      expect((await fetch(`${server.url}/healthz`, { headers: forwarded })).status).toBe(200)
      await eventually(
        () => server.logs().some((line) => line.event === 'http.request'),
        'the access log line',
      )
      expect(server.logs().filter((line) => line.event === 'proxy.not_trusted')).toEqual([])
    } finally {
      await server.stop()
    }
  })
})
