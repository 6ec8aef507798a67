import { sql, type Kysely } from 'kysely'
import { autoIdType } from './column-types'

/**
 * Jobs offered to drivers (docs/dispatch.md, "Offering a job"):
 * - `drivers.offer_channel`: how a driver hears of an offer ('sms',
 *   'whatsapp' or 'email', to their staff account's address);
 * - `drivers.usual_vehicle_id`: the car they drive, which an accepted offer
 *   assigns with them;
 * - `job_offers`: one row per driver a ride was offered to. It is `open` until
 *   the driver accepts or declines, until another driver's acceptance (or a
 *   dispatcher's assignment) makes it `taken`, until a dispatcher withdraws it,
 *   or until its `expires_at` passes (`expired`). Two partial unique indexes
 *   settle the races in the database itself: one accepted offer per booking,
 *   one open offer per booking and driver;
 * - `dispatch_settings`: one row (id 1): the minutes a driver has to answer,
 *   and whether new rides are offered automatically.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('drivers')
    .addColumn('offer_channel', 'varchar(16)', (column) => column.notNull().defaultTo('sms'))
    .execute()
  await db.schema
    .alterTable('drivers')
    .addColumn('usual_vehicle_id', 'integer', (column) =>
      column.references('vehicles.id').onDelete('set null'),
    )
    .execute()

  await db.schema
    .createTable('job_offers')
    .addColumn('id', autoIdType(db), (column) => column.primaryKey())
    .addColumn('booking_id', 'varchar(32)', (column) =>
      column.notNull().references('bookings.id').onDelete('cascade'),
    )
    .addColumn('driver_id', 'integer', (column) =>
      column.notNull().references('drivers.id').onDelete('cascade'),
    )
    .addColumn('vehicle_id', 'integer', (column) =>
      column.notNull().references('vehicles.id').onDelete('cascade'),
    )
    // What the driver is paid for the ride, in kuruş; null when the company did not say.
    .addColumn('pay_minor', 'integer')
    .addColumn('status', 'varchar(16)', (column) => column.notNull())
    // Null: offered by the automatic mode.
    .addColumn('offered_by', 'integer', (column) =>
      column.references('staff_accounts.id').onDelete('set null'),
    )
    .addColumn('offered_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('expires_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('answered_at', 'varchar(32)')
    .addCheckConstraint(
      'job_offers_status',
      sql`status in ('open', 'accepted', 'declined', 'taken', 'expired', 'withdrawn')`,
    )
    .execute()
  await db.schema
    .createIndex('job_offers_one_accepted')
    .on('job_offers')
    .column('booking_id')
    .unique()
    .where(sql.ref('status'), '=', 'accepted')
    .execute()
  await db.schema
    .createIndex('job_offers_one_open')
    .on('job_offers')
    .columns(['booking_id', 'driver_id'])
    .unique()
    .where(sql.ref('status'), '=', 'open')
    .execute()
  await db.schema
    .createIndex('job_offers_driver')
    .on('job_offers')
    .columns(['driver_id', 'status'])
    .execute()
  await db.schema
    .createIndex('job_offers_open_expiry')
    .on('job_offers')
    .columns(['status', 'expires_at'])
    .execute()

  await db.schema
    .createTable('dispatch_settings')
    .addColumn('id', 'integer', (column) => column.primaryKey())
    .addColumn('offer_minutes', 'integer', (column) => column.notNull())
    .addColumn('auto_offer', 'integer', (column) => column.notNull())
    .addColumn('updated_by', 'integer', (column) =>
      column.references('staff_accounts.id').onDelete('set null'),
    )
    .addColumn('updated_at', 'varchar(32)')
    .addCheckConstraint('dispatch_settings_one_row', sql`id = 1`)
    .execute()
  await db
    .insertInto('dispatch_settings')
    .values({ id: 1, offer_minutes: 15, auto_offer: 0, updated_by: null, updated_at: null })
    .execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('dispatch_settings').execute()
  await db.schema.dropTable('job_offers').execute()
  await db.schema.alterTable('drivers').dropColumn('usual_vehicle_id').execute()
  await db.schema.alterTable('drivers').dropColumn('offer_channel').execute()
}
