import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrateToLatest, openDatabase, type DatabaseHandle } from './connect.server'
import { storageBackends } from '../../tests/support/database-backends'
import {
  clientHash,
  countRateLimitEvents,
  purgeRateLimitEvents,
  takeRateLimitSlot,
  type RateLimitRule,
} from './rate-limit.server'

const secret = 'rate-limit-test-secret-0123456789'
const minutes = (from: Date, count: number) => new Date(from.getTime() + count * 60_000)

describe('the client hash', () => {
  it('is a keyed SHA-256 that never shows the address', () => {
    const hash = clientHash('203.0.113.9', secret)
    expect(hash).toMatch(/^[0-9a-f]{64}$/)
    expect(hash).not.toContain('203')
    expect(clientHash('203.0.113.9', secret)).toBe(hash)
    expect(clientHash('203.0.113.10', secret)).not.toBe(hash)
    expect(clientHash('203.0.113.9', 'another-secret-0123456789')).not.toBe(hash)
  })
})

describe.each(storageBackends())('rate limits counted in the database on $name', (backend) => {
  let handle: DatabaseHandle
  let second: DatabaseHandle
  const now = new Date('2026-11-22T08:00:00Z')
  const rule: RateLimitRule = { name: 'test', max: 3, windowMinutes: 10 }

  beforeAll(async () => {
    handle = await backend.open()
    await migrateToLatest(handle.db)
    // A second pool or connection on the same database: another instance.
    second = backend.url ? openDatabase(backend.url) : await backend.open()
  })
  afterAll(async () => {
    await second.db.destroy()
    await handle.db.destroy()
    await backend.close()
  })

  it('takes the limit in the window, refuses the next, and frees a place as time passes', async () => {
    const client = clientHash('198.51.100.1', secret)
    for (let index = 0; index < rule.max; index++) {
      expect(await takeRateLimitSlot(handle, rule, client, minutes(now, index))).toBeDefined()
    }
    expect(await takeRateLimitSlot(handle, rule, client, minutes(now, 3))).toBeUndefined()
    // Another client, and another rule for the same client, are not held back.
    expect(
      await takeRateLimitSlot(handle, rule, clientHash('198.51.100.2', secret), now),
    ).toBeDefined()
    expect(
      await takeRateLimitSlot(handle, { ...rule, name: 'other' }, client, minutes(now, 3)),
    ).toBeDefined()
    // Once the first action is more than ten minutes old, its place is free again.
    expect(await takeRateLimitSlot(handle, rule, client, minutes(now, 11))).toBeDefined()
    expect(await takeRateLimitSlot(handle, rule, client, minutes(now, 11))).toBeUndefined()
  })

  it('gives a released slot back', async () => {
    const client = clientHash('198.51.100.3', secret)
    const slots = [1, 2, 3].map(() => takeRateLimitSlot(handle, rule, client, now))
    const taken = await Promise.all(slots)
    expect(await takeRateLimitSlot(handle, rule, client, now)).toBeUndefined()
    await taken[0]!.release()
    expect(await countRateLimitEvents(handle.db, rule, client, minutes(now, -1))).toBe(2)
    expect(await takeRateLimitSlot(handle, rule, client, now)).toBeDefined()
  })

  it('lets no more than the limit through when two instances are asked at once', async () => {
    const client = clientHash('198.51.100.4', secret)
    const attempts = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        takeRateLimitSlot(index % 2 ? second : handle, rule, client, now),
      ),
    )
    expect(attempts.filter(Boolean)).toHaveLength(rule.max)
    expect(await countRateLimitEvents(handle.db, rule, client, minutes(now, -1))).toBe(rule.max)
  })

  it('purges events older than a day, keeping the recent ones', async () => {
    const client = clientHash('198.51.100.5', secret)
    await takeRateLimitSlot(handle, rule, client, minutes(now, -25 * 60))
    await takeRateLimitSlot(handle, rule, client, minutes(now, -60))
    expect(await purgeRateLimitEvents(handle, now)).toBeGreaterThanOrEqual(1)
    expect(await countRateLimitEvents(handle.db, rule, client, minutes(now, -48 * 60))).toBe(1)
  })
})
