import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { hash } from '@node-rs/argon2'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { simulatorCards } from '~/adapters/payment/simulator.server'
import {
  CookieJar,
  bookNow,
  get,
  journeyToBookNow,
  journeyToPassenger,
  post,
  queryStore,
} from './journey'
import { root, runNode, scratchFolder, startServer, type RunningServer } from './server-process'

/**
 * A site run on its defaults (no messaging provider, nothing following
 * flights) promises neither: every page a signed-in traveller, a partner's
 * user and a member of staff can reach is rendered, in both languages, and
 * none may offer updates by WhatsApp or SMS, promise that a flight is
 * followed, or answer with a raw error. The promises are read from the
 * locale files, so a reworded sentence is still found.
 */

type Locale = Record<string, unknown>
const locales = Object.fromEntries(
  (['en', 'tr'] as const).map((language) => [
    language,
    JSON.parse(readFileSync(join(root, `app/locales/${language}.json`), 'utf8')) as Locale,
  ]),
)

function textAt(locale: Locale, key: string): string {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Locale)?.[part], locale)
  if (typeof value !== 'string') throw new Error(`no text at ${key}`)
  // Its longest run of fixed words between the values put in: what a page would show.
  const words = value
    .split(/\{\{[^}]*\}\}/)
    .map((part) => part.trim())
    .sort((a, b) => b.length - a.length)[0]
  if (!words || words.length < 8) throw new Error(`too little fixed text at ${key}`)
  return words
}

/** Sentences only a messaging provider or a flight-status provider backs. */
const unbackedKeys = [
  'booking.passenger.updates.whatsapp',
  'booking.passenger.updates.sms',
  'booking.passenger.updates.hint',
  'booking.passenger.arrivalFollowed',
  'booking.passenger.departureFollowed',
  'traveller.meet.waiting',
  'mail.nextFlight',
]
const unbacked = Object.values(locales).flatMap((locale) =>
  unbackedKeys.map((key) => textAt(locale, key)),
)

