import { createHmac, timingSafeEqual } from 'node:crypto'
import { getEnv } from '~/config/env.server'
import { bookingIdPattern, referencePattern } from './identifiers.server'
import type { DatabaseHandle } from '~/db/connect.server'
import type { BookingRow } from '~/db/schema'
import { isLinkExpired } from '~/domain/booking/traveller-rules'
import { bookingPickupInstant } from '~/domain/trip-search'
import { findBooking } from './bookings.server'
import { readDraftId } from './draft-cookie.server'

/**
 * Who may see a booking. Its owner: the browser that made it (its signed
 * cookie) or the holder of the signed link in its e-mails (`?key=`). Someone
 * the owner shares the ride with: the holder of the share link (`?token=`),
 * which opens only the read-only shared page. Each link carries the booking's
 * private id and an HMAC of it for its purpose, so one cannot stand in for the
 * other; a reference alone opens nothing. Every way in ends 30 days after the
 * pickup (docs/after-payment.md).
 */
const linkParam = 'key'
const shareParam = 'token'

type LinkPurpose = 'booking-link' | 'booking-share'

function signature(purpose: LinkPurpose, bookingId: string, secret: string): string {
  return createHmac('sha256', secret).update(`${purpose}:${bookingId}`).digest('base64url')
}

function signed(purpose: LinkPurpose, bookingId: string): string {
  return `${bookingId}.${signature(purpose, bookingId, getEnv().SESSION_SECRET[0]!)}`
}

/** The booking id a signed value names for `purpose`, checked against every configured secret. */
function readSigned(purpose: LinkPurpose, value: string | null): string | undefined {
  if (!value) return undefined
  const [id, mac, ...rest] = value.split('.')
  if (!id || !mac || rest.length || !bookingIdPattern.test(id)) return undefined
  const given = Buffer.from(mac)
  return getEnv().SESSION_SECRET.some((secret) => {
    const expected = Buffer.from(signature(purpose, id, secret))
    return expected.length === given.length && timingSafeEqual(expected, given)
  })
    ? id
    : undefined
}

export function signedBookingKey(bookingId: string): string {
  return signed('booking-link', bookingId)
}

/** The booking id the owner's key names, or undefined for anything forged or malformed. */
export function readSignedKey(value: string | null): string | undefined {
  return readSigned('booking-link', value)
}

/** The absolute link for e-mails: the received page, opened with the signed key. */
export function bookingLink(bookingId: string, path = '/booking-received'): string {
  return `${getEnv().PUBLIC_BASE_URL}${path}?${linkParam}=${encodeURIComponent(signedBookingKey(bookingId))}`
}

/** The page where a traveller without their link asks for it again (in every booking e-mail). */
export function manageBookingLink(): string {
  return `${getEnv().PUBLIC_BASE_URL}/manage-booking`
}

/** The share link's token: it opens the shared page of the booking and nothing else. */
export function signedShareToken(bookingId: string): string {
  return signed('booking-share', bookingId)
}

export function readShareToken(value: string | null): string | undefined {
  return readSigned('booking-share', value)
}

/** The path of the read-only page for someone meeting the traveller. */
export function sharePath(bookingId: string): string {
  return `/shared-booking?${shareParam}=${encodeURIComponent(signedShareToken(bookingId))}`
}

/**
 * The short link text messages carry (an SMS has room for little): the
 * booking's reference without its `MC-` and 48 bits of an HMAC of it,
 * `/r/7K4Q9P.AbCdEfGh` (guessing one takes about 10^14 tries). It opens
 * nothing by itself: it sends the browser on to the owner's signed link,
 * which ends 30 days after the pickup like every other way in.
 */
const shortLinkMacLength = 8
const referencePrefix = 'MC-'

function shortLinkMac(reference: string, secret: string): string {
  return createHmac('sha256', secret)
    .update(`booking-short:${reference}`)
    .digest('base64url')
    .slice(0, shortLinkMacLength)
}

