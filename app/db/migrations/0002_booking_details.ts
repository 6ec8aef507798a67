import type { Kysely } from 'kysely'
import { addColumns, autoIdType, dropColumns, type NullableColumns } from './column-types'

/**
 * What the traveller enters on the extras, passenger and payment steps, the
 * idempotency key of 'Select', and the contact form's messages.
 */
const bookingColumns: NullableColumns = [
  ['selection_key', 64],
  ['extras_done_at', 32],
  ['first_name', 100],
  ['last_name', 100],
  ['email', 254],
  ['phone', 40],
  ['passenger_count', 'integer'],
  ['luggage_count', 'integer'],
  ['notes', 1000],
  ['flight_number', 16],
  ['sign_name', 100],
  ['passenger_done_at', 32],
  ['billing_first_name', 100],
  ['billing_last_name', 100],
  ['billing_company', 200],
  ['billing_address', 500],
  ['billing_country', 100],
  ['billing_city', 100],
  ['billing_zipcode', 20],
  ['payment_option', 16],
  ['terms_accepted_at', 32],
]

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await addColumns(db, 'bookings', bookingColumns)
  // NULLs never collide, so only drafts started from a vehicle page carry a key.
  await db.schema
    .createIndex('bookings_selection_key')
    .on('bookings')
    .column('selection_key')
    .unique()
    .execute()

  await db.schema
    .createTable('contact_messages')
    .addColumn('id', autoIdType(db), (column) => column.primaryKey())
    .addColumn('full_name', 'varchar(100)', (column) => column.notNull())
    .addColumn('email', 'varchar(254)', (column) => column.notNull())
    .addColumn('subject', 'varchar(200)', (column) => column.notNull())
    .addColumn('message', 'varchar(5000)', (column) => column.notNull())
    .addColumn('language', 'varchar(8)', (column) => column.notNull())
    // A keyed hash of the sender's address: enough to rate-limit, nothing to identify.
    .addColumn('sender_hash', 'varchar(64)', (column) => column.notNull())
    .addColumn('mail_status', 'varchar(16)', (column) => column.notNull())
    .addColumn('created_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('mailed_at', 'varchar(32)')
    .execute()
  await db.schema
    .createIndex('contact_messages_sender_time')
    .on('contact_messages')
    .columns(['sender_hash', 'created_at'])
    .execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('contact_messages').execute()
  await db.schema.dropIndex('bookings_selection_key').execute()
  await dropColumns(db, 'bookings', bookingColumns)
}
