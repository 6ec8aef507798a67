import type { DatabaseHandle } from '~/db/connect.server'
import { writeTransaction } from '~/db/write.server'
import type { BookingStatus } from '~/domain/booking/status'

/**
 * Bookings that never got paid are deleted this many days after their last
 * change. The privacy policy states the same period (a test compares them).
 */
export const UNPAID_RETENTION_DAYS = 30

/** The statuses an unpaid booking can rest in; confirmed ones and their ride are paid. */
const unpaidStatuses: readonly BookingStatus[] = ['draft', 'expired', 'payment_failed', 'cancelled']

/** Deleted a batch at a time, so no single transaction holds the tables for long. */
const BATCH_SIZE = 200

export interface PurgeOptions {
  retentionDays?: number
  batchSize?: number
}

/**
 * Deletes the bookings that never got paid (drafts, expired bookings, failed
 * payments, cancelled bookings) with their extras, passengers, events and
 * payment attempts, once untouched for the retention period. A booking is kept
 * whenever anything says it was paid: a payment id, a paid amount, a
 * confirmation time or a payment attempt that succeeded (a refund may still be
 * due on it).
 */
export async function purgeUnpaidBookings(
  handle: DatabaseHandle,
  now: Date,
  { retentionDays = UNPAID_RETENTION_DAYS, batchSize = BATCH_SIZE }: PurgeOptions = {},
): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * 86_400_000).toISOString()
  let purged = 0
  for (;;) {
    const deleted = await writeTransaction(handle, async (trx) => {
      const ids = (
        await trx
          .selectFrom('bookings')
          .select('id')
          .where('status', 'in', unpaidStatuses)
          .where('updated_at', '<', cutoff)
          .where('payment_id', 'is', null)
          .where('paid_minor', 'is', null)
          .where('confirmed_at', 'is', null)
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('payment_attempts')
                  .select('payment_attempts.id')
                  .whereRef('payment_attempts.booking_id', '=', 'bookings.id')
                  .where((eb) =>
                    eb.or([
                      eb('payment_attempts.status', 'in', ['succeeded', 'starting', 'initialized']),
                      eb('payment_attempts.payment_id', 'is not', null),
                      eb('payment_attempts.refund_status', 'is not', null),
                    ]),
                  ),
              ),
            ),
          )
          .orderBy('updated_at')
          .limit(batchSize)
          .execute()
      ).map((row) => row.id)
      if (ids.length === 0) return 0
      // The foreign keys cascade too; deleting the children first says what goes.
      for (const table of [
        'booking_extras',
        'booking_passengers',
        'booking_events',
        'payment_attempts',
        // A promo code's use by a booking never paid: given back when it expired.
        'promo_redemptions',
      ] as const) {
        await trx.deleteFrom(table).where('booking_id', 'in', ids).execute()
      }
      await trx.deleteFrom('bookings').where('id', 'in', ids).execute()
      return ids.length
    })
    purged += deleted
    if (deleted < batchSize) return purged
  }
}
