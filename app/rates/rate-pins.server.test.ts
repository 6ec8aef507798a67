import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { migrateToLatest, type DatabaseHandle } from '~/db/connect.server'
import { builtinSnapshot } from '~/adapters/rates/rates.server'
import { createStaffAccount } from '~/staff/accounts.server'
import { storageBackends } from '../../tests/support/database-backends'
import { openPins } from './open-pins.server'
import { quoteRates } from './quote-rates.server'
import { pinHistory, pinRate, unpinRate } from './rate-pins.server'

const hour = 3_600_000

/**
 * Pins as stored, on both databases: pinning (and replacing), unpinning,
 * expiry, the history and its audit rows; and two instances of the app over
 * one database, each with its copy of the pins.
 */
describe.each(storageBackends())('pinned exchange rates on $name', (backend) => {
  let handle: DatabaseHandle
  let other: DatabaseHandle
  let admin: number
  let colleague: number

  beforeAll(async () => {
    handle = await backend.open()
    await migrateToLatest(handle.db)
    other = await backend.openAnother()
    const account = (email: string, name: string) =>
      createStaffAccount(
        handle,
        { email, name, role: 'admin', password: 'a-long-password-1' },
        new Date(),
      ).then((created) => created.id)
    admin = await account('rates-admin@example.com', 'Ayşe Kaya')
    colleague = await account('rates-colleague@example.com', 'Mert Şahin')
  })
  afterEach(() => {
    vi.useRealTimers()
  })
  afterAll(async () => {
    await other.db.destroy()
    await handle.db.destroy()
    await backend.close()
  })

  const auditOf = (currency: string) =>
    handle.db
      .selectFrom('staff_audit')
      .select(['account_id', 'action', 'before_json', 'after_json'])
      .where('subject', '=', `rate:${currency}`)
      .orderBy('id')
      .execute()

  it('pins, replaces and unpins with an audit row each, keeping the history', async () => {
    const now = new Date()
    const until = new Date(now.getTime() + 24 * hour)
    const first = await pinRate(
      handle,
      { currency: 'GBP', rate: '0.9', expiresAt: until },
      admin,
      now,
    )
    const later = new Date(now.getTime() + 1000)
    const second = await pinRate(
      handle,
      { currency: 'GBP', rate: '0.91', expiresAt: until },
      colleague,
      later,
    )
    expect((await openPins(handle.db, later)).filter((pin) => pin.currency === 'GBP')).toEqual([
      {
        id: second.id,
        currency: 'GBP',
        rate: '0.91',
        expiresAt: until.toISOString(),
        createdAt: later.toISOString(),
      },
    ])

    const end = new Date(later.getTime() + 1000)
    expect(await unpinRate(handle, second.id, admin, end)).toEqual({ ok: true, currency: 'GBP' })
    // Another admin was quicker: the second Unpin changes nothing.
    expect(await unpinRate(handle, second.id, colleague, end)).toEqual({
      ok: false,
      refusal: 'ended',
    })
    expect(await openPins(handle.db, end)).toEqual([])

    const history = (await pinHistory(handle.db)).filter((pin) => pin.currency === 'GBP')
    expect(history).toMatchObject([
      { id: second.id, rate: '0.91', pinnedBy: 'Mert Şahin', removedBy: 'Ayşe Kaya' },
      { id: first.id, rate: '0.9', pinnedBy: 'Ayşe Kaya', removedBy: 'Mert Şahin' },
    ])
    expect(history[0]!.removedAt).toBe(end.toISOString())
    expect(history[1]!.removedAt).toBe(later.toISOString())

    const expiresAt = until.toISOString()
    expect(await auditOf('GBP')).toEqual([
      {
        account_id: admin,
        action: 'rate.pinned',
        before_json: null,
        after_json: JSON.stringify({ rate: '0.9', expiresAt }),
      },
      {
        account_id: colleague,
        action: 'rate.pinned',
        before_json: JSON.stringify({ rate: '0.9', expiresAt }),
        after_json: JSON.stringify({ rate: '0.91', expiresAt }),
      },
      {
        account_id: admin,
        action: 'rate.unpinned',
        before_json: JSON.stringify({ rate: '0.91', expiresAt }),
        after_json: null,
      },
    ])
  })

  it('lets an expired pin go: quotes use the source’s rate, and it cannot be unpinned', async () => {
    const now = new Date()
    const expiresAt = new Date(now.getTime() + 60_000)
    const { id } = await pinRate(handle, { currency: 'USD', rate: '1.2', expiresAt }, admin, now)
    expect((await quoteRates(handle, now)).rates.USD).toBe(1.2)
    const after = new Date(expiresAt.getTime() + 1)
    expect((await quoteRates(handle, after)).rates.USD).toBe(builtinSnapshot.rates.USD)
    expect((await quoteRates(handle, after)).pinned).toBeUndefined()
    expect(await openPins(handle.db, after)).toEqual([])
    expect(await unpinRate(handle, id, admin, after)).toEqual({ ok: false, refusal: 'ended' })
    const [record] = (await pinHistory(handle.db)).filter((pin) => pin.currency === 'USD')
    expect(record).toMatchObject({ id, removedAt: null, removedBy: null })
  })

  it('applies a pin on its own instance at once and on another within a minute', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() })
    const source = builtinSnapshot.rates.TRY
    // Both instances have read their pins: none for the lira.
    expect((await quoteRates(handle)).rates.TRY).toBe(source)
    expect((await quoteRates(other)).rates.TRY).toBe(source)

    const expiresAt = new Date(Date.now() + 24 * hour)
    await pinRate(handle, { currency: 'TRY', rate: '51.25', expiresAt }, admin, new Date())
    expect(await quoteRates(handle)).toMatchObject({
      rates: { TRY: 51.25 },
      pinned: { TRY: { expiresAt: expiresAt.toISOString() } },
    })
    // The other instance's copy is less than a minute old: it still quotes the source's rate...
    vi.setSystemTime(Date.now() + 59_000)
    expect((await quoteRates(other)).rates.TRY).toBe(source)
    // ...and reads the pin once its copy is a minute old.
    vi.setSystemTime(Date.now() + 2_000)
    expect((await quoteRates(other)).rates.TRY).toBe(51.25)
    expect((await quoteRates(handle)).rates.TRY).toBe(51.25)

    // Unpinned on the other instance: there at once, here within the minute.
    const [pin] = await openPins(other.db, new Date())
    expect(await unpinRate(other, pin!.id, colleague, new Date())).toMatchObject({ ok: true })
    expect((await quoteRates(other)).rates.TRY).toBe(source)
    expect((await quoteRates(handle)).rates.TRY).toBe(51.25)
    vi.setSystemTime(Date.now() + 61_000)
    expect((await quoteRates(handle)).rates.TRY).toBe(source)
  })
})
