import type { DatabaseHandle } from '~/db/connect.server'
import { addDays, istanbulDate } from '~/domain/booking-window'
import { logger } from '~/utils/logger.server'

/**
 * Passengers' identity documents serve one purpose: the list filed with the
 * Ministry before the ride. Once it is driven, the Ministry holds the list;
 * the company keeps its copy DOCUMENTS_KEPT_DAYS more, for a roadside
 * inspection's or the Ministry's question about the trip and a correction,
 * then the maintenance run erases it (docs/compliance.md, "How long"):
 * every passenger's nationality and number, the crew's numbers as filed, and
 * the trip document, which names them. The names stay with the booking, as
 * its other records do.
 */
export const DOCUMENTS_KEPT_DAYS = 30

/** Erases what is past its days; answers how many rows (passengers, filings) it cleared. */
export async function eraseTravelDocuments(handle: DatabaseHandle, now: Date): Promise<number> {
  // Picked up before this Istanbul day ('00:00' of the day before is this day's: a day's grace).
  const before = addDays(istanbulDate(now), -DOCUMENTS_KEPT_DAYS)
  const rides = handle.db.selectFrom('bookings').select('id').where('trip_date', '<', before)
  const passengers = await handle.db
    .updateTable('booking_passengers')
    .set({ nationality: null, identity_sealed: null })
    .where('booking_id', 'in', rides)
    .where((eb) =>
      eb.or([eb('identity_sealed', 'is not', null), eb('nationality', 'is not', null)]),
    )
    .executeTakeFirst()
  const filings = await handle.db
    .updateTable('uetds_filings')
    .set({ crew_sealed: null, document_pdf: null, updated_at: now.toISOString() })
    .where('booking_id', 'in', rides)
    .where((eb) => eb.or([eb('crew_sealed', 'is not', null), eb('document_pdf', 'is not', null)]))
    .executeTakeFirst()
  const erased = Number(passengers.numUpdatedRows) + Number(filings.numUpdatedRows)
  if (erased > 0) logger.info('retention.documents_erased', { rows: erased })
  return erased
}
