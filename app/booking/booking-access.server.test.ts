import { describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/connect.server'
import { draftInput } from '../../tests/support/booking-fixtures'
import { storageBackends, useMigratedDatabase } from '../../tests/support/database-backends'
import { createDraft } from './bookings.server'
import { draftCookieHeader } from './draft-cookie.server'
import {
  bookingHref,
  findOwnBooking,
  findSharedBooking,
  readShareToken,
  readSignedKey,
  sharePath,
  signedBookingKey,
  shortBookingLink,
  shortLinkTarget,
  signedShareToken,
} from './booking-access.server'

/** Pickup 2026-11-25 at 10:00 Istanbul (07:00 UTC); its links open it until 30 days later. */
const created = new Date('2026-11-20T08:00:00Z')
const lastMoment = new Date('2026-12-25T06:59:59.999Z')
const expired = new Date('2026-12-25T07:00:00Z')

const at = (path: string, cookie?: string) =>
  new Request(`http://localhost:3000${path}`, cookie ? { headers: { Cookie: cookie } } : {})

describe('the signed values of a booking', () => {
  const id = 'AbCdEfGhIjKlMnOpQrStUv'

  it('name the booking only for their own purpose', () => {
    const key = signedBookingKey(id)
    const token = signedShareToken(id)
    expect(readSignedKey(key)).toBe(id)
    expect(readShareToken(token)).toBe(id)
    // The share token opens no owner's page, and the owner's key is no share token.
    expect(readSignedKey(token)).toBeUndefined()
    expect(readShareToken(key)).toBeUndefined()
  })

  it('refuse anything tampered with', () => {
    const key = signedBookingKey(id)
    const [bookingId, mac] = key.split('.') as [string, string]
    const flipped = `${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`
    for (const forged of [
      `${bookingId}.${flipped}`,
      `${'B'.repeat(22)}.${mac}`,
      `${key}.extra`,
      bookingId,
      '',
      'not a key',
    ]) {
      expect(readSignedKey(forged), forged).toBeUndefined()
    }
  })

  it('pass the key on to the booking’s other pages, query kept', () => {
    const request = at(`/booking-received?key=${signedBookingKey(id)}`)
    expect(bookingHref('/booking-received?done=changed', request, { viaLink: true })).toBe(
      `/booking-received?done=changed&key=${signedBookingKey(id)}`,
    )
    expect(bookingHref('/invoice', request, { viaLink: false })).toBe('/invoice')
  })
})

describe.each(storageBackends())('who may open a booking, on $name', (backend) => {
  let handle: DatabaseHandle
  useMigratedDatabase(backend, (opened) => (handle = opened))

  it('opens it by key or cookie until 30 days after pickup, then for no one', async () => {
    const { booking } = await createDraft(handle, draftInput(1, '2026-11-25'), created)
    const byKey = at(`/booking-received?key=${encodeURIComponent(signedBookingKey(booking.id))}`)
    const cookie = (await draftCookieHeader(booking.id)).split(';')[0]!
    const byCookie = at('/booking-received', cookie)
    expect(await findOwnBooking(handle, byKey, lastMoment)).toMatchObject({
      booking: { id: booking.id },
      viaLink: true,
    })
    expect(await findOwnBooking(handle, byCookie, lastMoment)).toMatchObject({ viaLink: false })
    expect(await findOwnBooking(handle, byKey, expired)).toBeUndefined()
    expect(await findOwnBooking(handle, byCookie, expired)).toBeUndefined()
  })

  it('opens the shared page by its token only, until the same moment', async () => {
    const { booking } = await createDraft(handle, draftInput(1, '2026-11-25'), created)
    const shared = at(sharePath(booking.id))
    expect((await findSharedBooking(handle, shared, lastMoment))?.id).toBe(booking.id)
    expect(await findSharedBooking(handle, shared, expired)).toBeUndefined()
    // The owner's key in the share link's place opens nothing, nor the token as a key.
    const ownersKey = at(
      `/shared-booking?token=${encodeURIComponent(signedBookingKey(booking.id))}`,
    )
    expect(await findSharedBooking(handle, ownersKey, created)).toBeUndefined()
    const tokenAsKey = at(
      `/booking-received?key=${encodeURIComponent(signedShareToken(booking.id))}`,
    )
    expect(await findOwnBooking(handle, tokenAsKey, created)).toBeUndefined()
  })

  it('opens the owner’s link from a text message’s short link, and nothing from a forged one', async () => {
    const { booking } = await createDraft(handle, draftInput(1, '2026-11-25'), created)
    const link = shortBookingLink(booking.reference)
    const code = link.split('/r/')[1]!
    expect(link).toMatch(/\/r\/[A-Z0-9]{6}\.[\w-]{8}$/)
    const target = await shortLinkTarget(handle, code)
    expect(target).toMatch(/^\/booking-received\?key=/)
    expect((await findOwnBooking(handle, at(target!), created))?.booking.id).toBe(booking.id)
    const [short, mac] = code.split('.') as [string, string]
    const forged = `${short}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`
    expect(await shortLinkTarget(handle, forged)).toBeUndefined()
    expect(await shortLinkTarget(handle, short)).toBeUndefined()
    expect(await shortLinkTarget(handle, `${short}.${mac}.x`)).toBeUndefined()
    // Another booking's reference with this MAC opens nothing.
    const other = await createDraft(handle, draftInput(1, '2026-11-25'), created)
    expect(
      await shortLinkTarget(handle, `${other.booking.reference.slice(3)}.${mac}`),
    ).toBeUndefined()
  })
})
