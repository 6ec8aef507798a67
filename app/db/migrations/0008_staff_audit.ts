import type { Kysely } from 'kysely'
import { autoIdType } from './column-types'

/**
 * The audit log of staff actions: who did what, when, to which booking (or
 * which other record: a driver, a vehicle, an account), with the values before
 * and after as JSON text. Rows are only ever added; nothing updates or deletes
 * them, so the log stays the record of what happened.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('staff_audit')
    .addColumn('id', autoIdType(db), (column) => column.primaryKey())
    .addColumn('account_id', 'integer', (column) =>
      column.notNull().references('staff_accounts.id'),
    )
    .addColumn('action', 'varchar(40)', (column) => column.notNull())
    .addColumn('booking_id', 'varchar(64)')
    .addColumn('subject', 'varchar(80)')
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .addColumn('created_at', 'varchar(32)', (column) => column.notNull())
    .execute()
  await db.schema
    .createIndex('staff_audit_booking')
    .on('staff_audit')
    .column('booking_id')
    .execute()
  await db.schema
    .createIndex('staff_audit_created')
    .on('staff_audit')
    .column('created_at')
    .execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('staff_audit').execute()
}
