import type { Updateable } from 'kysely'
import { sharesPosition } from '~/domain/dispatch/car-position'
import type { BookingRow, BookingsTable, NewBooking } from '~/db/schema'
import type { Executor } from '~/db/executor'
import { assertTransition, type BookingStatus, type TransitionRule } from '~/domain/booking/status'
import { returnRideColumns } from './return-ride'
import { quantitiesOf } from '~/domain/booking/extras'
import { newBookingId, newPickupCode, newReference } from './identifiers.server'
import { afterCommit, lockedRead } from '~/db/write.server'
import { countBookingStatus } from '~/utils/metrics.server'
import { keepPromoUse, releasePromoUse } from './promo-uses.server'

/**
 * The one owner of a booking's row: the only code that inserts a booking,
 * changes its status or writes its event log. Every writer (the booking steps,
 * payment confirmation and failure, completion, the expiry jobs, and staff
 * actions to come) locks the row, then changes it here, inside one write
 * transaction (`writeTransaction`). tests/unit/booking-store.test.ts keeps it so.
 */

// A connection or an open transaction, re-exported for the booking's storage helpers.
export type { Executor } from '~/db/executor'

/** Any change to a booking's columns except its status, which only changeStatus writes. */
export type BookingChanges = Omit<Updateable<BookingsTable>, 'id' | 'status' | 'updated_at'>

/**
 * Reads a booking for a change, its row locked until the transaction ends
 * (`lockedRead`): another change of the same booking waits for this one.
 */
export async function lockBooking(trx: Executor, id: string): Promise<BookingRow | undefined> {
  return lockedRead(
    trx,
    trx.selectFrom('bookings').selectAll().where('id', '=', id),
  ).executeTakeFirst()
}

async function writeEvent(
  trx: Executor,
  bookingId: string,
  from: BookingStatus | null,
  to: BookingStatus,
  at: string,
  note: string | undefined,
) {
  await trx
    .insertInto('booking_events')
    .values({
      booking_id: bookingId,
      from_status: from,
      to_status: to,
      note: note ?? null,
      created_at: at,
    })
    .execute()
  // Every status a booking enters is written here, also the first (from null).
  if (from !== to) afterCommit(trx, () => countBookingStatus(to))
}

/** Stores a new booking as a draft, with its first event. */
export async function insertDraft(
  trx: Executor,
  row: Omit<NewBooking, 'status'>,
  at: string,
): Promise<void> {
  await trx
    .insertInto('bookings')
    .values({ pickup_code: newPickupCode(), ...row, status: 'draft' })
    .execute()
  await writeEvent(trx, row.id, null, 'draft', at, undefined)
}

export interface StatusChange {
  at: string
  /** Why, for the event log (a provider, a reason, a count). */
  note?: string
  /** A named exception to the ordinary transitions (see the domain's status table). */
  rule?: TransitionRule
  /** Columns that change together with the status (payment id, timestamps…). */
  values?: BookingChanges
}

/**
 * Moves a locked booking to `to` if the transition table allows it (throws
 * TransitionError otherwise), with the columns that go with it and its event.
 * Returns the row as it now is.
 */
export async function changeStatus(
  trx: Executor,
  booking: BookingRow,
  to: BookingStatus,
  { at, note, rule, values = {} }: StatusChange,
): Promise<BookingRow> {
  assertTransition(booking.status, to, rule)
  const changes = { ...values, status: to, updated_at: at }
  await trx.updateTable('bookings').set(changes).where('id', '=', booking.id).execute()
  await writeEvent(trx, booking.id, booking.status, to, at, note)
  const changed = { ...booking, ...changes } as BookingRow
  // A promo code's use goes with the payment: given back when the booking ends
  // unpaid, kept once it is paid (docs/pricing.md, "Promo codes").
  if (to === 'expired' || (to === 'cancelled' && changed.paid_minor === null)) {
    await releasePromoUse(trx, booking.id, at)
  }
  if (to === 'confirmed') await keepPromoUse(trx, booking.id)
  // Paying a trip there and back makes its return a booking of its own, in the
  // same transaction, whichever path confirmed the payment.
  if (to === 'confirmed' && changed.return_date) await insertReturnRide(trx, changed, at)
  // The car's position is kept only while the ride is on the way or arrived.
  if (sharesPosition(booking.status) && !sharesPosition(to)) {
    await trx.deleteFrom('ride_positions').where('booking_id', '=', booking.id).execute()
  }
  return changed
}

/**
 * A new public reference no booking has yet. 29^6 values make a clash rare;
 * after five clashes in a row the draw is kept and the unique index decides.
 */
export async function unusedReference(executor: Executor): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const reference = newReference()
    const taken = await executor
      .selectFrom('bookings')
      .select('id')
      .where('reference', '=', reference)
      .executeTakeFirst()
    if (!taken || attempt >= 5) return reference
  }
}

/**
 * The return ride of a paid trip there and back, as its own confirmed
 * booking linked to the outbound (`outbound_booking_id`): staff dispatch it,
 * its driver marks it and it is cancelled on its own. Its price, extras and
 * share of the payment come from the outbound's snapshot (see
 * domain/booking/return-ride.ts). Made once: a second confirmation finds it.
 */
async function insertReturnRide(trx: Executor, outbound: BookingRow, at: string) {
  const existing = await trx
    .selectFrom('bookings')
    .select('id')
    .where('outbound_booking_id', '=', outbound.id)
    .executeTakeFirst()
  if (existing) return
  const extras = await trx
    .selectFrom('booking_extras')
    .select(['code', 'quantity', 'unit_cents'])
    .where('booking_id', '=', outbound.id)
    .execute()
  const id = newBookingId()
  const reference = await unusedReference(trx)
  const quantities = quantitiesOf(extras)
  await trx
    .insertInto('bookings')
    .values({
      ...returnRideColumns(outbound, quantities, at),
      id,
      reference,
      status: 'confirmed',
    })
    .execute()
  if (extras.length) {
    await trx
      .insertInto('booking_extras')
      .values(extras.map((extra) => ({ ...extra, booking_id: id })))
      .execute()
  }
  await writeEvent(trx, id, null, 'confirmed', at, `return ride of ${outbound.reference}`)
}

/** Changes a locked booking's other columns; its status stays as it is. */
export async function updateBooking(
  trx: Executor,
  booking: BookingRow,
  values: BookingChanges,
  at: string,
): Promise<BookingRow> {
  // The type already excludes it; this also stops a value built without types.
  if ('status' in values) throw new TypeError('a booking’s status changes through changeStatus')
  const changes = { ...values, updated_at: at }
  await trx.updateTable('bookings').set(changes).where('id', '=', booking.id).execute()
  return { ...booking, ...changes } as BookingRow
}

/** Writes an event that changes no status (a new price, a second charge flagged for refund). */
export async function noteEvent(trx: Executor, booking: BookingRow, note: string, at: string) {
  await writeEvent(trx, booking.id, booking.status, booking.status, at, note)
}
