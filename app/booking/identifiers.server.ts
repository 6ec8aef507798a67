import { randomBytes, randomInt } from 'node:crypto'

/** No 0/O, 1/I/L or 5/S: a reference read over the phone is not mistaken. */
const REFERENCE_ALPHABET = '2346789ABCDEFGHJKMNPQRTUVWXYZ'

/** A short public reference such as MC-7K4Q9P (29^6 ≈ 595 million values). */
export function newReference(): string {
  let code = ''
  for (let index = 0; index < 6; index++)
    code += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)]
  return `MC-${code}`
}

/** The booking's private id: 128 random bits, URL-safe. */
export function newBookingId(): string {
  return randomBytes(16).toString('base64url')
}

/** What a booking id looks like (22 base64url characters): anything else is refused unread. */
export const bookingIdPattern = /^[A-Za-z0-9_-]{22}$/

export const referencePattern = new RegExp(`^MC-[${REFERENCE_ALPHABET}]{6}$`)