/** What a page must never be: a server error, or an error's raw JSON. */
function rawErrorOf(status: number, body: string): string | null {
  if (status >= 500) return `status ${status}`
  if (/^\s*\{\s*"message"/.test(body)) return 'raw JSON error'
  if (body.includes('Unexpected Server Error')) return 'React Router’s raw error'
  return null
}

/** The promise or raw error a page holds, if any, by what it says (HTML-decoded enough). */
function faultsOf(status: number, html: string): string[] {
  const text = html.replace(/&#x27;|&#39;/g, "'").replace(/&amp;/g, '&')
  const raw = rawErrorOf(status, text)
  return [...(raw ? [raw] : []), ...unbacked.filter((sentence) => text.includes(sentence))]
}

const staffPassword = 'a staff passphrase for the promises test'
const partnerPassword = 'a partner passphrase for the promises test'
const travellerPassword = 'a traveller passphrase for the promises'

describe('a site on its defaults', () => {
  let server: RunningServer
  const folder = scratchFolder()
  const databaseUrl = join(folder, 'site.sqlite')
  const env = {
    DATABASE_URL: databaseUrl,
    OUTBOX_DIR: join(folder, 'outbox'),
    SESSION_SECRET: 'process-test-secret-not-for-production',
  }
  const sql = (text: string, values: unknown[] = []) => queryStore(databaseUrl, text, values)
  let reference = ''

  beforeAll(async () => {
    server = await startServer({ ...env, LOG_LEVEL: 'warn' })
    // A paid booking for the traveller, whose pages are then open to them.
    const traveller = new CookieJar()
    await journeyToBookNow(server.url, traveller)
    const booked = await post(`${server.url}/booking-payment`, traveller, bookNow)
    const paymentPage = booked.headers.get('location')!
    await post(paymentPage, traveller, { cardNumber: simulatorCards.success })
    await post(`${server.url}/payment/callback`, traveller, {
      token: paymentPage.split('/').pop()!,
    })
    reference = String((await sql('select reference from bookings'))[0]!.reference)
  })
  afterAll(async () => {
    await server?.stop()
  })

  /** Opens each page as `jar`, in English and Turkish, and lists what is wrong on each. */
  async function faultsOn(jar: CookieJar, paths: string[]) {
    const found: string[] = []
    for (const path of paths) {
      for (const language of ['en', 'tr']) {
        const url = new URL(path, server.url)
        url.searchParams.set('lang', language)
        let response = await get(url.toString(), jar)
        // A GET that redirects (a sign-out form's target) is followed once, as a browser would.
        const next = response.headers.get('location')
        if (response.status >= 300 && response.status < 400 && next) {
          response = await get(new URL(next, url).toString(), jar)
        }
        const body = await response.text()
        for (const fault of faultsOf(response.status, body))
          found.push(`${path} (${language}): ${fault}`)
      }
    }
    return found
  }

  it('finds each kind of fault it looks for', () => {
    expect(faultsOf(200, '<p>WhatsApp, as well as e-mail</p>')).toEqual([
      'WhatsApp, as well as e-mail',
    ])
    expect(faultsOf(400, '{"message":"Unexpected Server Error"}')).toEqual(['raw JSON error'])
    expect(faultsOf(500, '<h1>Sorry</h1>')).toEqual(['status 500'])
    expect(faultsOf(200, '<p>Your ride</p>')).toEqual([])
  })

  it('promises nothing it cannot keep to a signed-in traveller', async () => {
    const jar = new CookieJar()
    const registered = await post(`${server.url}/register`, jar, {
      email: 'ayse@example.com',
      password: travellerPassword,
      confirmPassword: travellerPassword,
    })
    expect(registered.headers.get('location')).toBe('/register?sent=1')
    // Proved, as opening the e-mailed link does.
    await sql('update traveller_accounts set email_verified_at = $1', [new Date().toISOString()])
    const signedIn = await post(`${server.url}/login`, jar, {
      email: 'ayse@example.com',
      password: travellerPassword,
      next: '/account',
      intent: 'password',
    })
    expect(signedIn.headers.get('location')).toBe('/account')
    // A choice this site does not offer is not kept.
    await post(`${server.url}/account`, jar, {
      intent: 'saveDetails',
      name: 'Ayşe',
      updates: 'whatsapp',
    })
    const [account] = await sql('select saved_details from traveller_accounts')
    expect(String(account!.saved_details)).not.toContain('whatsapp')

    // The booking's own pages, through the link its e-mail carries.
    const [mail] = await sql(
      "select text_body from outgoing_messages where kind = 'traveller.confirmation'",
    )
    const link = /http:\/\/localhost:\d+(\/booking-received\?[^\s"]+)/.exec(String(mail!.text_body))
    expect(link, 'the confirmation link').not.toBeNull()
    await get(new URL(link![1]!, server.url).toString(), jar)
    const bookingPages = [
      '/booking-received',
      '/booking-change',
      '/booking-cancel',
      '/invoice',
      '/booking-voucher',
      '/manage-booking',
    ]
    // A new booking's steps, as the signed-in traveller. At the payment step the
    // summary names an airport pickup's flight, required there, without "(optional)".
    await journeyToBookNow(server.url, jar)
    const payment = await (await get(`${server.url}/booking-payment`, jar)).text()
    expect(payment).toContain('TK1984')
    expect(payment).not.toContain(textAt(locales.en!, 'booking.passenger.flightNumber'))
    await journeyToPassenger(server.url, jar)
    const steps = ['/booking-passenger', '/booking-extra', '/booking-vehicle', '/booking-payment']
    const accountPages = [
      '/account',
      '/account/sign-out',
      '/account/forgot-password',
      '/account/link',
    ]
    expect(await faultsOn(jar, [...accountPages, ...bookingPages, ...steps])).toEqual([])
  })

  it('promises nothing it cannot keep to a partner’s user', async () => {
    const at = new Date().toISOString()
    await sql(
      `insert into companies (name, tax_office, tax_number, billing_address, contact_email,
         rate_kind, rate_percent, payment_terms, credit_limit_cents, credit_used_cents,
         active, created_at, updated_at)
       values ('Pera Test Hotel', 'Beyoğlu', '4540536920', 'Meşrutiyet Caddesi 52', 'accounts@pera.example',
         'net', 10, 'account', 100000, 0, 1, $1, $2)`,
      [at, at],
    )
    await sql(
      `insert into partner_users (company_id, email, name, password_hash, created_at, updated_at)
       values ((select id from companies), 'desk@pera.example', 'Deniz Kaya', $1, $2, $3)`,
      [await hash(partnerPassword), at, at],
    )
    const jar = new CookieJar()
    const signedIn = await post(`${server.url}/partners/sign-in`, jar, {
      email: 'desk@pera.example',
      password: partnerPassword,
    })
    expect(signedIn.status).toBe(303)
    await journeyToPassenger(server.url, jar)
    expect(
      await faultsOn(jar, [
        '/partners',
        '/partners/sign-out',
        '/booking-passenger',
        '/booking-vehicle',
      ]),
    ).toEqual([])
  })

  it('promises nothing it cannot keep to staff', async () => {
    const added = runNode(
      [
        'scripts/staff.mjs',
        'add',
        '--email',
        'admin@example.com',
        '--name',
        'Admin',
        '--role',
        'admin',
      ],
      env,
    )
    added.child.stdin?.end(`${staffPassword}\n`)
    expect(await added.exited, added.lines.join('\n')).toBe(0)
    const jar = new CookieJar()
    const signedIn = await post(`${server.url}/ops/sign-in`, jar, {
      email: 'admin@example.com',
      password: staffPassword,
      next: '/ops',
    })
    expect(signedIn.headers.get('location')).toBe('/ops')
    const pages = [
      '/ops',
      `/ops/bookings/${reference}`,
      `/ops/bookings/${reference}/assign`,
      `/ops/bookings/${reference}/cancel`,
      `/ops/bookings/${reference}/message`,
      '/ops/run-sheet',
      '/ops/staff',
      '/ops/drivers',
      '/ops/vehicles',
      '/ops/prices',
      '/ops/rates',
      '/ops/reports',
      '/ops/promo-codes',
      '/ops/companies',
      '/ops/security',
      '/ops/sign-out',
    ]
    expect(await faultsOn(jar, pages)).toEqual([])
  })
})
