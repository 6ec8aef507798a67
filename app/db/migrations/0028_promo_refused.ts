import type { Kysely } from 'kysely'
import { addColumns, dropColumns, type NullableColumns } from './column-types'

/**
 * Why Book Now took a booking's promo code off, kept until the traveller has
 * seen it: the answer to a double press on another instance must still say
 * it, rather than start a payment at the full price unannounced.
 */
const refusalColumns: NullableColumns = [['promo_refused', 32]]

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await addColumns(db, 'bookings', refusalColumns)
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function down(db: Kysely<any>): Promise<void> {
  await dropColumns(db, 'bookings', refusalColumns)
}
