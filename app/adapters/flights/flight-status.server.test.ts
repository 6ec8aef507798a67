import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  fakeFlight,
  istanbulAirport,
  sabihaGokcenAirport,
  startFakeAeroApi,
  type FakeAeroApi,
} from '../../../tests/support/aeroapi-fake-server'
import {
  createAeroApiFlightStatus,
  nearestFlight,
  type AeroApiSettings,
} from './aeroapi-flight-status.server'
import type { FlightLookup, FlightStatus } from './flight-status'
import { createNoFlightStatus } from './none-flight-status.server'

const now = new Date('2026-11-27T06:00:00Z')
const clock = () => now
/** The traveller's pickup at the airport: tomorrow afternoon. */
const pickup = new Date('2026-11-28T14:30:00Z')

const found = (lookup: FlightLookup): FlightStatus => {
  if (lookup.kind !== 'found') throw new Error(`expected a flight, got ${JSON.stringify(lookup)}`)
  return lookup.flight
}

describe('without a flight-status provider', () => {
  it('follows nothing, says so on every lookup, and never asks anyone', async () => {
    const provider = createNoFlightStatus()
    expect(provider).toMatchObject({ name: 'none', follows: false })
    expect(await provider.lookup('TK1984', { date: pickup })).toEqual({ kind: 'not-followed' })
  })
})

