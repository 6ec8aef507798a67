import { sql, type Kysely } from 'kysely'
import { autoIdType } from './column-types'

/**
 * Promo codes. `promo_codes` holds each code staff made (stored upper-case,
 * unique) with its rules; `uses` counts the bookings holding or having paid
 * with it, raised only by a conditional UPDATE under the code's lock, so it
 * never passes `max_uses`. `promo_redemptions` ties one use to one booking
 * and the traveller's e-mail (lower-cased), with the discount in the
 * booking's currency: `held` from Book Now, `paid` once the booking is
 * paid, `released` when the booking expired or was cancelled unpaid (the
 * use is given back). A partial unique index keeps one live use per booking.
 *
 * The booking carries the code the traveller applied and its discount, so
 * every page and the payment read the amount from the booking alone.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('promo_codes')
    .addColumn('id', autoIdType(db), (column) => column.primaryKey())
    .addColumn('code', 'varchar(32)', (column) => column.notNull().unique())
    // percent | fixed
    .addColumn('kind', 'varchar(16)', (column) => column.notNull())
    .addColumn('percent', 'integer')
    .addColumn('amount_cents', 'integer')
    // Istanbul calendar dates (YYYY-MM-DD), both inclusive; null: no bound.
    .addColumn('valid_from', 'varchar(10)')
    .addColumn('valid_until', 'varchar(10)')
    .addColumn('max_uses', 'integer')
    .addColumn('max_uses_per_email', 'integer')
    // Comma-separated lists; null: any.
    .addColumn('vehicle_classes', 'varchar(64)')
    .addColumn('ride_kinds', 'varchar(100)')
    .addColumn('min_amount_cents', 'integer')
    .addColumn('first_ride_only', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('active', 'integer', (column) => column.notNull().defaultTo(1))
    .addColumn('uses', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('created_by', 'integer', (column) =>
      column.references('staff_accounts.id').onDelete('set null'),
    )
    .addColumn('created_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('updated_by', 'integer', (column) =>
      column.references('staff_accounts.id').onDelete('set null'),
    )
    .addColumn('updated_at', 'varchar(32)', (column) => column.notNull())
    .execute()

  await db.schema
    .createTable('promo_redemptions')
    .addColumn('id', autoIdType(db), (column) => column.primaryKey())
    .addColumn('promo_code_id', 'integer', (column) =>
      column.notNull().references('promo_codes.id').onDelete('cascade'),
    )
    .addColumn('booking_id', 'varchar(32)', (column) =>
      column.notNull().references('bookings.id').onDelete('cascade'),
    )
    .addColumn('email', 'varchar(254)', (column) => column.notNull())
    .addColumn('discount_minor', 'integer', (column) => column.notNull())
    .addColumn('currency', 'varchar(3)', (column) => column.notNull())
    // held → paid | released
    .addColumn('status', 'varchar(16)', (column) => column.notNull())
    .addColumn('created_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('released_at', 'varchar(32)')
    .execute()
  await db.schema
    .createIndex('promo_redemptions_code_email')
    .on('promo_redemptions')
    .columns(['promo_code_id', 'email'])
    .execute()
  await sql`
    create unique index promo_redemptions_one_live
    on promo_redemptions (booking_id)
    where status in ('held', 'paid')`.execute(db)

  await db.schema.alterTable('bookings').addColumn('promo_code', 'varchar(32)').execute()
  await db.schema
    .alterTable('bookings')
    .addColumn('discount_minor', 'integer', (column) => column.notNull().defaultTo(0))
    .execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bookings').dropColumn('discount_minor').execute()
  await db.schema.alterTable('bookings').dropColumn('promo_code').execute()
  await db.schema.dropTable('promo_redemptions').execute()
  await db.schema.dropTable('promo_codes').execute()
}
