import type { Kysely } from 'kysely'
import { addColumns, autoIdType, dropColumns, type NullableColumns } from './column-types'

/**
 * Leases and limits shared by every instance on one database:
 * - each e-mail send claims its row until a moment (`mail_claimed_until`): a
 *   send whose lease ran out may be retried, one still within it is left alone;
 * - `job_leases`: which instance runs a periodic job (SQLite; PostgreSQL uses
 *   advisory locks);
 * - `rate_limit_events`: one row per counted action of a client (the keyed
 *   hash of its address), for limits that hold across instances.
 */
const claimColumns: NullableColumns = [['mail_claimed_until', 32]]

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await addColumns(db, 'contact_messages', claimColumns)
  await addColumns(db, 'bookings', claimColumns)

  await db.schema
    .createTable('job_leases')
    .addColumn('name', 'varchar(64)', (column) => column.primaryKey())
    .addColumn('holder', 'varchar(32)', (column) => column.notNull())
    .addColumn('expires_at', 'varchar(32)', (column) => column.notNull())
    .execute()

  await db.schema
    .createTable('rate_limit_events')
    .addColumn('id', autoIdType(db), (column) => column.primaryKey())
    .addColumn('rule', 'varchar(32)', (column) => column.notNull())
    .addColumn('client_hash', 'varchar(64)', (column) => column.notNull())
    .addColumn('created_at', 'varchar(32)', (column) => column.notNull())
    .execute()
  await db.schema
    .createIndex('rate_limit_events_client')
    .on('rate_limit_events')
    .columns(['rule', 'client_hash', 'created_at'])
    .execute()
  await db.schema
    .createIndex('rate_limit_events_age')
    .on('rate_limit_events')
    .column('created_at')
    .execute()

  // The retention purge looks for old unpaid bookings by status and age.
  await db.schema
    .createIndex('bookings_status_updated')
    .on('bookings')
    .columns(['status', 'updated_at'])
    .execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('bookings_status_updated').execute()
  await db.schema.dropTable('rate_limit_events').execute()
  await db.schema.dropTable('job_leases').execute()
  await dropColumns(db, 'bookings', claimColumns)
  await dropColumns(db, 'contact_messages', claimColumns)
}
