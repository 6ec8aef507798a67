import type { Kysely } from 'kysely'
import { addColumns, autoIdType, dropColumns, type NullableColumns } from './column-types'

/**
 * Payment: each attempt to pay a booking (a token from the provider), the
 * result on the booking, the confirmation e-mail's state, and the built-in
 * payment simulator's own sessions (kept in the database, so any instance
 * behind the load balancer can answer the hosted page and the retrieve call).
 */
const bookingColumns: NullableColumns = [
  ['payment_id', 64],
  ['paid_minor', 'integer'],
  ['confirmed_at', 32],
  ['completed_at', 32],
  ['mail_status', 16],
  ['mail_attempts', 'integer'],
  ['mailed_at', 32],
]

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await addColumns(db, 'bookings', bookingColumns)

  await db.schema
    .createTable('payment_attempts')
    .addColumn('id', autoIdType(db), (column) => column.primaryKey())
    .addColumn('booking_id', 'varchar(32)', (column) =>
      column.notNull().references('bookings.id').onDelete('cascade'),
    )
    .addColumn('provider', 'varchar(16)', (column) => column.notNull())
    .addColumn('token', 'varchar(200)', (column) => column.unique())
    .addColumn('payment_page_url', 'varchar(1000)')
    .addColumn('amount_minor', 'integer', (column) => column.notNull())
    .addColumn('currency', 'varchar(3)', (column) => column.notNull())
    .addColumn('payment_option', 'varchar(16)', (column) => column.notNull())
    // initialized → succeeded | failed | expired
    .addColumn('status', 'varchar(16)', (column) => column.notNull())
    .addColumn('error_code', 'varchar(32)')
    .addColumn('error_group', 'varchar(64)')
    .addColumn('created_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('expires_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('finished_at', 'varchar(32)')
    .execute()
  await db.schema
    .createIndex('payment_attempts_status_expiry')
    .on('payment_attempts')
    .columns(['status', 'expires_at'])
    .execute()
  await db.schema
    .createIndex('payment_attempts_booking')
    .on('payment_attempts')
    .column('booking_id')
    .execute()

  await db.schema
    .createTable('simulator_sessions')
    .addColumn('token', 'varchar(64)', (column) => column.primaryKey())
    .addColumn('conversation_id', 'varchar(64)', (column) => column.notNull())
    .addColumn('basket_id', 'varchar(64)', (column) => column.notNull())
    .addColumn('price', 'varchar(24)', (column) => column.notNull())
    .addColumn('paid_price', 'varchar(24)', (column) => column.notNull())
    .addColumn('currency', 'varchar(3)', (column) => column.notNull())
    .addColumn('callback_url', 'varchar(1000)', (column) => column.notNull())
    .addColumn('locale', 'varchar(2)', (column) => column.notNull())
    .addColumn('buyer_name', 'varchar(200)', (column) => column.notNull())
    // pending → success | failure
    .addColumn('outcome', 'varchar(16)', (column) => column.notNull())
    .addColumn('payment_id', 'varchar(64)')
    .addColumn('error_code', 'varchar(32)')
    .addColumn('error_message', 'varchar(200)')
    .addColumn('error_group', 'varchar(64)')
    .addColumn('created_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('expires_at', 'varchar(32)', (column) => column.notNull())
    .execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('simulator_sessions').execute()
  await db.schema.dropTable('payment_attempts').execute()
  await dropColumns(db, 'bookings', bookingColumns)
}
