import { describe, expect, it } from 'vitest'
import { fromDecimalAmount, toDecimalAmount } from './decimal-amounts'

describe('payment amounts as decimal strings', () => {
  it('writes minor units with two decimals', () => {
    expect(toDecimalAmount(4080)).toBe('40.80')
    expect(toDecimalAmount(13600)).toBe('136.00')
    expect(toDecimalAmount(5)).toBe('0.05')
  })

  it('reads what iyzico echoes back, with or without trailing zeros', () => {
    expect(fromDecimalAmount('40.8')).toBe(4080)
    expect(fromDecimalAmount('40.80')).toBe(4080)
    expect(fromDecimalAmount('136')).toBe(13600)
    expect(fromDecimalAmount('136.00000000')).toBe(13600)
  })

  it('refuses what is not an amount of money', () => {
    expect(fromDecimalAmount(undefined)).toBeUndefined()
    expect(fromDecimalAmount('1e3')).toBeUndefined()
    expect(fromDecimalAmount('40.805')).toBeUndefined()
  })
})
