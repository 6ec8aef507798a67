import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrateToLatest, type DatabaseHandle } from '~/db/connect.server'
import { storageBackends } from '../../tests/support/database-backends'
import { clientHash } from '~/db/rate-limit.server'
import { getSiteSettings } from '~/config/site.server'
import { builtinSnapshot } from '~/adapters/rates/rates.server'
import { convertAtRate } from '~/domain/money/currency'
import { istanbulDate } from '~/domain/booking-window'
import { createStaffAccount } from '~/staff/accounts.server'
import { pinRate, unpinRate } from '~/rates/rate-pins.server'
import { quoteTrip } from './trip-quote.server'
import { newPageNonce, selectVehicle, type Selection } from './select-vehicle.server'

const now = new Date()
const values = {
  date: new Date(now.getTime() + 5 * 86_400_000).toISOString().slice(0, 10),
  time: '10:00',
  pickup: 'SAW',
  destination: 'Şile',
}

/**
 * A draft quoted in lira while the lira's rate is pinned locks the pinned
 * rate, dated the day it was pinned; once unpinned, the next draft locks the
 * source's rate and date again.
 */
describe.each(storageBackends())('a draft quoted at a pinned rate on $name', (backend) => {
  let handle: DatabaseHandle
  let euroCents: number
  let admin: number

  beforeAll(async () => {
    handle = await backend.open()
    await migrateToLatest(handle.db)
    const result = await quoteTrip(values, now)
    if (result.kind !== 'priced') throw new Error(`trip not priced: ${result.kind}`)
    euroCents = result.classes.find((quote) => quote.code === 'ECOMNVN')!.cents
    admin = (
      await createStaffAccount(
        handle,
        {
          email: 'rates@example.com',
          name: 'Ayşe Kaya',
          role: 'admin',
          password: 'a-long-password-1',
        },
        now,
      )
    ).id
  })
  afterAll(async () => {
    await handle.db.destroy()
    await backend.close()
  })

  const select = (shownMinor: number, extra: Partial<Selection> = {}) =>
    selectVehicle(
      handle,
      {
        values,
        currency: 'TRY',
        vehicleClass: 'ECOMNVN',
        shownMinor,
        pageNonce: newPageNonce(),
        language: 'en',
        site: getSiteSettings(),
        previous: undefined,
        clientHash: clientHash('203.0.113.50', 'pinned-rate-test-secret-0123456789'),
        ...extra,
      },
      new Date(),
    )

  it('locks the pinned rate while the pin is in force, the source’s once unpinned', async () => {
    const expiresAt = new Date(now.getTime() + 86_400_000)
    const pin = await pinRate(handle, { currency: 'TRY', rate: '51.25', expiresAt }, admin, now)
    const pinnedMinor = convertAtRate(euroCents, 51.25)
    // The price at the source's rate is no longer the one shown: the traveller sees the new one.
    const sourceMinor = convertAtRate(euroCents, builtinSnapshot.rates.TRY)
    expect(await select(sourceMinor)).toEqual({ kind: 'price-changed' })

    const pinned = await select(pinnedMinor)
    if (pinned.kind !== 'selected') throw new Error(pinned.kind)
    expect(pinned.booking).toMatchObject({
      currency: 'TRY',
      rate: '51.25',
      rates_date: istanbulDate(now),
      vehicle_cents: euroCents,
      total_minor: pinnedMinor,
    })

    expect(await unpinRate(handle, pin.id, admin, new Date())).toMatchObject({ ok: true })
    const unpinned = await select(sourceMinor)
    if (unpinned.kind !== 'selected') throw new Error(unpinned.kind)
    expect(unpinned.booking).toMatchObject({
      rate: String(builtinSnapshot.rates.TRY),
      rates_date: builtinSnapshot.date,
      total_minor: sourceMinor,
    })
    // The booking quoted under the pin keeps its rate.
    const kept = await handle.db
      .selectFrom('bookings')
      .select(['rate', 'total_minor'])
      .where('id', '=', pinned.booking.id)
      .executeTakeFirstOrThrow()
    expect(kept).toEqual({ rate: '51.25', total_minor: pinnedMinor })
  })
})