/**
 * The pages a short link may lead to besides the ride page (`?to=review`):
 * a fixed list, so the parameter can never send a browser anywhere else.
 */
const shortLinkPages = { review: '/ride-review' } as const
export type ShortLinkPage = keyof typeof shortLinkPages

export function shortBookingLink(reference: string, page?: ShortLinkPage): string {
  const mac = shortLinkMac(reference, getEnv().SESSION_SECRET[0]!)
  const to = page ? `?to=${page}` : ''
  return `${getEnv().PUBLIC_BASE_URL}/r/${reference.slice(referencePrefix.length)}.${mac}${to}`
}

/** The reference a short link's code names, or undefined for anything forged or malformed. */
export function readShortLinkCode(code: string): string | undefined {
  const [short, mac, ...rest] = code.split('.')
  const reference = `${referencePrefix}${short}`
  if (!short || !mac || rest.length || !referencePattern.test(reference)) return undefined
  const given = Buffer.from(mac)
  return getEnv().SESSION_SECRET.some((secret) => {
    const expected = Buffer.from(shortLinkMac(reference, secret))
    return expected.length === given.length && timingSafeEqual(expected, given)
  })
    ? reference
    : undefined
}

/** Whether the booking's links still open it at `now` (until 30 days after pickup). */
function stillOpen(booking: BookingRow, now: Date): boolean {
  return !isLinkExpired(bookingPickupInstant(booking), now)
}

/**
 * The booking this request may see as its owner: by signed link first, then
 * by this browser's cookie; neither once the booking's links have expired.
 */
export async function findOwnBooking(
  handle: DatabaseHandle,
  request: Request,
  now = new Date(),
): Promise<{ booking: BookingRow; viaLink: boolean } | undefined> {
  const linked = readSignedKey(new URL(request.url).searchParams.get(linkParam))
  if (linked) {
    const booking = await findBooking(handle, linked)
    if (booking) return stillOpen(booking, now) ? { booking, viaLink: true } : undefined
  }
  const id = await readDraftId(request)
  const booking = id ? await findBooking(handle, id) : undefined
  return booking && stillOpen(booking, now) ? { booking, viaLink: false } : undefined
}

/** The booking a share link names, while its links are open. */
export async function findSharedBooking(
  handle: DatabaseHandle,
  request: Request,
  now = new Date(),
): Promise<BookingRow | undefined> {
  const id = readShareToken(new URL(request.url).searchParams.get(shareParam))
  const booking = id ? await findBooking(handle, id) : undefined
  return booking && stillOpen(booking, now) ? booking : undefined
}

/**
 * A path to another page of the same booking. A page opened through the
 * signed link passes the key on, so its links work in a browser that holds no
 * cookie for the booking; the cookie holder's links stay plain.
 */
export function bookingHref(path: string, request: Request, own: { viaLink: boolean }): string {
  const key = own.viaLink ? new URL(request.url).searchParams.get(linkParam) : null
  if (!key) return path
  const [pathname, query] = path.split('?')
  const params = new URLSearchParams(query)
  params.set(linkParam, key)
  return `${pathname}?${params.toString()}`
}

/**
 * Where a short link from a text message leads: the owner's signed link of the
 * booking it names (a path, relative to the site), to the ride page or the
 * listed page `to` names, or undefined for a forged or unknown code.
 */
export async function shortLinkTarget(
  handle: DatabaseHandle,
  code: string,
  to: string | null = null,
): Promise<string | undefined> {
  const reference = readShortLinkCode(code)
  if (!reference) return undefined
  const booking = await handle.db
    .selectFrom('bookings')
    .select('id')
    .where('reference', '=', reference)
    .executeTakeFirst()
  if (!booking) return undefined
  const page =
    to && Object.hasOwn(shortLinkPages, to) ? shortLinkPages[to as ShortLinkPage] : undefined
  return bookingLink(booking.id, page).slice(getEnv().PUBLIC_BASE_URL.length)
}
