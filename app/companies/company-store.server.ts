import { revokePartnerUserSessions } from '~/partners/partner-sessions.server'
import type { DatabaseHandle } from '~/db/connect.server'
import type { CompanyPaymentTerms, CompanyRateKind, CompanyRow, PartnerUserRow } from '~/db/schema'
import type { Executor } from '~/db/executor'
import { lockedRead, writeTransaction } from '~/db/write.server'
import { changedFields, type AuditValues } from '~/domain/staff/audit-actions'
import { normalizeStaffEmail } from '~/domain/staff/password'
import { recordStaffAction } from '~/audit/audit.server'
import { isUniqueViolation } from '~/dispatch/unique-violation.server'
import { hashStaffPassword } from '~/staff/accounts.server'

/**
 * The company accounts as staff keep them, and their partner users: each
 * change with its audit row in the same transaction. A company is never
 * deleted (its bookings and statements keep pointing at it): it is made
 * inactive. `credit_used_cents` is not staff's to type: bookings move it
 * (the partner side), and marking a month paid gives it back
 * (company-statements.server.ts).
 */

export interface CompanyInput {
  name: string
  taxOffice: string
  /** Digits only, check digits already verified. */
  taxNumber: string
  billingAddress: string
  contactEmail: string
  rateKind: CompanyRateKind
  ratePercent: number
  paymentTerms: CompanyPaymentTerms
  creditLimitCents: number
  active: boolean
}

export type CompanyOutcome =
  { ok: true; id: number } | { ok: false; refusal: 'notFound' | 'taxNumberTaken' }

/** Every company, active ones first, then by name. */
export function listCompanies(executor: Executor): Promise<CompanyRow[]> {
  return executor
    .selectFrom('companies')
    .selectAll()
    .orderBy('active', 'desc')
    .orderBy('name')
    .orderBy('id')
    .execute()
}

export function findCompany(executor: Executor, id: number) {
  return executor.selectFrom('companies').selectAll().where('id', '=', id).executeTakeFirst()
}

function columns(input: CompanyInput) {
  return {
    name: input.name,
    tax_office: input.taxOffice,
    tax_number: input.taxNumber,
    billing_address: input.billingAddress,
    contact_email: input.contactEmail,
    rate_kind: input.rateKind,
    rate_percent: input.ratePercent,
    payment_terms: input.paymentTerms,
    credit_limit_cents: input.creditLimitCents,
    active: input.active ? 1 : 0,
  }
}

/** A company's columns as the audit log shows them. */
function auditValues(row: ReturnType<typeof columns>): AuditValues {
  return {
    name: row.name,
    taxOffice: row.tax_office,
    taxNumber: row.tax_number,
    billingAddress: row.billing_address,
    contactEmail: row.contact_email,
    rateKind: row.rate_kind,
    ratePercent: row.rate_percent,
    paymentTerms: row.payment_terms,
    creditLimitCents: row.credit_limit_cents,
    active: row.active === 1,
  }
}

async function taxNumberTaken(executor: Executor, taxNumber: string, exceptId?: number) {
  let query = executor.selectFrom('companies').select('id').where('tax_number', '=', taxNumber)
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId)
  return (await query.executeTakeFirst()) !== undefined
}

