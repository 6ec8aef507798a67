import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrateToLatest, openDatabase, type DatabaseHandle } from '~/db/connect.server'
import { placeById, priceEntry } from '~/domain/places/gazetteer'
import { builtinDistance } from '~/domain/distance/distance'
import { quoteClasses } from '~/domain/pricing/quote'
import type { RatesSnapshot } from '~/domain/money/currency'
import {
  bookingEvents,
  createDraft,
  expireStaleDrafts,
  findBooking,
  transitionBooking,
  type DraftInput,
} from './bookings.server'
import { referencePattern } from './identifiers.server'
import { TransitionError } from './status'

/**
 * The storage tests run twice: on a real SQLite file and on the PostgreSQL
 * server of the machine (a throwaway database per run). TEST_POSTGRES_URL
 * names the server; its default is the local trust-auth cluster.
 */
const postgresAdminUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://root@127.0.0.1:5432/postgres'

interface Backend {
  name: string
  open: () => Promise<DatabaseHandle>
  close: () => Promise<void>
}

function sqliteBackend(): Backend {
  const folder = mkdtempSync(join(tmpdir(), 'mc-sqlite-'))
  return {
    name: 'SQLite',
    open: async () => openDatabase(join(folder, 'data', 'bookings.db')),
    close: async () => rmSync(folder, { recursive: true, force: true }),
  }
}

function postgresBackend(): Backend {
  const name = `mc_test_${process.pid}_${Date.now()}`
  const admin = () => new pg.Client({ connectionString: postgresAdminUrl })
  return {
    name: 'PostgreSQL',
    open: async () => {
      const client = admin()
      await client.connect()
      await client.query(`create database ${name}`)
      await client.end()
      const url = new URL(postgresAdminUrl)
      url.pathname = `/${name}`
      return openDatabase(url.toString())
    },
    close: async () => {
      const client = admin()
      await client.connect()
      await client.query(`drop database if exists ${name} with (force)`)
      await client.end()
    },
  }
}

const rates: RatesSnapshot = {
  date: '2026-11-20',
  source: 'builtin',
  rates: { EUR: 1, USD: 1.1612, GBP: 0.8815, TRY: 49.4371 },
}

function draftInput(): DraftInput {
  const pickup = placeById(2)!
  const destination = placeById(1033)!
  const distance = builtinDistance(pickup, destination, priceEntry, 1.3)
  const quote = quoteClasses({
    pickup,
    destination,
    distanceKm: distance.km,
    pickupTime: '10:00',
    priceEntry,
  })[1]!
  return {
    language: 'en',
    trip: { date: '2026-11-23', time: '10:00', pickupText: 'SAW', destinationText: 'Şile' },
    pickup,
    destination,
    distance,
    quote,
    currency: 'TRY',
    rates,
  }
}

describe.each([sqliteBackend(), postgresBackend()])('bookings on $name', (backend) => {
  let handle: DatabaseHandle
  const now = new Date('2026-11-22T08:00:00Z')

  beforeAll(async () => {
    handle = await backend.open()
    await migrateToLatest(handle.db)
    await migrateToLatest(handle.db) // a second start changes nothing
  })
  afterAll(async () => {
    await handle.db.destroy()
    await backend.close()
  })

  it('stores a draft with the full quote snapshot and its first event', async () => {
    const draft = await createDraft(handle, draftInput(), now)
    expect(draft.reference).toMatch(referencePattern)
    expect(draft.id).toMatch(/^[A-Za-z0-9_-]{22}$/)
    const stored = await findBooking(handle, draft.id)
    expect(stored).toMatchObject({
      status: 'draft',
      vehicle_class: 'LUXMNVN',
      pricing_rule: 'airport',
      vehicle_cents: 12900,
      total_cents: 12900,
      currency: 'TRY',
      rate: '49.4371',
      total_minor: 637739,
      distance_km: 52,
      quote_expires_at: '2026-11-22T08:30:00.000Z',
    })
    expect(await bookingEvents(handle, draft.id)).toEqual([
      { from_status: null, to_status: 'draft', note: null, created_at: now.toISOString() },
    ])
  })

  it('moves through allowed statuses and refuses the others, leaving the row as it was', async () => {
    const draft = await createDraft(handle, draftInput(), now)
    await transitionBooking(handle, draft.id, 'awaiting_payment', now)
    await expect(transitionBooking(handle, draft.id, 'completed', now)).rejects.toBeInstanceOf(
      TransitionError,
    )
    expect((await findBooking(handle, draft.id))?.status).toBe('awaiting_payment')
    expect((await bookingEvents(handle, draft.id)).map((event) => event.to_status)).toEqual([
      'draft',
      'awaiting_payment',
    ])
  })

  it('lets only one of two simultaneous changes of the same draft through', async () => {
    const draft = await createDraft(handle, draftInput(), now)
    const results = await Promise.allSettled([
      transitionBooking(handle, draft.id, 'awaiting_payment', now),
      transitionBooking(handle, draft.id, 'awaiting_payment', now),
    ])
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
    expect(
      (await bookingEvents(handle, draft.id)).filter(
        (event) => event.to_status === 'awaiting_payment',
      ),
    ).toHaveLength(1)
  })

  it('expires drafts whose quote ran out, once', async () => {
    const draft = await createDraft(handle, draftInput(), now)
    const later = new Date(now.getTime() + 31 * 60_000)
    expect(await expireStaleDrafts(handle, later)).toBeGreaterThanOrEqual(1)
    expect((await findBooking(handle, draft.id))?.status).toBe('expired')
    expect(await expireStaleDrafts(handle, later)).toBe(0)
  })

  it('never finds a booking by a made-up id', async () => {
    expect(await findBooking(handle, 'not-a-real-id')).toBeUndefined()
  })
})
