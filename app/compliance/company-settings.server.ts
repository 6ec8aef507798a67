import type { DatabaseHandle } from '~/db/connect.server'
import type { Executor } from '~/db/executor'
import { writeTransaction } from '~/db/write.server'
import { recordStaffAction } from '~/audit/audit.server'
import { changedFields } from '~/domain/staff/audit-actions'

/**
 * The company's own details its obligations name, kept by an admin on
 * /ops/compliance: its D2 licence number (printed on every manifest, asked at
 * a roadside check), and its tax office and tax number (VKN), which the
 * manifest and the invoices carry. Each change is audited.
 */
export interface CompanySettings {
  licenceNumber: string
  taxOffice: string
  taxNumber: string
}

const names = {
  licenceNumber: 'licence_number',
  taxOffice: 'tax_office',
  taxNumber: 'tax_number',
} as const satisfies Record<keyof CompanySettings, string>

export async function readCompanySettings(executor: Executor): Promise<CompanySettings> {
  const rows = await executor.selectFrom('company_settings').select(['name', 'value']).execute()
  const stored = new Map(rows.map((row) => [row.name, row.value]))
  return {
    licenceNumber: stored.get(names.licenceNumber) ?? '',
    taxOffice: stored.get(names.taxOffice) ?? '',
    taxNumber: stored.get(names.taxNumber) ?? '',
  }
}

/** Saves what changed; answers whether anything did. */
export async function saveCompanySettings(
  handle: DatabaseHandle,
  values: CompanySettings,
  staffAccountId: number,
  now: Date,
): Promise<boolean> {
  const at = now.toISOString()
  return writeTransaction(handle, async (trx) => {
    const before = await readCompanySettings(trx)
    const changes = changedFields({ ...before }, { ...values })
    if (Object.keys(changes.after).length === 0) return false
    for (const key of Object.keys(names) as (keyof CompanySettings)[]) {
      await trx
        .insertInto('company_settings')
        .values({
          name: names[key],
          value: values[key],
          updated_by: staffAccountId,
          updated_at: at,
        })
        .onConflict((conflict) =>
          conflict
            .column('name')
            .doUpdateSet({ value: values[key], updated_by: staffAccountId, updated_at: at }),
        )
        .execute()
    }
    await recordStaffAction(
      trx,
      { accountId: staffAccountId, action: 'company_settings.changed', ...changes },
      now,
    )
    return true
  })
}
