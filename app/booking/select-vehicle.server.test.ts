import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrateToLatest, type DatabaseHandle } from '~/db/connect.server'
import { storageBackends } from '../../tests/support/database-backends'
import { clientHash } from '~/db/rate-limit.server'
import { getSiteSettings } from '~/config/site.server'
import { convertCents } from '~/domain/money/currency'
import type { BookingRow } from '~/db/schema'
import { quoteTrip } from './trip-quote.server'
import { ratesProvider } from './providers.server'
import {
  draftRateLimit,
  newPageNonce,
  selectVehicle,
  type Selection,
} from './select-vehicle.server'
import { forgetDisplayedRules } from '~/capacity/search-capacity.server'

const now = new Date()
const values = {
  date: new Date(now.getTime() + 5 * 86_400_000).toISOString().slice(0, 10),
  time: '10:00',
  pickup: 'SAW',
  destination: 'Şile',
}

describe.each(storageBackends())('new drafts per client on $name', (backend) => {
  let handle: DatabaseHandle
  let shownMinor: number

  beforeAll(async () => {
    handle = await backend.open()
    await migrateToLatest(handle.db)
    const result = await quoteTrip(values, now)
    if (result.kind !== 'priced') throw new Error(`trip not priced: ${result.kind}`)
    const economy = result.classes.find((quote) => quote.code === 'ECOMNVN')!
    shownMinor = convertCents(economy.cents, 'EUR', await ratesProvider().current())
  })
  afterAll(async () => {
    await handle.db.destroy()
    await backend.close()
  })

  const select = (address: string, extra: Partial<Selection> = {}) =>
    selectVehicle(
      handle,
      {
        values,
        currency: 'EUR',
        vehicleClass: 'ECOMNVN',
        shownMinor,
        pageNonce: newPageNonce(),
        language: 'en',
        site: getSiteSettings(),
        previous: undefined,
        clientHash: clientHash(address, 'draft-limit-test-secret-0123456789'),
        ...extra,
      },
      now,
    )

  it('refuses a class the fleet cannot drive at that time, whatever the page showed', async () => {
    // The fleet limit on, and no car at all: every class is full.
    const limit = (on: number) =>
      handle.db
        .updateTable('capacity_settings')
        .set({ fleet_limited: on })
        .where('id', '=', 1)
        .execute()
    await limit(1)
    forgetDisplayedRules()
    try {
      expect(await select('203.0.113.77')).toEqual({ kind: 'full' })
    } finally {
      await limit(0)
      forgetDisplayedRules()
    }
    expect((await select('203.0.113.77')).kind).toBe('selected')
  })

  it(`starts ${draftRateLimit().max} drafts for one address in ${draftRateLimit().windowMinutes} minutes, then refuses new ones`, async () => {
    const outcomes = []
    for (let index = 0; index < draftRateLimit().max; index++)
      outcomes.push(await select('203.0.113.1'))
    expect(outcomes.every((outcome) => outcome.kind === 'selected')).toBe(true)
    const ids = outcomes.map((outcome) => (outcome.kind === 'selected' ? outcome.booking.id : ''))
    expect(new Set(ids).size).toBe(draftRateLimit().max)
    expect(await select('203.0.113.1')).toEqual({ kind: 'limited' })
    // Another address is not held back.
    expect((await select('203.0.113.2')).kind).toBe('selected')
  })

  it('does not count re-pricing the draft the browser holds, nor a repeated click', async () => {
    const address = '203.0.113.3'
    const first = await select(address)
    if (first.kind !== 'selected') throw new Error(first.kind)
    for (let index = 1; index < draftRateLimit().max; index++) {
      expect((await select(address)).kind).toBe('selected')
    }
    // At the limit: choosing again with the draft in hand re-prices it in place.
    const previous: BookingRow = first.booking
    const again = await select(address, { previous })
    expect(again).toMatchObject({ kind: 'selected', booking: { id: previous.id } })
    // A double click on one 'Select' (same page view, same class) finds its draft.
    const pageNonce = newPageNonce()
    await select('203.0.113.4', { pageNonce })
    for (let index = 0; index < draftRateLimit().max + 2; index++) {
      expect((await select('203.0.113.4', { pageNonce })).kind).toBe('selected')
    }
    expect((await select(address)).kind).toBe('limited')
  })

  it('stores a hire by the hour, re-priced on the server, and asks again when the hours change', async () => {
    const hire = {
      date: values.date,
      time: '09:00',
      pickup: 'Kadıköy',
      hours: '4',
      plannedKm: '',
    }
    // 4 hours of the Business Luxury Minivan at 50 EUR: what the card showed.
    const shown = convertCents(20000, 'EUR', await ratesProvider().current())
    const selectHire = (extra: Partial<Selection> = {}) =>
      select('203.0.113.9', { hire, vehicleClass: 'LUXMNVN', shownMinor: shown, ...extra })

    const first = await selectHire()
    if (first.kind !== 'selected') throw new Error(first.kind)
    expect(first.booking).toMatchObject({
      ride_mode: 'hourly',
      hire_hours: 4,
      planned_km: null,
      pickup_text: 'Kadıköy',
      vehicle_cents: 20000,
      pricing_rule: 'hourly',
    })
    // A price the traveller was not shown, or an hour count outside the tariff, is refused.
    expect(await selectHire({ shownMinor: shown - 1 })).toEqual({ kind: 'price-changed' })
    expect(await selectHire({ hire: { ...hire, hours: '13' } })).toEqual({ kind: 'refused' })
    // Outside Istanbul there is no hire by the hour.
    expect(await selectHire({ hire: { ...hire, pickup: 'Bursa' } })).toEqual({ kind: 'refused' })
    // The same hire again from the same browser re-prices its draft in place...
    const again = await selectHire({ previous: first.booking })
    expect(again).toMatchObject({ kind: 'selected', booking: { id: first.booking.id } })
    // ...but six hours is another ride: a new draft, priced for six.
    const longer = await selectHire({
      previous: first.booking,
      hire: { ...hire, hours: '6' },
      shownMinor: convertCents(30000, 'EUR', await ratesProvider().current()),
    })
    if (longer.kind !== 'selected') throw new Error(longer.kind)
    expect(longer.booking.id).not.toBe(first.booking.id)
    expect(longer.booking).toMatchObject({ hire_hours: 6, vehicle_cents: 30000 })
  })
})
