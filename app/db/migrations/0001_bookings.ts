import { PostgresAdapter, type Kysely } from 'kysely'

/** An auto-numbered key: SQLite's integer primary key, PostgreSQL's identity column. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
function autoIdType(db: Kysely<any>) {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? ('serial' as const)
    : ('integer' as const)
}

/**
 * The first booking tables. Shipped migrations are never edited: a change is a
 * new file. Column types are the portable subset both dialects share.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('bookings')
    .addColumn('id', 'varchar(32)', (column) => column.primaryKey())
    .addColumn('reference', 'varchar(16)', (column) => column.notNull().unique())
    .addColumn('status', 'varchar(24)', (column) => column.notNull())
    .addColumn('language', 'varchar(8)', (column) => column.notNull())
    .addColumn('trip_date', 'varchar(10)', (column) => column.notNull())
    .addColumn('trip_time', 'varchar(5)', (column) => column.notNull())
    .addColumn('pickup_text', 'varchar(200)', (column) => column.notNull())
    .addColumn('destination_text', 'varchar(200)', (column) => column.notNull())
    .addColumn('pickup_place_id', 'integer', (column) => column.notNull())
    .addColumn('destination_place_id', 'integer', (column) => column.notNull())
    .addColumn('distance_km', 'integer', (column) => column.notNull())
    .addColumn('distance_source', 'varchar(16)', (column) => column.notNull())
    .addColumn('vehicle_class', 'varchar(8)', (column) => column.notNull())
    .addColumn('pricing_rule', 'varchar(24)', (column) => column.notNull())
    .addColumn('base_cents', 'integer', (column) => column.notNull())
    .addColumn('extra_km', 'integer', (column) => column.notNull())
    .addColumn('extra_km_cents', 'integer', (column) => column.notNull())
    .addColumn('peak', 'varchar(4)')
    .addColumn('vehicle_cents', 'integer', (column) => column.notNull())
    .addColumn('extras_cents', 'integer', (column) => column.notNull())
    .addColumn('total_cents', 'integer', (column) => column.notNull())
    .addColumn('currency', 'varchar(3)', (column) => column.notNull())
    .addColumn('rate', 'varchar(24)', (column) => column.notNull())
    .addColumn('rates_date', 'varchar(10)', (column) => column.notNull())
    .addColumn('total_minor', 'integer', (column) => column.notNull())
    .addColumn('quote_expires_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('created_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('updated_at', 'varchar(32)', (column) => column.notNull())
    .execute()
  await db.schema
    .createIndex('bookings_status_expiry')
    .on('bookings')
    .columns(['status', 'quote_expires_at'])
    .execute()

  await db.schema
    .createTable('booking_extras')
    .addColumn('id', autoIdType(db), (column) => column.primaryKey())
    .addColumn('booking_id', 'varchar(32)', (column) =>
      column.notNull().references('bookings.id').onDelete('cascade'),
    )
    .addColumn('code', 'varchar(24)', (column) => column.notNull())
    .addColumn('quantity', 'integer', (column) => column.notNull())
    .addColumn('unit_cents', 'integer', (column) => column.notNull())
    .addUniqueConstraint('booking_extras_booking_code', ['booking_id', 'code'])
    .execute()

  await db.schema
    .createTable('booking_passengers')
    .addColumn('id', autoIdType(db), (column) => column.primaryKey())
    .addColumn('booking_id', 'varchar(32)', (column) =>
      column.notNull().references('bookings.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (column) => column.notNull())
    .addColumn('first_name', 'varchar(100)', (column) => column.notNull())
    .addColumn('last_name', 'varchar(100)', (column) => column.notNull())
    .addUniqueConstraint('booking_passengers_booking_position', ['booking_id', 'position'])
    .execute()

  await db.schema
    .createTable('booking_events')
    .addColumn('id', autoIdType(db), (column) => column.primaryKey())
    .addColumn('booking_id', 'varchar(32)', (column) =>
      column.notNull().references('bookings.id').onDelete('cascade'),
    )
    .addColumn('from_status', 'varchar(24)')
    .addColumn('to_status', 'varchar(24)', (column) => column.notNull())
    .addColumn('note', 'varchar(500)')
    .addColumn('created_at', 'varchar(32)', (column) => column.notNull())
    .execute()
  await db.schema
    .createIndex('booking_events_booking')
    .on('booking_events')
    .column('booking_id')
    .execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['booking_events', 'booking_passengers', 'booking_extras', 'bookings']) {
    await db.schema.dropTable(table).execute()
  }
}
