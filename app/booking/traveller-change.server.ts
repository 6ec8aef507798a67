import type { BookingRow } from '~/db/schema'
import type { Executor } from './booking-store.server'
import { queueTravellerDetailsChanged } from './booking-notices.server'
import { travellerActor, type AuditValues } from '~/domain/staff/audit-actions'
import { recordAction } from '~/audit/audit.server'

/**
 * Records a change the traveller made to their own booking, inside the
 * caller's transaction: the audit entry staff see on the booking's page
 * (each changed field before and after) and the e-mail that confirms it to
 * the traveller. The details form and the received page's passenger names
 * both end here. Returns the e-mail's id, to send after the commit.
 */
export async function recordTravellerChange(
  trx: Executor,
  booking: BookingRow,
  changes: { before: AuditValues; after: AuditValues },
  now: Date,
): Promise<number | undefined> {
  await recordAction(
    trx,
    {
      actor: travellerActor,
      action: 'booking.details_changed',
      bookingId: booking.id,
      before: changes.before,
      after: changes.after,
    },
    now,
  )
  const shown = (value: AuditValues[string] | undefined) =>
    value === null || value === undefined ? null : String(value)
  return queueTravellerDetailsChanged(
    trx,
    booking,
    Object.keys(changes.after).map((field) => ({
      field,
      before: shown(changes.before[field]),
      after: shown(changes.after[field]),
    })),
    now,
  )
}
