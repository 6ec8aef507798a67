import { describe, expect, it } from 'vitest'
import { compactTaxNumber, taxNumberKind, taxNumberProblem } from './tax-number'

describe('tax numbers', () => {
  it('accepts a VKN and a TCKN whose check digits are right', () => {
    expect(taxNumberProblem('4540536920')).toBeUndefined()
    expect(taxNumberProblem('17291716060')).toBeUndefined()
    expect(taxNumberProblem('454 053 6920')).toBeUndefined()
    expect(taxNumberKind(compactTaxNumber('454.053.6920'))).toBe('vkn')
  })

  it('refuses a number one digit off', () => {
    expect(taxNumberProblem('4540536921')).toBe('check-digit')
    expect(taxNumberProblem('4540536290')).toBe('check-digit')
    expect(taxNumberProblem('17291716050')).toBe('check-digit')
    // A TCKN never starts with 0.
    expect(taxNumberProblem('07291716060')).toBe('check-digit')
  })

  it('refuses empty, letters and wrong lengths', () => {
    expect(taxNumberProblem('  ')).toBe('required')
    expect(taxNumberProblem('45405369')).toBe('format')
    expect(taxNumberProblem('45405369ab')).toBe('format')
    expect(taxNumberProblem('172917160600')).toBe('format')
  })

  it('narrows to the kinds asked for', () => {
    expect(taxNumberProblem('17291716060', ['vkn'])).toBe('format')
    expect(taxNumberProblem('4540536920', ['vkn'])).toBeUndefined()
  })
})
