import type { Kysely } from 'kysely'

/**
 * `ride_reviews`: what a traveller said about a finished ride (docs/reviews.md),
 * one row per ride: stars for the driver, the car and punctuality, a comment,
 * whether they let the site publish it, and staff's decision about it. The
 * driver and class are copied from the ride when it is reviewed, so a later
 * change of assignment does not move the review to another driver.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('ride_reviews')
    .addColumn('booking_id', 'varchar(32)', (column) =>
      column.primaryKey().references('bookings.id').onDelete('cascade'),
    )
    .addColumn('driver_id', 'integer', (column) =>
      column.references('drivers.id').onDelete('set null'),
    )
    .addColumn('vehicle_class', 'varchar(32)', (column) => column.notNull())
    .addColumn('driver_stars', 'integer', (column) => column.notNull())
    .addColumn('car_stars', 'integer', (column) => column.notNull())
    .addColumn('punctuality_stars', 'integer', (column) => column.notNull())
    .addColumn('comment', 'text')
    .addColumn('publish_consent', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('author_name', 'varchar(80)', (column) => column.notNull())
    .addColumn('language', 'varchar(8)', (column) => column.notNull())
    .addColumn('status', 'varchar(16)', (column) => column.notNull().defaultTo('new'))
    .addColumn('moderated_by', 'integer', (column) =>
      column.references('staff_accounts.id').onDelete('set null'),
    )
    .addColumn('moderated_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (column) => column.notNull())
    .execute()
  await db.schema
    .createIndex('ride_reviews_status_created')
    .on('ride_reviews')
    .columns(['status', 'created_at'])
    .execute()
  await db.schema
    .createIndex('ride_reviews_driver')
    .on('ride_reviews')
    .column('driver_id')
    .execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('ride_reviews').execute()
}
