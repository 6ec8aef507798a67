/**
 * How long a price is held. The vehicle step's quote is stored with the
 * booking and holds for 30 minutes: within that time every later step and the
 * payment use exactly that price; after it, the trip is priced again.
 */
export const QUOTE_VALID_MINUTES = 30

/** When a quote made at `now` stops holding (ISO 8601, UTC). */
export function quoteExpiresAt(now: Date): string {
  return new Date(now.getTime() + QUOTE_VALID_MINUTES * 60_000).toISOString()
}

/**
 * Whether a stored quote has run out at `now`. The boundary belongs to the
 * expired side: at the exact expiry instant the price no longer holds.
 */
export function isQuoteExpired(booking: { quote_expires_at: string }, now: Date): boolean {
  return booking.quote_expires_at <= now.toISOString()
}
