import http from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * Test support: a local HTTP server that speaks FlightAware AeroAPI's
 * `GET /aeroapi/flights/{ident}`, so the real flight-status adapter can be
 * exercised without the network or a paid key. Like AeroAPI it:
 *
 * - refuses a missing or wrong `x-apikey` with 401 and its error body
 *   `{ title, reason, detail, status }`;
 * - refuses `start`/`end` more than 10 days back or 2 days ahead with 400;
 * - answers `{ flights, links, num_pages }` with the flights of the ident
 *   (IATA or ICAO form) whose scheduled departure falls in the window,
 *   newest departure first; an ident it has flights for, none in the
 *   window, gets `flights: []`, one it has never heard of gets 404.
 *
 * It can also answer the next requests with a scripted error (429 with
 * Retry-After, 500…) or hold them past the client's timeout.
 */

export interface FakeAeroApiAirport {
  code: string
  code_iata: string | null
  code_icao: string | null
  name?: string
  city?: string
  timezone?: string
}

/** One flight as AeroAPI writes it (the fields the adapter reads, and a few more). */
export interface FakeAeroApiFlight {
  ident: string
  ident_icao: string | null
  ident_iata: string | null
  fa_flight_id: string
  operator: string | null
  operator_icao: string | null
  operator_iata: string | null
  flight_number: string | null
  origin: FakeAeroApiAirport | null
  destination: FakeAeroApiAirport | null
  scheduled_out: string | null
  estimated_out: string | null
  actual_out: string | null
  scheduled_off: string | null
  estimated_off: string | null
  actual_off: string | null
  scheduled_on: string | null
  estimated_on: string | null
  actual_on: string | null
  scheduled_in: string | null
  estimated_in: string | null
  actual_in: string | null
  terminal_origin: string | null
  terminal_destination: string | null
  gate_origin: string | null
  gate_destination: string | null
  baggage_claim: string | null
  status: string
  cancelled: boolean
  diverted: boolean
  progress_percent: number | null
  departure_delay: number | null
  arrival_delay: number | null
}

export interface FakeAeroApiRequest {
  /** The path without the query: `/aeroapi/flights/TK1984`. */
  path: string
  query: Record<string, string>
  authorized: boolean
}

type Scripted = { status: number; retryAfter?: string } | { holdMs: number }

export interface FakeAeroApi {
  /** The base URL, as AEROAPI_BASE_URL takes it (ends in /aeroapi). */
  url: string
  apiKey: string
  /** The table the answers come from: push, splice or empty it freely. */
  flights: FakeAeroApiFlight[]
  requests: FakeAeroApiRequest[]
  /** Answers the next `times` requests with this status (or holds them), then behaves again. */
  script(answer: Scripted, times?: number): void
  close(): Promise<void>
}

export const istanbulAirport: FakeAeroApiAirport = {
  code: 'LTFM',
  code_iata: 'IST',
  code_icao: 'LTFM',
  name: 'Istanbul Airport',
  city: 'Istanbul',
  timezone: 'Europe/Istanbul',
}
export const sabihaGokcenAirport: FakeAeroApiAirport = {
  code: 'LTFJ',
  code_iata: 'SAW',
  code_icao: 'LTFJ',
  name: "Sabiha Gökçen Int'l",
  city: 'Istanbul',
  timezone: 'Europe/Istanbul',
}
export const heathrowAirport: FakeAeroApiAirport = {
  code: 'EGLL',
  code_iata: 'LHR',
  code_icao: 'EGLL',
  name: 'London Heathrow',
  city: 'London',
  timezone: 'Europe/London',
}

