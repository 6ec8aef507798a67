import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { simulatorCards } from '~/adapters/payment/simulator.server'
import { startFakeTwilio, type FakeTwilio } from '../support/twilio-fake-server'
import { mailsInOutbox } from '../support/outbox-mails'
import { CookieJar, bookNow, get, journeyToPassenger, passengerForm, post } from './journey'
import { scratchFolder, startServer, type RunningServer } from './server-process'

/**
 * Whoever reads the logs must not be able to open what a link opens. Every
 * secret the site hands out in a URL (the payment page's token, a booking's
 * signed key, the short link in a text message, sign-in, verification and
 * reset tokens) is issued here by whole journeys over HTTP, every issued link
 * is opened as its holder would, and then the server's output is searched for
 * each of them.
 */

const passwordOfAccount = 'a password for the log test'

async function waitFor(what: string, ready: () => boolean) {
  for (let waited = 0; waited < 20_000; waited += 100) {
    if (ready()) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`waited 20 s for ${what}`)
}

/**
 * The secrets a link carries: its query's values that look like a token (a
 * language, a reference or the page to come back to is not one), and the
 * path's own secret: the payment page's token and the short link's code.
 */
function secretsOf(link: URL): string[] {
  const fromQuery = [...link.searchParams.values()].filter((value) => /^[\w.~-]{16,}$/.test(value))
  const fromPath = /^\/(?:payment-simulator|r)\/([^/]+)/.exec(link.pathname)?.[1]
  return fromPath ? [...fromQuery, fromPath] : fromQuery
}

describe('the logs after whole journeys', () => {
  let server: RunningServer
  let twilio: FakeTwilio
  const outbox = join(scratchFolder(), 'outbox')

  beforeAll(async () => {
    twilio = await startFakeTwilio()
    server = await startServer({
      OUTBOX_DIR: outbox,
      LOG_LEVEL: 'debug',
      MESSAGING_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: twilio.accountSid,
      TWILIO_AUTH_TOKEN: twilio.authToken,
      TWILIO_FROM_SMS: '+15005550006',
      TWILIO_API_URL: twilio.url,
    })
  })
  afterAll(async () => {
    await server?.stop()
    await twilio?.close()
  })

  it('hold none of the secrets the site put in a link', async () => {
    const issued = new Set<string>()
    const links: URL[] = []
    const keep = (href: string) => {
      const link = new URL(href, server.url)
      link.protocol = 'http:'
      link.host = `127.0.0.1:${server.port}`
      links.push(link)
      for (const secret of secretsOf(link)) issued.add(secret)
    }

    // A booking with updates by SMS, paid on the payment simulator's page.
    const jar = new CookieJar()
    await journeyToPassenger(server.url, jar)
    const passenger = await post(`${server.url}/booking-passenger`, jar, {
      ...passengerForm,
      updates: 'sms',
    })
    expect(passenger.headers.get('location')).toBe('/booking-payment')
    const booked = await post(`${server.url}/booking-payment`, jar, bookNow)
    const paymentPage = booked.headers.get('location')!
    expect(paymentPage).toMatch(/\/payment-simulator\/[\w-]+$/)
    keep(paymentPage)
    expect((await get(paymentPage, jar)).status).toBe(200)
    await post(paymentPage, jar, { cardNumber: simulatorCards.success })
    const back = await post(`${server.url}/payment/callback`, jar, {
      token: paymentPage.split('/').pop()!,
    })
    expect(back.headers.get('location')).toBe('/booking-received')
    expect((await get(`${server.url}/booking-received`, jar)).status).toBe(200)

    // An account for the same address: verification, a sign-in link, a new password.
    const account = new CookieJar()
    const registered = await post(`${server.url}/register`, account, {
      email: passengerForm.email,
      password: passwordOfAccount,
      confirmPassword: passwordOfAccount,
    })
    expect(registered.headers.get('location')).toBe('/register?sent=1')
    await post(`${server.url}/login`, account, {
      email: passengerForm.email,
      intent: 'link',
      next: '/account',
    })
    await post(`${server.url}/account/forgot-password`, account, { email: passengerForm.email })

    // The confirmation, the account's three e-mails and the confirmation's text message.
    await waitFor('the e-mails', () => mailsInOutbox(outbox).length >= 4)
    await waitFor('the text message', () => twilio.messages.length >= 1)
    const sent = [
      ...mailsInOutbox(outbox),
      ...twilio.messages.map((message) => message.params.Body),
    ]
    for (const text of sent) {
      for (const href of text?.match(/https?:\/\/localhost:\d+\/[^\s"'<>)]*/g) ?? []) keep(href)
    }
    expect(
      links.some((link) => link.pathname.startsWith('/r/')),
      'a short link in a text message',
    ).toBe(true)
    expect(
      links.filter((link) => link.pathname === '/account/link').length,
      'the account links',
    ).toBeGreaterThanOrEqual(3)
    expect(
      links.some((link) => link.searchParams.has('key')),
      "a booking's signed link",
    ).toBe(true)

    // Each link opened as its holder would, and where it leads opened too.
    for (const link of links) {
      const opened = await get(link.toString(), new CookieJar())
      const next = opened.headers.get('location')
      if (next) keep(next)
      if (next) await get(new URL(next, link).toString(), new CookieJar())
    }

    await server.stop()
    const output = server.lines.join('\n')
    expect(output).toContain('"event":"http.request"')
    expect(issued.size).toBeGreaterThanOrEqual(6)
    const leaked = [...issued].filter((secret) => output.includes(secret))
    expect(leaked, 'secrets found in the logs').toEqual([])
  })
})