describe('the AeroAPI provider against a server that speaks its protocol', () => {
  let aeroapi: FakeAeroApi
  let settings: AeroApiSettings
  beforeAll(async () => {
    aeroapi = await startFakeAeroApi(undefined, 0, clock)
    settings = { apiKey: aeroapi.apiKey, baseUrl: aeroapi.url, timeoutMs: 300, now: clock }
  })
  afterAll(() => aeroapi.close())
  afterEach(() => {
    aeroapi.flights.length = 0
    aeroapi.requests.length = 0
  })

  const lookup = (ident: string, date = pickup, overrides: Partial<AeroApiSettings> = {}) =>
    createAeroApiFlightStatus({ ...settings, ...overrides }).lookup(ident, { date })

  it('finds a departure: the leg leaving the airport first after the pickup', async () => {
    // TK1985 leaves IST every evening; the day before's and the pickup day's are both near.
    const leaving = (departure: string) =>
      fakeFlight(departure, {
        ident_icao: 'THY1985',
        ident_iata: 'TK1985',
        origin: istanbulAirport,
        destination: sabihaGokcenAirport,
      })
    aeroapi.flights.push(leaving('2026-11-27T17:40:00Z'), leaving('2026-11-28T17:40:00Z'))
    const provider = createAeroApiFlightStatus(settings)
    const departure = found(await provider.lookup('TK1985', { date: pickup, origin: 'IST' }))
    expect(departure.departure.scheduled).toEqual(new Date('2026-11-28T17:40:00Z'))
    // Asked from the pickup on, on departures 14 hours ahead.
    expect(aeroapi.requests.at(-1)!.query).toMatchObject({
      start: '2026-11-28T14:30:00Z',
      end: '2026-11-29T04:30:00Z',
    })
    // None leaving from SAW: nothing is the traveller's.
    expect(await provider.lookup('TK1985', { date: pickup, origin: 'SAW' })).toEqual({
      kind: 'unknown',
    })
  })

  it('follows flights', () => {
    expect(createAeroApiFlightStatus(settings)).toMatchObject({ name: 'aeroapi', follows: true })
  })

  it('asks for the designator in a window around the pickup, with its key', async () => {
    aeroapi.flights.push(fakeFlight('2026-11-28T10:00:00Z'))
    await lookup('TK1984')
    expect(aeroapi.requests).toEqual([
      {
        path: '/aeroapi/flights/TK1984',
        query: {
          ident_type: 'designator',
          start: '2026-11-27T14:30:00Z',
          end: '2026-11-28T20:30:00Z',
          max_pages: '1',
        },
        authorized: true,
      },
    ])
  })

  it('reads the arrival: gate times, terminal, gate, belt, status and progress', async () => {
    aeroapi.flights.push(
      fakeFlight('2026-11-28T10:00:00Z', {
        actual_out: '2026-11-28T10:40:00Z',
        actual_off: '2026-11-28T10:55:00Z',
        estimated_on: '2026-11-28T14:20:00Z',
        estimated_in: '2026-11-28T14:32:00Z',
        terminal_destination: '1',
        gate_destination: 'D4',
        baggage_claim: '7',
        status: 'En Route / Delayed',
        progress_percent: 62,
      }),
    )
    expect(found(await lookup('TK1984'))).toEqual({
      ident: 'TK1984',
      identIcao: 'THY1984',
      operator: { iata: 'TK', icao: 'THY' },
      providerFlightId: expect.stringMatching(/^THY1984-/),
      origin: { iata: 'LHR', icao: 'EGLL' },
      destination: { iata: 'IST', icao: 'LTFM' },
      arrival: {
        scheduled: new Date('2026-11-28T13:55:00Z'),
        estimated: new Date('2026-11-28T14:32:00Z'),
        actual: null,
      },
      departure: {
        scheduled: new Date('2026-11-28T10:00:00Z'),
        estimated: new Date('2026-11-28T10:00:00Z'),
        actual: new Date('2026-11-28T10:40:00Z'),
      },
      arrivalTerminal: '1',
      arrivalGate: 'D4',
      baggageClaim: '7',
      statusText: 'En Route / Delayed',
      cancelled: false,
      diverted: false,
      progressPercent: 62,
    })
  })

  it('falls back to the runway times, field by field, when the gate times are missing', async () => {
    aeroapi.flights.push(
      fakeFlight('2026-11-28T10:00:00Z', {
        scheduled_in: null,
        estimated_in: null,
        actual_on: '2026-11-28T13:41:00Z',
        actual_in: null,
        estimated_on: '2026-11-28T13:40:00Z',
        status: 'Arrived',
        progress_percent: 100,
      }),
    )
    expect(found(await lookup('TK1984')).arrival).toEqual({
      scheduled: new Date('2026-11-28T13:45:00Z'),
      estimated: new Date('2026-11-28T13:40:00Z'),
      actual: new Date('2026-11-28T13:41:00Z'),
    })
  })

  it('picks the flight of the booked day among several days', async () => {
    aeroapi.flights.push(
      fakeFlight('2026-11-26T10:00:00Z', { status: 'Arrived / Gate Arrival' }),
      fakeFlight('2026-11-27T10:00:00Z', { status: 'Scheduled (the day before)' }),
      fakeFlight('2026-11-27T21:00:00Z', { status: 'Scheduled (the night before)' }),
      fakeFlight('2026-11-28T10:00:00Z', { status: 'Scheduled (the booked day)' }),
      fakeFlight('2026-11-29T10:00:00Z', { status: 'Scheduled (the day after)' }),
    )
    expect(found(await lookup('TK1984')).statusText).toBe('Scheduled (the booked day)')
    // The night before's flight is in the window too: the nearer arrival wins.
    expect(found(await lookup('TK1984', new Date('2026-11-28T02:00:00Z'))).statusText).toBe(
      'Scheduled (the night before)',
    )
  })

  it('finds the flight by its ICAO ident too', async () => {
    aeroapi.flights.push(fakeFlight('2026-11-28T10:00:00Z'))
    expect(found(await lookup('THY1984')).ident).toBe('TK1984')
  })

  it('reads a cancelled flight as cancelled', async () => {
    aeroapi.flights.push(
      fakeFlight('2026-11-28T10:00:00Z', {
        cancelled: true,
        status: 'Cancelled',
        estimated_out: null,
        estimated_off: null,
        estimated_on: null,
        estimated_in: null,
      }),
    )
    expect(found(await lookup('TK1984'))).toMatchObject({
      cancelled: true,
      diverted: false,
      statusText: 'Cancelled',
      arrival: { scheduled: new Date('2026-11-28T13:55:00Z'), estimated: null, actual: null },
    })
  })

  it('reads a diverted flight as diverted', async () => {
    aeroapi.flights.push(
      fakeFlight('2026-11-28T10:00:00Z', {
        diverted: true,
        status: 'Diverted',
        actual_on: '2026-11-28T14:10:00Z',
      }),
    )
    expect(found(await lookup('TK1984'))).toMatchObject({
      diverted: true,
      cancelled: false,
      statusText: 'Diverted',
      destination: { iata: 'IST', icao: 'LTFM' },
    })
  })

  it('meets the leg landing at the given airport when one flight number has several', async () => {
    aeroapi.flights.push(
      fakeFlight('2026-11-28T10:00:00Z', { status: 'London to Istanbul' }),
      fakeFlight('2026-11-28T15:30:00Z', {
        origin: istanbulAirport,
        destination: sabihaGokcenAirport,
        scheduled_in: '2026-11-28T16:45:00Z',
        status: 'Istanbul to Sabiha',
      }),
    )
    const provider = createAeroApiFlightStatus(settings)
    const date = new Date('2026-11-28T16:00:00Z')
    expect(found(await provider.lookup('TK1984', { date })).statusText).toBe('Istanbul to Sabiha')
    for (const destination of ['IST', 'ltfm']) {
      expect(found(await provider.lookup('TK1984', { date, destination })).statusText).toBe(
        'London to Istanbul',
      )
    }
  })

  it('says unknown for an ident AeroAPI never heard of (404) and for none near the date', async () => {
    expect(await lookup('PC2010')).toEqual({ kind: 'unknown' })
    aeroapi.flights.push(fakeFlight('2026-11-25T10:00:00Z'))
    expect(await lookup('TK1984')).toEqual({ kind: 'unknown' })
    expect(aeroapi.requests).toHaveLength(2)
  })

  it('does not ask before AeroAPI can know the flight, and says from when to ask', async () => {
    const far = new Date('2026-12-10T14:30:00Z')
    const answer = await lookup('TK1984', far)
    expect(answer).toEqual({ kind: 'not-yet', askFrom: expect.any(Date) })
    if (answer.kind !== 'not-yet') return
    expect(far.getTime() - answer.askFrom.getTime()).toBeLessThanOrEqual(2 * 86_400_000)
    expect(aeroapi.requests).toHaveLength(0)
  })

  it('keeps the window inside what AeroAPI takes, at both ends', async () => {
    // Two days ahead less an hour: the window's end is cut to AeroAPI's limit (the fake refuses past it).
    aeroapi.flights.push(fakeFlight('2026-11-28T23:00:00Z'))
    expect(found(await lookup('TK1984', new Date('2026-11-29T05:00:00Z'))).ident).toBe('TK1984')
    // Ten days back: the start is cut too; older than that nothing is asked.
    aeroapi.flights.push(fakeFlight('2026-11-17T06:30:00Z'))
    expect(found(await lookup('TK1984', new Date('2026-11-17T08:00:00Z'))).ident).toBe('TK1984')
    expect(await lookup('TK1984', new Date('2026-11-16T08:00:00Z'))).toEqual({ kind: 'unknown' })
    expect(aeroapi.requests).toHaveLength(2)
    expect(aeroapi.requests.every((request) => request.authorized)).toBe(true)
  })

  it('reads a refused key as not authorized, without throwing', async () => {
    aeroapi.flights.push(fakeFlight('2026-11-28T10:00:00Z'))
    expect(await lookup('TK1984', pickup, { apiKey: 'wrong-key' })).toEqual({
      kind: 'unavailable',
      problem: 'not-authorized',
      httpStatus: 401,
    })
    expect(aeroapi.requests[0]?.authorized).toBe(false)
  })

  it('reads a rate limit with the pause asked for', async () => {
    aeroapi.script({ status: 429, retryAfter: '30' })
    expect(await lookup('TK1984')).toEqual({
      kind: 'unavailable',
      problem: 'rate-limited',
      httpStatus: 429,
      retryAfterSeconds: 30,
    })
    aeroapi.script({ status: 429, retryAfter: new Date(now.getTime() + 90_000).toUTCString() })
    expect(await lookup('TK1984')).toMatchObject({ problem: 'rate-limited', retryAfterSeconds: 90 })
    aeroapi.script({ status: 429 })
    expect(await lookup('TK1984')).toEqual({
      kind: 'unavailable',
      problem: 'rate-limited',
      httpStatus: 429,
    })
  })

  it('reads a server error as unavailable', async () => {
    aeroapi.script({ status: 500 })
    expect(await lookup('TK1984')).toEqual({
      kind: 'unavailable',
      problem: 'server-error',
      httpStatus: 500,
    })
    aeroapi.script({ status: 503 })
    expect(await lookup('TK1984')).toMatchObject({ problem: 'server-error', httpStatus: 503 })
  })

  it('gives up after its timeout', async () => {
    aeroapi.flights.push(fakeFlight('2026-11-28T10:00:00Z'))
    aeroapi.script({ holdMs: 1_000 })
    const started = Date.now()
    expect(await lookup('TK1984', pickup, { timeoutMs: 150 })).toEqual({
      kind: 'unavailable',
      problem: 'timeout',
    })
    expect(Date.now() - started).toBeLessThan(900)
  })

  it('reads a connection that cannot be made as a network problem', async () => {
    const closed = http.createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const { port } = closed.address() as AddressInfo
    await new Promise((resolve) => closed.close(resolve))
    expect(await lookup('TK1984', pickup, { baseUrl: `http://127.0.0.1:${port}/aeroapi` })).toEqual(
      { kind: 'unavailable', problem: 'network' },
    )
  })

  it('reads an answer that is not AeroAPI’s as a bad answer', async () => {
    const odd = http.createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' })
      response.end('<h1>Captive portal</h1>')
    })
    await new Promise<void>((resolve) => odd.listen(0, '127.0.0.1', resolve))
    const { port } = odd.address() as AddressInfo
    try {
      expect(
        await lookup('TK1984', pickup, { baseUrl: `http://127.0.0.1:${port}/aeroapi` }),
      ).toEqual({ kind: 'unavailable', problem: 'bad-answer', httpStatus: 200 })
    } finally {
      await new Promise((resolve) => odd.close(resolve))
    }
  })

  it('reads a question AeroAPI refuses as refused', async () => {
    aeroapi.script({ status: 400 })
    expect(await lookup('TK1984')).toEqual({
      kind: 'unavailable',
      problem: 'refused',
      httpStatus: 400,
    })
  })
})

