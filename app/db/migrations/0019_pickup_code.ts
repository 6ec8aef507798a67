import { randomInt } from 'node:crypto'
import { sql, type Kysely } from 'kysely'

/**
 * Every ride's pickup code: the traveller says it when they meet, the
 * driver's page checks it before the ride may start, so a stranger holding up
 * a sign with the traveller's name cannot take them. A return ride shares its
 * trip's code (the traveller keeps one code for the trip). `pickup_code_misses`
 * counts wrong codes a driver entered; dispatch hears at the third.
 *
 * Bookings made before this get a code here, so a ride already booked is
 * checked like any other. The draw is written out here, not imported: a
 * migration keeps doing what it did when the code around it changes.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bookings').addColumn('pickup_code', 'varchar(8)').execute()
  await db.schema
    .alterTable('bookings')
    .addColumn('pickup_code_misses', 'integer', (column) => column.notNull().defaultTo(0))
    .execute()
  const rows: { id: string }[] = await db
    .selectFrom('bookings')
    .select('id')
    .where('outbound_booking_id', 'is', null)
    .execute()
  for (const row of rows) {
    await db
      .updateTable('bookings')
      .set({ pickup_code: String(randomInt(10_000)).padStart(4, '0') })
      .where('id', '=', row.id)
      .execute()
  }
  await sql`
    update bookings set pickup_code = (
      select outbound.pickup_code from bookings outbound
      where outbound.id = bookings.outbound_booking_id)
    where outbound_booking_id is not null`.execute(db)
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bookings').dropColumn('pickup_code_misses').execute()
  await db.schema.alterTable('bookings').dropColumn('pickup_code').execute()
}
