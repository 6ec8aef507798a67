import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Migrator, sql } from 'kysely'
import { migrateToLatest, migrations, type DatabaseHandle } from '~/db/connect.server'
import { storageBackends } from '../../../tests/support/database-backends'

const at = (minute: number) => `2026-11-20T08:${String(minute).padStart(2, '0')}:00.000Z`

/**
 * Migration 0016 on a database that already holds bookings whose passenger
 * names were given while that was a status (`completed`): each such booking
 * is confirmed again, or keeps the ride status it reached since, with the
 * names given as a fact (when: the event that completed it; by: the
 * traveller, the only one who could), and its event log reads as if names had
 * never been a status. A ride that ended keeps `finished`.
 */
describe.each(storageBackends())('migration 0016 on $name', (backend) => {
  let handle: DatabaseHandle

  /** A paid booking as the schema before 0016 holds it, with its event log. */
  async function oldBooking(
    reference: string,
    status: string,
    completedAt: string | null,
    events: [from: string | null, to: string, minute: number, note?: string][],
  ) {
    const id = `B0016${reference}`
    await sql`insert into bookings
        (id, reference, status, language, trip_date, trip_time, pickup_text, destination_text,
         pickup_place_id, destination_place_id, distance_km, distance_source, vehicle_class,
         pricing_rule, base_cents, extra_km, extra_km_cents, vehicle_cents, extras_cents,
         total_cents, currency, rate, rates_date, total_minor, quote_expires_at, created_at,
         updated_at, confirmed_at, completed_at)
      values (${id}, ${reference}, ${status}, 'en', '2026-11-25', '10:00', 'SAW', 'Şile',
         2, 1033, 60, 'builtin', 'LUXMNVN', 'airport', 12900, 0, 0, 12900, 0, 12900, 'EUR', '1',
         '2026-11-20', 12900, ${at(0)}, ${at(0)}, ${at(59)}, ${at(1)}, ${completedAt})`.execute(
      handle.db,
    )
    for (const [from, to, minute, note] of events) {
      await sql`insert into booking_events (booking_id, from_status, to_status, note, created_at)
        values (${id}, ${from}, ${to}, ${note ?? null}, ${at(minute)})`.execute(handle.db)
    }
    return id
  }

  const paid: [string | null, string, number][] = [
    [null, 'draft', 0],
    ['draft', 'awaiting_payment', 0],
    ['awaiting_payment', 'confirmed', 1],
  ]

  const bookingsNow = () =>
    handle.db
      .selectFrom('bookings')
      .select(['reference', 'status', 'names_given_at', 'names_given_by'])
      .orderBy('reference')
      .execute()

  const eventsOf = (reference: string) =>
    handle.db
      .selectFrom('booking_events')
      .innerJoin('bookings', 'bookings.id', 'booking_events.booking_id')
      .select(['from_status', 'to_status', 'note', 'booking_events.created_at'])
      .where('bookings.reference', '=', reference)
      .orderBy('booking_events.id')
      .execute()

  beforeAll(async () => {
    handle = await backend.open()
    const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '0016'))
    const migrator = new Migrator({
      db: handle.db,
      provider: { getMigrations: async () => before },
    })
    const { error } = await migrator.migrateToLatest()
    if (error) throw error
    // Names given, ride to come, the names corrected since (a note while completed).
    await oldBooking('MC-NAMED1', 'completed', at(5), [
      ...paid,
      ['confirmed', 'completed', 5, '2 passenger names'],
      ['completed', 'completed', 7, 'details changed by the traveller'],
    ])
    // Names given, then the driver set off: the ride status stays.
    await oldBooking('MC-NAMED2', 'on_the_way', at(6), [
      ...paid,
      ['confirmed', 'completed', 6, '1 passenger names'],
      ['completed', 'on_the_way', 30],
    ])
    // A completed row without its time in the column: the event log has it.
    await oldBooking('MC-NAMED3', 'completed', null, [
      ...paid,
      ['confirmed', 'completed', 9, '3 passenger names'],
    ])
    // No names given: nothing changes.
    await oldBooking('MC-PLAIN1', 'confirmed', null, paid)
    // A ride that ended, without names given: it stays finished.
    await oldBooking('MC-RIDDEN', 'finished', null, [
      ...paid,
      ['confirmed', 'on_the_way', 30],
      ['on_the_way', 'arrived', 40],
      ['arrived', 'on_board', 45],
      ['on_board', 'finished', 58],
    ])
    await migrateToLatest(handle.db)
  })
  afterAll(async () => {
    await handle.db.destroy()
    await backend.close()
  })

  it('confirms a completed booking again, with the names given as a fact from when they were', async () => {
    expect(await bookingsNow()).toEqual([
      {
        reference: 'MC-NAMED1',
        status: 'confirmed',
        names_given_at: at(5),
        names_given_by: 'traveller',
      },
      {
        reference: 'MC-NAMED2',
        status: 'on_the_way',
        names_given_at: at(6),
        names_given_by: 'traveller',
      },
      {
        reference: 'MC-NAMED3',
        status: 'confirmed',
        names_given_at: at(9),
        names_given_by: 'traveller',
      },
      { reference: 'MC-PLAIN1', status: 'confirmed', names_given_at: null, names_given_by: null },
      { reference: 'MC-RIDDEN', status: 'finished', names_given_at: null, names_given_by: null },
    ])
  })

  it('leaves no status completed in the event log: the names were a note, not a step', async () => {
    expect(await eventsOf('MC-NAMED1')).toEqual([
      { from_status: null, to_status: 'draft', note: null, created_at: at(0) },
      { from_status: 'draft', to_status: 'awaiting_payment', note: null, created_at: at(0) },
      { from_status: 'awaiting_payment', to_status: 'confirmed', note: null, created_at: at(1) },
      {
        from_status: 'confirmed',
        to_status: 'confirmed',
        note: '2 passenger names',
        created_at: at(5),
      },
      {
        from_status: 'confirmed',
        to_status: 'confirmed',
        note: 'details changed by the traveller',
        created_at: at(7),
      },
    ])
    expect((await eventsOf('MC-NAMED2')).slice(3)).toEqual([
      {
        from_status: 'confirmed',
        to_status: 'confirmed',
        note: '1 passenger names',
        created_at: at(6),
      },
      { from_status: 'confirmed', to_status: 'on_the_way', note: null, created_at: at(30) },
    ])
    const completed = await handle.db
      .selectFrom('booking_events')
      .select('id')
      .where((eb) =>
        eb.or([eb('from_status', '=', 'completed'), eb('to_status', '=', 'completed')]),
      )
      .execute()
    expect(completed).toEqual([])
  })

  it('goes back to the old shape and forward again to the same rows', async () => {
    const after = { bookings: await bookingsNow(), events: await eventsOf('MC-NAMED1') }
    const migrator = new Migrator({
      db: handle.db,
      provider: { getMigrations: async () => migrations },
    })
    const down = await migrator.migrateTo('0015_return_trips')
    expect(down.error).toBeUndefined()
    const old = await sql<{ reference: string; status: string; completed_at: string | null }>`
      select reference, status, completed_at from bookings order by reference`.execute(handle.db)
    expect(old.rows).toEqual([
      { reference: 'MC-NAMED1', status: 'completed', completed_at: at(5) },
      { reference: 'MC-NAMED2', status: 'on_the_way', completed_at: at(6) },
      { reference: 'MC-NAMED3', status: 'completed', completed_at: at(9) },
      { reference: 'MC-PLAIN1', status: 'confirmed', completed_at: null },
      { reference: 'MC-RIDDEN', status: 'finished', completed_at: null },
    ])
    const oldEvents = await sql<{ from_status: string | null; to_status: string }>`
      select from_status, to_status from booking_events
      where booking_id = 'B0016MC-NAMED1' order by id`.execute(handle.db)
    expect(oldEvents.rows.slice(3)).toEqual([
      { from_status: 'confirmed', to_status: 'completed' },
      { from_status: 'completed', to_status: 'completed' },
    ])
    await migrateToLatest(handle.db)
    expect({ bookings: await bookingsNow(), events: await eventsOf('MC-NAMED1') }).toEqual(after)
  })
})
