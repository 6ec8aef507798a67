import type {
  AirportCodes,
  FlightLookup,
  FlightLookupProblem,
  FlightStatus,
  FlightStatusProvider,
  FlightTimes,
} from './flight-status'

/**
 * Flight status from FlightAware's AeroAPI (v4): one GET of
 * `/flights/{ident}?ident_type=designator&start=…&end=…&max_pages=1` with the
 * key in `x-apikey`. AeroAPI answers every flight of that ident whose
 * scheduled departure falls in the window, newest first; the one whose
 * arrival is nearest the booked pickup is the traveller's. docs/flights.md
 * lists the fields read and how each failure is classified.
 */
export interface AeroApiSettings {
  apiKey: string
  /** https://aeroapi.flightaware.com/aeroapi, or a local server that speaks its protocol. */
  baseUrl: string
  /** Milliseconds before a lookup counts as unavailable (timeout). */
  timeoutMs?: number
  /** The clock the date window is bounded by (tests set it). */
  now?: () => Date
}

const hour = 3_600_000
/**
 * The window around the booked time, on the scheduled departure AeroAPI
 * filters by: the longest flights into Istanbul leave up to about 14 hours
 * before they land, and a pickup is booked at or after the landing; a few
 * hours after it catches a pickup booked a little early.
 */
const windowBefore = 24 * hour
const windowAfter = 6 * hour
/**
 * A departure (the ride takes the traveller to it) leaves after the pickup:
 * the drive and the hours asked before departure, a long intercity drive
 * included, fit in 14 hours.
 */
const departureWindowAfter = 14 * hour
/**
 * AeroAPI takes `start` and `end` at most 10 days back and 2 days ahead; a
 * minute's margin on each side keeps a request made at the edge inside them.
 */
const historyLimit = 10 * 24 * hour - 60_000
const futureLimit = 2 * 24 * hour - 60_000

/** The parts of AeroAPI's flight object read here; everything may be null or missing. */
interface AeroApiAirport {
  code?: string | null
  code_iata?: string | null
  code_icao?: string | null
}

