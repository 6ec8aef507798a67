import type { Kysely } from 'kysely'

/**
 * Where the car of a ride under way is (docs/dispatch.md, "The car on a
 * map"): one row per ride, the driver's latest position only, written while
 * the ride is on the way or arrived and deleted when it ends. No trail is
 * kept: the traveller and dispatch need where the car is now, nothing more.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('ride_positions')
    .addColumn('booking_id', 'varchar(32)', (column) =>
      column.primaryKey().references('bookings.id').onDelete('cascade'),
    )
    .addColumn('driver_id', 'integer', (column) =>
      column.notNull().references('drivers.id').onDelete('cascade'),
    )
    .addColumn('lat', 'double precision', (column) => column.notNull())
    .addColumn('lng', 'double precision', (column) => column.notNull())
    // Metres, as the phone reports it; null for a place the driver named.
    .addColumn('accuracy_m', 'integer')
    // 'device' (the phone's own position) or 'place' (a place typed without JavaScript).
    .addColumn('source', 'varchar(8)', (column) => column.notNull())
    .addColumn('recorded_at', 'varchar(32)', (column) => column.notNull())
    .execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('ride_positions').execute()
}
