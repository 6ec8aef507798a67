import { describe, expect, it } from 'vitest'
import { freeCancellationEnds, isFreeCancellation, mayRefundOnCancel } from './cancellation'

const pickup = new Date('2026-12-10T07:00:00Z')
const hoursBefore = (hours: number) => new Date(pickup.getTime() - hours * 3_600_000)

describe('the free cancellation period', () => {
  it('lasts until 24 hours before pickup, that moment included', () => {
    expect(isFreeCancellation(pickup, hoursBefore(48))).toBe(true)
    expect(isFreeCancellation(pickup, hoursBefore(24))).toBe(true)
    expect(isFreeCancellation(pickup, new Date(hoursBefore(24).getTime() + 1))).toBe(false)
    expect(isFreeCancellation(pickup, hoursBefore(1))).toBe(false)
  })
  it('ends 24 hours before pickup, for changes online too', () => {
    expect(freeCancellationEnds(pickup)).toEqual(hoursBefore(24))
  })
  it('refunds after it only with an override reason', () => {
    expect(mayRefundOnCancel(true, null)).toBe(true)
    expect(mayRefundOnCancel(false, null)).toBe(false)
    expect(mayRefundOnCancel(false, '   ')).toBe(false)
    expect(mayRefundOnCancel(false, 'flight cancelled by the airline')).toBe(true)
  })
})
