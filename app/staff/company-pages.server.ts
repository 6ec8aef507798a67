import type { Language } from '~/i18n/config'
import { data, redirect } from 'react-router'
import { parseWithZod } from '@conform-to/zod/v4'
import type { SubmissionResult } from '@conform-to/react'
import { getDatabase } from '~/db/db.server'
import type { CompanyRow } from '~/db/schema'
import { istanbulDate } from '~/domain/booking-window'
import { roleMay, rolesThatMay } from '~/domain/staff/roles'
import { isStatementMonth } from '~/domain/billing/company-statement'
import {
  companySchema,
  creditCents,
  partnerPasswordSchema,
  partnerUserIntents,
  partnerUserSchema,
  type CompanyForm,
} from '~/companies/company-forms'
import {
  addCompany,
  addPartnerUser,
  changeCompany,
  changePartnerUser,
  findCompany,
  listCompanies,
  listPartnerUsers,
  type CompanyInput,
} from '~/companies/company-store.server'
import {
  markStatementPaid,
  monthStatement,
  statementMonths,
  type MonthStatement,
} from '~/companies/company-statements.server'
import { formatMoney } from '~/utils/format'
import { markFormRefused, pageContext } from '~/utils/page-context.server'
import { logger } from '~/utils/logger.server'
import { forbidden, refuseCrossOrigin, requireStaff, staffPageHeaders } from './guard.server'
import { instantFormatter, staffMeta } from './ops-pages.server'
import {
  classTitles,
  idParam,
  notFound,
  recordHistory,
  type Context,
} from './dispatch-shared.server'
import { csvAmount, csvField } from './board-exports.server'

/**
 * /ops/companies, /ops/companies/:id and a company's monthly statements:
 * admins and dispatchers read them ('companies.view'), only admins add and
 * change companies, their partner users, and mark a month paid
 * ('companies.manage'; a dispatcher's POST is refused with 403, and their
 * pages carry no form). Drivers get 403. The store audits every change.
 */

const requireViewer = (request: Request) => requireStaff(request, rolesThatMay('companies.view'))

async function requireManager(request: Request) {
  const staff = await requireViewer(request)
  if (!roleMay(staff.account.role, 'companies.manage')) throw forbidden()
  refuseCrossOrigin(request)
  return staff
}

function euros(language: Parameters<typeof formatMoney>[2]) {
  // Statements are accounts: cents always shown, so columns of amounts line up.
  return (cents: number) => formatMoney(cents / 100, 'EUR', language, { minimumFractionDigits: 2 })
}

/** A company's row as the list and its page show it, in the page's language. */
function listed(row: CompanyRow, context: Context, request: Request) {
  const { t, language } = pageContext(context, request)
  const money = euros(language)
  return {
    id: row.id,
    name: row.name,
    taxOffice: row.tax_office,
    taxNumber: row.tax_number,
    billingAddress: row.billing_address,
    contactEmail: row.contact_email,
    rate: t(`opsCompanies.rates.${row.rate_kind}`, { percent: row.rate_percent }),
    terms: t(`opsCompanies.terms.${row.payment_terms}`),
    creditLimit: money(row.credit_limit_cents),
    creditUsed: money(row.credit_used_cents),
    active: row.active === 1,
  }
}

/** The form's values as the store takes them. */
function inputOf(value: CompanyForm, isNew: boolean): CompanyInput {
  return {
    name: value.name,
    taxOffice: value.taxOffice,
    taxNumber: value.taxNumber,
    billingAddress: value.billingAddress,
    contactEmail: value.contactEmail,
    rateKind: value.rateKind,
    ratePercent: value.ratePercent,
    paymentTerms: value.paymentTerms,
    creditLimitCents: creditCents(value.creditLimit),
    active: isNew ? true : value.active === true,
  }
}

/** The form's defaults from a stored company (what its page's form starts from). */
function defaultsOf(row: CompanyRow) {
  return {
    name: row.name,
    taxOffice: row.tax_office,
    taxNumber: row.tax_number,
    billingAddress: row.billing_address,
    contactEmail: row.contact_email,
    rateKind: row.rate_kind,
    ratePercent: String(row.rate_percent),
    paymentTerms: row.payment_terms,
    creditLimit: (row.credit_limit_cents / 100).toFixed(2),
    active: row.active === 1 ? 'on' : '',
  }
}

