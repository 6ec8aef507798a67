import { describe, expect, it } from 'vitest'
import { bookingStatuses } from '~/db/schema'
import { assertTransition, canTransition, TransitionError } from './status'

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