interface AeroApiFlight {
  ident?: string | null
  ident_iata?: string | null
  ident_icao?: string | null
  fa_flight_id?: string | null
  operator?: string | null
  operator_iata?: string | null
  operator_icao?: string | null
  origin?: AeroApiAirport | null
  destination?: AeroApiAirport | null
  scheduled_out?: string | null
  estimated_out?: string | null
  actual_out?: string | null
  scheduled_off?: string | null
  estimated_off?: string | null
  actual_off?: string | null
  scheduled_on?: string | null
  estimated_on?: string | null
  actual_on?: string | null
  scheduled_in?: string | null
  estimated_in?: string | null
  actual_in?: string | null
  terminal_destination?: string | null
  gate_destination?: string | null
  baggage_claim?: string | null
  status?: string | null
  cancelled?: boolean | null
  diverted?: boolean | null
  progress_percent?: number | null
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null

function time(value: unknown): Date | null {
  const written = text(value)
  if (!written) return null
  const date = new Date(written)
  return Number.isNaN(date.getTime()) ? null : date
}

/** Gate times when AeroAPI has them, else runway times, each field on its own. */
function timesOf(
  gate: [unknown, unknown, unknown],
  runway: [unknown, unknown, unknown],
): FlightTimes {
  return {
    scheduled: time(gate[0]) ?? time(runway[0]),
    estimated: time(gate[1]) ?? time(runway[1]),
    actual: time(gate[2]) ?? time(runway[2]),
  }
}

function airportOf(airport: AeroApiAirport | null | undefined): AirportCodes {
  return { iata: text(airport?.code_iata), icao: text(airport?.code_icao) }
}

function statusOf(flight: AeroApiFlight): FlightStatus {
  const progress = flight.progress_percent
  return {
    ident: text(flight.ident_iata) ?? text(flight.ident) ?? '',
    identIcao: text(flight.ident_icao),
    operator: {
      iata: text(flight.operator_iata),
      icao: text(flight.operator_icao) ?? text(flight.operator),
    },
    providerFlightId: text(flight.fa_flight_id),
    origin: airportOf(flight.origin),
    destination: airportOf(flight.destination),
    arrival: timesOf(
      [flight.scheduled_in, flight.estimated_in, flight.actual_in],
      [flight.scheduled_on, flight.estimated_on, flight.actual_on],
    ),
    departure: timesOf(
      [flight.scheduled_out, flight.estimated_out, flight.actual_out],
      [flight.scheduled_off, flight.estimated_off, flight.actual_off],
    ),
    arrivalTerminal: text(flight.terminal_destination),
    arrivalGate: text(flight.gate_destination),
    baggageClaim: text(flight.baggage_claim),
    statusText: text(flight.status) ?? '',
    cancelled: flight.cancelled === true,
    diverted: flight.diverted === true,
    progressPercent:
      typeof progress === 'number' && Number.isFinite(progress)
        ? Math.min(100, Math.max(0, progress))
        : null,
  }
}

/** Whether an airport of AeroAPI's is `code` (IATA or ICAO, as AeroAPI writes either). */
function isAirport(airport: AeroApiAirport | null | undefined, code: string): boolean {
  const wanted = code.trim().toUpperCase()
  return [airport?.code, airport?.code_iata, airport?.code_icao].some(
    (candidate) => typeof candidate === 'string' && candidate.toUpperCase() === wanted,
  )
}

function arrivesAt(flight: AeroApiFlight, code: string): boolean {
  return isAirport(flight.destination, code)
}

/**
 * The traveller's departing flight: among the legs leaving `origin`, the
 * first scheduled to leave after the pickup (the ride is to catch it), else
 * the nearest. Undefined when none leaves from there.
 */
export function departingFlight(
  flights: AeroApiFlight[],
  pickup: Date,
  origin: string,
): AeroApiFlight | undefined {
  const leaving = flights
    .filter((flight) => isAirport(flight.origin, origin))
    .map((flight) => ({
      flight,
      at: time(flight.scheduled_out ?? flight.scheduled_off)?.getTime(),
    }))
    .filter((leg): leg is { flight: AeroApiFlight; at: number } => leg.at !== undefined)
    .sort((a, b) => a.at - b.at)
  const after = leaving.find((leg) => leg.at >= pickup.getTime())
  if (after) return after.flight
  return leaving.at(-1)?.flight
}

/** The scheduled time a flight is compared by: its arrival, or its departure when no arrival is given. */
function referenceTime(flight: AeroApiFlight): number | null {
  const reference =
    time(flight.scheduled_in) ??
    time(flight.scheduled_on) ??
    time(flight.scheduled_out) ??
    time(flight.scheduled_off)
  return reference?.getTime() ?? null
}

/**
 * The instance of the flight the traveller is on: among the legs landing at
 * their airport (all of them when none does, or no airport is given), the
 * one scheduled nearest the booked time. A flight number flies once a day at
 * most, so the nearest is the booked day's.
 */
export function nearestFlight(
  flights: AeroApiFlight[],
  date: Date,
  destination?: string,
): AeroApiFlight | undefined {
  const landing = destination ? flights.filter((flight) => arrivesAt(flight, destination)) : []
  let best: { flight: AeroApiFlight; distance: number } | undefined
  for (const flight of landing.length ? landing : flights) {
    const reference = referenceTime(flight)
    if (reference === null) continue
    const distance = Math.abs(reference - date.getTime())
    if (!best || distance < best.distance) best = { flight, distance }
  }
  return best?.flight
}

function problemOf(status: number): FlightLookupProblem {
  if (status === 401 || status === 403) return 'not-authorized'
  if (status === 429) return 'rate-limited'
  if (status >= 500) return 'server-error'
  return 'refused'
}

/** Retry-After in seconds, or as an HTTP date. */
function retryAfterOf(header: string | null, now: Date): number | undefined {
  if (!header) return undefined
  const seconds = Number(header)
  if (Number.isFinite(seconds)) return seconds > 0 ? Math.ceil(seconds) : undefined
  const at = Date.parse(header)
  return Number.isNaN(at) || at <= now.getTime()
    ? undefined
    : Math.ceil((at - now.getTime()) / 1000)
}

const unavailable = (
  problem: FlightLookupProblem,
  details: { httpStatus?: number; retryAfterSeconds?: number } = {},
): FlightLookup => ({ kind: 'unavailable', problem, ...details })

/** AbortSignal.timeout rejects with a TimeoutError, reading the body too. */
const timedOut = (error: unknown) =>
  typeof error === 'object' && error !== null && 'name' in error && error.name === 'TimeoutError'

/** A time as AeroAPI takes it: ISO 8601 in UTC, whole seconds. */
const isoSeconds = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z')

export function createAeroApiFlightStatus(settings: AeroApiSettings): FlightStatusProvider {
  const baseUrl = settings.baseUrl.replace(/\/+$/, '')
  const clock = settings.now ?? (() => new Date())

  return {
    name: 'aeroapi',
    follows: true,
    async lookup(ident, around) {
      const now = clock()
      const booked = around.date.getTime()
      const earliest = now.getTime() - historyLimit
      const latest = now.getTime() + futureLimit
      // The flight leaves before the booked time: until that is inside the
      // window AeroAPI takes, it cannot be in its answer.
      if (booked > latest) return { kind: 'not-yet', askFrom: new Date(booked - futureLimit) }
      if (booked < earliest) return { kind: 'unknown' }
      const [before, after] = around.origin
        ? [0, departureWindowAfter]
        : [windowBefore, windowAfter]
      const start = new Date(Math.max(booked - before, earliest))
      const end = new Date(Math.min(booked + after, latest))

      const url = new URL(`${baseUrl}/flights/${encodeURIComponent(ident)}`)
      url.searchParams.set('ident_type', 'designator')
      url.searchParams.set('start', isoSeconds(start))
      url.searchParams.set('end', isoSeconds(end))
      url.searchParams.set('max_pages', '1')

      let answer: unknown
      let status = 0
      try {
        const response = await fetch(url, {
          headers: { 'x-apikey': settings.apiKey, accept: 'application/json' },
          signal: AbortSignal.timeout(settings.timeoutMs ?? 8_000),
        })
        status = response.status
        // An ident AeroAPI has no flights for may come back as 404 rather than an empty list.
        if (response.status === 404) {
          await response.body?.cancel()
          return { kind: 'unknown' }
        }
        if (!response.ok) {
          await response.body?.cancel()
          const retryAfterSeconds =
            response.status === 429
              ? retryAfterOf(response.headers.get('retry-after'), now)
              : undefined
          return unavailable(problemOf(response.status), {
            httpStatus: response.status,
            ...(retryAfterSeconds ? { retryAfterSeconds } : {}),
          })
        }
        answer = await response.json().catch((error: unknown) => {
          if (timedOut(error)) throw error
          return undefined
        })
      } catch (error) {
        return unavailable(timedOut(error) ? 'timeout' : 'network')
      }

      const flights = (answer as { flights?: unknown } | undefined)?.flights
      if (!Array.isArray(flights)) return unavailable('bad-answer', { httpStatus: status })
      const objects = flights.filter(
        (flight): flight is AeroApiFlight => typeof flight === 'object' && flight !== null,
      )
      const flight = around.origin
        ? departingFlight(objects, around.date, around.origin)
        : nearestFlight(objects, around.date, around.destination)
      return flight ? { kind: 'found', flight: statusOf(flight) } : { kind: 'unknown' }
    },
  }
}
