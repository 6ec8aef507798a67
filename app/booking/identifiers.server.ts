import { randomBytes, randomInt } from 'node:crypto'
import { REFERENCE_ALPHABET } from '~/domain/booking/reference'

export { referencePattern } from '~/domain/booking/reference'

/** A short public reference such as MC-7K4Q9P (29^6 ≈ 595 million values). */
export function newReference(): string {
  let code = ''
  for (let index = 0; index < 6; index++)
    code += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)]
  return `MC-${code}`
}

/**
 * A ride's pickup code: four digits, said aloud in any language. A guess is
 * one in ten thousand, and dispatch hears after three wrong ones.
 */
export function newPickupCode(): string {
  return String(randomInt(10_000)).padStart(4, '0')
}

/** The booking's private id: 128 random bits, URL-safe. */
export function newBookingId(): string {
  return randomBytes(16).toString('base64url')
}

/** What a booking id looks like (22 base64url characters): anything else is refused unread. */
export const bookingIdPattern = /^[A-Za-z0-9_-]{22}$/
