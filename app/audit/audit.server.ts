import type { Executor } from '~/db/executor'
import type {
  AuditActor,
  AuditActorKind,
  AuditValues,
  StaffAction,
} from '~/domain/staff/audit-actions'

/**
 * The audit log: every staff action, and every change a traveller makes to
 * their paid booking, writes one row here, in the same transaction as the
 * change it records, so a change is never left without its row (nor a row
 * without its change).
 */

export interface AuditEntry {
  actor: AuditActor
  action: StaffAction
  /** The booking acted on, when there is one. */
  bookingId?: string | null
  /** Another record acted on, as `kind:id` (`driver:4`, `vehicle:2`, `staff:7`). */
  subject?: string | null
  before?: AuditValues | null
  after?: AuditValues | null
}

export async function recordAction(executor: Executor, entry: AuditEntry, at: Date): Promise<void> {
  await executor
    .insertInto('staff_audit')
    .values({
      actor: entry.actor.kind,
      account_id: entry.actor.kind === 'staff' ? entry.actor.accountId : null,
      action: entry.action,
      booking_id: entry.bookingId ?? null,
      subject: entry.subject ?? null,
      before_json: entry.before ? JSON.stringify(entry.before) : null,
      after_json: entry.after ? JSON.stringify(entry.after) : null,
      created_at: at.toISOString(),
    })
    .execute()
}

export interface StaffActionEntry extends Omit<AuditEntry, 'actor'> {
  /** The signed-in member of staff who acted. */
  accountId: number
}

/** An action of the signed-in member of staff `accountId`. */
export function recordStaffAction(
  executor: Executor,
  { accountId, ...entry }: StaffActionEntry,
  at: Date,
): Promise<void> {
  return recordAction(executor, { ...entry, actor: { kind: 'staff', accountId } }, at)
}

export interface StaffActionRecord {
  id: number
  at: string
  actor: AuditActorKind
  /** The member of staff who acted; null for the traveller. */
  staffName: string | null
  action: StaffAction
  subject: string | null
  before: AuditValues | null
  after: AuditValues | null
}

function parsed(json: string | null): AuditValues | null {
  return json === null ? null : (JSON.parse(json) as AuditValues)
}

/** The actions on one booking, oldest first, with who did each (staff or the traveller). */
export async function staffActionsOnBooking(
  executor: Executor,
  bookingId: string,
): Promise<StaffActionRecord[]> {
  const rows = await executor
    .selectFrom('staff_audit')
    .leftJoin('staff_accounts', 'staff_accounts.id', 'staff_audit.account_id')
    .select([
      'staff_audit.id',
      'staff_audit.created_at',
      'staff_audit.actor',
      'staff_accounts.name',
      'staff_audit.action',
      'staff_audit.subject',
      'staff_audit.before_json',
      'staff_audit.after_json',
    ])
    .where('staff_audit.booking_id', '=', bookingId)
    .orderBy('staff_audit.created_at')
    .orderBy('staff_audit.id')
    .execute()
  return rows.map((row) => ({
    id: row.id,
    at: row.created_at,
    actor: row.actor,
    staffName: row.name,
    action: row.action as StaffAction,
    subject: row.subject,
    before: parsed(row.before_json),
    after: parsed(row.after_json),
  }))
}
