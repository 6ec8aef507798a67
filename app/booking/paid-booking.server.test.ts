import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { data } from 'react-router'
import { migrateToLatest, type DatabaseHandle } from '~/db/connect.server'
import { getSiteSettings } from '~/config/site.server'
import type { BookingRow } from '~/db/schema'
import { payOnSimulator, simulatorCards } from '~/adapters/payment/simulator.server'
import { sqliteBackend } from '../../tests/support/database-backends'
import { billing } from '../../tests/support/booking-fixtures'
import { draftAtPayment, payContext, simulatorFor, tokenOf } from '../../tests/support/payment-step'
import { draftCookieHeader } from './draft-cookie.server'
import { signedBookingKey } from './booking-access.server'
import { bookAndPay } from './book-and-pay.server'
import { settlePayment } from './payments.server'
import { findBooking } from './bookings.server'
import {
  findPaidBookingFor,
  requirePaidBooking,
  type PaidBookingOptions,
} from './paid-booking.server'

const base = 'http://localhost:3000'

/** A request for a page, with this browser's booking cookie or none. */
async function pageRequest(path: string, cookieFor?: string): Promise<Request> {
  const headers = new Headers()
  if (cookieFor) headers.set('Cookie', (await draftCookieHeader(cookieFor)).split(';')[0]!)
  return new Request(`${base}${path}`, { headers })
}

/** What a thrown answer says: its status and, for a redirect, where to. */
async function refusal(promise: Promise<unknown>) {
  const thrown = await promise.then(
    () => undefined,
    (error: unknown) => error,
  )
  if (thrown instanceof Response) {
    return { status: thrown.status, location: thrown.headers.get('Location') }
  }
  // What `data(body, init)` makes: the page's loader data with its status.
  const dataType = data(null).type
  if (typeof thrown === 'object' && thrown && 'type' in thrown && thrown.type === dataType) {
    const { init, data: body } = thrown as ReturnType<typeof data>
    return { status: init?.status, data: body }
  }
  throw new Error(`expected a thrown answer, got ${String(thrown)}`)
}

describe('requirePaidBooking on a SQLite file', () => {
  const backend = sqliteBackend()
  let handle: DatabaseHandle
  let paid: BookingRow
  let unpaid: BookingRow
  const now = new Date()

  beforeAll(async () => {
    handle = await backend.open()
    await migrateToLatest(handle.db)
    const provider = simulatorFor(handle)
    // Paid through the simulator as a traveller pays; the other one stops at the payment page.
    const step = await draftAtPayment(handle, now)
    const begun = await bookAndPay(
      step,
      { intent: 'book', details: billing },
      payContext(provider),
      now,
    )
    if (begun.kind !== 'page') throw new Error(begun.kind)
    await payOnSimulator(handle, tokenOf(begun.paymentPageUrl), simulatorCards.success, now)
    await settlePayment(handle, provider, tokenOf(begun.paymentPageUrl), now)
    paid = (await findBooking(handle, step.booking.id))!
    expect(paid.status).toBe('confirmed')
    const waiting = await draftAtPayment(handle, now)
    await bookAndPay(waiting, { intent: 'book', details: billing }, payContext(provider), now)
    unpaid = (await findBooking(handle, waiting.booking.id))!
    expect(unpaid.status).toBe('awaiting_payment')
  })
  afterAll(async () => {
    await handle.db.destroy()
    await backend.close()
  })

  const options = (extra: Partial<PaidBookingOptions> = {}): PaidBookingOptions => ({
    language: 'en',
    site: getSiteSettings(),
    handle,
    ...extra,
  })
  const linked = (path: string, booking: BookingRow) =>
    `${path}?key=${encodeURIComponent(signedBookingKey(booking.id))}`

  it('shows the browser that made the booking its booking, with plain links', async () => {
    const request = await pageRequest('/invoice', paid.id)
    const { booking, view, linkTo } = await requirePaidBooking(request, options())
    expect(booking.id).toBe(paid.id)
    expect(view).toMatchObject({ reference: paid.reference, status: 'confirmed', currency: 'TRY' })
    expect(view.extras.map((extra) => extra.code)).toEqual(['childSeat'])
    expect(linkTo('/booking-received')).toBe('/booking-received')
    expect(linkTo('/booking-voucher')).toBe('/booking-voucher')
  })

  it("shows the signed link's holder the booking; its links carry the key on", async () => {
    const key = encodeURIComponent(signedBookingKey(paid.id))
    // A browser with no cookie, or with the cookie of another booking: the link decides.
    for (const cookie of [undefined, unpaid.id]) {
      const request = await pageRequest(linked('/booking-received', paid), cookie)
      const { booking, linkTo } = await requirePaidBooking(request, options())
      expect(booking.id).toBe(paid.id)
      expect(linkTo('/invoice')).toBe(`/invoice?key=${key}`)
      expect(linkTo('/booking-voucher')).toBe(`/booking-voucher?key=${key}`)
    }
  })

  it('answers 404 to a stranger, a forged key and an unsigned id alike', async () => {
    const forged = `${paid.id}.${'A'.repeat(43)}`
    const requests = [
      await pageRequest('/invoice'),
      await pageRequest(`/invoice?key=${encodeURIComponent(forged)}`),
      await pageRequest(`/invoice?key=${paid.id}`),
      new Request(`${base}/invoice`, { headers: { Cookie: `booking=${paid.id}` } }),
    ]
    for (const request of requests) {
      expect(await refusal(requirePaidBooking(request, options()))).toEqual({
        status: 404,
        data: null,
      })
      // The received page's way back to payment is only for the browser that made it.
      expect(
        await refusal(requirePaidBooking(request, options({ unpaid: 'payment-step' }))),
      ).toEqual({ status: 404, data: null })
      expect(await findPaidBookingFor(request, options())).toEqual({ kind: 'not-found' })
    }
  })

  it('shows no unpaid booking: its own browser may be sent back to the payment step', async () => {
    const own = await pageRequest('/booking-received', unpaid.id)
    expect(await refusal(requirePaidBooking(own, options()))).toEqual({ status: 404, data: null })
    expect(await refusal(requirePaidBooking(own, options({ unpaid: 'payment-step' })))).toEqual({
      status: 302,
      location: '/booking-payment',
    })
    expect(await findPaidBookingFor(own, options())).toEqual({ kind: 'unpaid' })

    // Through its signed link an unpaid booking is not found, whatever the page.
    const viaLink = await pageRequest(linked('/booking-received', unpaid))
    expect(await refusal(requirePaidBooking(viaLink, options({ unpaid: 'payment-step' })))).toEqual(
      { status: 404, data: null },
    )
    expect(await findPaidBookingFor(viaLink, options())).toEqual({ kind: 'not-found' })
  })
})