describe('the AeroAPI stand-in, driven from another process', () => {
  it('takes flights and scripted answers over HTTP, and lists what it was asked', async () => {
    const aeroapi = await startFakeAeroApi(undefined, 0, clock)
    const control = aeroapi.url.replace(/\/aeroapi$/, '/__fake')
    const post = (path: string, body: unknown) =>
      fetch(`${control}${path}`, { method: 'POST', body: JSON.stringify(body) })
    try {
      await post('/flights', [fakeFlight('2026-11-28T10:00:00Z')])
      const provider = createAeroApiFlightStatus({
        apiKey: aeroapi.apiKey,
        baseUrl: aeroapi.url,
        now: clock,
      })
      expect((await provider.lookup('TK1984', { date: pickup })).kind).toBe('found')
      await post('/script', { status: 503, times: 2 })
      expect(await provider.lookup('TK1984', { date: pickup })).toMatchObject({ httpStatus: 503 })
      expect(await provider.lookup('TK1984', { date: pickup })).toMatchObject({ httpStatus: 503 })
      await fetch(`${control}/flights`, { method: 'DELETE' })
      expect(await provider.lookup('TK1984', { date: pickup })).toEqual({ kind: 'unknown' })
      const asked = (await (await fetch(`${control}/requests`)).json()) as unknown[]
      expect(asked).toHaveLength(4)
    } finally {
      await aeroapi.close()
    }
  })
})

describe('nearestFlight', () => {
  it('compares by arrival, by departure when a flight has no arrival, and skips flights without times', () => {
    const date = new Date('2026-11-28T12:00:00Z')
    const byArrival = {
      scheduled_in: '2026-11-28T11:00:00Z',
      scheduled_out: '2026-11-28T07:00:00Z',
    }
    const byDeparture = { scheduled_out: '2026-11-28T12:30:00Z' }
    expect(nearestFlight([byArrival, byDeparture], date)).toBe(byDeparture)
    expect(nearestFlight([{}, byArrival], date)).toBe(byArrival)
    expect(nearestFlight([{}], date)).toBeUndefined()
    expect(nearestFlight([], date)).toBeUndefined()
  })
})
