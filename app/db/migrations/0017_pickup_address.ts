import type { Kysely } from 'kysely'
import { addColumns, dropColumns, type NullableColumns } from './column-types'

/**
 * The exact address or hotel of a pickup that is not an airport, as the
 * traveller gave it on the passenger step: the searched place ('Taksim') only
 * says which district the ride is priced as. Null for an airport pickup and
 * for bookings made before this. 200 characters, as the search's own places.
 */
const addressColumns: NullableColumns = [['pickup_address', 200]]

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await addColumns(db, 'bookings', addressColumns)
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function down(db: Kysely<any>): Promise<void> {
  await dropColumns(db, 'bookings', addressColumns)
}
