import type { Executor } from '~/booking/booking-store.server'
import type { AuditValues, StaffAction } from '~/domain/staff/audit-actions'

/**
 * The audit entries about one driver or vehicle (`driver:4`, `vehicle:2`),
 * oldest first, with who acted: the record's own history, shown on its edit page.
 */
export async function staffActionsOnSubject(executor: Executor, subject: string) {
  const rows = await executor
    .selectFrom('staff_audit')
    .innerJoin('staff_accounts', 'staff_accounts.id', 'staff_audit.account_id')
    .select([
      'staff_audit.id',
      'staff_audit.created_at',
      'staff_accounts.name',
      'staff_audit.action',
      'staff_audit.before_json',
      'staff_audit.after_json',
    ])
    .where('staff_audit.subject', '=', subject)
    .orderBy('staff_audit.created_at')
    .orderBy('staff_audit.id')
    .execute()
  const parsed = (json: string | null) => (json === null ? {} : (JSON.parse(json) as AuditValues))
  return rows.map((row) => ({
    id: row.id,
    at: row.created_at,
    staffName: row.name,
    action: row.action as StaffAction,
    before: parsed(row.before_json),
    after: parsed(row.after_json),
  }))
}
