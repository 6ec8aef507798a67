import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Migrator, sql } from 'kysely'
import { migrateToLatest, migrations, type DatabaseHandle } from '~/db/connect.server'
import { storageBackends } from '../../../tests/support/database-backends'

/**
 * Migration 0019 on a database with a trip there and back booked before it:
 * each booking gets four digits, the return ride its outbound's, and no
 * misses.
 */
describe.each(storageBackends())('migration 0019 on $name', (backend) => {
  let handle: DatabaseHandle

  beforeAll(async () => {
    handle = await backend.open()
    const upTo = Object.fromEntries(
      Object.entries(migrations).filter(([name]) => name <= '0018_message_queue'),
    )
    const migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => upTo } })
    const { error } = await migrator.migrateToLatest()
    if (error) throw error
    for (const [id, reference, outbound] of [
      ['B0019-OUT', 'MC-OUTB19', null],
      ['B0019-BACK', 'MC-BACK19', 'B0019-OUT'],
      ['B0019-ONE', 'MC-ONE019', null],
    ] as const) {
      await sql`insert into bookings
          (id, reference, status, language, trip_date, trip_time, pickup_text, destination_text,
           pickup_place_id, destination_place_id, distance_km, distance_source, vehicle_class,
           pricing_rule, base_cents, extra_km, extra_km_cents, vehicle_cents, extras_cents,
           total_cents, currency, rate, rates_date, total_minor, quote_expires_at, created_at,
           updated_at, confirmed_at, outbound_booking_id)
        values (${id}, ${reference}, 'confirmed', 'en', '2026-12-02', '10:00', 'SAW', 'Şile',
           2, 1033, 60, 'builtin', 'LUXMNVN', 'airport', 12900, 0, 0, 12900, 0, 12900, 'EUR',
           '1', '2026-11-20', 12900, '2026-11-20T08:00:00Z', '2026-11-20T08:00:00Z',
           '2026-11-20T08:00:00Z', '2026-11-20T08:01:00Z', ${outbound})`.execute(handle.db)
    }
    await migrateToLatest(handle.db)
  })
  afterAll(async () => {
    await handle.db.destroy()
    await backend.close()
  })

  it('gives every booking a code, a return ride its trip’s, and no misses', async () => {
    const rows = await handle.db
      .selectFrom('bookings')
      .select(['id', 'pickup_code', 'pickup_code_misses'])
      .where('id', 'like', 'B0019-%')
      .orderBy('id')
      .execute()
    const byId = Object.fromEntries(rows.map((row) => [row.id, row]))
    for (const row of rows) {
      expect(row.pickup_code).toMatch(/^\d{4}$/)
      expect(row.pickup_code_misses).toBe(0)
    }
    expect(byId['B0019-BACK']!.pickup_code).toBe(byId['B0019-OUT']!.pickup_code)
  })
})
