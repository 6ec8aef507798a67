import { sql, type Kysely } from 'kysely'
import { autoIdType } from './column-types'

/**
 * A driver's working hours and time off (docs/dispatch.md, "Working hours and
 * time off"); a driver is assigned only rides inside them:
 * - `driver_hours`: the weekly hours, one row per stretch of a weekday
 *   (1 = Monday … 7 = Sunday), 'HH:MM' to 'HH:MM', the end after the start and
 *   at most '24:00'; several rows a day make a split shift. A driver without
 *   any row works any time (as before);
 * - `driver_time_off`: a day off, a holiday, an appointment, between two
 *   instants (ISO strings, the end excluded), with a short note.
 * Both go with their driver (drivers are never deleted, but a test may).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('driver_hours')
    .addColumn('id', autoIdType(db), (column) => column.primaryKey())
    .addColumn('driver_id', 'integer', (column) =>
      column.notNull().references('drivers.id').onDelete('cascade'),
    )
    .addColumn('weekday', 'integer', (column) => column.notNull())
    .addColumn('starts', 'varchar(5)', (column) => column.notNull())
    .addColumn('ends', 'varchar(5)', (column) => column.notNull())
    .addCheckConstraint('driver_hours_weekday', sql`weekday between 1 and 7`)
    // 'HH:MM' strings sort as the times they name ('24:00' last).
    .addCheckConstraint('driver_hours_span', sql`starts < ends`)
    .execute()
  await db.schema
    .createIndex('driver_hours_driver')
    .on('driver_hours')
    .column('driver_id')
    .execute()

  await db.schema
    .createTable('driver_time_off')
    .addColumn('id', autoIdType(db), (column) => column.primaryKey())
    .addColumn('driver_id', 'integer', (column) =>
      column.notNull().references('drivers.id').onDelete('cascade'),
    )
    .addColumn('starts_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('ends_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('note', 'varchar(200)', (column) => column.notNull().defaultTo(''))
    .addColumn('created_by', 'integer', (column) =>
      column.references('staff_accounts.id').onDelete('set null'),
    )
    .addColumn('created_at', 'varchar(32)', (column) => column.notNull())
    .execute()
  await db.schema
    .createIndex('driver_time_off_driver')
    .on('driver_time_off')
    .columns(['driver_id', 'ends_at'])
    .execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('driver_time_off').execute()
  await db.schema.dropTable('driver_hours').execute()
}
