import { mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs'
import { request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib'
import compression from 'compression'
import express, { type ErrorRequestHandler } from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { precompressedAssets } from './precompressed-assets.server'

const script = `export const greeting = ${JSON.stringify('merhaba '.repeat(200))}\n`
let folder: string
let server: Server
let base: string
/** What reached the site's error handler. */
const errors: unknown[] = []

/** One raw answer: the bytes as sent, not decoded. */
function get(path: string, acceptEncoding: string, method = 'GET') {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>(
    (done, fail) => {
      const req = request(`${base}${path}`, {
        method,
        headers: { 'accept-encoding': acceptEncoding },
      })
      req.on('response', (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () =>
          done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        )
      })
      req.on('error', fail)
      req.end()
    },
  )
}

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'mc-assets-'))
  writeFileSync(join(folder, 'entry-abc123.js'), script)
  writeFileSync(join(folder, 'entry-abc123.js.br'), brotliCompressSync(script))
  writeFileSync(join(folder, 'plain-abc123.js'), script)
  writeFileSync(join(folder, 'gone-abc123.js'), script)
  writeFileSync(join(folder, 'gone-abc123.js.br'), brotliCompressSync(script))
  // The same order as the site: response compression, the copies, then the files.
  const app = express()
  app.use(compression())
  app.use('/assets', precompressedAssets(folder))
  app.use('/assets', express.static(folder, { immutable: true, maxAge: '1y' }))
  app.use(((error, _req, res, _next) => {
    errors.push(error)
    res.status(500).end()
  }) as ErrorRequestHandler)
  server = app.listen(0, '127.0.0.1')
  await new Promise((done) => server.once('listening', done))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(() => {
  server.close()
  rmSync(folder, { recursive: true, force: true })
})

describe('precompressedAssets', () => {
  it('sends the brotli copy, as it is, to a browser that takes brotli', async () => {
    const answer = await get('/assets/entry-abc123.js', 'gzip, deflate, br')
    expect(answer.status).toBe(200)
    expect(answer.headers['content-encoding']).toBe('br')
    expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8')
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(answer.headers.vary).toMatch(/Accept-Encoding/)
    expect(answer.body.equals(brotliCompressSync(script))).toBe(true)
    expect(brotliDecompressSync(answer.body).toString()).toBe(script)
  })

  it('leaves a browser without brotli to the plain file and its gzip', async () => {
    const answer = await get('/assets/entry-abc123.js', 'gzip')
    expect(answer.status).toBe(200)
    expect(answer.headers['content-encoding']).toBe('gzip')
    expect(answer.headers.vary).toMatch(/Accept-Encoding/)
  })

  it('passes on a file without a copy and a file that does not exist', async () => {
    const plain = await get('/assets/plain-abc123.js', 'br')
    expect(plain.status).toBe(200)
    expect(plain.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(plain.body).toString()).toBe(script)
    expect((await get('/assets/missing.js', 'br')).status).toBe(404)
    // The copy itself is not a way around the plain file's name.
    expect((await get('/assets/entry-abc123.js.br.br', 'br')).status).toBe(404)
  })

  it('leaves a copy that can no longer be read to the plain file, with no error', async () => {
    unlinkSync(join(folder, 'gone-abc123.js.br'))
    const answer = await get('/assets/gone-abc123.js', 'br')
    expect(answer.status).toBe(200)
    expect(brotliDecompressSync(answer.body).toString()).toBe(script)
    expect(errors).toEqual([])
  })

  it('answers HEAD with the headers of the copy and no body', async () => {
    const answer = await get('/assets/entry-abc123.js', 'br', 'HEAD')
    expect(answer.status).toBe(200)
    expect(answer.headers['content-encoding']).toBe('br')
    expect(answer.body.length).toBe(0)
  })
})
