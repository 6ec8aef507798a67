import type { Kysely } from 'kysely'
import { addColumns, autoIdType, dropColumns, type NullableColumns } from './column-types'

/**
 * What each driver is owed (docs/settlements.md). On `drivers`, their pay
 * rule: `pay_rule` ('per_ride' | 'per_hour' | 'share') and `pay_amount`
 * (kuruş per ride or per hour; a share's percent of each ride's price), both
 * null until dispatch sets them. `driver_settlements`: a period of a driver's
 * rides marked settled by an admin, once (unique on driver and period), with
 * the figures as they were agreed, kept as JSON so later changes to the rides
 * do not move them.
 */
const payColumns: NullableColumns = [
  ['pay_rule', 16],
  ['pay_amount', 'integer'],
]

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await addColumns(db, 'drivers', payColumns)
  await db.schema
    .createTable('driver_settlements')
    .addColumn('id', autoIdType(db), (column) => column.primaryKey())
    .addColumn('driver_id', 'integer', (column) =>
      column.notNull().references('drivers.id').onDelete('cascade'),
    )
    .addColumn('period_from', 'varchar(10)', (column) => column.notNull())
    .addColumn('period_to', 'varchar(10)', (column) => column.notNull())
    .addColumn('figures', 'text', (column) => column.notNull())
    .addColumn('settled_by', 'integer', (column) =>
      column.references('staff_accounts.id').onDelete('set null'),
    )
    .addColumn('settled_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('created_at', 'varchar(32)', (column) => column.notNull())
    .execute()
  await db.schema
    .createIndex('driver_settlements_period')
    .on('driver_settlements')
    .columns(['driver_id', 'period_from', 'period_to'])
    .unique()
    .execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('driver_settlements').execute()
  await dropColumns(db, 'drivers', payColumns)
}
