import { afterAll, describe, expect, it } from 'vitest'
import { startServer, type RunningServer } from './server-process'

describe('the production server on its defaults', () => {
  let server: RunningServer
  afterAll(async () => {
    await server?.stop()
  })

  it('starts on a fresh SQLite file, answers health and readiness, logs JSON', async () => {
    server = await startServer()
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
    const ready = await fetch(`${server.url}/readyz`)
    expect(ready.status).toBe(200)
    expect(await ready.json()).toEqual({ status: 'ready' })
    expect(server.logs().some((line) => line.event === 'server.listening')).toBe(true)
  })
})
