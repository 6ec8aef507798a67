import { describe, expect, it } from 'vitest'
import {
  assertTransition,
  bookingStatuses,
  canTransition,
  confirmationRule,
  isPaid,
  TransitionError,
} from './status'

describe('booking status transitions', () => {
  it('follows the happy path', () => {
    expect(canTransition('draft', 'awaiting_payment')).toBe(true)
    expect(canTransition('awaiting_payment', 'confirmed')).toBe(true)
    expect(canTransition('confirmed', 'completed')).toBe(true)
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
    expect(() => assertTransition('expired', 'completed', 'late-payment')).toThrow(
      /rule: late-payment/,
    )
  })

  it('confirms a waiting booking the ordinary way and never a paid or cancelled one', () => {
    expect(confirmationRule('awaiting_payment')).toBe('ordinary')
    for (const from of ['confirmed', 'completed', 'cancelled', 'draft'] as const) {
      expect(confirmationRule(from)).toBeUndefined()
    }
  })
})

describe('isPaid', () => {
  it('holds for confirmed and completed bookings only', () => {
    expect(bookingStatuses.filter(isPaid)).toEqual(['confirmed', 'completed'])
  })
})
