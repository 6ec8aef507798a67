import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeIyzico, type FakeIyzico } from '../../app/payment/iyzico-fake-server'
import { scratchFolder, startServer, type RunningServer } from './server-process'

const keys = { apiKey: 'race-api-key', secretKey: 'race-secret-key' }
const postgresAdminUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://root@127.0.0.1:5432/postgres'

/** A browser's cookies for one journey, sent to whichever instance answers. */
class CookieJar {
  private cookies = new Map<string, string>()
  take(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';')
      const [name, ...value] = pair!.split('=')
      this.cookies.set(name!.trim(), value.join('='))
    }
  }
  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  }
}

async function post(url: string, jar: CookieJar, fields: Record<string, string>) {
  const response = await fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: jar.header() },
    body: new URLSearchParams(fields),
  })
  jar.take(response)
  return response
}

function hidden(html: string, name: string): string {
  const match = new RegExp(`name="${name}" value="([^"]*)"`).exec(html)
  if (!match) throw new Error(`no hidden field ${name}`)
  return match[1]!
}

/** Vehicle, extras and passenger steps on one instance: the booking is ready for Book Now. */
async function journeyToBookNow(site: string, jar: CookieJar) {
  const date = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10)
  const trip = { date, time: '10:00', pickup: 'SAW', destination: 'Şile' }
  const page = await fetch(`${site}/booking-vehicle?${new URLSearchParams(trip)}`)
  const html = await page.text()
  const select = await post(`${site}/booking-vehicle`, jar, {
    ...trip,
    currency: hidden(html, 'currency'),
    page: hidden(html, 'page'),
    shownPrice: hidden(html, 'shownPrice'),
    vehicleClass: /<button type="submit" value="([^"]+)"[^>]*name="vehicleClass"/.exec(html)![1]!,
  })
  expect(select.headers.get('location')).toBe('/booking-extra')
  const extras = await post(`${site}/booking-extra`, jar, { intent: 'continue' })
  expect(extras.headers.get('location')).toBe('/booking-passenger')
  const passenger = await post(`${site}/booking-passenger`, jar, {
    name: 'Ayşe',
    lastName: 'Yılmaz',
    email: 'ayse@example.com',
    phone: '+90 532 123 45 67',
    passengers: '2',
    luggage: '2',
  })
  expect(passenger.headers.get('location')).toBe('/booking-payment')
}

const bookNow = {
  fullname: 'Ayşe',
  lastname: 'Yılmaz',
  address: 'Bağdat Caddesi 1',
  country: 'Türkiye',
  city: 'İstanbul',
  zipcode: '34710',
  paymentOption: 'fullCard',
  acceptTerms: 'on',
}

interface Store {
  name: string
  url: () => Promise<string>
  drop: () => Promise<void>
}

function sqliteStore(): Store {
  const folder = scratchFolder()
  return {
    name: 'one SQLite file',
    url: async () => `${folder}/shared.sqlite`,
    drop: async () => {},
  }
}

function postgresStore(): Store {
  const database = `mc_race_${process.pid}_${Date.now()}`
  const admin = async (query: string) => {
    const client = new pg.Client({ connectionString: postgresAdminUrl })
    await client.connect()
    await client.query(query)
    await client.end()
  }
  return {
    name: 'one PostgreSQL database',
    url: async () => {
      await admin(`create database ${database}`)
      const url = new URL(postgresAdminUrl)
      url.pathname = `/${database}`
      return url.toString()
    },
    drop: () => admin(`drop database if exists ${database} with (force)`),
  }
}

describe.each([sqliteStore(), postgresStore()])('Book Now on two instances over $name', (store) => {
  let fake: FakeIyzico
  let instances: RunningServer[] = []

  beforeAll(async () => {
    fake = await startFakeIyzico(keys)
    const env = {
      DATABASE_URL: await store.url(),
      PAYMENT_PROVIDER: 'iyzico',
      IYZICO_API_KEY: keys.apiKey,
      IYZICO_SECRET_KEY: keys.secretKey,
      IYZICO_BASE_URL: fake.url,
      LOG_LEVEL: 'warn',
    }
    // One after the other: the second finds the schema migrated.
    instances = [await startServer(env)]
    instances.push(await startServer(env))
  })
  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.stop()))
    await fake.close()
    await store.drop()
  })

  it('opens one checkout form when both receive Book Now while iyzico is slow', async () => {
    const [first, second] = instances as [RunningServer, RunningServer]
    const jar = new CookieJar()
    await journeyToBookNow(first.url, jar)
    fake.setDelay(400)
    const clicks = [
      post(`${first.url}/booking-payment`, jar, bookNow),
      new Promise<Response>((resolve) =>
        setTimeout(() => resolve(post(`${second.url}/booking-payment`, jar, bookNow)), 30),
      ),
      new Promise<Response>((resolve) =>
        setTimeout(() => resolve(post(`${first.url}/booking-payment`, jar, bookNow)), 120),
      ),
    ]
    const answers = await Promise.all(clicks)
    const pages = answers.map((answer) => answer.headers.get('location'))
    expect(answers.map((answer) => answer.status)).toEqual([303, 303, 303])
    expect(pages[0]).toContain(`${fake.url}/checkoutform?token=`)
    expect(new Set(pages).size).toBe(1)
    expect(fake.requests.filter((request) => request.path.includes('initialize'))).toHaveLength(1)
    expect(fake.sessions.size).toBe(1)
  })
})
