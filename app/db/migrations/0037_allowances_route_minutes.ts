import { type Kysely } from 'kysely'
import { autoIdType } from './column-types'

/**
 * Two facts capacity counts with (docs/capacity.md):
 * - `capacity_allowances`: rides staff allow beyond what the fleet can drive,
 *   on purpose: for one class, so many more rides with a pickup between two
 *   instants, and why (a car hired from elsewhere, a customer who must be
 *   served). The board shows the rides sold on them as overbooked;
 * - `bookings.route_minutes`: the driving minutes the distance provider gave
 *   for the route when it knew them (null: the builtin estimate from the
 *   distance), so a ride holds its car for the route's real length.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('capacity_allowances')
    .addColumn('id', autoIdType(db), (column) => column.primaryKey())
    .addColumn('vehicle_class', 'varchar(16)', (column) => column.notNull())
    .addColumn('starts_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('ends_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('extra_rides', 'integer', (column) => column.notNull())
    .addColumn('reason', 'varchar(200)', (column) => column.notNull())
    .addColumn('created_by', 'integer', (column) =>
      column.references('staff_accounts.id').onDelete('set null'),
    )
    .addColumn('created_at', 'varchar(32)', (column) => column.notNull())
    .execute()
  await db.schema.alterTable('bookings').addColumn('route_minutes', 'integer').execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bookings').dropColumn('route_minutes').execute()
  await db.schema.dropTable('capacity_allowances').execute()
}
