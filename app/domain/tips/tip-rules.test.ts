import { describe, expect, it } from 'vitest'
import { readTipAmount, tipScale } from './tip-rules'

describe('readTipAmount', () => {
  it.each([
    ['10', 'EUR', { ok: true, minor: 1000 }],
    ['12.5', 'EUR', { ok: true, minor: 1250 }],
    ['12,50', 'GBP', { ok: true, minor: 1250 }],
    [' 7 ', 'USD', { ok: true, minor: 700 }],
    ['1', 'EUR', { ok: true, minor: 100 }],
    ['200', 'EUR', { ok: true, minor: 20_000 }],
    ['0.99', 'EUR', { ok: false, reason: 'tooSmall' }],
    ['200.01', 'EUR', { ok: false, reason: 'tooLarge' }],
    ['49', 'TRY', { ok: false, reason: 'tooSmall' }],
    ['400', 'TRY', { ok: true, minor: 40_000 }],
    ['1,000', 'EUR', { ok: false, reason: 'format' }],
    ['1.000,00', 'TRY', { ok: false, reason: 'format' }],
    ['-5', 'EUR', { ok: false, reason: 'format' }],
    ['5.123', 'EUR', { ok: false, reason: 'format' }],
    ['€5', 'EUR', { ok: false, reason: 'format' }],
    ['', 'EUR', { ok: false, reason: 'format' }],
  ] as const)('%j in %s → %o', (typed, currency, expected) => {
    expect(readTipAmount(typed, currency)).toEqual(expected)
  })

  it('offers amounts within its own bounds in every currency', () => {
    for (const currency of ['EUR', 'USD', 'GBP', 'TRY'] as const) {
      const { choices, min, max } = tipScale(currency)
      for (const choice of choices) {
        expect(choice).toBeGreaterThanOrEqual(min)
        expect(choice).toBeLessThanOrEqual(max)
      }
    }
  })
})
