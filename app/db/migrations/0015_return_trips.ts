import { sql, type Kysely } from 'kysely'
import { addColumns, dropColumns, type NullableColumns } from './column-types'

/**
 * A trip there and back. Until it is paid, the booking (the outbound ride)
 * holds the return's pickup date and time and the return's own price
 * snapshot (`return_*`). When the payment confirms it, the return becomes a
 * booking of its own, its `outbound_booking_id` naming the first: staff
 * dispatch, drivers mark and travellers cancel each ride on its own.
 *
 * One payment then pays two bookings, and each ride cancelled gives back its
 * own share of it: a refund is unique per payment attempt AND booking (one
 * live refund per ride), where it used to be per attempt.
 */
const returnColumns: NullableColumns = [
  ['return_date', 10],
  ['return_time', 5],
  ['return_pricing_rule', 32],
  ['return_base_cents', 'integer'],
  ['return_extra_km_cents', 'integer'],
  ['return_peak', 64],
  ['return_vehicle_cents', 'integer'],
  ['outbound_booking_id', 32],
]

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await addColumns(db, 'bookings', returnColumns)
  await db.schema
    .createIndex('bookings_outbound')
    .on('bookings')
    .column('outbound_booking_id')
    .execute()
  await sql`drop index payment_refunds_one_live`.execute(db)
  await sql`
    create unique index payment_refunds_one_live
    on payment_refunds (attempt_id, booking_id)
    where status in ('requested', 'succeeded')`.execute(db)
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index payment_refunds_one_live`.execute(db)
  await sql`
    create unique index payment_refunds_one_live
    on payment_refunds (attempt_id)
    where status in ('requested', 'succeeded')`.execute(db)
  await db.schema.dropIndex('bookings_outbound').execute()
  await dropColumns(db, 'bookings', returnColumns)
}
