import type { Kysely } from 'kysely'
import { addColumns, dropColumns, type NullableColumns } from './column-types'

/**
 * The flight a ride to an airport is taken to catch: its ident as the
 * traveller gave it, the departure the provider scheduled when it was given
 * (or last announced), and when the evening-before check asked about it
 * again. Null for rides not to an airport, and when no flight was given.
 */
const departureColumns: NullableColumns = [
  ['departure_flight', 16],
  ['departure_scheduled_at', 32],
  ['departure_checked_at', 32],
]

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await addColumns(db, 'bookings', departureColumns)
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function down(db: Kysely<any>): Promise<void> {
  await dropColumns(db, 'bookings', departureColumns)
}
