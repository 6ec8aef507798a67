import Database from 'better-sqlite3'
import pg from 'pg'
import { expect } from 'vitest'
import { scratchFolder } from './server-process'

/**
 * A traveller's way through the booking steps over plain HTTP, against a
 * running server (startServer): cookies, form posts, the hidden fields of a
 * page, and the stores the servers share.
 */

export const postgresAdminUrl =
  process.env.TEST_POSTGRES_URL ?? 'postgres://root@127.0.0.1:5432/postgres'

/** A browser's cookies for one journey, sent to whichever instance answers. */
export class CookieJar {
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

/** A form POST as a browser without JavaScript sends it; redirects are not followed. */
export async function post(url: string, jar: CookieJar, fields: Record<string, string | string[]>) {
  const body = new URLSearchParams()
  for (const [name, value] of Object.entries(fields)) {
    for (const one of Array.isArray(value) ? value : [value]) body.append(name, one)
  }
  const response = await fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: jar.header() },
    body,
  })
  jar.take(response)
  return response
}

/** A GET with the journey's cookies; redirects are not followed. */
export async function get(url: string, jar: CookieJar) {
  const response = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } })
  jar.take(response)
  return response
}

export function hidden(html: string, name: string): string {
  const match = new RegExp(`name="${name}" value="([^"]*)"`).exec(html)
  if (!match) throw new Error(`no hidden field ${name}`)
  return match[1]!
}

/** What the passenger step takes, filled in. */
export const passengerForm = {
  name: 'Ayşe',
  lastName: 'Yılmaz',
  email: 'ayse@example.com',
  phone: '+90 532 123 45 67',
  passengers: '2',
  luggage: '2',
  flightNumber: 'TK1984',
}

/** Book Now's billing form, filled in. */
export const bookNow = {
  fullname: 'Ayşe',
  lastname: 'Yılmaz',
  address: 'Bağdat Caddesi 1',
  country: 'Türkiye',
  city: 'İstanbul',
  zipcode: '34710',
  paymentOption: 'fullCard',
  acceptTerms: 'on',
}

/** The vehicle step's Select and the extras step: the booking waits on the passenger step. */
export async function journeyToPassenger(site: string, jar: CookieJar) {
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
}

/** Vehicle, extras and passenger steps on one instance: the booking is ready for Book Now. */
export async function journeyToBookNow(site: string, jar: CookieJar) {
  await journeyToPassenger(site, jar)
  const passenger = await post(`${site}/booking-passenger`, jar, passengerForm)
  expect(passenger.headers.get('location')).toBe('/booking-payment')
}

/** Where the servers of a test keep their bookings, created and dropped by the test. */
export interface Store {
  name: string
  url: () => Promise<string>
  drop: () => Promise<void>
}

export function sqliteStore(): Store {
  const folder = scratchFolder()
  return {
    name: 'one SQLite file',
    url: async () => `${folder}/shared.sqlite`,
    drop: async () => {},
  }
}

export async function postgresAdmin(query: string, values: unknown[] = [], url = postgresAdminUrl) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await client.query(query, values)
  } finally {
    await client.end()
  }
}

export function postgresStore(prefix = 'mc_process'): Store {
  const database = `${prefix}_${process.pid}_${Date.now()}`
  return {
    name: 'one PostgreSQL database',
    url: async () => {
      await postgresAdmin(`create database ${database}`)
      const url = new URL(postgresAdminUrl)
      url.pathname = `/${database}`
      return url.toString()
    },
    drop: async () => {
      await postgresAdmin(`drop database if exists ${database} with (force)`)
    },
  }
}

/**
 * The message beside a field: the text of the error element (not the hint)
 * the field names in aria-describedby, once the field is marked invalid.
 */
export function messageBeside(html: string, name: string): string | undefined {
  const field = new RegExp(`<(?:input|textarea)\\b[^>]*\\bname="${name}"[^>]*>`).exec(html)?.[0]
  if (!field?.includes('aria-invalid="true"')) return undefined
  const ids = /aria-describedby="([^"]+)"/.exec(field)?.[1]?.split(' ') ?? []
  return ids
    .map((id) => new RegExp(`<p\\b([^>]*\\bid="${id}"[^>]*)>([^<]*)</p>`).exec(html))
    .find((element) => element?.[1]?.includes('field__error'))?.[2]
}

/**
 * Runs one statement on the store the server writes to, as an operator would
 * (`$1` placeholders on both): the rows it returns, none for a change.
 */
export async function queryStore(url: string, sql: string, values: unknown[]) {
  if (!url.startsWith('postgres')) {
    const db = new Database(url)
    db.pragma('busy_timeout = 5000')
    try {
      const statement = db.prepare(sql.replace(/\$\d+/g, '?'))
      if (!statement.reader) {
        statement.run(...values)
        return []
      }
      return statement.all(...values) as Record<string, unknown>[]
    } finally {
      db.close()
    }
  }
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query(sql, values)).rows as Record<string, unknown>[]
  } finally {
    await client.end()
  }
}
