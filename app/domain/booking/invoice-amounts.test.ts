import { describe, expect, it } from 'vitest'
import { containedVat, VAT_PERCENT } from './invoice-amounts'

describe('containedVat', () => {
  it('splits the 20 % VAT out of the total instead of adding it', () => {
    expect(VAT_PERCENT).toBe(20)
    expect(containedVat(13600)).toEqual({ netMinor: 11333, vatMinor: 2267 })
    expect(containedVat(12000)).toEqual({ netMinor: 10000, vatMinor: 2000 })
  })

  it('rounds the net once, half up, and leaves the exact rest as VAT', () => {
    // 3 / 1.2 = 2.5 and 9 / 1.2 = 7.5: halves round up.
    expect(containedVat(3)).toEqual({ netMinor: 3, vatMinor: 0 })
    expect(containedVat(9)).toEqual({ netMinor: 8, vatMinor: 1 })
    expect(containedVat(0)).toEqual({ netMinor: 0, vatMinor: 0 })
    for (let total = 0; total <= 5000; total += 7) {
      const { netMinor, vatMinor } = containedVat(total)
      expect(netMinor + vatMinor).toBe(total)
      // The net is the nearest whole minor unit to total / 1.2.
      expect(Math.abs(netMinor - total / 1.2)).toBeLessThanOrEqual(0.5 + 1e-9)
    }
  })

  it('handles large totals (Turkish lira) without drift', () => {
    expect(containedVat(123_456_789)).toEqual({ netMinor: 102_880_658, vatMinor: 20_576_131 })
  })

  it('refuses amounts that are not whole minor units', () => {
    expect(() => containedVat(10.5)).toThrow(RangeError)
    expect(() => containedVat(-1)).toThrow(RangeError)
  })
})
