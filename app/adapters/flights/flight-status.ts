/**
 * The flight-status adapter: the one way the application asks where a plane
 * is. Without a provider (the default: no key, no network) nothing follows
 * flights, and every lookup says so, so no page, e-mail or message may claim
 * the pickup follows the plane; with FLIGHT_STATUS_PROVIDER=aeroapi it asks
 * FlightAware's AeroAPI.
 *
 * A lookup never throws for the provider's problems: a refused key, a rate
 * limit, a server error or a timeout come back as `unavailable` with a reason
 * the caller logs and backs off on. docs/flights.md says what is asked and read.
 */

/** An airport as providers name it; either code may be missing (a small field has only one). */
export interface AirportCodes {
  /** Three letters: IST, SAW. */
  iata: string | null
  /** Four letters: LTFM, LTFJ. */
  icao: string | null
}

/** The three times of one event of a flight; null when the provider does not have it (yet). */
export interface FlightTimes {
  scheduled: Date | null
  estimated: Date | null
  actual: Date | null
}

/** One flight on one day, as the provider last knew it. */
export interface FlightStatus {
  /** The ident the provider gives the flight, IATA form when it has one: `TK1984`. */
  ident: string
  /** The ICAO form, the call sign the flight flies under: `THY1984`. */
  identIcao: string | null
  /** The airline operating it, as IATA and ICAO designators (`TK`, `THY`). */
  operator: { iata: string | null; icao: string | null }
  /** The provider's id of this one flight (AeroAPI's fa_flight_id), to ask about it again. */
  providerFlightId: string | null
  origin: AirportCodes
  destination: AirportCodes
  /**
   * When the plane reaches its gate: the gate times (`*_in`) when the provider
   * has them, otherwise the runway times (`*_on`), field by field.
   */
  arrival: FlightTimes
  /** When it leaves its gate (`*_out`, else the runway's `*_off`). */
  departure: FlightTimes
  /** The arrival terminal and gate, as the airport writes them ('1', 'D4'); null when unknown. */
  arrivalTerminal: string | null
  arrivalGate: string | null
  baggageClaim: string | null
  /** The provider's own words for the flight's state ('Scheduled', 'En Route / On Time', 'Arrived / Gate Arrival'). */
  statusText: string
  cancelled: boolean
  /** Landing somewhere else than its destination. */
  diverted: boolean
  /** 0-100: how far it has flown. */
  progressPercent: number | null
}

/** Why a provider could not answer: the caller logs it and asks again later, or not at all. */
export type FlightLookupProblem =
  /** The key was refused (401, 403): asking again will not help until someone fixes the setting. */
  | 'not-authorized'
  /** Too many requests (429): wait retryAfterSeconds when given. */
  | 'rate-limited'
  /** The provider failed (5xx). */
  | 'server-error'
  /** No answer within the timeout. */
  | 'timeout'
  /** No connection (DNS, refused, reset). */
  | 'network'
  /** The provider refused the question itself (400 and other 4xx): a bug here, not worth repeating. */
  | 'refused'
  /** An answer that is not what the provider documents (not JSON, no `flights`). */
  | 'bad-answer'

export type FlightLookup =
  /** The flight nearest the asked time. */
  | { kind: 'found'; flight: FlightStatus }
  /** The provider knows no flight with that ident around that time. */
  | { kind: 'unknown' }
  /**
   * Too early to ask: the provider only knows flights from `askFrom` on
   * (AeroAPI: two days ahead). No request was made.
   */
  | { kind: 'not-yet'; askFrom: Date }
  /** The provider could not answer now. */
  | {
      kind: 'unavailable'
      problem: FlightLookupProblem
      /** The provider's HTTP status, when it answered. */
      httpStatus?: number
      /** Seconds the provider asked to wait before the next request. */
      retryAfterSeconds?: number
    }
  /** Nothing follows flights here (no provider configured): no page may say otherwise. */
  | { kind: 'not-followed' }

export interface FlightLookupQuery {
  /** When the traveller's flight is expected: the booked pickup at the airport. */
  date: Date
  /**
   * The airport the traveller lands at (IATA or ICAO code), when known: among
   * the legs of one flight number (A → B → C) the one arriving there is the one
   * met.
   */
  destination?: string
  /**
   * For a departure (a ride to the airport): the airport the traveller flies
   * from. The flight leaving there first after `date` (the pickup) is theirs.
   */
  origin?: string
}

export interface FlightStatusProvider {
  readonly name: 'none' | 'aeroapi'
  /** Whether this provider follows flights at all: a page promises it only then. */
  readonly follows: boolean
  /** The flight `ident` (app/domain/flight-number.ts) nearest `around.date`. */
  lookup(ident: string, around: FlightLookupQuery): Promise<FlightLookup>
}
