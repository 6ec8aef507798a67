import { sql, type Kysely } from 'kysely'
import { addColumns, dropColumns, type NullableColumns } from './column-types'

/**
 * The passengers' names given (Complete Reservation) become a fact about the
 * booking, when and by whom, instead of a status: `completed` had meant
 * "names given" while the ride's own end was `finished`, so a ride still to
 * come read "Completed" on the board. Every completion here was the
 * traveller's (the only one who could give the names).
 *
 * - `names_given_at` takes the time of the event that first completed the
 *   booking (the `completed_at` column otherwise, the last change at worst);
 *   `completed_at` goes.
 * - A booking still `completed` is `confirmed` again: the status it would
 *   have had. One that went on (under way, cancelled) keeps its status.
 * - The event log reads as if the names had always been a note: a change to
 *   or from `completed` becomes one to or from `confirmed`, so the ride
 *   timeline and the record's log never meet a status that no longer exists.
 */
const namesGivenColumns: NullableColumns = [
  ['names_given_at', 32],
  ['names_given_by', 16],
]

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await addColumns(db, 'bookings', namesGivenColumns)
  await sql`
    update bookings set
      names_given_at = coalesce(
        (select min(event.created_at) from booking_events event
          where event.booking_id = bookings.id
            and event.to_status = 'completed'
            and coalesce(event.from_status, '') <> 'completed'),
        completed_at,
        updated_at),
      names_given_by = 'traveller'
    where status = 'completed'
      or completed_at is not null
      or exists (select 1 from booking_events event
        where event.booking_id = bookings.id and event.to_status = 'completed')`.execute(db)
  await sql`update booking_events set to_status = 'confirmed' where to_status = 'completed'`.execute(
    db,
  )
  await sql`update booking_events set from_status = 'confirmed' where from_status = 'completed'`.execute(
    db,
  )
  await sql`update bookings set status = 'confirmed' where status = 'completed'`.execute(db)
  await db.schema.alterTable('bookings').dropColumn('completed_at').execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
export async function down(db: Kysely<any>): Promise<void> {
  await addColumns(db, 'bookings', [['completed_at', 32]])
  await sql`update bookings set completed_at = names_given_at`.execute(db)
  // From the names given on, the booking was `completed` in the old log: the
  // changes after that moment start from it, and the notes since (and the
  // names' own note) end in it.
  const namesGivenBefore = (comparison: '<' | '<=') => sql`exists (
    select 1 from bookings
    where bookings.id = booking_events.booking_id
      and bookings.names_given_at is not null
      and bookings.names_given_at ${sql.raw(comparison)} booking_events.created_at)`
  await sql`
    update booking_events set from_status = 'completed'
    where from_status = 'confirmed' and ${namesGivenBefore('<')}`.execute(db)
  await sql`
    update booking_events set to_status = 'completed'
    where to_status = 'confirmed'
      and from_status in ('confirmed', 'completed')
      and ${namesGivenBefore('<=')}`.execute(db)
  await sql`
    update bookings set status = 'completed'
    where status = 'confirmed' and names_given_at is not null`.execute(db)
  await dropColumns(db, 'bookings', namesGivenColumns)
}
