import type { DatabaseHandle } from './connect.server'

/**
 * A per-booking claim for work done outside any transaction (calling a
 * government or accounting service): the row is made if missing, then taken
 * by a guarded update of its `claimed_until`, so of two instances (or a run
 * and a button) only one holds it; a claim whose holder died lapses after
 * `minutes`. Used by the passenger-list filing and the e-invoicing.
 */
type ClaimedTable = 'uetds_filings' | 'e_invoices'

export async function claimBookingRow(
  handle: DatabaseHandle,
  table: ClaimedTable,
  bookingId: string,
  now: Date,
  minutes: number,
): Promise<boolean> {
  const at = now.toISOString()
  await handle.db
    .insertInto(table)
    .values({ booking_id: bookingId, created_at: at, updated_at: at })
    .onConflict((conflict) => conflict.column('booking_id').doNothing())
    .execute()
  const claimed = await handle.db
    .updateTable(table)
    .set({ claimed_until: new Date(now.getTime() + minutes * 60_000).toISOString() })
    .where('booking_id', '=', bookingId)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', at)]))
    .executeTakeFirst()
  return Number(claimed.numUpdatedRows) === 1
}

export async function releaseBookingRow(
  handle: DatabaseHandle,
  table: ClaimedTable,
  bookingId: string,
): Promise<void> {
  await handle.db
    .updateTable(table)
    .set({ claimed_until: null })
    .where('booking_id', '=', bookingId)
    .execute()
}
