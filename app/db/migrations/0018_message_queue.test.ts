import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Migrator, sql } from 'kysely'
import { migrateToLatest, migrations, type DatabaseHandle } from '~/db/connect.server'
import { storageBackends } from '../../../tests/support/database-backends'

/**
 * Migration 0018 on a database whose e-mail queue holds messages: every row
 * moves to the one message queue as an e-mail, in the language of its
 * booking (English for the company's own), keeping its state; the old table
 * goes. Going back keeps the e-mails.
 */
describe.each(storageBackends())('migration 0018 on $name', (backend) => {
  let handle: DatabaseHandle

  const migrateTo = async (last: string) => {
    const upTo = Object.fromEntries(Object.entries(migrations).filter(([name]) => name <= last))
    const migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => upTo } })
    return migrator
  }

  beforeAll(async () => {
    handle = await backend.open()
    const { error } = await (await migrateTo('0017_pickup_address')).migrateToLatest()
    if (error) throw error
    await sql`insert into bookings
        (id, reference, status, language, trip_date, trip_time, pickup_text, destination_text,
         pickup_place_id, destination_place_id, distance_km, distance_source, vehicle_class,
         pricing_rule, base_cents, extra_km, extra_km_cents, vehicle_cents, extras_cents,
         total_cents, currency, rate, rates_date, total_minor, quote_expires_at, created_at,
         updated_at, confirmed_at)
      values ('B0018', 'MC-MOVED1', 'confirmed', 'tr', '2026-11-25', '10:00', 'SAW', 'Şile',
         2, 1033, 60, 'builtin', 'LUXMNVN', 'airport', 12900, 0, 0, 12900, 0, 12900, 'EUR', '1',
         '2026-11-20', 12900, '2026-11-20T08:00:00Z', '2026-11-20T08:00:00Z',
         '2026-11-20T08:00:00Z', '2026-11-20T08:01:00Z')`.execute(handle.db)
    for (const [key, booking, status, sentAt] of [
      ['reminder:B0018', 'B0018', 'sent', '2026-11-24T15:00:00.000Z'],
      ['cancel:B0018', 'B0018', 'failed', null],
      ['ops:other', null, 'pending', null],
    ] as const) {
      await sql`insert into outgoing_mail (dedupe_key, kind, booking_id, recipient, reply_to,
          subject, text_body, html_body, attachments_json, status, attempts, claimed_until,
          sent_at, created_at)
        values (${key}, 'traveller.reminder', ${booking}, 'ayse@example.com', null, 'Yarın',
          'Metin', '<p>Metin</p>', null, ${status}, 1, null, ${sentAt},
          '2026-11-24T14:00:00.000Z')`.execute(handle.db)
    }
    await migrateToLatest(handle.db)
  })
  afterAll(async () => {
    await handle.db.destroy()
    await backend.close()
  })

  it('moves every queued e-mail to the message queue, with its language and state', async () => {
    const rows = await handle.db
      .selectFrom('outgoing_messages')
      .select(['dedupe_key', 'channel', 'language', 'reference', 'status', 'subject', 'sent_at'])
      .orderBy('id')
      .execute()
    expect(rows).toEqual([
      {
        dedupe_key: 'reminder:B0018',
        channel: 'email',
        language: 'tr',
        reference: 'MC-MOVED1',
        status: 'sent',
        subject: 'Yarın',
        sent_at: '2026-11-24T15:00:00.000Z',
      },
      {
        dedupe_key: 'cancel:B0018',
        channel: 'email',
        language: 'tr',
        reference: 'MC-MOVED1',
        status: 'failed',
        subject: 'Yarın',
        sent_at: null,
      },
      {
        dedupe_key: 'ops:other',
        channel: 'email',
        language: 'en',
        reference: null,
        status: 'pending',
        subject: 'Yarın',
        sent_at: null,
      },
    ])
  })

  it('goes back to the e-mail queue with its e-mails', async () => {
    // Every migration known (later ones ran too), back to the one before this.
    const migrator = await migrateTo('9999')
    const { error } = await migrator.migrateTo('0017_pickup_address')
    expect(error).toBeUndefined()
    const { rows } = await sql<{
      dedupe_key: string
      status: string
    }>`select dedupe_key, status from outgoing_mail order by id`.execute(handle.db)
    expect(rows).toEqual([
      { dedupe_key: 'reminder:B0018', status: 'sent' },
      { dedupe_key: 'cancel:B0018', status: 'failed' },
      { dedupe_key: 'ops:other', status: 'pending' },
    ])
    await migrateToLatest(handle.db)
  })
})
