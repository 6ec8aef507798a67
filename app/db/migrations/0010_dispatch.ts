import type { Kysely } from 'kysely'
import { autoIdType } from './column-types'

/**
 * Dispatch: the company's drivers and vehicles as records, and which of them
 * drives each booking.
 * - `drivers`: a driver may be linked to one staff account of role driver
 *   (`staff_account_id`, unique), which is how they see their own jobs;
 * - `vehicles`: the plate is stored normalised (upper case, no spaces or
 *   dashes) and unique, so one car cannot be entered twice;
 * - `booking_assignments`: at most one row per booking (its key), updated on
 *   a change; removing the assignment empties driver and vehicle but keeps the
 *   row, so `version` only ever grows: a form sent from an older view is
 *   refused, and each assignment gets its own e-mail.
 * Records are deactivated, never deleted: past assignments and the audit log
 * keep pointing at them.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('drivers')
    .addColumn('id', autoIdType(db), (column) => column.primaryKey())
    .addColumn('name', 'varchar(100)', (column) => column.notNull())
    .addColumn('phone', 'varchar(40)', (column) => column.notNull())
    .addColumn('languages', 'varchar(100)', (column) => column.notNull())
    .addColumn('licence_number', 'varchar(40)', (column) => column.notNull())
    .addColumn('staff_account_id', 'integer', (column) =>
      column.unique().references('staff_accounts.id'),
    )
    .addColumn('active', 'integer', (column) => column.notNull().defaultTo(1))
    .addColumn('created_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('updated_at', 'varchar(32)', (column) => column.notNull())
    .execute()

  await db.schema
    .createTable('vehicles')
    .addColumn('id', autoIdType(db), (column) => column.primaryKey())
    .addColumn('class_code', 'varchar(16)', (column) => column.notNull())
    .addColumn('make_model', 'varchar(80)', (column) => column.notNull())
    .addColumn('plate', 'varchar(20)', (column) => column.notNull().unique())
    .addColumn('colour', 'varchar(40)')
    .addColumn('seats', 'integer', (column) => column.notNull())
    .addColumn('luggage', 'integer', (column) => column.notNull())
    .addColumn('active', 'integer', (column) => column.notNull().defaultTo(1))
    .addColumn('created_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('updated_at', 'varchar(32)', (column) => column.notNull())
    .execute()

  await db.schema
    .createTable('booking_assignments')
    .addColumn('booking_id', 'varchar(64)', (column) =>
      column.primaryKey().references('bookings.id').onDelete('cascade'),
    )
    .addColumn('driver_id', 'integer', (column) => column.references('drivers.id'))
    .addColumn('vehicle_id', 'integer', (column) => column.references('vehicles.id'))
    .addColumn('version', 'integer', (column) => column.notNull())
    .addColumn('assigned_by', 'integer', (column) =>
      column.notNull().references('staff_accounts.id'),
    )
    .addColumn('assigned_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('updated_at', 'varchar(32)', (column) => column.notNull())
    .execute()
  await db.schema
    .createIndex('booking_assignments_driver')
    .on('booking_assignments')
    .column('driver_id')
    .execute()
  await db.schema
    .createIndex('booking_assignments_vehicle')
    .on('booking_assignments')
    .column('vehicle_id')
    .execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('booking_assignments').execute()
  await db.schema.dropTable('vehicles').execute()
  await db.schema.dropTable('drivers').execute()
}
