import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { placeById, priceEntry } from '~/domain/places/gazetteer'
import { builtinDistanceProvider, googleDistanceProvider } from './distance.server'

/**
 * A local server answering in the Distance Matrix API's shape, so the Google
 * adapter is tested over real HTTP without reaching Google.
 */
let server: Server
let baseUrl = ''
let mode: 'ok' | 'zero-results' | 'error' | 'garbage' = 'ok'
const seen: URL[] = []

beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost')
    seen.push(url)
    if (mode === 'error') {
      response.writeHead(500).end('boom')
      return
    }
    response.setHeader('Content-Type', 'application/json')
    if (mode === 'garbage') {
      response.end('{"status":')
      return
    }
    const element =
      mode === 'ok'
        ? {
            status: 'OK',
            distance: { value: 61_400, text: '61.4 km' },
            duration: { value: 3900, text: '1 hour 5 mins' },
          }
        : { status: 'ZERO_RESULTS' }
    response.end(
      JSON.stringify({
        status: 'OK',
        origin_addresses: ['a'],
        destination_addresses: ['b'],
        rows: [{ elements: [element] }],
      }),
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const saw = placeById(2)!
const sile = placeById(1033)!
const builtin = builtinDistanceProvider(priceEntry, 1.3)
const google = () => googleDistanceProvider({ apiKey: 'test-key', baseUrl, fallback: builtin })

describe('google distance provider', () => {
  it('asks for a driving distance between the coordinates and reads metres and seconds', async () => {
    mode = 'ok'
    await expect(google().distance(saw, sile)).resolves.toEqual({
      km: 61,
      minutes: 65,
      source: 'google',
    })
    const url = seen.at(-1)!
    expect(url.pathname).toBe('/maps/api/distancematrix/json')
    expect(url.searchParams.get('origins')).toBe(`${saw.lat},${saw.lng}`)
    expect(url.searchParams.get('destinations')).toBe(`${sile.lat},${sile.lng}`)
    expect(url.searchParams.get('mode')).toBe('driving')
    expect(url.searchParams.get('key')).toBe('test-key')
  })

  it('falls back to the builtin distance on an error, no route or a broken answer', async () => {
    const expected = await builtin.distance(saw, sile)
    expect(expected).toEqual({ km: priceEntry(1033)!.distance_from_saw_km, source: 'table' })
    for (const failure of ['error', 'zero-results', 'garbage'] as const) {
      mode = failure
      await expect(google().distance(saw, sile)).resolves.toEqual(expected)
    }
  })

  it('falls back when the server cannot be reached at all', async () => {
    const unreachable = googleDistanceProvider({
      apiKey: 'k',
      baseUrl: 'http://127.0.0.1:9',
      fallback: builtin,
    })
    await expect(unreachable.distance(saw, sile)).resolves.toMatchObject({ source: 'table' })
  })
})

describe('builtin distance provider', () => {
  it('uses great-circle × road factor for pairs without a table distance', async () => {
    const kadikoy = placeById(1022)!
    const besiktas = placeById(1009)!
    const result = await builtin.distance(kadikoy, besiktas)
    expect(result.source).toBe('great-circle')
    expect(result.km).toBeGreaterThan(3)
    expect(result.km).toBeLessThan(15)
    const antalya = placeById(2007)!
    const far = await builtin.distance(saw, antalya)
    expect(far.source).toBe('great-circle')
    expect(far.km).toBeGreaterThan(500)
  })
})
