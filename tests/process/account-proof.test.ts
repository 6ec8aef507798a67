import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { simulatorCards } from '~/adapters/payment/simulator.server'
import { startServer, type RunningServer } from './server-process'
import {
  CookieJar,
  bookNow,
  get,
  journeyToPassenger,
  messageBeside,
  passengerForm,
  post,
  postgresStore,
  queryStore,
  sqliteStore,
  type Store,
} from './journey'

/**
 * An account is only as good as the proof that its holder owns the address.
 * Anyone may register anyone's address with a password of their own: until
 * the address is proved by a link sent to it, the account shows, exports,
 * changes and erases nothing held about that address, on every page and
 * every POST it can reach. Once proved, downloading or deleting still asks
 * for a fresh proof (the password again, or a sign-in link) after a few
 * minutes, as a computer left signed in should not hand out a person's data.
 * Over HTTP against the production build, on SQLite and on PostgreSQL.
 */

const password = 'the attacker knows this one'

describe.each<Store>([sqliteStore(), postgresStore('mc_proof')])('on $name', (store) => {
  let server: RunningServer
  let databaseUrl: string
  const sql = (text: string, values: unknown[] = []) => queryStore(databaseUrl, text, values)

  beforeAll(async () => {
    databaseUrl = await store.url()
    server = await startServer({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' })
  })
  afterAll(async () => {
    await server?.stop()
    await store.drop()
  })

  /** A booking for `email` up to the passenger step's details (a draft): its reference. */
  async function draftFor(email: string, jar = new CookieJar()) {
    await journeyToPassenger(server.url, jar)
    const passenger = await post(`${server.url}/booking-passenger`, jar, {
      ...passengerForm,
      email,
    })
    expect(passenger.headers.get('location')).toBe('/booking-payment')
    const [row] = await sql('select reference from bookings where email = $1 order by id desc', [
      email,
    ])
    return String(row!.reference)
  }

  /** A booking for `email`, paid on the payment simulator: its reference. */
  async function paidFor(email: string) {
    const jar = new CookieJar()
    const reference = await draftFor(email, jar)
    const booked = await post(`${server.url}/booking-payment`, jar, bookNow)
    const paymentPage = booked.headers.get('location')!
    expect(paymentPage).toMatch(/\/payment-simulator\/[\w-]+$/)
    await post(paymentPage, jar, { cardNumber: simulatorCards.success })
    const back = await post(`${server.url}/payment/callback`, jar, {
      token: paymentPage.split('/').pop()!,
    })
    expect(back.headers.get('location')).toBe('/booking-received')
    return reference
  }

  /** Registers `email` with the password and signs in with it, never opening the link. */
  async function registerAndSignIn(email: string) {
    const jar = new CookieJar()
    const registered = await post(`${server.url}/register`, jar, {
      email,
      password,
      confirmPassword: password,
    })
    expect(registered.headers.get('location')).toBe('/register?sent=1')
    const signedIn = await post(`${server.url}/login`, jar, { email, password, next: '/account' })
    expect(signedIn.headers.get('location')).toBe('/account')
    return jar
  }

  /** Dates the account's sign-ins' last proof eleven minutes back, as a computer left signed in. */
  const ageProof = (email: string) =>
    sql(
      'update traveller_sessions set proved_at = $1 where account_id = (select id from traveller_accounts where email = $2)',
      [new Date(Date.now() - 11 * 60_000).toISOString(), email],
    )

  const bookingRow = async (reference: string) =>
    (
      await sql(
        'select status, first_name, last_name, phone, email, flight_number from bookings where reference = $1',
        [reference],
      )
    )[0]

  it('an unproved account shows, exports, changes and erases nothing of its address', async () => {
    const victim = 'victim@example.com'
    const upcoming = await paidFor(victim)
    const before = await bookingRow(upcoming)
    expect(before?.status).toBe('confirmed')
    const jar = await registerAndSignIn('VICTIM@example.com')

    const download = await get(`${server.url}/account/your-data.json`, jar)
    expect(download.status).toBe(303)
    expect(download.headers.get('location')).toBe('/account')
    const downloaded = await download.text()
    for (const secret of [upcoming, 'Yılmaz', '532', 'TK1984']) {
      expect(downloaded).not.toContain(secret)
    }

    const page = await get(`${server.url}/account`, jar)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html.includes(upcoming), 'the reference on /account').toBe(false)
    // Nothing on the page offers to download, delete with the address's bookings, or save details.
    expect(html.includes('/account/your-data.json'), 'a download link').toBe(false)
    expect(html.includes('value="saveDetails"'), 'the saved-details form').toBe(false)

    const saved = await post(`${server.url}/account`, jar, {
      intent: 'saveDetails',
      name: 'Mallory',
      phone: '+90 532 999 99 99',
    })
    expect(saved.status).toBe(403)
    const [account] = await sql('select saved_details from traveller_accounts where email = $1', [
      victim,
    ])
    expect(account?.saved_details).toBeNull()

    // The booking steps treat the unproved account as a guest: no box to save to it.
    await journeyToPassenger(server.url, jar)
    const step = await (await get(`${server.url}/booking-passenger`, jar)).text()
    expect(step).not.toContain('name="saveToAccount"')
    const posted = await post(`${server.url}/booking-passenger`, jar, {
      ...passengerForm,
      email: victim,
      saveToAccount: 'on',
    })
    expect(posted.headers.get('location')).toBe('/booking-payment')
    const [still] = await sql('select saved_details from traveller_accounts where email = $1', [
      victim,
    ])
    expect(still?.saved_details).toBeNull()

    // The password typed again proves the person, not the address: still nothing to download.
    const confirmed = await post(`${server.url}/account`, jar, {
      intent: 'confirmIdentity',
      password,
    })
    expect(confirmed.headers.get('location')).toBe('/account?confirmed=1')
    expect((await get(`${server.url}/account/your-data.json`, jar)).headers.get('location')).toBe(
      '/account',
    )
    // Links asked for from the page go to the address itself, whose owner alone can open them.
    for (const [intent, notice] of [
      ['resendVerification', 'verifySent'],
      ['confirmByLink', 'confirmSent'],
    ] as const) {
      const asked = await post(`${server.url}/account`, jar, { intent })
      expect(asked.headers.get('location'), intent).toBe(`/account?${notice}=1`)
    }
    const links = await sql(
      "select kind, recipient from outgoing_messages where kind like 'traveller.account_%' order by id",
      [],
    )
    expect(links).toEqual([
      { kind: 'traveller.account_verify', recipient: victim },
      { kind: 'traveller.account_verify', recipient: victim },
      { kind: 'traveller.account_signIn', recipient: victim },
    ])

    // Deleting removes the account alone: no ride is named, no booking is touched.
    const deleted = await post(`${server.url}/account`, jar, {
      intent: 'deleteAccount',
      confirmEmail: victim,
    })
    const answer = await deleted.text()
    expect(answer).not.toContain(upcoming)
    expect(deleted.status).toBe(303)
    expect(deleted.headers.get('location')).toBe('/login?deleted=1')
    expect(await bookingRow(upcoming)).toEqual(before)
    expect(await sql('select id from traveller_accounts where email = $1', [victim])).toEqual([])
  })

  it("an unproved account's deletion erases none of the address's past bookings", async () => {
    const victim = 'past-victim@example.com'
    const draft = await draftFor(victim)
    const before = await bookingRow(draft)
    expect(before?.first_name).toBe('Ayşe')
    const jar = await registerAndSignIn(victim)
    const deleted = await post(`${server.url}/account`, jar, {
      intent: 'deleteAccount',
      confirmEmail: victim,
    })
    expect(deleted.status).toBe(303)
    expect(await bookingRow(draft)).toEqual(before)
    const events = await sql(
      "select action from staff_audit where action = 'booking.personal_data_erased' and booking_id = (select id from bookings where reference = $1)",
      [draft],
    )
    expect(events).toEqual([])
  })

  it('a proved account downloads and deletes only within minutes of a fresh proof', async () => {
    const email = 'proved@example.com'
    const reference = await paidFor(email)
    const jar = new CookieJar()
    await post(`${server.url}/register`, jar, { email, password, confirmPassword: password })
    const [mail] = await sql(
      "select text_body from outgoing_messages where recipient = $1 and kind like 'traveller.%' order by id desc",
      [email],
    )
    const token = /\/account\/link\?token=([\w-]{43})/.exec(String(mail?.text_body))![1]!
    const opened = await post(`${server.url}/account/link`, jar, { token, purpose: 'verify' })
    expect(opened.headers.get('location')).toBe('/account')

    // Just proved by the link: the data comes down.
    const fresh = await get(`${server.url}/account/your-data.json`, jar)
    expect(fresh.status).toBe(200)
    expect(await fresh.text()).toContain(reference)

    // Eleven minutes later.
    await ageProof(email)
    const stale = await get(`${server.url}/account/your-data.json`, jar)
    expect(stale.status).toBe(303)
    expect(stale.headers.get('location')).toBe('/account?confirm=download')
    expect(await stale.text()).not.toContain(reference)
    const page = await (await get(`${server.url}/account?confirm=download`, jar)).text()
    expect(page.includes('Confirm it is you'), 'the confirmation form').toBe(true)
    expect(page.includes('/account/your-data.json'), 'a download link').toBe(false)

    const refusedDelete = await post(`${server.url}/account`, jar, {
      intent: 'deleteAccount',
      confirmEmail: email,
    })
    expect(refusedDelete.status).toBe(403)
    expect(await sql('select id from traveller_accounts where email = $1', [email])).toHaveLength(1)

    const wrong = await post(`${server.url}/account`, jar, {
      intent: 'confirmIdentity',
      password: 'not the password at all',
    })
    expect(wrong.status).toBe(400)
    expect(messageBeside(await wrong.text(), 'password')).toBe(
      'This password is not right, or there were too many tries. Try again, or ask for a sign-in link by e-mail.',
    )
    expect((await get(`${server.url}/account/your-data.json`, jar)).status).toBe(303)

    const right = await post(`${server.url}/account`, jar, {
      intent: 'confirmIdentity',
      password,
    })
    expect(right.status).toBe(303)
    expect(right.headers.get('location')).toBe('/account?confirmed=1')
    const again = await get(`${server.url}/account/your-data.json`, jar)
    expect(again.status).toBe(200)
    expect(await again.text()).toContain(reference)

    // A sign-in link by e-mail is the other proof: asked for from the same place.
    await ageProof(email)
    const mailsBefore = await sql('select id from outgoing_messages where recipient = $1', [email])
    const asked = await post(`${server.url}/account`, jar, { intent: 'confirmByLink' })
    expect(asked.status).toBe(303)
    expect(asked.headers.get('location')).toBe('/account?confirmSent=1')
    const mailsAfter = await sql(
      'select text_body from outgoing_messages where recipient = $1 order by id',
      [email],
    )
    expect(mailsAfter).toHaveLength(mailsBefore.length + 1)
    const linkToken = /\/account\/link\?token=([\w-]{43})/.exec(
      String(mailsAfter.at(-1)?.text_body),
    )![1]!
    const signedIn = await post(`${server.url}/account/link`, jar, {
      token: linkToken,
      purpose: 'sign-in',
    })
    expect(signedIn.headers.get('location')).toBe('/account')
    expect((await get(`${server.url}/account/your-data.json`, jar)).status).toBe(200)
  })

  it('every account page and action turns away a visitor not signed in', async () => {
    const jar = new CookieJar()
    for (const path of ['/account', '/account/your-data.json']) {
      const answer = await get(`${server.url}${path}`, jar)
      expect(answer.status, path).toBe(302)
      expect(answer.headers.get('location'), path).toMatch(/^\/login\?next=/)
    }
    for (const intent of ['deleteAccount', 'saveDetails', 'confirmIdentity', 'confirmByLink']) {
      const answer = await post(`${server.url}/account`, jar, { intent })
      expect(answer.status, intent).toBe(302)
      expect(answer.headers.get('location'), intent).toMatch(/^\/login\?next=/)
    }
  })
})
