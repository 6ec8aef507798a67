/**
 * The actions the audit log records, as codes (staff's, and the traveller's
 * own changes to a paid booking). The ops pages translate
 * each code (`ops.audit.actions.<code>`); a new action is added here first, so
 * an untranslated or misspelt code fails the type check where it is written.
 */
export const staffActions = [
  'staff.added',
  'staff.disabled',
  'staff.enabled',
  'staff.password_reset',
  'staff.sessions_revoked',
  'staff.second_factor_enabled',
  'staff.second_factor_removed',
  'driver.added',
  'driver.changed',
  'driver.hours_changed',
  'driver.time_off_added',
  'driver.time_off_removed',
  'driver.settled',
  'vehicle.added',
  'vehicle.changed',
  'promo.added',
  'promo.changed',
  'booking.assigned',
  'booking.unassigned',
  'booking.offered',
  'booking.offer_accepted',
  'booking.offer_declined',
  'booking.offers_withdrawn',
  'dispatch.settings_changed',
  'booking.cancelled',
  'booking.refunded',
  'booking.refund_failed',
  'booking.status_changed',
  'booking.details_changed',
  'booking.link_sent',
  'booking.message_sent',
  'booking.pickup_code_refused',
  'price_list.draft_started',
  'price_list.draft_changed',
  'price_list.draft_discarded',
  'price_list.published',
  'price_list.withdrawn',
  'rate.pinned',
  'rate.unpinned',
  'company.added',
  'company.changed',
  'company.statement_paid',
  'partner_user.added',
  'partner_user.disabled',
  'partner_user.enabled',
  'partner_user.password_reset',
  'booking.personal_data_erased',
  'traveller.account_deleted',
  'capacity.changed',
  'closed_period.added',
  'closed_period.removed',
  'vehicle_block.added',
  'vehicle_block.removed',
  'capacity_allowance.added',
  'capacity_allowance.removed',
  'uetds.filed_by_hand',
  'uetds.filed_now',
  'company_settings.changed',
  'review.published',
  'review.hidden',
  'tip.cash_reported',
  'tip.refunded',
] as const
export type StaffAction = (typeof staffActions)[number]

/**
 * Who an audit entry is by: a member of staff (their account), or the
 * traveller of the booking, who has no account and acts through the signed
 * link of their booking (changes, a cancellation online, a link asked for again).
 */
export type AuditActor = { kind: 'staff'; accountId: number } | { kind: 'traveller' }
export type AuditActorKind = AuditActor['kind']

export const travellerActor: AuditActor = { kind: 'traveller' }

/** A record's values as the audit log shows them: flat, JSON-safe. */
export type AuditValues = Record<string, string | number | boolean | null>

/**
 * The fields that differ between two versions of a record, each side holding
 * only those fields, so the log shows what changed and not the whole record.
 * A field missing on one side counts as null.
 */
export function changedFields(
  before: AuditValues,
  after: AuditValues,
): { before: AuditValues; after: AuditValues } {
  const changed = { before: {} as AuditValues, after: {} as AuditValues }
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const was = before[key] ?? null
    const now = after[key] ?? null
    if (was === now) continue
    changed.before[key] = was
    changed.after[key] = now
  }
  return changed
}
