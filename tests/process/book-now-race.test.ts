import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeIyzico, type FakeIyzico } from '../support/iyzico-fake-server'
import { startServer, type RunningServer } from './server-process'
import { CookieJar, bookNow, journeyToBookNow, post, postgresStore, sqliteStore } from './journey'

const keys = { apiKey: 'race-api-key', secretKey: 'race-secret-key' }

describe.each([sqliteStore(), postgresStore('mc_race')])(
  'Book Now on two instances over $name',
  (store) => {
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
  },
)
