import { expect, type APIRequestContext } from '@playwright/test'
import { cards } from './booking-helpers'
import { outboxDir } from './database'
import { mailsInOutbox } from '../support/outbox-mails'

/**
 * For the specs of the traveller's side of a booking. A paid booking made
 * through the site's real steps and the real payment
 * simulator, as plain form posts (what a browser without JavaScript sends),
 * for specs that test what comes after the payment rather than the booking
 * flow itself: a couple of seconds instead of a browser journey. The request
 * context's cookies are the page's, so the page then owns the booking.
 */

export interface PaidBookingOptions {
  /** Pickup date (YYYY-MM-DD) and time (HH:MM), Istanbul. */
  date: string
  time: string
  email?: string
  language?: 'en' | 'tr'
  paymentOption?: 'fullCard' | 'depositCash'
  /** The arriving flight at SAW (TK1984 unless given). */
  flightNumber?: string
}

const hidden = (html: string, name: string) => {
  const match = new RegExp(`name="${name}" value="([^"]*)"`).exec(html)
  if (!match) throw new Error(`no hidden field ${name}`)
  return match[1]!
}

async function postForm(request: APIRequestContext, path: string, form: Record<string, string>) {
  const response = await request.post(path, { form, maxRedirects: 0 })
  expect(response.status(), `POST ${path}`).toBe(303)
  return response.headers()['location'] ?? ''
}

/** Books SAW → Şile in the Business Luxury Minivan and pays it; returns its reference. */
export async function payBookingOverHttp(
  request: APIRequestContext,
  options: PaidBookingOptions,
): Promise<string> {
  const token = await payOnSimulatorOverHttp(request, options)
  expect(await returnFromPayment(request, token)).toBe('/booking-received')
  const received = await (await request.get('/booking-received')).text()
  return /MC-[A-Z0-9]{6}/.exec(received)![0]
}

/** The provider's return to the site with a payment's token: where it sends the browser. */
export function returnFromPayment(request: APIRequestContext, token: string): Promise<string> {
  return postForm(request, '/payment/callback', { token })
}

/**
 * Books SAW → Şile in the Business Luxury Minivan and pays it on the simulator,
 * up to the provider's return to the site; returns the payment's token.
 */
export async function payOnSimulatorOverHttp(
  request: APIRequestContext,
  options: PaidBookingOptions,
): Promise<string> {
  const lng = options.language ?? 'en'
  const trip = { date: options.date, time: options.time, pickup: 'SAW', destination: 'Şile' }
  const vehicle = await request.get(`/booking-vehicle?${new URLSearchParams({ ...trip, lng })}`)
  const html = await vehicle.text()
  expect(
    await postForm(request, '/booking-vehicle', {
      ...trip,
      currency: hidden(html, 'currency'),
      page: hidden(html, 'page'),
      shownPrice: /name="shownPrice" value="(\d+)"[^>]*>\s*<button[^>]*value="LUXMNVN"/.exec(
        html,
      )![1]!,
      vehicleClass: 'LUXMNVN',
    }),
  ).toBe('/booking-extra')
  expect(await postForm(request, '/booking-extra', { intent: 'continue' })).toBe(
    '/booking-passenger',
  )
  expect(
    await postForm(request, '/booking-passenger', {
      name: 'Ayşe',
      lastName: 'Yılmaz',
      email: options.email ?? 'ayse@example.com',
      phone: '+90 532 123 45 67',
      passengers: '2',
      luggage: '2',
      flightNumber: options.flightNumber ?? 'TK1984',
    }),
  ).toBe('/booking-payment')
  const simulator = await postForm(request, '/booking-payment', {
    fullname: 'Ayşe',
    lastname: 'Yılmaz',
    address: 'Bağdat Caddesi 1',
    country: 'Türkiye',
    city: 'İstanbul',
    zipcode: '34710',
    paymentOption: options.paymentOption ?? 'fullCard',
    acceptTerms: 'on',
  })
  const path = new URL(simulator, 'http://site').pathname
  expect(path).toMatch(/^\/payment-simulator\/[\w-]+$/)
  const paid = await request.post(path, { form: { cardNumber: cards.success }, maxRedirects: 0 })
  expect(paid.status()).toBe(200)
  return path.split('/').pop()!
}

/** The Istanbul date and a 15-minute time about `hours` from now (never less). */
export function istanbulPickupIn(hours: number): { date: string; time: string } {
  const quarter = 15 * 60_000
  const at = new Date(Math.ceil((Date.now() + hours * 3_600_000) / quarter) * quarter)
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/Istanbul',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  )
  const date = `${parts.year}-${parts.month}-${parts.day}`
  const time = `${parts.hour}:${parts.minute}`
  // The site reads a 00:00 pickup as the midnight that ends its date: name the day before.
  if (time !== '00:00') return { date, time }
  const before = new Date(`${date}T12:00:00Z`)
  before.setUTCDate(before.getUTCDate() - 1)
  return { date: before.toISOString().slice(0, 10), time }
}

/** Every e-mail in the test server's outbox, its quoted-printable soft breaks and escapes undone. */
export function outboxMails(folder = outboxDir()): string[] {
  return mailsInOutbox(folder)
}

/**
 * The e-mails that hold every one of `parts`, once there are `count` of them
 * (in the outbox of the first test server unless `folder` names another).
 */
export async function mailsWith(
  parts: string[],
  count: number,
  folder = outboxDir(),
): Promise<string[]> {
  let found: string[] = []
  await expect
    .poll(() => {
      found = outboxMails(folder).filter((mail) => parts.every((part) => mail.includes(part)))
      return found.length
    })
    .toBe(count)
  return found
}

/** The signed link a mail carries to a page of the booking (path with its key). */
export function signedLinkIn(mail: string, page = '/booking-received'): string {
  const match = new RegExp(`https?://[^/\\s"]+(${page}\\?key=[\\w.%-]+)`).exec(mail)
  if (!match) throw new Error(`no signed link to ${page} in the mail`)
  return match[1]!
}
