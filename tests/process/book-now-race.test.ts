import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeIyzico, type FakeIyzico } from '../support/iyzico-fake-server'
import { startServer, type RunningServer } from './server-process'
import {
  CookieJar,
  bookNow,
  get,
  journeyToBookNow,
  post,
  postgresStore,
  queryStore,
  sqliteStore,
} from './journey'

const keys = { apiKey: 'race-api-key', secretKey: 'race-secret-key' }

describe.each([sqliteStore(), postgresStore('mc_race')])(
  'Book Now on two instances over $name',
  (store) => {
    let fake: FakeIyzico
    let instances: RunningServer[] = []
    let databaseUrl: string

    beforeAll(async () => {
      fake = await startFakeIyzico(keys)
      databaseUrl = await store.url()
      const env = {
        DATABASE_URL: databaseUrl,
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

    it('tells a double press without JavaScript that the code is used up, on either instance', async () => {
      const [first, second] = instances as [RunningServer, RunningServer]
      const at = new Date().toISOString()
      await queryStore(
        databaseUrl,
        `insert into promo_codes (code, kind, percent, max_uses, first_ride_only, active, uses, created_at, updated_at)
         values ('LASTONE', 'percent', 10, 1, 0, 1, 0, $1, $2)`,
        [at, at],
      )
      const jar = new CookieJar()
      await journeyToBookNow(first.url, jar)
      const applied = await post(`${first.url}/booking-payment`, jar, {
        ...bookNow,
        intent: 'applyPromo',
        promoCode: 'LASTONE',
      })
      expect(applied.headers.get('location')).toBe('/booking-payment')
      // Another traveller takes the last use while this page still shows the discount.
      await queryStore(databaseUrl, `update promo_codes set uses = 1 where code = 'LASTONE'`, [])
      const sessionsBefore = fake.sessions.size

      const presses = await Promise.all([
        post(`${first.url}/booking-payment`, jar, bookNow),
        post(`${second.url}/booking-payment`, jar, bookNow),
      ])
      const usedUp = 'This code has been used as many times as it may be.'
      for (const press of presses) {
        // Whichever answer the browser shows, the step says why the price is the full one.
        expect(press.status).toBe(303)
        expect(press.headers.get('location')).toBe('/booking-payment')
        const page = await (await get(`${second.url}/booking-payment`, jar)).text()
        expect(page).toContain(usedUp)
        expect(page).toContain('name="promoRefusalSeen" value="1"')
      }
      expect(fake.sessions.size).toBe(sessionsBefore)

      // Book Now from the page that said so: the full price, on the provider's page.
      const paying = await post(`${first.url}/booking-payment`, jar, {
        ...bookNow,
        promoRefusalSeen: '1',
      })
      expect(paying.headers.get('location')).toContain(`${fake.url}/checkoutform?token=`)
      const [booking] = await queryStore(
        databaseUrl,
        `select promo_code, discount_minor, promo_refused from bookings where promo_code is null and status = 'awaiting_payment' order by updated_at desc`,
        [],
      )
      expect(booking).toMatchObject({ promo_code: null, discount_minor: 0, promo_refused: null })
    })
  },
)