export async function companiesPageData(context: Context, request: Request) {
  const staff = await requireViewer(request)
  const { t } = pageContext(context, request)
  const rows = await listCompanies((await getDatabase()).db)
  const url = new URL(request.url)
  const added = rows.find((row) => row.id === Number(url.searchParams.get('added')))
  return data(
    {
      meta: staffMeta(context, request, t('opsCompanies.title')),
      mayManage: roleMay(staff.account.role, 'companies.manage'),
      companies: rows.map((row) => listed(row, context, request)),
      added: added?.name ?? null,
    },
    { headers: staffPageHeaders },
  )
}

/** A refused form, named (`company`, `addUser`, `reset-<user>`) so only it shows the messages. */
function refuse(context: Context, body: { form: string; result: SubmissionResult<string[]> }) {
  markFormRefused(context)
  return data(body, { status: 400, headers: staffPageHeaders })
}

/** Add (no id) or change a company: a refused form comes back with its values and messages. */
async function saveCompany(context: Context, request: Request, formData: FormData, id?: number) {
  const staff = await requireManager(request)
  const submission = parseWithZod(formData, { schema: companySchema })
  if (submission.status !== 'success') {
    return refuse(context, { form: 'company', result: submission.reply() })
  }
  const handle = await getDatabase()
  const input = inputOf(submission.value, id === undefined)
  const outcome =
    id === undefined
      ? await addCompany(handle, input, staff.account.id, new Date())
      : await changeCompany(handle, id, input, staff.account.id, new Date())
  if (!outcome.ok) {
    if (outcome.refusal === 'notFound') throw notFound()
    return refuse(context, {
      form: 'company',
      result: submission.reply({
        fieldErrors: { taxNumber: ['opsCompanies.errors.taxNumberTaken'] },
      }),
    })
  }
  logger.info(`company.${id === undefined ? 'added' : 'changed'}`, {
    company: outcome.id,
    by: staff.account.id,
  })
  return redirect(
    id === undefined ? `/ops/companies?added=${outcome.id}` : `/ops/companies/${id}?done=saved`,
    { status: 303, headers: staffPageHeaders },
  )
}

export async function addCompanyAction(context: Context, request: Request) {
  await requireManager(request)
  return saveCompany(context, request, await request.formData())
}

/** A partner user's button or form on the company page (add, disable, enable, new password). */
async function partnerUserAction(
  context: Context,
  request: Request,
  companyId: number,
  formData: FormData,
  intent: string,
) {
  const staff = await requireManager(request)
  const handle = await getDatabase()
  const now = new Date()
  const done = (key: string) =>
    redirect(`/ops/companies/${companyId}?done=${key}`, { status: 303, headers: staffPageHeaders })
  if (intent === 'addUser') {
    const submission = parseWithZod(formData, { schema: partnerUserSchema })
    if (submission.status !== 'success') {
      return refuse(context, {
        form: 'addUser',
        result: submission.reply({ hideFields: ['password'] }),
      })
    }
    const outcome = await addPartnerUser(handle, companyId, submission.value, staff.account.id, now)
    if (!outcome.ok) {
      if (outcome.refusal === 'notFound') throw notFound()
      return refuse(context, {
        form: 'addUser',
        result: submission.reply({
          fieldErrors: { email: ['opsCompanies.errors.userEmailTaken'] },
          hideFields: ['password'],
        }),
      })
    }
    return done('userAdded')
  }
  const userId = idParam(String(formData.get('user') ?? ''))
  if (intent === 'resetPassword') {
    const submission = parseWithZod(formData, { schema: partnerPasswordSchema })
    if (submission.status !== 'success') {
      return refuse(context, {
        form: `reset-${userId}`,
        result: submission.reply({ hideFields: ['password'] }),
      })
    }
    const outcome = await changePartnerUser(
      handle,
      companyId,
      userId,
      { kind: 'resetPassword', password: submission.value.password },
      staff.account.id,
      now,
    )
    if (!outcome.ok) throw notFound()
    return done('passwordReset')
  }
  const kind = intent === 'disableUser' ? 'disable' : 'enable'
  const outcome = await changePartnerUser(
    handle,
    companyId,
    userId,
    { kind },
    staff.account.id,
    now,
  )
  if (!outcome.ok) throw notFound()
  return done(intent === 'disableUser' ? 'userDisabled' : 'userEnabled')
}

