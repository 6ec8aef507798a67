import { describe, expect, it } from 'vitest'
import { convertCents, parseCurrency, type RatesSnapshot } from './currency'
import { formatMoney } from '~/utils/format'

const snapshot: RatesSnapshot = {
  date: '2026-11-20',
  source: 'builtin',
  rates: { EUR: 1, USD: 1.1612, GBP: 0.8815, TRY: 49.4371 },
}

describe('convertCents', () => {
  it('keeps euros and converts the others by the rate, rounded to the minor unit', () => {
    expect(convertCents(9900, 'EUR', snapshot)).toBe(9900)
    expect(convertCents(9900, 'USD', snapshot)).toBe(11496) // 114.9588 → 114.96
    expect(convertCents(9900, 'GBP', snapshot)).toBe(8727) // 87.2685 → 87.27
    expect(convertCents(9900, 'TRY', snapshot)).toBe(489427) // 4894.2729 → 4894.27
    expect(convertCents(0, 'TRY', snapshot)).toBe(0)
  })
  it('falls back to EUR for unknown currency codes', () => {
    expect(parseCurrency('JPY')).toBe('EUR')
    expect(parseCurrency('GBP')).toBe('GBP')
  })
})

describe('formatMoney', () => {
  it('formats per language', () => {
    expect(formatMoney(99, 'EUR', 'en')).toBe('€99')
    expect(formatMoney(114.96, 'USD', 'en')).toBe('US$114.96')
    expect(formatMoney(4894.27, 'TRY', 'tr')).toBe('₺4.894,27')
    expect(formatMoney(99, 'EUR', 'tr')).toBe('€99')
  })
})
