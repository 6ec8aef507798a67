import { describe, expect, it } from 'vitest'
import { pathOf, requestIdFor } from './access-log.server'

describe('the path an access line holds', () => {
  it('drops the query, where searches and link keys travel', () => {
    expect(pathOf('/manage-booking?reference=MC-ABC123&key=secret-key-of-the-booking')).toBe(
      '/manage-booking',
    )
    expect(pathOf('/account/link?token=abcdefghijklmnop')).toBe('/account/link')
  })

  it("keeps the route's pattern in place of a key that is part of the path", () => {
    expect(pathOf('/payment-simulator/oP4oYVQqzjKg2SXCShQEGcaW1tBmD59O')).toBe(
      '/payment-simulator/:token',
    )
    expect(pathOf('/Payment-Simulator/oP4oYVQqzjKg2SXCShQEGcaW1tBmD59O?x=1')).toBe(
      '/payment-simulator/:token',
    )
    expect(pathOf('/r/Y67KKU.5prOwKBt')).toBe('/r/:code')
    expect(pathOf('/R/Y67KKU.5prOwKBt/more')).toBe('/r/:code/more')
  })

  it('leaves every other path as it came', () => {
    expect(pathOf('/ops/bookings/MC-Y67KKU')).toBe('/ops/bookings/MC-Y67KKU')
    expect(pathOf('/routes/r/x')).toBe('/routes/r/x')
    expect(pathOf(undefined)).toBe('/')
  })

  it('cuts a very long path', () => {
    expect(pathOf(`/${'a'.repeat(600)}`)).toHaveLength(513)
  })
})

describe('the request id', () => {
  it('keeps an id a proxy sent and replaces anything else', () => {
    expect(requestIdFor('lb-1234.abc')).toBe('lb-1234.abc')
    expect(requestIdFor('line\nbreak')).not.toContain('\n')
    expect(requestIdFor(undefined)).toMatch(/^[0-9a-f-]{36}$/)
  })
})
