import { createHmac, timingSafeEqual } from 'node:crypto'
import { getEnv } from '~/config/env.server'
import { bookingIdPattern } from './identifiers.server'
import type { DatabaseHandle } from '~/db/connect.server'
import type { BookingRow } from '~/db/schema'
import { findBooking } from './bookings.server'
import { readDraftId } from './draft-cookie.server'

/**
 * Who may see a booking's personal details: the
 * browser that made it (its signed cookie) or the holder of the signed link in
 * the confirmation e-mail. The link carries the booking's private id and an
 * HMAC of it; a reference alone opens nothing.
 */
const linkParam = 'key'

function signature(bookingId: string, secret: string): string {
  return createHmac('sha256', secret).update(`booking-link:${bookingId}`).digest('base64url')
}

export function signedBookingKey(bookingId: string): string {
  return `${bookingId}.${signature(bookingId, getEnv().SESSION_SECRET[0]!)}`
}

/** The absolute link for e-mails: the received page, opened with the signed key. */
export function bookingLink(bookingId: string, path = '/booking-received'): string {
  return `${getEnv().PUBLIC_BASE_URL}${path}?${linkParam}=${encodeURIComponent(signedBookingKey(bookingId))}`
}

/** The booking id a signed key names, checked against every configured secret. */
export function readSignedKey(value: string | null): string | undefined {
  if (!value) return undefined
  const [id, mac] = value.split('.')
  if (!id || !mac || !bookingIdPattern.test(id)) return undefined
  const given = Buffer.from(mac)
  return getEnv().SESSION_SECRET.some((secret) => {
    const expected = Buffer.from(signature(id, secret))
    return expected.length === given.length && timingSafeEqual(expected, given)
  })
    ? id
    : undefined
}

/** The booking this request may see: by signed link first, then by this browser's cookie. */
export async function findOwnBooking(
  handle: DatabaseHandle,
  request: Request,
): Promise<{ booking: BookingRow; viaLink: boolean } | undefined> {
  const linked = readSignedKey(new URL(request.url).searchParams.get(linkParam))
  if (linked) {
    const booking = await findBooking(handle, linked)
    if (booking) return { booking, viaLink: true }
  }
  const id = await readDraftId(request)
  const booking = id ? await findBooking(handle, id) : undefined
  return booking ? { booking, viaLink: false } : undefined
}

/**
 * A path to another page of the same booking. A page opened through the
 * signed link passes the key on, so its links work in a browser that holds no
 * cookie for the booking; the cookie holder's links stay plain.
 */
export function bookingHref(path: string, request: Request, own: { viaLink: boolean }): string {
  const key = own.viaLink ? new URL(request.url).searchParams.get(linkParam) : null
  return key ? `${path}?${linkParam}=${encodeURIComponent(key)}` : path
}
