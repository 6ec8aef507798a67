import type { Kysely } from 'kysely'
import { autoIdType } from './column-types'

/**
 * `ride_tips`: money a traveller gave their driver (docs/reviews.md). A card
 * tip is its own small payment through the provider's hosted page (pending →
 * paid | failed, then refunded by staff if need be); a cash tip is what the
 * driver reports they were handed (paid from the start). The driver is copied
 * from the ride when the tip is given, as the review does.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('ride_tips')
    .addColumn('id', autoIdType(db), (column) => column.primaryKey())
    .addColumn('booking_id', 'varchar(32)', (column) =>
      column.notNull().references('bookings.id').onDelete('cascade'),
    )
    .addColumn('driver_id', 'integer', (column) =>
      column.references('drivers.id').onDelete('set null'),
    )
    .addColumn('method', 'varchar(8)', (column) => column.notNull())
    .addColumn('amount_minor', 'integer', (column) => column.notNull())
    .addColumn('currency', 'varchar(3)', (column) => column.notNull())
    .addColumn('status', 'varchar(16)', (column) => column.notNull())
    .addColumn('provider', 'varchar(16)')
    .addColumn('token', 'varchar(128)', (column) => column.unique())
    .addColumn('payment_id', 'varchar(64)')
    .addColumn('error_code', 'varchar(64)')
    .addColumn('reported_by', 'integer', (column) =>
      column.references('staff_accounts.id').onDelete('set null'),
    )
    .addColumn('paid_at', 'varchar(32)')
    .addColumn('refund_id', 'varchar(64)')
    .addColumn('refunded_at', 'varchar(32)')
    .addColumn('refunded_by', 'integer', (column) =>
      column.references('staff_accounts.id').onDelete('set null'),
    )
    .addColumn('refund_error', 'varchar(200)')
    .addColumn('created_at', 'varchar(32)', (column) => column.notNull())
    .execute()
  await db.schema.createIndex('ride_tips_booking').on('ride_tips').column('booking_id').execute()
  await db.schema
    .createIndex('ride_tips_driver_paid')
    .on('ride_tips')
    .columns(['driver_id', 'paid_at'])
    .execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('ride_tips').execute()
}
