import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Migrator, sql } from 'kysely'
import { migrations, type DatabaseHandle } from '~/db/connect.server'
import { storageBackends } from '../../../tests/support/database-backends'

/**
 * Migration 0023 up and down: the pins table keeps who pinned and who ended
 * each pin (staff accounts that exist), and goes again cleanly.
 */
describe.each(storageBackends())('migration 0023 on $name', (backend) => {
  let handle: DatabaseHandle
  let migrator: Migrator

  beforeAll(async () => {
    handle = await backend.open()
    migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => migrations } })
    const { error } = await migrator.migrateToLatest()
    if (error) throw error
    await sql`insert into staff_accounts (email, name, role, password_hash, created_at, updated_at)
      values ('pins@example.com', 'Ayşe Kaya', 'admin', 'x', '2026-11-27T08:00:00Z',
        '2026-11-27T08:00:00Z')`.execute(handle.db)
  })
  afterAll(async () => {
    await handle.db.destroy()
    await backend.close()
  })

  const pin = {
    currency: 'TRY' as const,
    rate: '51.25',
    expires_at: '2026-11-28T15:00:00.000Z',
    pinned_by: 1,
    created_at: '2026-11-27T08:00:00.000Z',
  }

  it('stores a pin open until it is ended, by accounts that exist', async () => {
    const { id } = await handle.db
      .insertInto('exchange_rate_pins')
      .values(pin)
      .returning('id')
      .executeTakeFirstOrThrow()
    expect(await handle.db.selectFrom('exchange_rate_pins').selectAll().executeTakeFirst()).toEqual(
      { ...pin, id, removed_at: null, removed_by: null },
    )
    await handle.db
      .updateTable('exchange_rate_pins')
      .set({ removed_at: '2026-11-27T09:00:00.000Z', removed_by: 1 })
      .where('id', '=', id)
      .execute()
    await expect(
      handle.db
        .insertInto('exchange_rate_pins')
        .values({ ...pin, pinned_by: 999 })
        .execute(),
    ).rejects.toThrow()
  })

  it('goes down without a trace, and up again', async () => {
    // Back to the one before, whichever it is once parallel branches are merged.
    const names = Object.keys(migrations).sort()
    const before = names[names.indexOf('0023_exchange_rate_pins') - 1]!
    const down = await migrator.migrateTo(before)
    expect(down.error).toBeUndefined()
    await expect(handle.db.selectFrom('exchange_rate_pins').selectAll().execute()).rejects.toThrow()
    const up = await migrator.migrateToLatest()
    expect(up.error).toBeUndefined()
    expect(await handle.db.selectFrom('exchange_rate_pins').selectAll().execute()).toEqual([])
  })
})
