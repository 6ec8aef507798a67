import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { publicFiles } from './public-files.server'

let folder: string
let server: Server
let base: string

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'mc-public-'))
  writeFileSync(join(folder, 'favicon.svg'), '<svg/>')
  writeFileSync(join(folder, 'robots and more.txt'), 'User-agent: *')
  mkdirSync(join(folder, 'images'))
  writeFileSync(join(folder, 'images', 'car.jpg'), 'jpeg')
  const app = express()
  app.use(publicFiles(folder, { maxAge: '1h' }))
  // What comes after the files: the pages.
  app.use((req, res) => {
    res.status(200).type('text/plain').send(`page ${req.path}`)
  })
  server = app.listen(0, '127.0.0.1')
  await new Promise((done) => server.once('listening', done))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(() => {
  server.close()
  rmSync(folder, { recursive: true, force: true })
})

const get = async (path: string) => {
  const response = await fetch(`${base}${path}`)
  return { status: response.status, body: await response.text() }
}

describe('publicFiles', () => {
  it('serves the files at the top of the folder and under its folders', async () => {
    expect(await get('/favicon.svg')).toEqual({ status: 200, body: '<svg/>' })
    expect(await get('/images/car.jpg')).toEqual({ status: 200, body: 'jpeg' })
    expect(await get('/robots%20and%20more.txt')).toEqual({
      status: 200,
      body: 'User-agent: *',
    })
  })

  it('passes every other path on to the pages', async () => {
    expect(await get('/booking-vehicle')).toEqual({ status: 200, body: 'page /booking-vehicle' })
    expect(await get('/favicon.png')).toEqual({ status: 200, body: 'page /favicon.png' })
    expect(await get('/%E0%A4%A')).toEqual({ status: 200, body: 'page /%E0%A4%A' })
  })

  it('passes on a missing file under a served folder, as express.static does', async () => {
    expect(await get('/images/none.jpg')).toEqual({ status: 200, body: 'page /images/none.jpg' })
  })
})
