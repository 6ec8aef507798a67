import { sql, type Kysely } from 'kysely'
import { addColumns, dropColumns, type NullableColumns } from './column-types'

/**
 * One live payment attempt per booking, enforced by the database: an attempt
 * is claimed ('starting') before the provider is called and stays live while
 * its page is open ('initialized'). Every successful attempt keeps its own
 * payment id, so a second charge on a paid booking is recorded and flagged for
 * refund instead of overwriting the first.
 */
const attemptColumns: NullableColumns = [
  ['payment_id', 64],
  // null, or 'due' when this attempt charged a booking another attempt had paid.
  ['refund_status', 16],
]

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await addColumns(db, 'payment_attempts', attemptColumns)
  // Stores written before this rule may hold several open pages for one booking:
  // the newest stays live, the older ones end (reconciliation still settles them
  // by token if the traveller paid one).
  await sql`
    update payment_attempts set status = 'expired'
    where status = 'initialized'
      and id not in (
        select max(id) from payment_attempts where status = 'initialized' group by booking_id
      )`.execute(db)
  await sql`
    create unique index payment_attempts_one_live
    on payment_attempts (booking_id)
    where status in ('starting', 'initialized')`.execute(db)
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index payment_attempts_one_live`.execute(db)
  await dropColumns(db, 'payment_attempts', attemptColumns)
}