export async function companyAction(context: Context, request: Request, id: string | undefined) {
  await requireManager(request)
  const companyId = idParam(id)
  const formData = await request.formData()
  const intent = String(formData.get('intent') ?? 'save')
  if ((partnerUserIntents as readonly string[]).includes(intent) || intent === 'addUser') {
    return partnerUserAction(context, request, companyId, formData, intent)
  }
  if (intent !== 'save') throw data('Unknown action', { status: 400, headers: staffPageHeaders })
  return saveCompany(context, request, formData, companyId)
}

/** The statement's totals as the pages show them. */
function shownTotals(statement: MonthStatement, money: (cents: number) => string) {
  const { totals } = statement
  return {
    rides: money(totals.ridesCents),
    onAccountDue: money(totals.onAccountDueCents),
    paidByCard: money(totals.paidByCardCents),
    commission: money(totals.commissionCents),
    kept: money(totals.keptCents),
    balance: money(totals.balanceCents),
  }
}

export async function companyPageData(context: Context, request: Request, id: string | undefined) {
  const staff = await requireViewer(request)
  const { t, language } = pageContext(context, request)
  const db = (await getDatabase()).db
  const row = await findCompany(db, idParam(id))
  if (!row) throw notFound()
  const at = instantFormatter(language)
  const money = euros(language)
  const currentMonth = istanbulDate(new Date()).slice(0, 7)
  const months = await Promise.all(
    (await statementMonths(db, row.id, currentMonth)).map(async (month) => {
      const statement = await monthStatement(db, row, month, language)
      return {
        month,
        rideCount: statement.rides.length,
        ...shownTotals(statement, money),
        paidAt: at(statement.paidAt),
      }
    }),
  )
  const users = await listPartnerUsers(db, row.id)
  const history = (await recordHistory(context, request, `company:${row.id}`)).map((entry) => ({
    ...entry,
    action: t(`opsCompanies.audit.${entry.action}`, { defaultValue: entry.action }),
    changes: entry.changes.map((change) => ({
      ...change,
      field: t(`opsCompanies.auditFields.${change.field}`, { defaultValue: change.field }),
    })),
  }))
  return data(
    {
      meta: staffMeta(context, request, row.name),
      mayManage: roleMay(staff.account.role, 'companies.manage'),
      company: listed(row, context, request),
      defaults: defaultsOf(row),
      users: users.map((user) => ({
        id: user.id,
        name: user.name,
        email: user.email,
        disabled: user.disabled_at !== null,
        since: at(user.created_at),
      })),
      months,
      done: new URL(request.url).searchParams.get('done'),
      history,
    },
    { headers: staffPageHeaders },
  )
}

async function statementOf(id: string | undefined, month: string | undefined, language: Language) {
  if (!isStatementMonth(month)) throw notFound()
  const db = (await getDatabase()).db
  const row = await findCompany(db, idParam(id))
  if (!row) throw notFound()
  return { row, statement: await monthStatement(db, row, month, language) }
}

