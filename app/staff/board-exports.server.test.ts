import { describe, expect, it } from 'vitest'
import { csvAmount, csvField } from './board-exports.server'

describe('csvField', () => {
  it('quotes fields with commas, quotes or line breaks, doubling the quotes', () => {
    expect(csvField('Şile, Ağva')).toBe('"Şile, Ağva"')
    expect(csvField('the "blue" door')).toBe('"the ""blue"" door"')
    expect(csvField('line one\nline two')).toBe('"line one\nline two"')
    expect(csvField('MC-7K4Q9P')).toBe('MC-7K4Q9P')
  })
  it('writes numbers as they are and nothing for a missing value', () => {
    expect(csvField(4)).toBe('4')
    expect(csvField(null)).toBe('')
    expect(csvField(undefined)).toBe('')
  })
  it('never lets a typed value run as a spreadsheet formula', () => {
    expect(csvField('=HYPERLINK("http://evil.example")')).toBe(
      `"'=HYPERLINK(""http://evil.example"")"`,
    )
    expect(csvField('+90 532 123 45 67')).toBe("'+90 532 123 45 67")
    expect(csvField('@sum')).toBe("'@sum")
  })
})

describe('csvAmount', () => {
  it('writes minor units as a plain decimal with two places', () => {
    expect(csvAmount(123450)).toBe('1234.50')
    expect(csvAmount(5)).toBe('0.05')
    expect(csvAmount(0)).toBe('0.00')
    expect(csvAmount(-5)).toBe('-0.05')
  })
})
