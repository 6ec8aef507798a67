import type { Kysely } from 'kysely'
import { autoIdType } from './column-types'

/**
 * Exchange rates pinned by an admin: for one currency (never the euro, the
 * price list's own), a rate in units per euro (a decimal string, as a
 * booking's `rate`), in force from `created_at` until `expires_at` unless it
 * is ended sooner (`removed_at`, by `removed_by`). Rows are never deleted, so
 * the pins a booking may have been quoted at stay on record; a pin replaced
 * by a newer one is ended at that moment.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('exchange_rate_pins')
    .addColumn('id', autoIdType(db), (column) => column.primaryKey())
    .addColumn('currency', 'varchar(3)', (column) => column.notNull())
    .addColumn('rate', 'varchar(24)', (column) => column.notNull())
    .addColumn('expires_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('pinned_by', 'integer', (column) => column.notNull().references('staff_accounts.id'))
    .addColumn('created_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('removed_at', 'varchar(32)')
    .addColumn('removed_by', 'integer', (column) => column.references('staff_accounts.id'))
    .execute()
  // Every instance reads the open pins once a minute; the history page reads the newest first.
  await db.schema
    .createIndex('exchange_rate_pins_open')
    .on('exchange_rate_pins')
    .columns(['removed_at', 'expires_at'])
    .execute()
  await db.schema
    .createIndex('exchange_rate_pins_created')
    .on('exchange_rate_pins')
    .column('created_at')
    .execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('exchange_rate_pins').execute()
}