/** The Istanbul month as words: 'December 2026', 'Aralık 2026'. */
function monthTitle(month: string, language: string) {
  return new Intl.DateTimeFormat(language === 'tr' ? 'tr-TR' : 'en-GB', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${month}-01T12:00:00Z`))
}

export async function statementPageData(
  context: Context,
  request: Request,
  id: string | undefined,
  month: string | undefined,
) {
  const staff = await requireViewer(request)
  const { t, language } = pageContext(context, request)
  const { row, statement } = await statementOf(id, month, language)
  const money = euros(language)
  const title = classTitles(context, request)
  const line = (ride: MonthStatement['rides'][number]) => ({
    reference: ride.reference,
    pickup: `${ride.pickupDate} ${ride.pickupTime}`,
    route: `${ride.from} → ${ride.to}`,
    vehicleClass: title(ride.vehicleClass),
    guest: ride.guestName,
    settlement: t(`opsCompanies.terms.${ride.settlement}`),
    amount: money(ride.amountCents),
    commission: money(ride.commissionCents),
    kept: money(ride.keptCents),
  })
  const at = instantFormatter(language)
  const monthName = monthTitle(statement.month, language)
  return data(
    {
      meta: staffMeta(
        context,
        request,
        t('opsCompanies.statement.title', { name: row.name, month: monthName }),
      ),
      mayManage: roleMay(staff.account.role, 'companies.manage'),
      company: listed(row, context, request),
      commission: row.rate_kind === 'commission',
      month: statement.month,
      monthName,
      rides: statement.rides.map(line),
      cancellations: statement.cancellations.map(line),
      totals: shownTotals(statement, money),
      paidAt: at(statement.paidAt),
      paidBy: statement.paidBy,
      marked: new URL(request.url).searchParams.get('done') === 'paid',
    },
    { headers: staffPageHeaders },
  )
}

export async function statementAction(
  context: Context,
  request: Request,
  id: string | undefined,
  month: string | undefined,
) {
  const staff = await requireManager(request)
  if (!isStatementMonth(month)) throw notFound()
  const companyId = idParam(id)
  const formData = await request.formData()
  if (formData.get('intent') !== 'markPaid') {
    throw data('Unknown action', { status: 400, headers: staffPageHeaders })
  }
  const outcome = await markStatementPaid(
    await getDatabase(),
    companyId,
    month,
    staff.account.id,
    new Date(),
  )
  if (outcome.kind === 'notFound') throw notFound()
  if (outcome.kind === 'marked') {
    logger.info('company.statement_paid', {
      company: companyId,
      month,
      released: outcome.releasedCents,
      by: staff.account.id,
    })
  }
  // Marked already (another tab, another admin): the page shows it paid, nothing changes.
  return redirect(`/ops/companies/${companyId}/statements/${month}?done=paid`, {
    status: 303,
    headers: staffPageHeaders,
  })
}

/**
 * The statement as a CSV file for the company's accounts: one line per ride
 * and cancellation, then the totals, amounts as plain decimals in euros.
 */
export async function statementCsvResponse(
  context: Context,
  request: Request,
  id: string | undefined,
  month: string | undefined,
) {
  await requireViewer(request)
  const { t, language } = pageContext(context, request)
  const { row, statement } = await statementOf(id, month, language)
  const title = classTitles(context, request)
  const header = [
    'reference',
    'pickupDate',
    'pickupTime',
    'route',
    'vehicleClass',
    'guest',
    'settlement',
    'state',
    'amount',
    'kept',
    'commission',
  ].map((name) => csvField(t(`opsCompanies.csv.${name}`)))
  const lines = [...statement.rides, ...statement.cancellations].map((ride) =>
    [
      csvField(ride.reference),
      csvField(ride.pickupDate),
      csvField(ride.pickupTime),
      csvField(`${ride.from} → ${ride.to}`),
      csvField(title(ride.vehicleClass)),
      csvField(ride.guestName),
      csvField(t(`opsCompanies.terms.${ride.settlement}`)),
      csvField(t(ride.cancelled ? 'opsCompanies.csv.cancelled' : 'opsCompanies.csv.ridden')),
      csvAmount(ride.amountCents),
      csvAmount(ride.keptCents),
      csvAmount(ride.commissionCents),
    ].join(','),
  )
  const { totals } = statement
  const total = (key: string, cents: number) =>
    [csvField(t(`opsCompanies.statement.totals.${key}`)), csvAmount(cents)].join(',')
  const body = [
    header.join(','),
    ...lines,
    '',
    total('rides', totals.ridesCents),
    total('onAccountDue', totals.onAccountDueCents),
    total('paidByCard', totals.paidByCardCents),
    total('kept', totals.keptCents),
    total('commission', totals.commissionCents),
    total('balance', totals.balanceCents),
  ].join('\r\n')
  return new Response(`${body}\r\n`, {
    headers: {
      ...staffPageHeaders,
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="statement-${row.id}-${statement.month}.csv"`,
    },
  })
}
