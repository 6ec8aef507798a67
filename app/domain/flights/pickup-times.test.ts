import { describe, expect, it } from 'vitest'
import {
  expectedPickup,
  freeWaitingEnds,
  pickupDelayMinutes,
  type FlightState,
} from './pickup-times'

const booked = new Date('2026-12-02T14:30:00Z')
const flight = (overrides: Partial<FlightState>): FlightState => ({
  status: 'scheduled',
  scheduledArrival: new Date('2026-12-02T14:00:00Z'),
  estimatedArrival: null,
  actualArrival: null,
  ...overrides,
})

describe('the pickup a followed flight moves', () => {
  it.each<[string, FlightState | null, string]>([
    ['as booked without a flight', null, '2026-12-02T14:30:00.000Z'],
    ['as booked for a flight on time', flight({}), '2026-12-02T14:30:00.000Z'],
    [
      'as booked for an early flight',
      flight({ estimatedArrival: new Date('2026-12-02T13:20:00Z') }),
      '2026-12-02T14:30:00.000Z',
    ],
    [
      'after a delayed estimate',
      flight({ status: 'en_route', estimatedArrival: new Date('2026-12-02T15:30:00Z') }),
      '2026-12-02T16:00:00.000Z',
    ],
    [
      'after the actual landing, whatever the estimate said',
      flight({
        status: 'landed',
        estimatedArrival: new Date('2026-12-02T15:30:00Z'),
        actualArrival: new Date('2026-12-02T15:10:00Z'),
      }),
      '2026-12-02T15:40:00.000Z',
    ],
    [
      'as booked for a cancelled flight',
      flight({ status: 'cancelled', estimatedArrival: new Date('2026-12-02T18:00:00Z') }),
      '2026-12-02T14:30:00.000Z',
    ],
  ])('is %s', (_, state, expected) => {
    expect(expectedPickup(booked, state, 30).toISOString()).toBe(expected)
  })

  it('says by how many minutes it moved', () => {
    const late = flight({ estimatedArrival: new Date('2026-12-02T15:30:00Z') })
    expect(pickupDelayMinutes(booked, late, 30)).toBe(90)
    expect(pickupDelayMinutes(booked, flight({}), 30)).toBe(0)
  })

  it('ends the free waiting its minutes after the actual landing', () => {
    expect(freeWaitingEnds(new Date('2026-12-02T15:10:00Z'), 60).toISOString()).toBe(
      '2026-12-02T16:10:00.000Z',
    )
  })
})
