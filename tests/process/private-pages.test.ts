import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type RunningServer } from './server-process'
import { send } from './server-requests'
import {
  CookieJar,
  bookNow,
  get,
  hidden,
  journeyToBookNow,
  journeyToPassenger,
  passengerForm,
  post,
  messageBeside,
  postgresStore,
  queryStore,
  sqliteStore,
  type Store,
} from './journey'

/**
 * What a traveller types reaches the database only normalised and within its
 * limits, with the same answer on SQLite and PostgreSQL (which refuses NUL
 * bytes); the pages showing a traveller's booking are never stored by a
 * browser or a proxy (Cache-Control: no-store).
 */

const messages = {
  control: 'This field contains invisible control characters. Please remove them or type it again.',
  tooLong: (max: number) => `Please use at most ${max} characters.`,
  placeControl:
    'A place contains invisible control characters. Please remove them or type it again.',
}

function longest(max: number) {
  return 'Ş'.repeat(max)
}

describe.each<Store>([sqliteStore(), postgresStore('mc_private')])('on $name', (store) => {
  let server: RunningServer
  let databaseUrl: string

  beforeAll(async () => {
    databaseUrl = await store.url()
    server = await startServer({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' })
  })
  afterAll(async () => {
    await server?.stop()
    await store.drop()
  })

  it('refuses NUL bytes on the passenger step with 400 and the message beside the field', async () => {
    const jar = new CookieJar()
    await journeyToPassenger(server.url, jar)
    for (const field of ['name', 'email', 'notes', 'signName'] as const) {
      const value = field === 'email' ? 'ayse\u0000@example.com' : 'Ayşe\u0000'
      const refused = await post(`${server.url}/booking-passenger`, jar, {
        ...passengerForm,
        [field]: value,
      })
      expect(refused.status, field).toBe(400)
      expect(messageBeside(await refused.text(), field), field).toBe(messages.control)
    }
    const tooLong = await post(`${server.url}/booking-passenger`, jar, {
      ...passengerForm,
      name: longest(101),
    })
    expect(tooLong.status).toBe(400)
    expect(messageBeside(await tooLong.text(), 'name')).toBe(messages.tooLong(100))
    const accepted = await post(`${server.url}/booking-passenger`, jar, {
      ...passengerForm,
      name: longest(100),
    })
    expect(accepted.headers.get('location')).toBe('/booking-payment')
    const [stored] = await queryStore(
      databaseUrl,
      'select first_name from bookings where first_name like $1',
      ['Ş%'],
    )
    expect(stored?.first_name).toBe(longest(100))
  })

  it('refuses NUL bytes and over-long billing details on Book Now, and opens the page at the limits', async () => {
    const jar = new CookieJar()
    await journeyToBookNow(server.url, jar)
    const withNul = await post(`${server.url}/booking-payment`, jar, {
      ...bookNow,
      city: 'İstanbul\u0000',
    })
    expect(withNul.status).toBe(400)
    expect(messageBeside(await withNul.text(), 'city')).toBe(messages.control)
    const tooLong = await post(`${server.url}/booking-payment`, jar, {
      ...bookNow,
      fullname: longest(51),
    })
    expect(tooLong.status).toBe(400)
    expect(messageBeside(await tooLong.text(), 'fullname')).toBe(messages.tooLong(50))
    // Every billing field as long as the form takes it: the provider's page opens.
    const atLimits = await post(`${server.url}/booking-payment`, jar, {
      ...bookNow,
      fullname: longest(50),
      lastname: longest(50),
      company: longest(100),
      address: longest(200),
      country: longest(60),
      city: longest(50),
      zipcode: '3'.repeat(16),
    })
    expect(atLimits.status).toBe(303)
    expect(atLimits.headers.get('location')).toMatch(/\/payment-simulator\/[\w-]+$/)
  })

  it("refuses NUL bytes in a search's places, on the vehicle page and on Select", async () => {
    const date = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10)
    const trip = { date, time: '10:00', pickup: 'SAW', destination: 'Şile' }
    const search = await fetch(
      `${server.url}/booking-vehicle?${new URLSearchParams({ ...trip, pickup: 'SAW\u0000' })}`,
    )
    expect(await search.text()).toContain(messages.placeControl)
    const page = await (
      await fetch(`${server.url}/booking-vehicle?${new URLSearchParams(trip)}`)
    ).text()
    const count = async () =>
      Number((await queryStore(databaseUrl, 'select count(*) as n from bookings', []))[0]?.n)
    const before = await count()
    const select = await post(`${server.url}/booking-vehicle`, new CookieJar(), {
      ...trip,
      pickup: 'SAW\u0000',
      currency: hidden(page, 'currency'),
      page: hidden(page, 'page'),
      shownPrice: hidden(page, 'shownPrice'),
      vehicleClass: /<button type="submit" value="([^"]+)"[^>]*name="vehicleClass"/.exec(page)![1]!,
    })
    expect(select.status).toBe(400)
    expect(await select.text()).toContain(messages.placeControl)
    expect(await count()).toBe(before)
  })

  it('refuses NUL bytes on the contact form with 400 and the message, in English and Turkish', async () => {
    const contact = {
      fullName: 'Ayşe Yılmaz',
      email: 'ayse@example.com',
      subject: 'Airport transfer',
      message: 'Twelve of us\u0000 on 3 May.',
    }
    const refused = await post(`${server.url}/contact`, new CookieJar(), contact)
    expect(refused.status).toBe(400)
    expect(messageBeside(await refused.text(), 'message')).toBe(messages.control)
    const turkish = await post(`${server.url}/contact?lng=tr`, new CookieJar(), {
      ...contact,
      message: 'ş'.repeat(5001),
    })
    expect(turkish.status).toBe(400)
    expect(messageBeside(await turkish.text(), 'message')).toBe(
      'Lütfen en fazla 5.000 karakter kullanın.',
    )
    const rows = await queryStore(databaseUrl, 'select count(*) as n from contact_messages', [])
    expect(Number(rows[0]?.n)).toBe(0)
  })

  it("shows the site's not-found page to a browser that opens a booking's status or calendar link without the booking", async () => {
    for (const path of ['/booking-status', '/booking-calendar']) {
      for (const [language, title] of [
        ['en', 'Page not found'],
        ['tr', 'Sayfa bulunamadı'],
      ] as const) {
        // node:http, not fetch: fetch sets Sec-Fetch-Mode itself, as a browser's script would.
        const page = await send(server.url, `${path}?lng=${language}`, {
          method: 'GET',
          headers: {
            accept: 'text/html,application/xhtml+xml,*/*;q=0.8',
            'sec-fetch-mode': 'navigate',
            'sec-fetch-dest': 'document',
          },
        })
        expect(page.status, path).toBe(404)
        expect(page.headers['content-type'], path).toMatch(/^text\/html/)
        const html = page.body
        expect(html, path).toContain(`<h1 id="not-found-title">${title}</h1>`)
        expect(html, path).toContain(`<html lang="${language}"`)
      }
    }
    // The script that polls the status keeps its JSON answer.
    const polled = await fetch(`${server.url}/booking-status`, {
      headers: { accept: 'application/json', 'sec-fetch-mode': 'cors' },
    })
    expect(polled.status).toBe(404)
    expect(await polled.json()).toEqual({ error: 'not found' })
  })

  describe('a paid booking', () => {
    const jar = new CookieJar()
    let reference = ''
    const noStore = async (path: string) => {
      const response = await get(`${server.url}${path}`, jar)
      expect(response.status, path).toBe(200)
      expect(response.headers.get('cache-control'), path).toBe('no-store')
      return response.text()
    }

    it('sends Cache-Control: no-store with every page of the booking and the payment', async () => {
      const date = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10)
      const search = new URLSearchParams({
        date,
        time: '10:00',
        pickup: 'SAW',
        destination: 'Şile',
      })
      await noStore(`/booking-vehicle?${search}`)
      await journeyToPassenger(server.url, jar)
      await noStore('/booking-extra')
      await noStore('/booking-passenger')
      // A refused form shows what was typed: it is not stored either.
      const refused = await post(`${server.url}/booking-passenger`, jar, {
        ...passengerForm,
        email: 'not an address',
      })
      expect(refused.status).toBe(400)
      expect(refused.headers.get('cache-control')).toBe('no-store')
      await post(`${server.url}/booking-passenger`, jar, passengerForm)
      await noStore('/booking-payment')

      const booked = await post(`${server.url}/booking-payment`, jar, bookNow)
      const simulator = new URL(booked.headers.get('location')!).pathname
      await noStore(simulator)
      const paid = await post(`${server.url}${simulator}`, jar, { cardNumber: '5528790000000008' })
      expect(paid.status).toBe(200)
      const token = simulator.split('/').pop()!
      const back = await post(`${server.url}/payment/callback`, jar, { token })
      expect(back.headers.get('location')).toBe('/booking-received')

      const received = await noStore('/booking-received')
      reference = /MC-[A-Z0-9]{6}/.exec(received)![0]
      await noStore(`/booking-completion?conversationId=${reference}`)
      await noStore('/invoice')
      await noStore('/booking-voucher')
      // The traveller's own pages after payment, the shared page and the resources they use.
      await noStore('/booking-change')
      await noStore('/booking-cancel')
      const share = /id="share-link"[^>]*value="([^"]+)"/.exec(received)![1]!
      const shared = await noStore(new URL(share).pathname + new URL(share).search)
      expect(shared).toContain(reference)
      expect(shared).not.toContain('ayse@example.com')
      for (const resource of ['/booking-status', '/booking-calendar']) {
        const response = await get(`${server.url}${resource}`, jar)
        expect(response.status, resource).toBe(200)
        expect(response.headers.get('cache-control'), resource).toBe('no-store')
      }
      await noStore('/manage-booking')
      const refusedChange = await post(`${server.url}/booking-change`, jar, {
        phone: 'call me',
        passengers: '2',
        luggage: '2',
      })
      expect(refusedChange.status).toBe(400)
      expect(refusedChange.headers.get('cache-control')).toBe('no-store')
      // The data requests of client-side navigation carry the same header.
      await noStore('/booking-received.data')

      // A page of the company site may be kept.
      const about = await fetch(`${server.url}/about`)
      expect(about.headers.get('cache-control') ?? '').not.toContain('no-store')
    })

    it('Complete Reservation refuses a 101-character name with its message and stores nothing', async () => {
      const complete = (firstname: string, identityNumber = '10000000146') =>
        post(`${server.url}/booking-received`, jar, {
          intent: 'complete',
          firstname: [firstname, 'Mehmet'],
          lastname: ['Yılmaz', 'Kaya'],
          nationality: ['TR', 'DE'],
          identityNumber: [identityNumber, ''],
          passportNumber: ['', 'C01X00T47'],
        })
      const names = () =>
        queryStore(
          databaseUrl,
          `select first_name from booking_passengers
           where booking_id = (select id from bookings where reference = $1) order by position`,
          [reference],
        )
      const status = async () =>
        (
          await queryStore(databaseUrl, 'select status from bookings where reference = $1', [
            reference,
          ])
        )[0]?.status
      const namesGivenBy = async () =>
        (
          await queryStore(
            databaseUrl,
            'select names_given_by from bookings where reference = $1',
            [reference],
          )
        )[0]?.names_given_by

      const refused = await complete(longest(101))
      expect(refused.status).toBe(400)
      expect(refused.headers.get('cache-control')).toBe('no-store')
      expect(messageBeside(await refused.text(), 'firstname')).toBe(messages.tooLong(100))
      expect(await names()).toEqual([])
      expect(await status()).toBe('confirmed')
      expect(await namesGivenBy()).toBeNull()

      const withNul = await complete('Ali\u0000')
      expect(withNul.status).toBe(400)
      expect(messageBeside(await withNul.text(), 'firstname')).toBe(messages.control)
      expect(await names()).toEqual([])

      // A T.C. number mistyped by one digit: refused beside it, nothing stored; with a
      // name refused too, both are said at once.
      const mistyped = await complete(longest(101), '10000000147')
      expect(mistyped.status).toBe(400)
      const html = await mistyped.text()
      expect(messageBeside(html, 'identityNumber')).toBe(
        'This T.C. identity number is not valid: check each digit.',
      )
      expect(messageBeside(html, 'firstname')).toBe(messages.tooLong(100))
      expect(await names()).toEqual([])

      const accepted = await complete(` ${longest(100)} `)
      expect(accepted.status).toBe(303)
      expect(await names()).toEqual([{ first_name: longest(100) }, { first_name: 'Mehmet' }])
      // Stored sealed: neither number is readable in the table.
      const identities = await queryStore(
        databaseUrl,
        `select nationality, identity_sealed from booking_passengers
         where booking_id = (select id from bookings where reference = $1) order by position`,
        [reference],
      )
      expect(identities.map((row) => row.nationality)).toEqual(['TR', 'DE'])
      expect(JSON.stringify(identities)).not.toMatch(/10000000146|C01X00T47/)
      // The names given are a fact beside the status: the ride is still to come.
      expect(await status()).toBe('confirmed')
      expect(await namesGivenBy()).toBe('traveller')
    })
  })
})
