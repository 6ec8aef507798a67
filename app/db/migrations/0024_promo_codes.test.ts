import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Migrator, sql } from 'kysely'
import { migrations, type DatabaseHandle } from '~/db/connect.server'
import { storageBackends } from '../../../tests/support/database-backends'

/**
 * Migration 0024 up and down on a database with a booking made before it:
 * the booking gets no code and no discount, codes are unique, a booking holds
 * at most one live use, and going down leaves no trace.
 */
describe.each(storageBackends())('migration 0024 on $name', (backend) => {
  let handle: DatabaseHandle
  let migrator: Migrator
  const at = '2026-11-20T08:00:00Z'

  beforeAll(async () => {
    handle = await backend.open()
    const before = Object.fromEntries(
      Object.entries(migrations).filter(([name]) => name < '0024_promo_codes'),
    )
    const early = new Migrator({ db: handle.db, provider: { getMigrations: async () => before } })
    const { error } = await early.migrateToLatest()
    if (error) throw error
    await sql`insert into bookings
        (id, reference, status, language, trip_date, trip_time, pickup_text, destination_text,
         pickup_place_id, destination_place_id, distance_km, distance_source, vehicle_class,
         pricing_rule, base_cents, extra_km, extra_km_cents, vehicle_cents, extras_cents,
         total_cents, currency, rate, rates_date, total_minor, quote_expires_at, created_at,
         updated_at)
      values ('B0024', 'MC-PROMO2', 'draft', 'en', '2026-12-02', '10:00', 'SAW', 'Şile',
         2, 1033, 60, 'builtin', 'LUXMNVN', 'airport', 12900, 0, 0, 12900, 0, 12900, 'EUR',
         '1', '2026-11-20', 12900, ${at}, ${at}, ${at})`.execute(handle.db)
    migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => migrations } })
    const up = await migrator.migrateToLatest()
    if (up.error) throw up.error
  })
  afterAll(async () => {
    await handle.db.destroy()
    await backend.close()
  })

  const code = {
    code: 'WELCOME10',
    kind: 'percent' as const,
    percent: 10,
    amount_cents: null,
    valid_from: null,
    valid_until: null,
    max_uses: null,
    max_uses_per_email: null,
    vehicle_classes: null,
    ride_kinds: null,
    min_amount_cents: null,
    created_by: null,
    created_at: at,
    updated_by: null,
    updated_at: at,
  }

  it('gives an earlier booking no code and no discount', async () => {
    const booking = await handle.db
      .selectFrom('bookings')
      .select(['promo_code', 'discount_minor'])
      .where('id', '=', 'B0024')
      .executeTakeFirstOrThrow()
    expect(booking).toEqual({ promo_code: null, discount_minor: 0 })
  })

  it('keeps codes unique, active and unused to start with, and one live use per booking', async () => {
    const { id } = await handle.db
      .insertInto('promo_codes')
      .values(code)
      .returning('id')
      .executeTakeFirstOrThrow()
    await expect(handle.db.insertInto('promo_codes').values(code).execute()).rejects.toThrow()
    expect(
      await handle.db
        .selectFrom('promo_codes')
        .select(['uses', 'active', 'first_ride_only'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ uses: 0, active: 1, first_ride_only: 0 })
    const use = {
      promo_code_id: id,
      booking_id: 'B0024',
      email: 'ayse@example.com',
      discount_minor: 1290,
      currency: 'EUR',
      created_at: at,
      released_at: null,
    }
    await handle.db
      .insertInto('promo_redemptions')
      .values({ ...use, status: 'released' })
      .execute()
    await handle.db
      .insertInto('promo_redemptions')
      .values({ ...use, status: 'held' })
      .execute()
    await expect(
      handle.db
        .insertInto('promo_redemptions')
        .values({ ...use, status: 'paid' })
        .execute(),
    ).rejects.toThrow()
  })

  it('goes down without a trace, and up again', async () => {
    const down = await migrator.migrateTo('0023_exchange_rate_pins')
    expect(down.error).toBeUndefined()
    await expect(handle.db.selectFrom('promo_codes').selectAll().execute()).rejects.toThrow()
    await expect(
      handle.db.selectFrom('bookings').select('discount_minor').execute(),
    ).rejects.toThrow()
    const up = await migrator.migrateToLatest()
    expect(up.error).toBeUndefined()
    expect(await handle.db.selectFrom('promo_codes').selectAll().execute()).toEqual([])
  })
})
