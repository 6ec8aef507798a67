import type { Kysely } from 'kysely'
import { addColumns, dropColumns, type NullableColumns } from './column-types'

/**
 * When a booking lost its personal fields (its traveller deleted their
 * account, or its records outlived the ten years the books are kept), and
 * when the invoice fields kept for those ten years were removed too. A
 * payment landing on an erased booking is refunded, never confirmed.
 */
const erasureColumns: NullableColumns = [
  ['personal_data_erased_at', 32],
  ['invoice_fields_removed_at', 32],
]

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await addColumns(db, 'bookings', erasureColumns)
  // Bookings erased before this column: the audit log names each one.
  await db
    .updateTable('bookings')
    .set((eb) => ({
      personal_data_erased_at: eb
        .selectFrom('staff_audit')
        .select((inner) => inner.fn.min('staff_audit.created_at').as('at'))
        .whereRef('staff_audit.booking_id', '=', 'bookings.id')
        .where('staff_audit.action', '=', 'booking.personal_data_erased'),
    }))
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('staff_audit')
          .select('staff_audit.id')
          .whereRef('staff_audit.booking_id', '=', 'bookings.id')
          .where('staff_audit.action', '=', 'booking.personal_data_erased'),
      ),
    )
    .execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function down(db: Kysely<any>): Promise<void> {
  await dropColumns(db, 'bookings', erasureColumns)
}
