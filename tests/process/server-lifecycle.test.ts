import { readFileSync } from 'node:fs'
import { createServer, Socket, type Server } from 'node:net'
import { join } from 'node:path'
import { parseEnv } from 'node:util'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import {
  freePort,
  root,
  runNode,
  scratchFolder,
  startServer,
  type RunningProcess,
} from './server-process'
import { eventually, send, upload } from './server-requests'

const formType = { 'content-type': 'application/x-www-form-urlencoded' }

/** Settings of a server that should start: a free port and a fresh SQLite file. */
async function validSettings(): Promise<Record<string, string>> {
  const port = await freePort()
  const folder = scratchFolder()
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_BASE_URL: `http://localhost:${port}`,
    SESSION_SECRET: 'process-test-secret-not-for-production',
    DATABASE_URL: join(folder, 'site.sqlite'),
    OUTBOX_DIR: join(folder, 'outbox'),
  }
}

/** Resolves with the exit code, or 'still running' once the server listens or `ms` pass. */
async function exitOrListening(run: RunningProcess, ms = 20_000): Promise<number | string> {
  const listening = eventually(
    () => run.logs().some((line) => line.event === 'server.listening'),
    'server.listening',
    ms,
  ).then(
    () => 'still running',
    () => 'still running',
  )
  const outcome = await Promise.race([run.exited, listening])
  if (outcome === 'still running') await run.stop('SIGKILL')
  return outcome
}

function expectOnlyJson(run: RunningProcess) {
  expect(run.lines.length).toBeGreaterThan(0)
  for (const line of run.lines) expect(() => JSON.parse(line), line).not.toThrow()
}

describe('starting', () => {
  it('exits non-zero with a JSON error line when the port is taken', async () => {
    const settings = await validSettings()
    const squatter: Server = createServer()
    await new Promise<void>((resolve) =>
      squatter.listen(Number(settings.PORT), '127.0.0.1', resolve),
    )
    try {
      const run = runNode(['server.js'], settings)
      const outcome = await exitOrListening(run)
      expect(outcome).not.toBe(0)
      expect(outcome).not.toBe('still running')
      expectOnlyJson(run)
      expect(run.logs().some((line) => line.event === 'server.listening')).toBe(false)
      expect(run.logs()).toContainEqual(
        expect.objectContaining({
          level: 'error',
          event: 'server.listen_failed',
          code: 'EADDRINUSE',
        }),
      )
    } finally {
      squatter.close()
    }
  })

  it('with the .env that npm run setup writes, PORT alone moves every public link', async () => {
    // npm run setup copies .env.example with a fresh secret: every one of its
    // settings applies, and the operator's PORT (given in the environment, which
    // wins over .env) must reach the links the site writes.
    const fromSetup = parseEnv(readFileSync(join(root, '.env.example'), 'utf8'))
    const folder = scratchFolder()
    const port = await freePort()
    const server = await startServer({
      ...(fromSetup as Record<string, string>),
      SESSION_SECRET: 'process-test-secret-not-for-production',
      DATABASE_URL: join(folder, 'site.sqlite'),
      OUTBOX_DIR: join(folder, 'outbox'),
      HOST: '127.0.0.1',
      PORT: String(port),
    })
    try {
      const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text()
      expect(sitemap).toContain(`<loc>http://localhost:${port}/`)
      expect(sitemap).not.toContain('localhost:3000')
    } finally {
      await server.stop()
    }
  })

  const refused: [string, Record<string, string>, string][] = [
    [
      'the placeholder secret of .env.example',
      { SESSION_SECRET: 'replace-with-a-long-random-secret' },
      'SESSION_SECRET',
    ],
    [
      'a database URL of an unknown kind',
      { DATABASE_URL: 'mysql://root@db:3306/marmara' },
      'DATABASE_URL',
    ],
    ['a port that is not a number', { PORT: 'eighty' }, 'PORT'],
  ]
  for (const [what, change, setting] of refused) {
    it(`refuses ${what} in production: JSON lines only, non-zero exit`, async () => {
      const run = runNode(['server.js'], { ...(await validSettings()), ...change })
      const outcome = await exitOrListening(run)
      expect(outcome).not.toBe('still running')
      expect(outcome).not.toBe(0)
      expectOnlyJson(run)
      const failure = run.logs().find((line) => line.event === 'server.start_failed')
      expect(failure).toMatchObject({ level: 'error' })
      expect(JSON.stringify(failure)).toContain(setting)
    })
  }

  it('reads TRUST_PROXY from the validated settings: "on" trusts the proxy', async () => {
    // A trusted proxy's X-Forwarded-Proto makes the request https, so React Router's
    // check of a page action's Origin passes; untrusted, the action answers 400.
    const server = await startServer({
      TRUST_PROXY: 'on',
      PUBLIC_BASE_URL: 'https://www.marmara.example',
    })
    try {
      const response = await send(server.url, '/coming-soon', {
        headers: {
          ...formType,
          host: 'www.marmara.example',
          origin: 'https://www.marmara.example',
          'x-forwarded-proto': 'https',
        },
        body: 'email=traveller@example.com',
      })
      expect(response.status).toBe(200)
    } finally {
      await server.stop()
    }
  })
})

