import { describe, expect, it } from 'vitest'
import { officeHoursIn } from './site'

describe('officeHoursIn', () => {
  it('writes round-the-clock hours the way each language does', () => {
    expect(officeHoursIn('24/7', 'en')).toBe('24/7')
    expect(officeHoursIn('24/7', 'tr')).toBe('7/24')
    expect(officeHoursIn(' 7 / 24 ', 'en')).toBe('24/7')
    expect(officeHoursIn('7/24', 'tr')).toBe('7/24')
  })

  it('shows any other setting as it was written', () => {
    expect(officeHoursIn('Mon–Fri 09:00–18:00', 'tr')).toBe('Mon–Fri 09:00–18:00')
    expect(officeHoursIn('24/7/365', 'tr')).toBe('24/7/365')
  })
})
