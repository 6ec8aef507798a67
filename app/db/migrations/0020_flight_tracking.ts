import type { Kysely } from 'kysely'
import { autoIdType } from './column-types'

/**
 * Flights followed for airport pickups. `flight_checks` holds, per booking,
 * what the provider last said of its flight (status, the three arrival times,
 * terminal and gate), when to ask next, the run of failed asks, and what the
 * people concerned were already told: the estimate last announced as a delay,
 * and when a cancellation or diversion was announced. Told once per change,
 * whatever the number of runs or instances.
 *
 * `flight_check_history` keeps one row per change of status or of the
 * expected arrival, not per ask, so staff can read how the flight moved.
 * Times are ISO 8601 strings in UTC, like every other table.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('flight_checks')
    .addColumn('booking_id', 'varchar(64)', (column) => column.primaryKey())
    .addColumn('ident', 'varchar(16)', (column) => column.notNull())
    .addColumn('destination', 'varchar(8)', (column) => column.notNull())
    .addColumn('status', 'varchar(16)', (column) => column.notNull())
    .addColumn('provider_flight_id', 'varchar(80)')
    .addColumn('scheduled_arrival', 'varchar(32)')
    .addColumn('estimated_arrival', 'varchar(32)')
    .addColumn('actual_arrival', 'varchar(32)')
    .addColumn('terminal', 'varchar(16)')
    .addColumn('gate', 'varchar(16)')
    .addColumn('checked_at', 'varchar(32)')
    .addColumn('next_check_at', 'varchar(32)')
    .addColumn('failures', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('last_problem', 'varchar(40)')
    .addColumn('notified_delay_arrival', 'varchar(32)')
    .addColumn('notified_cancelled_at', 'varchar(32)')
    .addColumn('notified_diverted_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('updated_at', 'varchar(32)', (column) => column.notNull())
    .execute()
  await db.schema
    .createIndex('flight_checks_due')
    .on('flight_checks')
    .column('next_check_at')
    .execute()
  await db.schema
    .createTable('flight_check_history')
    .addColumn('id', autoIdType(db), (column) => column.primaryKey())
    .addColumn('booking_id', 'varchar(64)', (column) => column.notNull())
    .addColumn('status', 'varchar(16)', (column) => column.notNull())
    .addColumn('expected_arrival', 'varchar(32)')
    .addColumn('actual_arrival', 'varchar(32)')
    .addColumn('status_text', 'varchar(80)')
    .addColumn('checked_at', 'varchar(32)', (column) => column.notNull())
    .execute()
  await db.schema
    .createIndex('flight_check_history_booking')
    .on('flight_check_history')
    .column('booking_id')
    .execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('flight_check_history').execute()
  await db.schema.dropTable('flight_checks').execute()
}
