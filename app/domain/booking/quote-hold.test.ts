import { describe, expect, it } from 'vitest'
import { isQuoteExpired, QUOTE_VALID_MINUTES, quoteExpiresAt } from './quote-hold'

describe('the quote hold', () => {
  const madeAt = new Date('2026-11-25T10:00:00.000Z')
  const expiresAt = quoteExpiresAt(madeAt)

  it('holds a quote for 30 minutes from when it was made', () => {
    expect(QUOTE_VALID_MINUTES).toBe(30)
    expect(expiresAt).toBe('2026-11-25T10:30:00.000Z')
  })

  it('holds until the last millisecond before expiry, not at the expiry instant', () => {
    const quote = { quote_expires_at: expiresAt }
    expect(isQuoteExpired(quote, new Date('2026-11-25T10:29:59.999Z'))).toBe(false)
    expect(isQuoteExpired(quote, new Date('2026-11-25T10:30:00.000Z'))).toBe(true)
    expect(isQuoteExpired(quote, new Date('2026-11-25T11:00:00.000Z'))).toBe(true)
  })
})
