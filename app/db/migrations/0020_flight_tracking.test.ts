import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Migrator } from 'kysely'
import { migrations, type DatabaseHandle } from '~/db/connect.server'
import { storageBackends } from '../../../tests/support/database-backends'

/**
 * Migration 0020 up and down: the two flight tables take a booking's latest
 * state and its history, one state row per booking, and go again cleanly.
 */
describe.each(storageBackends())('migration 0020 on $name', (backend) => {
  let handle: DatabaseHandle
  let migrator: Migrator

  beforeAll(async () => {
    handle = await backend.open()
    migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => migrations } })
    const { error } = await migrator.migrateToLatest()
    if (error) throw error
  })
  afterAll(async () => {
    await handle.db.destroy()
    await backend.close()
  })

  const state = {
    booking_id: 'B0020',
    ident: 'TK1984',
    destination: 'IST',
    status: 'scheduled' as const,
    provider_flight_id: null,
    scheduled_arrival: '2026-12-02T13:55:00.000Z',
    estimated_arrival: '2026-12-02T13:55:00.000Z',
    actual_arrival: null,
    terminal: '1',
    gate: null,
    checked_at: '2026-12-01T10:00:00.000Z',
    next_check_at: '2026-12-01T13:00:00.000Z',
    last_problem: null,
    notified_delay_arrival: null,
    notified_cancelled_at: null,
    notified_diverted_at: null,
    created_at: '2026-12-01T10:00:00.000Z',
    updated_at: '2026-12-01T10:00:00.000Z',
  }

  it('keeps one state per booking, with no failures to start with, and its history', async () => {
    await handle.db.insertInto('flight_checks').values(state).execute()
    await expect(handle.db.insertInto('flight_checks').values(state).execute()).rejects.toThrow()
    await handle.db
      .insertInto('flight_check_history')
      .values([
        { booking_id: 'B0020', status: 'scheduled', checked_at: state.checked_at },
        {
          booking_id: 'B0020',
          status: 'en_route',
          expected_arrival: '2026-12-02T15:25:00.000Z',
          status_text: 'En Route / Delayed',
          checked_at: '2026-12-02T10:00:00.000Z',
        },
      ])
      .execute()
    const stored = await handle.db.selectFrom('flight_checks').selectAll().executeTakeFirstOrThrow()
    expect(stored).toMatchObject({ ...state, failures: 0 })
    const history = await handle.db
      .selectFrom('flight_check_history')
      .select(['id', 'status'])
      .orderBy('id')
      .execute()
    expect(history.map((row) => row.status)).toEqual(['scheduled', 'en_route'])
  })

  it('goes down without a trace, and up again', async () => {
    // Back to the one before, whatever came after it.
    const down = await migrator.migrateTo('0019_pickup_code')
    expect(down.error).toBeUndefined()
    await expect(handle.db.selectFrom('flight_checks').selectAll().execute()).rejects.toThrow()
    const up = await migrator.migrateToLatest()
    expect(up.error).toBeUndefined()
    expect(await handle.db.selectFrom('flight_checks').selectAll().execute()).toEqual([])
  })
})
