import { describe, expect, it } from 'vitest'
import { formatInstantTime, statementMoney } from './format'

describe('statementMoney', () => {
  it('shows cents on every amount of a statement when one of them has cents', () => {
    const money = statementMoney([13600, 4080, 9520], 'EUR', 'en')
    expect([13600, 4080, 9520].map(money)).toEqual(['€136.00', '€40.80', '€95.20'])
  })

  it('shows whole amounts without cents, in the language’s form', () => {
    expect(statementMoney([13600, 13600, 0], 'EUR', 'en')(13600)).toBe('€136')
    expect(statementMoney([12050, 3615], 'EUR', 'tr')(12050)).toBe('€120,50')
  })
})

describe('formatInstantTime', () => {
  it('writes an instant as the Istanbul time of day, 24-hour clock, in both languages', () => {
    // 21:05 UTC is 00:05 in Istanbul: the clock turns with Istanbul, not UTC.
    expect(formatInstantTime('2026-12-12T21:05:00.000Z', 'en')).toBe('00:05')
    expect(formatInstantTime('2026-12-12T12:40:00.000Z', 'tr')).toBe('15:40')
  })
})
