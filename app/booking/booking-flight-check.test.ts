import { describe, expect, it } from 'vitest'
import type { FlightLookup, FlightStatus } from '~/adapters/flights/flight-status'
import { checkFlightAgainstBooking } from './booking-flight-check'

const at = (iso: string) => new Date(iso)

/** TK1984 London → `destination`, at the gate at `landing` (UTC). */
function found(landing: string, destination = { iata: 'IST', icao: 'LTFM' }): FlightLookup {
  const flight: FlightStatus = {
    ident: 'TK1984',
    identIcao: 'THY1984',
    operator: { iata: 'TK', icao: 'THY' },
    providerFlightId: 'THY1984-1',
    origin: { iata: 'LHR', icao: 'EGLL' },
    destination,
    arrival: { scheduled: at(landing), estimated: null, actual: null },
    departure: { scheduled: null, estimated: null, actual: null },
    arrivalTerminal: '1',
    arrivalGate: null,
    baggageClaim: null,
    statusText: 'Scheduled',
    cancelled: false,
    diverted: false,
    progressPercent: 0,
  }
  return { kind: 'found', flight }
}

// 15:00 in Istanbul (UTC+3) on 28 November.
const booking = { airport: 'IST' as const, pickup: at('2026-11-28T12:00:00Z') }

describe('a flight checked against its booking', () => {
  it('fits when it lands at the booked airport before the pickup, the same day', () => {
    expect(checkFlightAgainstBooking(found('2026-11-28T11:20:00Z'), booking, 30)).toEqual({
      kind: 'fits',
    })
    // By its ICAO code alone, too.
    const byIcao = found('2026-11-28T11:20:00Z', { iata: null, icao: 'LTFM' } as never)
    expect(checkFlightAgainstBooking(byIcao, booking, 30).kind).toBe('fits')
  })

  it('names the airport it really lands at', () => {
    const saw = found('2026-11-28T11:20:00Z', { iata: 'SAW', icao: 'LTFJ' })
    expect(checkFlightAgainstBooking(saw, booking, 30)).toEqual({
      kind: 'otherAirport',
      landsAt: 'SAW',
    })
  })

  it('suggests a pickup after a landing later than the booked pickup, on five minutes', () => {
    // Landing at 14:37 for a 15:00 pickup: not before the landing, so it fits.
    expect(checkFlightAgainstBooking(found('2026-11-28T11:37:00Z'), booking, 30)).toMatchObject({
      kind: 'fits',
    })
    // Landing at 15:37: 30 minutes later is 16:07, suggested as 16:10.
    expect(checkFlightAgainstBooking(found('2026-11-28T12:37:00Z'), booking, 30)).toEqual({
      kind: 'landsAfterPickup',
      landing: at('2026-11-28T12:37:00Z'),
      suggestedPickup: at('2026-11-28T13:10:00Z'),
    })
  })

  it('tells another day from a late plane', () => {
    expect(checkFlightAgainstBooking(found('2026-11-27T11:20:00Z'), booking, 30)).toMatchObject({
      kind: 'otherDay',
      suggestedPickup: at('2026-11-27T11:50:00Z'),
    })
    expect(checkFlightAgainstBooking(found('2026-11-29T11:20:00Z'), booking, 30)).toMatchObject({
      kind: 'otherDay',
    })
  })

  it('says what the provider could not', () => {
    expect(checkFlightAgainstBooking({ kind: 'unknown' }, booking, 30)).toEqual({
      kind: 'notFound',
    })
    for (const lookup of [
      { kind: 'not-followed' },
      { kind: 'unavailable', problem: 'timeout' },
      { kind: 'not-yet', askFrom: at('2026-11-26T12:00:00Z') },
    ] as FlightLookup[]) {
      expect(checkFlightAgainstBooking(lookup, booking, 30)).toEqual({ kind: 'unchecked' })
    }
  })
})
