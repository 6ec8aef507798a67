import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Migrator, sql } from 'kysely'
import { migrateToLatest, migrations, type DatabaseHandle } from '~/db/connect.server'
import { builtinPriceList } from '~/domain/pricing/builtin-price-list'
import { priceListSchema } from '~/domain/pricing/price-list'
import { readPriceTerms } from '~/domain/pricing/price-terms'
import { storageBackends } from '../../../tests/support/database-backends'

/**
 * Migration 0022 on a database with a booking made before it: version 1 is
 * the first price list, exactly, in force since before any booking; the
 * booking was priced by it and keeps its terms; down goes back to 0021.
 */
describe.each(storageBackends())('migration 0022 on $name', (backend) => {
  let handle: DatabaseHandle
  /** Up or down to `last`, the migrator knowing every migration up to `known`. */
  const migrateTo = async (last: string, known = last) => {
    const upTo = Object.fromEntries(Object.entries(migrations).filter(([name]) => name <= known))
    const migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => upTo } })
    const { error } = await migrator.migrateTo(last)
    if (error) throw error
  }

  beforeAll(async () => {
    handle = await backend.open()
    await migrateTo('0021_departing_flight')
    await sql`insert into bookings
        (id, reference, status, language, trip_date, trip_time, pickup_text, destination_text,
         pickup_place_id, destination_place_id, distance_km, distance_source, vehicle_class,
         pricing_rule, base_cents, extra_km, extra_km_cents, vehicle_cents, extras_cents,
         total_cents, currency, rate, rates_date, total_minor, quote_expires_at, created_at,
         updated_at, confirmed_at, payment_option)
      values ('B0022', 'MC-B00022', 'confirmed', 'en', '2026-12-02', '10:00', 'SAW', 'Şile',
         2, 1033, 60, 'builtin', 'LUXMNVN', 'airport', 12900, 0, 0, 12900, 0, 12900, 'EUR',
         '1', '2026-11-20', 12900, '2026-11-20T08:00:00Z', '2026-11-20T08:00:00Z',
         '2026-11-20T08:00:00Z', '2026-11-20T08:01:00Z', 'depositCash')`.execute(handle.db)
    await migrateToLatest(handle.db)
  })
  afterAll(async () => {
    await handle.db.destroy()
    await backend.close()
  })

  it('stores the first price list as version 1, in force since before any booking', async () => {
    const versions = await handle.db.selectFrom('price_lists').selectAll().execute()
    expect(versions).toHaveLength(1)
    const [first] = versions
    expect(first).toMatchObject({ id: 1, status: 'published' })
    expect(first!.applies_from! < '2026-01-01').toBe(true)
    expect(priceListSchema.parse(JSON.parse(first!.body))).toEqual(builtinPriceList)
  })

  it('records version 1 and its terms on the bookings made before', async () => {
    const booking = await handle.db
      .selectFrom('bookings')
      .select(['price_list_id', 'price_terms'])
      .where('id', '=', 'B0022')
      .executeTakeFirstOrThrow()
    expect(booking.price_list_id).toBe(1)
    expect(readPriceTerms(booking)).toEqual({
      extraCents: { childSeat: 700, boosterSeat: 700 },
      depositPercent: 30,
      includedKmPerHour: 15,
    })
  })

  it('keeps one draft at a time', async () => {
    const draft = {
      status: 'draft' as const,
      body: '{}',
      created_at: '2026-11-27T08:00:00Z',
      updated_at: '2026-11-27T08:00:00Z',
    }
    await handle.db.insertInto('price_lists').values(draft).execute()
    await expect(handle.db.insertInto('price_lists').values(draft).execute()).rejects.toThrow()
    await handle.db.deleteFrom('price_lists').where('status', '=', 'draft').execute()
  })

  it('goes back to 0021 and up again', async () => {
    await migrateTo('0021_departing_flight', '9999')
    await expect(sql`select price_terms from bookings`.execute(handle.db)).rejects.toThrow()
    await migrateToLatest(handle.db)
    const count = await handle.db
      .selectFrom('price_lists')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow()
    expect(Number(count.count)).toBe(1)
  })
})
