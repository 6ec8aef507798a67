import { describe, expect, it } from 'vitest'
import {
  assertTransition,
  bookingStatuses,
  canTransition,
  confirmationRule,
  isAwaitingRide,
  isPaid,
  nextRideSteps,
  rideStatuses,
  TransitionError,
} from './status'

describe('booking status transitions', () => {
  it('follows the happy path', () => {
    expect(canTransition('draft', 'awaiting_payment')).toBe(true)
    expect(canTransition('awaiting_payment', 'confirmed')).toBe(true)
    expect(canTransition('confirmed', 'on_the_way')).toBe(true)
    expect(canTransition('on_board', 'finished')).toBe(true)
  })
  it('has no status for the passenger names: giving them is a fact about the booking', () => {
    // One word for one thing: 'completed' once meant "names given", now the
    // ride's end alone is its completion (finished).
    expect(bookingStatuses as readonly string[]).not.toContain('completed')
    expect(isAwaitingRide('confirmed')).toBe(true)
  })
  it('lets a failed payment be retried but never skips payment', () => {
    expect(canTransition('awaiting_payment', 'payment_failed')).toBe(true)
    expect(canTransition('payment_failed', 'awaiting_payment')).toBe(true)
    expect(canTransition('draft', 'confirmed')).toBe(false)
    expect(canTransition('payment_failed', 'confirmed')).toBe(false)
  })
  it('keeps expired and cancelled final', () => {
    for (const to of bookingStatuses) {
      expect(canTransition('expired', to)).toBe(false)
      expect(canTransition('cancelled', to)).toBe(false)
    }
    expect(() => assertTransition('expired', 'awaiting_payment')).toThrow(TransitionError)
  })
})

describe('the ride, as the driver marks it', () => {
  it('goes on the way, arrives, takes the passenger on board and finishes', () => {
    expect(nextRideSteps('confirmed')).toEqual(['on_the_way'])
    expect(nextRideSteps('on_the_way')).toEqual(['arrived'])
    expect(nextRideSteps('arrived')).toEqual(['on_board', 'no_show'])
    expect(nextRideSteps('on_board')).toEqual(['finished'])
  })
  it('skips no step, ends at finished or no-show, and starts only on a paid booking', () => {
    expect(canTransition('confirmed', 'arrived')).toBe(false)
    expect(canTransition('on_the_way', 'finished')).toBe(false)
    expect(canTransition('on_board', 'no_show')).toBe(false)
    expect(nextRideSteps('finished')).toEqual([])
    expect(nextRideSteps('no_show')).toEqual([])
    for (const unpaid of [
      'draft',
      'awaiting_payment',
      'payment_failed',
      'expired',
      'cancelled',
    ] as const) {
      expect(nextRideSteps(unpaid)).toEqual([])
    }
  })
  it('cannot be cancelled from the site once the car is on its way', () => {
    for (const from of rideStatuses) expect(canTransition(from, 'cancelled')).toBe(false)
  })
  it('counts every ride status as paid', () => {
    for (const status of rideStatuses) expect(isPaid(status)).toBe(true)
  })
})

describe('a ride not yet started', () => {
  it('is a confirmed booking, its passengers named or not, and can still be cancelled', () => {
    expect(bookingStatuses.filter(isAwaitingRide)).toEqual(['confirmed'])
    for (const status of bookingStatuses.filter(isAwaitingRide)) {
      expect(canTransition(status, 'cancelled')).toBe(true)
      expect(nextRideSteps(status)).toEqual(['on_the_way'])
    }
  })
})

describe('the late-payment rule', () => {
  it('confirms a booking whose payment had failed or which expired, only by that rule', () => {
    for (const from of ['payment_failed', 'expired'] as const) {
      expect(canTransition(from, 'confirmed')).toBe(false)
      expect(canTransition(from, 'confirmed', 'late-payment')).toBe(true)
      expect(confirmationRule(from)).toBe('late-payment')
    }
  })

  it('allows nothing but confirmation', () => {
    for (const from of bookingStatuses) {
      for (const to of bookingStatuses) {
        if (to !== 'confirmed') expect(canTransition(from, to, 'late-payment')).toBe(false)
      }
    }
    expect(() => assertTransition('expired', 'on_the_way', 'late-payment')).toThrow(
      /rule: late-payment/,
    )
  })

  it('confirms a waiting booking the ordinary way and never a paid or cancelled one', () => {
    expect(confirmationRule('awaiting_payment')).toBe('ordinary')
    for (const from of ['confirmed', 'finished', 'cancelled', 'draft'] as const) {
      expect(confirmationRule(from)).toBeUndefined()
    }
  })
})

describe('isPaid', () => {
  it('holds for confirmed bookings and their ride, never for unpaid ones', () => {
    expect(bookingStatuses.filter(isPaid)).toEqual([
      'confirmed',
      'on_the_way',
      'arrived',
      'on_board',
      'finished',
      'no_show',
    ])
  })
})
