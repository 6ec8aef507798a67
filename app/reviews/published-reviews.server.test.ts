import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrateToLatest, type DatabaseHandle } from '~/db/connect.server'
import { createDraft } from '~/booking/bookings.server'
import { createStaffAccount } from '~/staff/accounts.server'
import { draftInput } from '../../tests/support/booking-fixtures'
import { storageBackends } from '../../tests/support/database-backends'
import { publishedReviewsCache } from './published-reviews.server'
import { moderateReview } from './reviews.server'

const now = new Date('2026-12-04T06:00:00Z')
const minutes = (count: number) => new Date(now.getTime() + count * 60_000)

interface Written {
  vehicleClass?: string
  stars?: [number, number, number]
  comment?: string | null
  consent?: boolean
  language?: string
  author?: string
  /** Minutes after `now` it was written. */
  at?: number
}

/**
 * The published reviews as every instance keeps them: what the home and class
 * pages show (published with consent only, the newest with a comment, each
 * class its own), the same on another instance within the refresh interval and
 * not before, a generation for the page cache that moves exactly when what is
 * published changes, and a database that cannot answer costing no page.
 */
describe.each(storageBackends())('published reviews on $name', (backend) => {
  let handle: DatabaseHandle
  let other: DatabaseHandle
  let staffId = 0
  let counter = 0
  /** A published review of five stars each, published at `now`. */
  let oldest = ''

  beforeAll(async () => {
    handle = await backend.open()
    await migrateToLatest(handle.db)
    other = await backend.openAnother()
    const staff = await createStaffAccount(
      handle,
      {
        email: `published-reviews.${backend.name.toLowerCase()}@example.com`,
        name: 'Selin Yorum',
        role: 'admin',
        password: 'a-long-password-1',
      },
      now,
    )
    staffId = staff.id
  })
  afterAll(async () => {
    await other.db.destroy()
    await handle.db.destroy()
    await backend.close()
  })

  /** A finished ride's review as the traveller left it (status new). */
  async function review(written: Written = {}): Promise<string> {
    counter++
    const { booking } = await createDraft(handle, draftInput(1, '2026-12-01'), now)
    const [driver, car, punctuality] = written.stars ?? [5, 5, 5]
    await handle.db
      .insertInto('ride_reviews')
      .values({
        booking_id: booking.id,
        driver_id: null,
        vehicle_class: written.vehicleClass ?? 'LUXMNVN',
        driver_stars: driver,
        car_stars: car,
        punctuality_stars: punctuality,
        comment: written.comment === undefined ? `Comment ${counter}` : written.comment,
        publish_consent: written.consent === false ? 0 : 1,
        author_name: written.author ?? 'Anna K.',
        language: written.language ?? 'en',
        created_at: minutes(written.at ?? counter).toISOString(),
      })
      .execute()
    return booking.id
  }

  const decide = (bookingId: string, decision: 'publish' | 'hide', at = now) =>
    moderateReview(handle, { accountId: staffId, bookingId, decision }, at)

  it('shows nothing and states no rating while nothing is published', async () => {
    const cache = publishedReviewsCache(async () => handle.db)
    await review({ comment: 'Not moderated yet.' })
    expect(await cache.forSite()).toEqual({ summary: null, reviews: [] })
    expect(await cache.forClass('LUXMNVN')).toEqual({ summary: null, reviews: [] })
  })

  it('shows published reviews with consent only, the newest with a comment, each class its own', async () => {
    const first = await review({ stars: [5, 4, 5], comment: 'Spotless van.', at: 10 })
    const second = await review({
      stars: [4, 4, 4],
      comment: 'Şoförümüz çok kibardı.',
      language: 'tr',
      author: 'Ayşe Y.',
      at: 20,
    })
    // Counted in the rating, not listed: no comment.
    const silent = await review({ stars: [3, 3, 3], comment: null, at: 30 })
    const minibus = await review({
      vehicleClass: 'ECOMNBS',
      stars: [2, 2, 2],
      comment: 'Late.',
      at: 40,
    })
    const refused = await review({ consent: false, comment: 'Keep it private.', at: 50 })
    const hidden = await review({ comment: 'Hidden by staff.', at: 60 })
    for (const id of [first, second, silent, minibus]) await decide(id, 'publish')
    expect(await decide(refused, 'publish')).toEqual({ kind: 'noConsent' })
    await decide(hidden, 'hide')

    const cache = publishedReviewsCache(async () => other.db)
    const site = await cache.forSite()
    // Overall scores 4.7, 4, 3 and 2: their mean, to one decimal.
    expect(site.summary).toEqual({ average: 3.4, count: 4 })
    expect(site.reviews.map((one) => one.comment)).toEqual([
      'Late.',
      'Şoförümüz çok kibardı.',
      'Spotless van.',
    ])
    expect(site.reviews[1]).toEqual({
      score: 4,
      comment: 'Şoförümüz çok kibardı.',
      author: 'Ayşe Y.',
      language: 'tr',
      writtenAt: minutes(20).toISOString(),
    })
    const van = await cache.forClass('LUXMNVN')
    expect(van.summary).toEqual({ average: 3.9, count: 3 })
    expect(van.reviews.map((one) => one.comment)).toEqual([
      'Şoförümüz çok kibardı.',
      'Spotless van.',
    ])
    expect(await cache.forClass('ECOMNBS')).toMatchObject({ summary: { average: 2, count: 1 } })
    expect(await cache.forClass('LUXMNBS')).toEqual({ summary: null, reviews: [] })
  })

  it('shows at most three reviews, the newest first', async () => {
    for (const at of [70, 80, 90, 100]) {
      const id = await review({ comment: `At ${at}.`, at })
      await decide(id, 'publish')
      oldest ||= id
    }
    const cache = publishedReviewsCache(async () => handle.db)
    const site = await cache.forSite()
    expect(site.reviews.map((one) => one.comment)).toEqual(['At 100.', 'At 90.', 'At 80.'])
    expect(site.summary?.count).toBe(8)
  })

  it('reaches another instance within its refresh interval, with a new generation, not before', async () => {
    let clock = 0
    const elsewhere = publishedReviewsCache(async () => other.db, {
      refreshMs: 30_000,
      clock: () => clock,
    })
    const before = await elsewhere.forSite()
    const generation = elsewhere.generationNow()
    expect(generation).toBeGreaterThan(0)

    const fresh = await review({ comment: 'Published on another instance.', at: 200 })
    await decide(fresh, 'publish', minutes(1))
    clock = 29_000
    expect(elsewhere.generationNow()).toBe(generation)
    expect(await elsewhere.forSite()).toEqual(before)

    clock = 30_000
    // From memory, never waiting: the old generation, while it asks in the background.
    expect(elsewhere.generationNow()).toBe(generation)
    const after = await elsewhere.forSite()
    expect(after.reviews[0]?.comment).toBe('Published on another instance.')
    expect(after.summary?.count).toBe(before.summary!.count + 1)
    const published = elsewhere.generationNow()
    expect(published).toBeGreaterThan(generation)

    // Nothing changed: the next check keeps the generation (the kept pages stay).
    clock = 60_000
    await elsewhere.forSite()
    expect(elsewhere.generationNow()).toBe(published)

    // One hidden and another published within one interval, by an instance
    // whose clock is behind: the count and the latest moderation time are the
    // same as before, the stars are not.
    const swapped = await review({ stars: [1, 1, 1], comment: 'Swapped in.', at: 210 })
    await decide(oldest, 'hide', minutes(2))
    await decide(swapped, 'publish', minutes(-60))
    clock = 90_000
    const swappedIn = await elsewhere.forSite()
    expect(swappedIn.summary?.count).toBe(after.summary!.count)
    expect(swappedIn.reviews[0]?.comment).toBe('Swapped in.')
    expect(elsewhere.generationNow()).toBeGreaterThan(published)
  })

  it('asks the database again at once after invalidate (a moderation on this instance)', async () => {
    let clock = 0
    const here = publishedReviewsCache(async () => handle.db, { clock: () => clock })
    const count = (await here.forSite()).summary!.count
    await decide(await review({ comment: 'Just published here.', at: 300 }), 'publish')
    clock = 1_000
    expect((await here.forSite()).summary!.count).toBe(count)
    here.invalidate()
    expect((await here.forSite()).summary!.count).toBe(count + 1)
  })
})

describe('the copy in memory when the database cannot answer', () => {
  it('shows no reviews rather than fail, keeps what it has, asks again after the interval', async () => {
    let clock = 0
    let asked = 0
    let failing = true
    const backend = storageBackends()[0]!
    const handle = await backend.open()
    await migrateToLatest(handle.db)
    const cache = publishedReviewsCache(
      async () => {
        asked++
        if (failing) throw new Error('connection refused')
        return handle.db
      },
      { refreshMs: 30_000, clock: () => clock },
    )
    expect(await cache.forSite()).toEqual({ summary: null, reviews: [] })
    expect(cache.generationNow()).toBe(0)
    clock = 15_000
    await cache.forSite()
    expect(asked).toBe(1)

    failing = false
    clock = 30_000
    await cache.forSite()
    const loaded = cache.generationNow()
    expect(loaded).toBe(1)

    failing = true
    clock = 60_000
    expect(await cache.forSite()).toEqual({ summary: null, reviews: [] })
    expect(cache.generationNow()).toBe(loaded)
    expect(asked).toBe(3)
    await handle.db.destroy()
    await backend.close()
  })
})
