import type { DatabaseHandle } from '~/db/connect.server'
import type { BookingRow } from '~/db/schema'
import type { Executor } from '~/db/executor'
import { lockedRead, writeTransaction } from '~/db/write.server'
import { recordAction } from '~/audit/audit.server'
import { updateBooking } from '~/booking/booking-store.server'
import { travellerActor, type AuditValues } from '~/domain/staff/audit-actions'
import type { BookingStatus } from '~/domain/booking/status'
import { bookingPickupInstant } from '~/domain/trip-search'
import { logger } from '~/utils/logger.server'
import { bookingsWithEmail, sameEmail } from './traveller-bookings.server'
import { provedAddressOf } from './account-proof'
import {
  erasedBookingFields,
  erasedBookingValues,
  erasedPromoEmail,
  erasedRecipient,
} from './personal-fields'

/**
 * "Delete my account" (KVKK art. 7: erasure once the purpose is gone). In one
 * transaction: the account goes (its sign-ins and e-mailed links with it, by
 * the foreign keys' cascade), and every booking made with its e-mail loses
 * its personal fields (personal-fields.ts lists which, and which stay for the
 * books). A ride still to come refuses the whole deletion: its driver needs
 * the phone, the flight and the names until it is over. The audit log keeps
 * one entry per booking erased, naming the fields and no value.
 *
 * An account whose address was never proved deletes only itself: nothing
 * held under the address is its own (account-proof.ts), so no booking is
 * erased, and no ride to come is named or stands in the way.
 */
export type DeleteAccountResult =
  | { kind: 'deleted'; erasedBookings: number }
  | { kind: 'ride-to-come'; reference: string; date: string; time: string }
  | { kind: 'not-found' }

/** Statuses whose ride may still happen: the car is on its way, or is booked (or being paid). */
const standing: readonly BookingStatus[] = ['awaiting_payment', 'confirmed']
const underWay: readonly BookingStatus[] = ['on_the_way', 'arrived', 'on_board']

/**
 * How long after its pickup a booked ride counts as over: long enough for a
 * hire by the hour or a delayed flight, after which the driver has marked it
 * or staff handle it without the traveller's details.
 */
const RIDE_OVER_AFTER_MS = 24 * 60 * 60 * 1000

/** Whether a booking's ride is still to come (or under way) at `now`. */
export function rideToCome(
  booking: Pick<BookingRow, 'status' | 'trip_date' | 'trip_time'>,
  now: Date,
) {
  if (underWay.includes(booking.status)) return true
  if (!standing.includes(booking.status)) return false
  return bookingPickupInstant(booking).getTime() + RIDE_OVER_AFTER_MS > now.getTime()
}

export async function deleteTravellerAccount(
  handle: DatabaseHandle,
  accountId: number,
  now: Date,
): Promise<DeleteAccountResult> {
  const result = await writeTransaction(handle, async (trx): Promise<DeleteAccountResult> => {
    // Locked: a link proving the address, opened meanwhile, waits and finds the account gone.
    const account = await lockedRead(
      trx,
      trx.selectFrom('traveller_accounts').selectAll().where('id', '=', accountId),
    ).executeTakeFirst()
    if (!account) return { kind: 'not-found' }
    const address = provedAddressOf(account)
    if (!address) return deleteAccountRow(trx, accountId, { bookings: 0, proved: false }, now)
    // Locked: a payment landing meanwhile waits, and is judged after.
    const bookings = await lockedRead(trx, bookingsWithEmail(trx, address)).execute()
    const toCome = bookings
      .filter((booking) => rideToCome(booking, now))
      .sort((a, b) => bookingPickupInstant(a).getTime() - bookingPickupInstant(b).getTime())[0]
    if (toCome) {
      return {
        kind: 'ride-to-come',
        reference: toCome.reference,
        date: toCome.trip_date,
        time: toCome.trip_time,
      }
    }
    for (const booking of bookings) {
      await erasePersonalData(trx, booking, now)
      await recordAction(
        trx,
        {
          actor: travellerActor,
          action: 'booking.personal_data_erased',
          bookingId: booking.id,
          after: { erased: Object.keys(erasedBookingFields).join(', ') },
        },
        now,
      )
    }
    await trx
      .deleteFrom('contact_messages')
      .where(...sameEmail(address))
      .execute()
    return deleteAccountRow(trx, accountId, { bookings: bookings.length, proved: true }, now)
  })
  if (result.kind === 'deleted') {
    logger.info('traveller.account_deleted', { accountId, erasedBookings: result.erasedBookings })
  }
  return result
}

/**
 * Deletes the account row (its sessions and links go by the foreign keys'
 * cascade) and audits it with how many bookings were erased.
 */
async function deleteAccountRow(
  trx: Executor,
  accountId: number,
  erased: { bookings: number; proved: boolean },
  now: Date,
): Promise<DeleteAccountResult> {
  await trx.deleteFrom('traveller_accounts').where('id', '=', accountId).execute()
  await recordAction(
    trx,
    {
      actor: travellerActor,
      action: 'traveller.account_deleted',
      subject: `traveller:${accountId}`,
      after: { bookings: erased.bookings, addressProved: erased.proved },
    },
    now,
  )
  return { kind: 'deleted', erasedBookings: erased.bookings }
}

/** Audit actions whose values are the traveller's own words or details. */
const auditActionsWithDetails = ['booking.details_changed', 'booking.message_sent']

/**
 * Erases one booking's personal fields and records (personal-fields.ts), and
 * marks it erased: a payment landing on it later is refunded, not confirmed.
 * The account's deletion and the end of the ten-year retention both use it.
 */
export async function erasePersonalData(trx: Executor, booking: BookingRow, now: Date) {
  const at = now.toISOString()
  await updateBooking(trx, booking, { ...erasedBookingValues(), personal_data_erased_at: at }, at)
  await trx.deleteFrom('booking_passengers').where('booking_id', '=', booking.id).execute()
  await trx.deleteFrom('flight_check_history').where('booking_id', '=', booking.id).execute()
  await trx.deleteFrom('flight_checks').where('booking_id', '=', booking.id).execute()
  // A message still waiting would go to no one: it is stopped as it is emptied.
  await trx
    .updateTable('outgoing_messages')
    .set({ status: 'stopped', claimed_until: null })
    .where('booking_id', '=', booking.id)
    .where('status', 'in', ['pending', 'sending'])
    .execute()
  await trx
    .updateTable('outgoing_messages')
    .set({
      recipient: erasedRecipient,
      subject: null,
      text_body: '',
      html_body: null,
      attachments_json: null,
      template_json: null,
    })
    .where('booking_id', '=', booking.id)
    .execute()
  await trx
    .updateTable('promo_redemptions')
    .set({ email: erasedPromoEmail })
    .where('booking_id', '=', booking.id)
    .execute()
  // The log of what the traveller or staff changed keeps which fields, not their values.
  const entries = await trx
    .selectFrom('staff_audit')
    .select(['id', 'before_json', 'after_json'])
    .where('booking_id', '=', booking.id)
    .where('action', 'in', auditActionsWithDetails)
    .execute()
  for (const entry of entries) {
    await trx
      .updateTable('staff_audit')
      .set({
        before_json: withoutValues(entry.before_json),
        after_json: withoutValues(entry.after_json),
      })
      .where('id', '=', entry.id)
      .execute()
  }
}

/** An audit entry's values with each value replaced by null: the field names stay. */
function withoutValues(json: string | null): string | null {
  if (json === null) return null
  const values = JSON.parse(json) as AuditValues
  return JSON.stringify(Object.fromEntries(Object.keys(values).map((name) => [name, null])))
}
