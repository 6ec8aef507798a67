import { describe, expect, it } from 'vitest'
import { nextCheckAt, type CadenceInput } from './check-cadence'

const pickup = new Date('2026-12-02T14:30:00Z')
const at = (iso: string) => new Date(iso)
const base: CadenceInput = {
  now: at('2026-12-01T00:00:00Z'),
  bookedPickup: pickup,
  arrivalPickupMinutes: 30,
  expectedLanding: null,
  phase: null,
  previousPhase: null,
  rideOpen: true,
  divertedTold: false,
}

describe('when to ask about a flight next', () => {
  it.each<[string, Partial<CadenceInput>, string | null]>([
    ['not before 36 h ahead', { now: at('2026-11-29T10:00:00Z') }, '2026-12-01T02:30:00.000Z'],
    ['every 3 h from 36 h ahead', { now: at('2026-12-01T02:30:00Z') }, '2026-12-01T05:30:00.000Z'],
    [
      'no later than 6 h before the expected landing',
      { now: at('2026-12-02T06:00:00Z'), expectedLanding: at('2026-12-02T14:00:00Z') },
      '2026-12-02T08:00:00.000Z',
    ],
    [
      'every 10 min in the last 6 h',
      { now: at('2026-12-02T08:00:00Z'), expectedLanding: at('2026-12-02T14:00:00Z') },
      '2026-12-02T08:10:00.000Z',
    ],
    [
      'every 3 h again while a delay keeps the landing far',
      {
        now: at('2026-12-02T08:00:00Z'),
        expectedLanding: at('2026-12-02T20:00:00Z'),
        phase: 'scheduled',
      },
      '2026-12-02T11:00:00.000Z',
    ],
    [
      'every 10 min while late and not landed',
      { now: at('2026-12-02T15:00:00Z'), phase: 'en_route' },
      '2026-12-02T15:10:00.000Z',
    ],
    [
      'once more just after landing',
      { now: at('2026-12-02T14:05:00Z'), phase: 'landed', previousPhase: 'en_route' },
      '2026-12-02T14:15:00.000Z',
    ],
    ['never after the confirming ask', { phase: 'landed', previousPhase: 'landed' }, null],
    ['never once cancelled', { phase: 'cancelled' }, null],
    [
      'again while a diversion is not told',
      { now: at('2026-12-02T12:00:00Z'), phase: 'diverted' },
      '2026-12-02T12:10:00.000Z',
    ],
    ['never once a diversion is told', { phase: 'diverted', divertedTold: true }, null],
    ['never for a ride cancelled or over', { rideOpen: false }, null],
    ['never 6 h after the pickup', { now: at('2026-12-02T20:30:00Z'), phase: 'en_route' }, null],
    [
      'still 6 h after a pickup a delay moved',
      {
        now: at('2026-12-02T20:30:00Z'),
        phase: 'en_route',
        expectedLanding: at('2026-12-02T18:00:00Z'),
      },
      '2026-12-02T20:40:00.000Z',
    ],
    [
      'backs off after failed asks, doubling',
      { now: at('2026-12-02T10:00:00Z'), failures: 3 },
      '2026-12-02T10:40:00.000Z',
    ],
    [
      'backs off at most 3 h',
      { now: at('2026-12-02T06:00:00Z'), failures: 9 },
      '2026-12-02T09:00:00.000Z',
    ],
    [
      'waits as long as the provider asked',
      { now: at('2026-12-02T10:00:00Z'), failures: 1, retryAfterSeconds: 3600 },
      '2026-12-02T11:00:00.000Z',
    ],
    [
      'never sooner than the provider knows the flight',
      { now: at('2026-12-01T02:30:00Z'), askFrom: at('2026-12-01T08:00:00Z') },
      '2026-12-01T08:00:00.000Z',
    ],
  ])('%s', (_, given, expected) => {
    expect(nextCheckAt({ ...base, ...given })?.toISOString() ?? null).toBe(expected)
  })

  /** Asks made for a flight landing on time, each when due (docs/flights.md). */
  function asksFor(landing: Date) {
    let now = at('2026-11-30T00:00:00Z')
    let phase: CadenceInput['phase'] = null
    let previousPhase: CadenceInput['phase'] = null
    let next = nextCheckAt({ ...base, now })
    let asks = 0
    while (next) {
      now = next
      asks++
      previousPhase = phase
      phase = now >= landing ? 'landed' : 'scheduled'
      next = nextCheckAt({ ...base, now, expectedLanding: landing, phase, previousPhase })
    }
    return asks
  }

  it('asks 48 times about a flight landing on time, 30 min before the pickup', () => {
    // 11 in the slow window (36 h to 6 h), 36 in the last 6 h, 1 to confirm.
    expect(asksFor(at('2026-12-02T14:00:00Z'))).toBe(48)
  })
})
