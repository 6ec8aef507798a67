import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Migrator, sql } from 'kysely'
import { migrateToLatest, migrations, type DatabaseHandle } from '~/db/connect.server'
import { createStaffAccount } from '~/staff/accounts.server'
import { storageBackends } from '../../../tests/support/database-backends'

const now = new Date('2026-11-20T08:00:00Z')

/**
 * Migration 0013 on a database that already holds staff's audit entries and
 * refunds (a site upgraded in place): every entry stays, as staff's; every
 * refund keeps who asked for it; and from then on the audit record holds the
 * traveller's entries, each with its actor and account kept together.
 */
describe.each(storageBackends())('migration 0013 on $name', (backend) => {
  let handle: DatabaseHandle
  let staffId: number
  let bookingId: string

  beforeAll(async () => {
    handle = await backend.open()
    const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '0013'))
    const migrator = new Migrator({
      db: handle.db,
      provider: { getMigrations: async () => before },
    })
    const { error } = await migrator.migrateToLatest()
    if (error) throw error
    staffId = (
      await createStaffAccount(
        handle,
        {
          email: 'selin@example.com',
          name: 'Selin',
          role: 'dispatcher',
          password: 'a-long-password-1',
        },
        now,
      )
    ).id
    // A booking as the schema before 0013 holds it (later migrations add columns the app writes).
    bookingId = 'B0013migrationTest0001'
    const at = now.toISOString()
    await sql`insert into bookings
        (id, reference, status, language, trip_date, trip_time, pickup_text, destination_text,
         pickup_place_id, destination_place_id, distance_km, distance_source, vehicle_class,
         pricing_rule, base_cents, extra_km, extra_km_cents, vehicle_cents, extras_cents,
         total_cents, currency, rate, rates_date, total_minor, quote_expires_at, created_at, updated_at)
      values (${bookingId}, 'MC-MGR013', 'confirmed', 'en', '2026-11-25', '10:00', 'SAW', 'Şile',
         2, 1033, 60, 'builtin', 'LUXMNVN', 'airport', 12900, 0, 0, 12900, 0, 12900, 'EUR', '1',
         '2026-11-20', 12900, ${at}, ${at}, ${at})`.execute(handle.db)
    await sql`insert into staff_audit (account_id, action, booking_id, subject, before_json, after_json, created_at)
      values (${staffId}, 'booking.assigned', ${bookingId}, null, null, '{"driver":"Ali"}', ${now.toISOString()})`.execute(
      handle.db,
    )
    const attempt = await sql<{ id: number }>`insert into payment_attempts
        (booking_id, provider, token, payment_page_url, amount_minor, currency, payment_option, status, payment_id, refund_status, error_code, error_group, created_at, expires_at, finished_at)
      values (${bookingId}, 'simulator', 't1', null, 1000, 'EUR', 'fullCard', 'succeeded', 'p1', null, null, null, ${now.toISOString()}, ${now.toISOString()}, null)
      returning id`.execute(handle.db)
    const attemptId = attempt.rows[0]!.id
    for (const requestedBy of [staffId, null]) {
      await sql`insert into payment_refunds
          (attempt_id, booking_id, provider, amount_minor, currency, status, provider_refund_id, error_code, error_message, requested_by, created_at, finished_at)
        values (${attemptId}, ${bookingId}, 'simulator', 1000, 'EUR', 'failed', null, 'X', null, ${requestedBy}, ${now.toISOString()}, ${now.toISOString()})`.execute(
        handle.db,
      )
    }
    await migrateToLatest(handle.db)
  })
  afterAll(async () => {
    await handle.db.destroy()
    await backend.close()
  })

  it('keeps the audit entries as staff’s and says who asked for each refund', async () => {
    const entries = await handle.db
      .selectFrom('staff_audit')
      .select(['actor', 'account_id', 'action', 'after_json'])
      .execute()
    expect(entries).toEqual([
      {
        actor: 'staff',
        account_id: staffId,
        action: 'booking.assigned',
        after_json: '{"driver":"Ali"}',
      },
    ])
    const refunds = await handle.db
      .selectFrom('payment_refunds')
      .select(['requested_by', 'requester'])
      .orderBy('id')
      .execute()
    expect(refunds).toEqual([
      { requested_by: staffId, requester: 'staff' },
      { requested_by: null, requester: 'job' },
    ])
  })

  it('holds the traveller’s entries without an account, and refuses a mixed-up actor', async () => {
    const insert = (actor: 'staff' | 'traveller', accountId: number | null) =>
      handle.db
        .insertInto('staff_audit')
        .values({
          actor,
          account_id: accountId,
          action: 'booking.details_changed',
          booking_id: bookingId,
          subject: null,
          before_json: null,
          after_json: null,
          created_at: now.toISOString(),
        })
        .execute()
    await insert('traveller', null)
    await expect(insert('traveller', staffId)).rejects.toThrow()
    await expect(insert('staff', null)).rejects.toThrow()
    const travellers = await handle.db
      .selectFrom('staff_audit')
      .select('id')
      .where('actor', '=', 'traveller')
      .execute()
    expect(travellers).toHaveLength(1)
  })

  it('goes back to the old shape, staff’s entries kept, and forward again', async () => {
    const migrator = new Migrator({
      db: handle.db,
      provider: { getMigrations: async () => migrations },
    })
    // Back to the schema before 0013 (the later migrations come down first).
    const down = await migrator.migrateTo('0012_staff_second_factor')
    expect(down.error).toBeUndefined()
    expect(down.results?.map((result) => result.migrationName)).toContain('0013_traveller_actions')
    const kept = await sql<{ account_id: number }>`select account_id from staff_audit`.execute(
      handle.db,
    )
    // The traveller's entry of the test above has no account: the old shape cannot hold it.
    expect(kept.rows).toEqual([{ account_id: staffId }])
    await migrateToLatest(handle.db)
    const again = await handle.db.selectFrom('staff_audit').select(['actor']).execute()
    expect(again).toEqual([{ actor: 'staff' }])
  })
})
