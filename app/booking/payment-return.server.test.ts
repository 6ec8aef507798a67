import { describe, expect, it } from 'vitest'
import {
  FIRST_VIEW_MINUTES,
  isFirstViewAfterPaying,
  paymentReturnHeader,
} from './payment-return.server'

/** A request to the ride page carrying the cookie the payment's return set, if any. */
async function rideRequest(returned: boolean) {
  const cookie = (await paymentReturnHeader()).split(';')[0]!
  return new Request('http://localhost/booking-received', {
    headers: returned ? { Cookie: cookie } : {},
  })
}

describe('the first view of the ride page after paying', () => {
  const now = new Date('2026-12-01T10:00:00Z')
  const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString()

  it('is the view the payment’s return lands on, moments after the payment', async () => {
    expect(await isFirstViewAfterPaying(await rideRequest(true), minutesAgo(1), now)).toBe(true)
  })

  it('is no view without that return: a reload, the e-mail’s link, another browser', async () => {
    expect(await isFirstViewAfterPaying(await rideRequest(false), minutesAgo(1), now)).toBe(false)
  })

  it('is no view of a booking paid long before, whatever the browser holds', async () => {
    const request = await rideRequest(true)
    expect(await isFirstViewAfterPaying(request, minutesAgo(FIRST_VIEW_MINUTES + 1), now)).toBe(
      false,
    )
    expect(await isFirstViewAfterPaying(request, minutesAgo(3 * 24 * 60), now)).toBe(false)
    expect(await isFirstViewAfterPaying(request, null, now)).toBe(false)
  })
})
