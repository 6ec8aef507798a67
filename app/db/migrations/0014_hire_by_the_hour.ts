import type { Kysely } from 'kysely'
import { addColumns, dropColumns, type NullableColumns } from './column-types'

/**
 * Hire by the hour beside the transfer: how the ride is sold (`ride_mode`,
 * 'transfer' for every booking before this), the hours hired and the
 * kilometres the traveller plans to drive beyond those included (null when
 * they gave none). An hourly booking keeps its pickup as its destination too:
 * the car is held for the hours and driven as directed within the served area.
 */
const hireColumns: NullableColumns = [
  ['hire_hours', 'integer'],
  ['planned_km', 'integer'],
]

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('bookings')
    .addColumn('ride_mode', 'varchar(16)', (column) => column.notNull().defaultTo('transfer'))
    .execute()
  await addColumns(db, 'bookings', hireColumns)
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function down(db: Kysely<any>): Promise<void> {
  await dropColumns(db, 'bookings', hireColumns)
  await db.schema.alterTable('bookings').dropColumn('ride_mode').execute()
}
