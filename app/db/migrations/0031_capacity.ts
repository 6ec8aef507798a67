import { type Kysely } from 'kysely'
import { autoIdType } from './column-types'

/**
 * What limits sales (docs/capacity.md):
 * - `capacity_settings`: one row (id 1) of the company's rules: whether the
 *   fleet's cars limit sales, the buffers around each ride in minutes, which
 *   classes' cars may drive another class's rides (JSON: class → classes) and
 *   the caps per class and day or hour (JSON: class → { perDay, perHour }).
 *   Book Now locks this row, so two checks for the last car run one after the
 *   other on every instance;
 * - `closed_periods`: instants between which nothing is sold, with the reason
 *   travellers read, in English and Turkish;
 * - `vehicle_blocks`: a car out of service from one instant to another;
 * - an index of bookings by pickup day, which every check reads.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('capacity_settings')
    .addColumn('id', 'integer', (column) => column.primaryKey())
    .addColumn('fleet_limited', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('buffer_before_minutes', 'integer', (column) => column.notNull().defaultTo(30))
    .addColumn('buffer_after_minutes', 'integer', (column) => column.notNull().defaultTo(15))
    .addColumn('upgrades_json', 'varchar(1000)', (column) => column.notNull().defaultTo('{}'))
    .addColumn('caps_json', 'varchar(1000)', (column) => column.notNull().defaultTo('{}'))
    .addColumn('updated_by', 'integer', (column) =>
      column.references('staff_accounts.id').onDelete('set null'),
    )
    .addColumn('updated_at', 'varchar(32)', (column) => column.notNull())
    .execute()
  await db
    .insertInto('capacity_settings')
    .values({ id: 1, updated_at: new Date().toISOString() })
    .execute()

  await db.schema
    .createTable('closed_periods')
    .addColumn('id', autoIdType(db), (column) => column.primaryKey())
    .addColumn('starts_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('ends_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('reason_en', 'varchar(200)', (column) => column.notNull())
    .addColumn('reason_tr', 'varchar(200)', (column) => column.notNull())
    .addColumn('created_by', 'integer', (column) =>
      column.references('staff_accounts.id').onDelete('set null'),
    )
    .addColumn('created_at', 'varchar(32)', (column) => column.notNull())
    .execute()

  await db.schema
    .createTable('vehicle_blocks')
    .addColumn('id', autoIdType(db), (column) => column.primaryKey())
    .addColumn('vehicle_id', 'integer', (column) =>
      column.notNull().references('vehicles.id').onDelete('cascade'),
    )
    .addColumn('starts_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('ends_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('note', 'varchar(200)', (column) => column.notNull())
    .addColumn('created_by', 'integer', (column) =>
      column.references('staff_accounts.id').onDelete('set null'),
    )
    .addColumn('created_at', 'varchar(32)', (column) => column.notNull())
    .execute()
  await db.schema
    .createIndex('vehicle_blocks_vehicle')
    .on('vehicle_blocks')
    .column('vehicle_id')
    .execute()

  // The rides around a pickup are read by their day at every vehicle step and Book Now.
  await db.schema.createIndex('bookings_trip_date').on('bookings').column('trip_date').execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('bookings_trip_date').execute()
  await db.schema.dropTable('vehicle_blocks').execute()
  await db.schema.dropTable('closed_periods').execute()
  await db.schema.dropTable('capacity_settings').execute()
}