describe('stopping on SIGTERM', () => {
  it('turns /readyz to 503 first, closes the listener, lets the request in flight finish, exits 0', async () => {
    const server = await startServer({ SHUTDOWN_DELAY_SECONDS: '2', SHUTDOWN_GRACE_SECONDS: '20' })
    const body = new URLSearchParams({ lng: 'tr', redirectTo: '/fleet-list' }).toString()
    // A slow client: the headers and part of the body now, the rest after the listener closed.
    const slow = upload(server.url, '/resources/language', {
      headers: { ...formType, 'content-length': body.length },
    })
    await slow.send(body.slice(0, 10))
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200)

    server.child.kill('SIGTERM')
    await eventually(
      () => server.logs().some((line) => line.event === 'server.draining'),
      'server.draining',
    )
    // Still taking requests during the delay, but no longer ready.
    const ready = await fetch(`${server.url}/readyz`)
    expect(ready.status).toBe(503)
    expect(await ready.json()).toEqual({ status: 'shutting down' })
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200)

    await eventually(
      () => server.logs().some((line) => line.event === 'server.closing'),
      'server.closing',
    )
    expect(server.logs().find((line) => line.event === 'server.closing')).toMatchObject({
      inflight: 1,
    })
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow()
    expect(server.child.exitCode).toBeNull()

    slow.finish(body.slice(10))
    const answered = await slow.response
    expect(answered.status).toBe(303)
    expect(answered.headers.location).toBe('/fleet-list')

    expect(await server.exited).toBe(0)
    const events = server.logs().map((line) => line.event)
    expect(events.indexOf('server.draining')).toBeLessThan(events.indexOf('server.closing'))
    expect(events.indexOf('server.closing')).toBeLessThan(events.indexOf('server.stopped'))
    expect(events).not.toContain('server.shutdown_forced')
  })

  it('exits non-zero when a request is still open after the grace period', async () => {
    const server = await startServer({ SHUTDOWN_DELAY_SECONDS: '0', SHUTDOWN_GRACE_SECONDS: '2' })
    const stuck = upload(server.url, '/resources/language', {
      headers: { ...formType, 'content-length': 100 },
    })
    await stuck.send('lng=tr')
    // Time for the server to take the request in.
    await new Promise((resolve) => setTimeout(resolve, 300))
    const signalled = Date.now()
    server.child.kill('SIGTERM')
    const code = await server.exited
    stuck.abort()
    expect(code).not.toBe(0)
    expect(Date.now() - signalled).toBeLessThan(6_000)
    expect(server.logs()).toContainEqual(
      expect.objectContaining({ level: 'error', event: 'server.shutdown_forced', inflight: 1 }),
    )
  })
})

/**
 * A TCP relay between the server and PostgreSQL that can stop relaying: the
 * database then neither answers nor refuses, as a hung server or network does.
 */
async function freezableRelay(target: { host: string; port: number }) {
  let frozen = false
  const sockets = new Set<Socket>()
  const relay = createServer((client) => {
    const upstream = new Socket().connect(target.port, target.host)
    for (const socket of [client, upstream]) {
      sockets.add(socket)
      socket.on('error', () => {})
      socket.on('close', () => sockets.delete(socket))
    }
    client.on('data', (chunk) => frozen || upstream.write(chunk))
    upstream.on('data', (chunk) => frozen || client.write(chunk))
  })
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve))
  const address = relay.address()
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    freeze: () => (frozen = true),
    close: () => {
      for (const socket of sockets) socket.destroy()
      relay.close()
    },
  }
}

describe('readiness when the database hangs', () => {
  it('answers 503 within about two seconds', async () => {
    const adminUrl = new URL(
      process.env.TEST_POSTGRES_URL ?? 'postgres://root@127.0.0.1:5432/postgres',
    )
    const name = `mc_ready_${process.pid}_${Date.now()}`
    const admin = new pg.Client({ connectionString: adminUrl.toString() })
    await admin.connect()
    await admin.query(`create database ${name}`)
    const relay = await freezableRelay({
      host: adminUrl.hostname,
      port: Number(adminUrl.port || 5432),
    })
    const url = new URL(adminUrl)
    url.host = `127.0.0.1:${relay.port}`
    url.pathname = `/${name}`
    const server = await startServer({ DATABASE_URL: url.toString() })
    try {
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200)
      relay.freeze()
      const started = Date.now()
      const ready = await fetch(`${server.url}/readyz`, { signal: AbortSignal.timeout(10_000) })
      expect(ready.status).toBe(503)
      expect(Date.now() - started).toBeLessThan(3_000)
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
    } finally {
      await server.stop('SIGKILL')
      relay.close()
      await admin.query(`drop database if exists ${name} with (force)`)
      await admin.end()
    }
  })
})
