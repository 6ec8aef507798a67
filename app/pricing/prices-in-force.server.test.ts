import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrateToLatest, type DatabaseHandle } from '~/db/connect.server'
import { createStaffAccount } from '~/staff/accounts.server'
import { builtinPriceList } from '~/domain/pricing/builtin-price-list'
import type { PriceList } from '~/domain/pricing/price-list'
import { storageBackends } from '../../tests/support/database-backends'
import {
  discardDraft,
  findDraft,
  listPriceLists,
  PriceListConflict,
  publishDraft,
  saveDraft,
  startDraft,
  withdrawScheduled,
} from './price-list-store.server'
import { priceListCache } from './prices-in-force.server'

/** The first list with every class's minimum raised by `cents`. */
const raisedMinimums = (cents: number): PriceList => ({
  ...builtinPriceList,
  classMinimumCents: Object.fromEntries(
    Object.entries(builtinPriceList.classMinimumCents).map(([code, value]) => [
      code,
      value + cents,
    ]),
  ) as PriceList['classMinimumCents'],
})

/**
 * Price lists as admins make them and as every instance reads them: a draft
 * started from the version in force, changed, published from a time; the
 * version in force at any instant; two instances over one database agreeing
 * within the refresh interval; everything audited.
 */
describe.each(storageBackends())('price lists on $name', (backend) => {
  let handle: DatabaseHandle
  let other: DatabaseHandle
  let adminId = 0
  const now = new Date('2026-11-27T09:00:00Z')
  const minutesLater = (minutes: number) => new Date(now.getTime() + minutes * 60_000)

  beforeAll(async () => {
    handle = await backend.open()
    await migrateToLatest(handle.db)
    other = await backend.openAnother()
    const admin = await createStaffAccount(
      handle,
      {
        email: `prices.${backend.name.toLowerCase()}@example.com`,
        name: 'Aylin Fiyat',
        role: 'admin',
        password: 'a-long-password-1',
      },
      now,
    )
    adminId = admin.id
  })
  afterAll(async () => {
    await other.db.destroy()
    await handle.db.destroy()
    await backend.close()
  })

  it('drafts from version 1, keeps one draft, audits what changed', async () => {
    const draft = await startDraft(handle, 1, adminId, now)
    expect(draft).toMatchObject({ status: 'draft', basedOn: 1 })
    expect(draft.list).toEqual(builtinPriceList)
    await expect(startDraft(handle, 1, adminId, now)).rejects.toBeInstanceOf(PriceListConflict)

    await saveDraft(handle, { list: raisedMinimums(500), note: 'Winter' }, adminId, now)
    expect((await findDraft(handle.db))!.list.classMinimumCents.ECOMNVN).toBe(5200)
    const audit = await handle.db
      .selectFrom('staff_audit')
      .selectAll()
      .where('subject', '=', `price_list:${draft.id}`)
      .orderBy('id')
      .execute()
    expect(audit.map((row) => row.action)).toEqual([
      'price_list.draft_started',
      'price_list.draft_changed',
    ])
    // Only the figures that changed are in the log.
    expect(JSON.parse(audit[1]!.after_json!)).toEqual({
      'classMinimumCents.ECOMNVN': 5200,
      'classMinimumCents.LUXMNVN': 7300,
      'classMinimumCents.ECOMNBS': 9300,
      'classMinimumCents.LUXMNBS': 12500,
      note: 'Winter',
    })
  })

  it('publishes from a time: before it the first list is in force, from it the new one', async () => {
    const cache = priceListCache(async () => handle.db)
    expect((await cache.inForce(now)).id).toBe(1)
    await expect(publishDraft(handle, minutesLater(-11), adminId, now)).rejects.toBeInstanceOf(
      PriceListConflict,
    )
    const published = await publishDraft(handle, minutesLater(60), adminId, now)
    expect(published).toMatchObject({ status: 'published' })
    cache.invalidate()
    expect((await cache.inForce(minutesLater(59))).id).toBe(1)
    const later = await cache.inForce(minutesLater(60))
    expect(later.id).toBe(published.id)
    expect(later.list.classMinimumCents.ECOMNVN).toBe(5200)
    // A booking's own version stays readable by id.
    expect((await cache.version(1))!.list).toEqual(builtinPriceList)
    expect(await findDraft(handle.db)).toBeUndefined()
  })

  it('reaches another instance within its refresh interval, not before', async () => {
    let clock = 0
    const elsewhere = priceListCache(async () => other.db, {
      refreshMs: 30_000,
      clock: () => clock,
    })
    // Half an hour from now: before the version published above for in an hour.
    const before = await elsewhere.inForce(minutesLater(30))
    await startDraft(handle, before.id, adminId, now)
    await saveDraft(handle, { list: raisedMinimums(1000), note: 'Spring' }, adminId, now)
    const spring = await publishDraft(handle, now, adminId, now)

    clock = 29_000
    expect((await elsewhere.inForce(minutesLater(30))).id).toBe(before.id)
    clock = 30_000
    expect((await elsewhere.inForce(minutesLater(30))).id).toBe(spring.id)
    // The version scheduled for later still takes over at its time: the latest to apply wins.
    expect((await elsewhere.inForce(minutesLater(60))).id).not.toBe(spring.id)
  })

  it('withdraws a version that has not applied yet, never one in force', async () => {
    await startDraft(handle, 1, adminId, now)
    const scheduled = await publishDraft(handle, minutesLater(24 * 60), adminId, now)
    await withdrawScheduled(handle, scheduled.id, adminId, now)
    const cache = priceListCache(async () => handle.db)
    expect((await cache.inForce(minutesLater(25 * 60))).id).not.toBe(scheduled.id)
    await expect(withdrawScheduled(handle, 1, adminId, now)).rejects.toBeInstanceOf(
      PriceListConflict,
    )
    const versions = await listPriceLists(handle.db)
    expect(versions.find((version) => version.id === scheduled.id)!.status).toBe('withdrawn')
  })

  it('throws a draft away without trace in the versions, with one in the audit log', async () => {
    const draft = await startDraft(handle, 1, adminId, now)
    await discardDraft(handle, adminId, now)
    expect(await findDraft(handle.db)).toBeUndefined()
    const discarded = await handle.db
      .selectFrom('staff_audit')
      .select('action')
      .where('subject', '=', `price_list:${draft.id}`)
      .where('action', '=', 'price_list.draft_discarded')
      .execute()
    expect(discarded).toHaveLength(1)
  })

  it('takes a time a few minutes past, from a page left open, as now', async () => {
    await startDraft(handle, 1, adminId, now)
    const published = await publishDraft(handle, minutesLater(-2), adminId, now)
    expect(published.appliesFrom).toBe(now.toISOString())
  })
})

describe('the copy in memory when the database cannot answer', () => {
  it('keeps pricing with the versions it has, and asks again only after the interval', async () => {
    const backend = storageBackends()[0]!
    const handle = await backend.open()
    await migrateToLatest(handle.db)
    let clock = 0
    let asked = 0
    let failing = false
    const cache = priceListCache(
      async () => {
        asked++
        if (failing) throw new Error('connection refused')
        return handle.db
      },
      { refreshMs: 30_000, clock: () => clock },
    )
    expect((await cache.inForce(new Date())).id).toBe(1)
    failing = true
    clock = 30_000
    expect((await cache.inForce(new Date())).id).toBe(1)
    const afterFailure = asked
    clock = 45_000
    await cache.inForce(new Date())
    expect(asked).toBe(afterFailure)
    clock = 60_000
    await cache.inForce(new Date())
    expect(asked).toBe(afterFailure + 1)
    await handle.db.destroy()
    await backend.close()
  })
})