export async function addCompany(
  handle: DatabaseHandle,
  input: CompanyInput,
  staffAccountId: number,
  now: Date,
): Promise<CompanyOutcome> {
  const at = now.toISOString()
  const values = columns(input)
  try {
    return await writeTransaction(handle, async (trx) => {
      if (await taxNumberTaken(trx, values.tax_number)) {
        return { ok: false, refusal: 'taxNumberTaken' } as const
      }
      const { id } = await trx
        .insertInto('companies')
        .values({
          ...values,
          created_by: staffAccountId,
          created_at: at,
          updated_by: staffAccountId,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      await recordStaffAction(
        trx,
        {
          accountId: staffAccountId,
          action: 'company.added',
          subject: `company:${id}`,
          after: auditValues(values),
        },
        now,
      )
      return { ok: true, id } as const
    })
  } catch (error) {
    // Another request stored the same tax number a moment before.
    if (isUniqueViolation(error)) return { ok: false, refusal: 'taxNumberTaken' }
    throw error
  }
}

export async function changeCompany(
  handle: DatabaseHandle,
  id: number,
  input: CompanyInput,
  staffAccountId: number,
  now: Date,
): Promise<CompanyOutcome> {
  const values = columns(input)
  try {
    return await writeTransaction(handle, async (trx) => {
      const current = await lockedRead(
        trx,
        trx.selectFrom('companies').selectAll().where('id', '=', id),
      ).executeTakeFirst()
      if (!current) return { ok: false, refusal: 'notFound' } as const
      if (await taxNumberTaken(trx, values.tax_number, id)) {
        return { ok: false, refusal: 'taxNumberTaken' } as const
      }
      const changed = changedFields(auditValues(current), auditValues(values))
      // Saving the form unchanged writes nothing and logs nothing.
      if (Object.keys(changed.after).length === 0) return { ok: true, id } as const
      await trx
        .updateTable('companies')
        .set({ ...values, updated_by: staffAccountId, updated_at: now.toISOString() })
        .where('id', '=', id)
        .execute()
      await recordStaffAction(
        trx,
        {
          accountId: staffAccountId,
          action: 'company.changed',
          subject: `company:${id}`,
          ...changed,
        },
        now,
      )
      return { ok: true, id } as const
    })
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, refusal: 'taxNumberTaken' }
    throw error
  }
}

/** A company's partner users, enabled ones first, then by name. */
export function listPartnerUsers(executor: Executor, companyId: number): Promise<PartnerUserRow[]> {
  return executor
    .selectFrom('partner_users')
    .selectAll()
    .where('company_id', '=', companyId)
    .orderBy('disabled_at', 'desc')
    .orderBy('name')
    .orderBy('id')
    .execute()
}

export interface NewPartnerUser {
  name: string
  email: string
  /** Checked by the form (the staff password rule); only its hash is stored. */
  password: string
}

export type PartnerUserOutcome =
  { ok: true; id: number } | { ok: false; refusal: 'notFound' | 'emailTaken' }

/** Adds a partner user to a company, with the password the admin chose and tells them. */
export async function addPartnerUser(
  handle: DatabaseHandle,
  companyId: number,
  user: NewPartnerUser,
  staffAccountId: number,
  now: Date,
): Promise<PartnerUserOutcome> {
  const at = now.toISOString()
  const email = normalizeStaffEmail(user.email)
  const passwordHash = await hashStaffPassword(user.password)
  try {
    return await writeTransaction(handle, async (trx) => {
      if (!(await findCompany(trx, companyId))) return { ok: false, refusal: 'notFound' } as const
      const taken = await trx
        .selectFrom('partner_users')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirst()
      if (taken) return { ok: false, refusal: 'emailTaken' } as const
      const { id } = await trx
        .insertInto('partner_users')
        .values({
          company_id: companyId,
          email,
          name: user.name,
          password_hash: passwordHash,
          disabled_at: null,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      await recordStaffAction(
        trx,
        {
          accountId: staffAccountId,
          action: 'partner_user.added',
          subject: `company:${companyId}`,
          after: { user: id, name: user.name, email },
        },
        now,
      )
      return { ok: true, id } as const
    })
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, refusal: 'emailTaken' }
    throw error
  }
}

export type PartnerUserChange =
  { kind: 'disable' } | { kind: 'enable' } | { kind: 'resetPassword'; password: string }

/**
 * Disables or enables one of the company's users, or gives them a new
 * password. Disabling and a new password both end the user's sessions, in the
 * same transaction: a browser signed in before keeps nothing.
 */
export async function changePartnerUser(
  handle: DatabaseHandle,
  companyId: number,
  userId: number,
  change: PartnerUserChange,
  staffAccountId: number,
  now: Date,
): Promise<{ ok: true; sessionsEnded: number } | { ok: false; refusal: 'notFound' }> {
  const at = now.toISOString()
  const passwordHash =
    change.kind === 'resetPassword' ? await hashStaffPassword(change.password) : undefined
  return writeTransaction(handle, async (trx) => {
    const user = await lockedRead(
      trx,
      trx
        .selectFrom('partner_users')
        .selectAll()
        .where('id', '=', userId)
        .where('company_id', '=', companyId),
    ).executeTakeFirst()
    if (!user) return { ok: false, refusal: 'notFound' } as const
    let sessionsEnded = 0
    const audit = { accountId: staffAccountId, subject: `company:${companyId}` }
    if (change.kind === 'enable') {
      if (user.disabled_at === null) return { ok: true, sessionsEnded } as const
      await trx
        .updateTable('partner_users')
        .set({ disabled_at: null, updated_at: at })
        .where('id', '=', userId)
        .execute()
      await recordStaffAction(
        trx,
        {
          ...audit,
          action: 'partner_user.enabled',
          before: { user: userId, email: user.email, disabled: true },
          after: { user: userId, email: user.email, disabled: false },
        },
        now,
      )
      return { ok: true, sessionsEnded } as const
    }
    sessionsEnded = await revokePartnerUserSessions(trx, userId, now)
    if (change.kind === 'disable') {
      if (user.disabled_at === null) {
        await trx
          .updateTable('partner_users')
          .set({ disabled_at: at, updated_at: at })
          .where('id', '=', userId)
          .execute()
        await recordStaffAction(
          trx,
          {
            ...audit,
            action: 'partner_user.disabled',
            before: { user: userId, email: user.email, disabled: false },
            after: { user: userId, email: user.email, disabled: true, sessionsEnded },
          },
          now,
        )
      }
      return { ok: true, sessionsEnded } as const
    }
    await trx
      .updateTable('partner_users')
      .set({ password_hash: passwordHash!, updated_at: at })
      .where('id', '=', userId)
      .execute()
    await recordStaffAction(
      trx,
      {
        ...audit,
        action: 'partner_user.password_reset',
        after: { user: userId, email: user.email, sessionsEnded },
      },
      now,
    )
    return { ok: true, sessionsEnded } as const
  })
}

/** A partner's booking: its company's id and name and the partner user's name; undefined otherwise. */
export async function bookingCompany(
  executor: Executor,
  booking: { company_id: number | null; partner_user_id: number | null },
) {
  if (booking.company_id === null) return undefined
  const company = await findCompany(executor, booking.company_id)
  if (!company) return undefined
  const user =
    booking.partner_user_id === null
      ? undefined
      : await executor
          .selectFrom('partner_users')
          .select('name')
          .where('id', '=', booking.partner_user_id)
          .executeTakeFirst()
  return { id: company.id, name: company.name, partnerUser: user?.name ?? null }
}
