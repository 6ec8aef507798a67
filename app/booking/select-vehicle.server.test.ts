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
})
