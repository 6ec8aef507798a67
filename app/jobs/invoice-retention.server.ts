import type { DatabaseHandle } from '~/db/connect.server'
import { writeTransaction } from '~/db/write.server'
import { lockBooking, noteEvent, updateBooking } from '~/booking/booking-store.server'
import { erasePersonalData } from '~/accounts/delete-account.server'
import { accountingRetentionYears, removedInvoiceFields } from '~/accounts/personal-fields'
import { istanbulDate } from '~/domain/booking-window'
import { placeById } from '~/domain/places/gazetteer'
import { logger } from '~/utils/logger.server'

/** Anonymised a batch at a time, so no single transaction holds the tables for long. */
const BATCH_SIZE = 200

/**
 * The instant before which an invoice's ten years are over: invoices are kept
 * until the end of the tenth year after the year they were issued in, so at
 * any moment of Istanbul year N every invoice of year N - 11 or earlier may go,
 * that is every payment confirmed before 1 January of year N - 10, Istanbul time.
 */
export function invoiceRetentionCutoff(now: Date): Date {
  const year = Number(istanbulDate(now).slice(0, 4)) - accountingRetentionYears
  return new Date(`${String(year).padStart(4, '0')}-01-01T00:00:00+03:00`)
}

/**
 * When the ten years the books are kept end, a paid booking becomes an
 * anonymous ride: its personal fields and records go as an account's deletion
 * erases them (already gone if it was deleted), then the invoice fields kept
 * for those years (the billing name, address and tax number, the payment's
 * id), and its places keep only the served place's own name. Its dates,
 * class, counts and amounts stay, as the privacy policy says. Run by the
 * maintenance job; returns how many bookings were anonymised.
 */
export async function removeExpiredInvoiceFields(
  handle: DatabaseHandle,
  now: Date,
  batchSize = BATCH_SIZE,
): Promise<number> {
  const cutoff = invoiceRetentionCutoff(now).toISOString()
  const at = now.toISOString()
  let removed = 0
  for (;;) {
    const due = await handle.db
      .selectFrom('bookings')
      .select('id')
      .where('confirmed_at', '<', cutoff)
      .where('invoice_fields_removed_at', 'is', null)
      .orderBy('confirmed_at')
      .limit(batchSize)
      .execute()
    if (due.length === 0) return removed
    await writeTransaction(handle, async (trx) => {
      for (const { id } of due) {
        const booking = await lockBooking(trx, id)
        if (!booking || booking.invoice_fields_removed_at !== null) continue
        await erasePersonalData(trx, booking, now)
        const anonymous = await updateBooking(
          trx,
          booking,
          {
            ...Object.fromEntries(removedInvoiceFields.map((field) => [field, null])),
            pickup_text: placeById(booking.pickup_place_id)?.name.en ?? '',
            destination_text: placeById(booking.destination_place_id)?.name.en ?? '',
            personal_data_erased_at: booking.personal_data_erased_at ?? at,
            invoice_fields_removed_at: at,
          },
          at,
        )
        // The official e-invoice's copy goes too: its ten years are the same.
        await trx
          .updateTable('e_invoices')
          .set({ pdf: null })
          .where('booking_id', '=', id)
          .execute()
        await noteEvent(trx, anonymous, 'anonymised: its ten years of bookkeeping are over', at)
      }
    })
    removed += due.length
    logger.info('retention.invoice_fields_removed', { bookings: due.length })
  }
}