const plus = (iso: string, minutes: number) =>
  new Date(new Date(iso).getTime() + minutes * 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z')

/**
 * A scheduled flight London → Istanbul leaving at `departure` (ISO, UTC) and
 * reaching its gate 3 h 55 min later, nothing estimated or flown yet; any
 * field can be set. Idents default to Turkish Airlines' TK1984 / THY1984.
 */
export function fakeFlight(
  departure: string,
  overrides: Partial<FakeAeroApiFlight> = {},
): FakeAeroApiFlight {
  const ident = overrides.ident_icao ?? 'THY1984'
  return {
    ident,
    ident_icao: ident,
    ident_iata: 'TK1984',
    fa_flight_id: `${ident}-${Math.floor(new Date(departure).getTime() / 1000)}-schedule-0001`,
    operator: 'THY',
    operator_icao: 'THY',
    operator_iata: 'TK',
    flight_number: '1984',
    origin: heathrowAirport,
    destination: istanbulAirport,
    scheduled_out: departure,
    estimated_out: departure,
    actual_out: null,
    scheduled_off: plus(departure, 15),
    estimated_off: plus(departure, 15),
    actual_off: null,
    scheduled_on: plus(departure, 225),
    estimated_on: plus(departure, 225),
    actual_on: null,
    scheduled_in: plus(departure, 235),
    estimated_in: plus(departure, 235),
    actual_in: null,
    terminal_origin: '2',
    terminal_destination: '1',
    gate_origin: 'B42',
    gate_destination: null,
    baggage_claim: null,
    status: 'Scheduled',
    cancelled: false,
    diverted: false,
    progress_percent: 0,
    departure_delay: 0,
    arrival_delay: 0,
    ...overrides,
  }
}

const day = 86_400_000

/**
 * For a test in another process (the browser suite): `GET /__fake/requests`
 * lists the requests received, `POST /__fake/flights` (a JSON array of
 * flights) adds to the table (replacing a flight with the same fa_flight_id), `DELETE /__fake/flights` empties it, and
 * `POST /__fake/script` (JSON `{ status, retryAfter?, times? }` or
 * `{ holdMs, times? }`) scripts the next answers. `now` is the clock the
 * date window is checked against.
 */
export async function startFakeAeroApi(
  apiKey = 'fake-aeroapi-key',
  port = 0,
  now: () => Date = () => new Date(),
): Promise<FakeAeroApi> {
  const flights: FakeAeroApiFlight[] = []
  const requests: FakeAeroApiRequest[] = []
  const scripted: Scripted[] = []

  const server = http.createServer(async (request, response) => {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const body = Buffer.concat(chunks).toString('utf8')
    const url = new URL(request.url ?? '/', 'http://fake.invalid')
    const answer = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers })
      response.end(JSON.stringify(payload))
    }
    const error = (status: number, title: string, reason: string, detail: string, headers = {}) =>
      answer(status, { title, reason, detail, status }, headers)

    if (url.pathname === '/__fake/requests') return answer(200, requests)
    if (url.pathname === '/__fake/flights' && request.method === 'POST') {
      // A flight posted again (same fa_flight_id) replaces the one held: its news changed.
      for (const flight of JSON.parse(body) as FakeAeroApiFlight[]) {
        const held = flights.findIndex((known) => known.fa_flight_id === flight.fa_flight_id)
        if (held >= 0) flights.splice(held, 1, flight)
        else flights.push(flight)
      }
      return answer(200, { flights: flights.length })
    }
    if (url.pathname === '/__fake/flights' && request.method === 'DELETE') {
      flights.length = 0
      return answer(200, { flights: 0 })
    }
    if (url.pathname === '/__fake/script' && request.method === 'POST') {
      const { times = 1, ...next } = JSON.parse(body) as Scripted & { times?: number }
      script(next, times)
      return answer(200, { scripted: scripted.length })
    }

    const authorized = request.headers['x-apikey'] === apiKey
    const query = Object.fromEntries(url.searchParams)
    requests.push({ path: url.pathname, query, authorized })

    const next = scripted.shift()
    if (next && 'holdMs' in next) {
      await new Promise((resolve) => setTimeout(resolve, next.holdMs))
      if (response.destroyed) return
    } else if (next) {
      return error(
        next.status,
        next.status === 429 ? 'Too many requests' : 'Internal server error',
        next.status === 429 ? 'TOO_MANY_REQUESTS' : 'INTERNAL_SERVER_ERROR',
        'Scripted failure',
        next.retryAfter ? { 'retry-after': next.retryAfter } : {},
      )
    }
    if (!authorized) {
      return error(401, 'Unauthorized', 'UNAUTHORIZED', 'Invalid API key')
    }
    const match = /^\/aeroapi\/flights\/([^/]+)$/.exec(url.pathname)
    if (request.method !== 'GET' || !match?.[1]) {
      return error(404, 'Not found', 'NOT_FOUND', 'The requested resource was not found')
    }
    const ident = decodeURIComponent(match[1]).toUpperCase()

    const start = url.searchParams.get('start')
    const end = url.searchParams.get('end')
    const from = start ? Date.parse(start) : now().getTime() - 10 * day
    const to = end ? Date.parse(end) : now().getTime() + 2 * day
    if (Number.isNaN(from) || Number.isNaN(to) || from > to) {
      return error(400, 'Invalid argument', 'INVALID_ARGUMENT', 'Invalid start or end date')
    }
    if (from < now().getTime() - 10 * day || to > now().getTime() + 2 * day) {
      return error(
        400,
        'Invalid argument',
        'INVALID_ARGUMENT',
        'start and end must be no further than 10 days in the past and 2 days in the future',
      )
    }

    const ofIdent = flights.filter((flight) =>
      [flight.ident, flight.ident_icao, flight.ident_iata].some(
        (candidate) => candidate?.toUpperCase() === ident,
      ),
    )
    if (ofIdent.length === 0) {
      return error(404, 'Not found', 'NOT_FOUND', `Unknown ident ${ident}`)
    }
    const departureOf = (flight: FakeAeroApiFlight) =>
      Date.parse(flight.scheduled_out ?? flight.scheduled_off ?? '')
    const inWindow = ofIdent
      .filter((flight) => departureOf(flight) >= from && departureOf(flight) <= to)
      .sort((a, b) => departureOf(b) - departureOf(a))
    answer(200, { links: null, num_pages: 1, flights: inWindow })
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/aeroapi`

  function script(answer: Scripted, times = 1) {
    for (let index = 0; index < times; index++) scripted.push(answer)
  }

  return {
    url,
    apiKey,
    flights,
    requests,
    script,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}
