import type { Kysely } from 'kysely'
import { places } from '~/domain/places/gazetteer'
import { addColumns, dropColumns, type NullableColumns } from './column-types'

/**
 * A trip there and back asks its return ride's pickup like any pickup: the
 * exact address in town, or the flight landing before a pickup at an
 * airport. Held on the outbound until the trip is paid and split in two.
 */
const returnPickupColumns: NullableColumns = [
  ['return_pickup_address', 200],
  ['return_flight_number', 16],
]

/** Bookings not yet split in two, whose return might still be paid. */
const unpaid = ['draft', 'awaiting_payment', 'payment_failed']

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await addColumns(db, 'bookings', returnPickupColumns)
  // Before, the one flight typed went with the return when only the return
  // started at an airport (a ride to the airport and back): carried over, so a
  // trip paid after this change keeps it.
  const airports = places.filter((place) => place.kind === 'airport').map((place) => place.id)
  await db
    .updateTable('bookings')
    .set((eb) => ({ return_flight_number: eb.ref('flight_number') }))
    .where('status', 'in', unpaid)
    .where('return_date', 'is not', null)
    .where('flight_number', 'is not', null)
    .where('destination_place_id', 'in', airports)
    .where('pickup_place_id', 'not in', airports)
    .execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function down(db: Kysely<any>): Promise<void> {
  await dropColumns(db, 'bookings', returnPickupColumns)
}
