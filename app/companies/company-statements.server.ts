import { sql } from 'kysely'
import type { DatabaseHandle } from '~/db/connect.server'
import type { CompanyRow } from '~/db/schema'
import type { Executor } from '~/db/executor'
import { lockedRead, writeTransaction } from '~/db/write.server'
import { pickupCalendarDate } from '~/domain/trip-search'
import {
  companyStatement,
  monthDays,
  type Statement,
  type StatementRide,
} from '~/domain/billing/company-statement'
import { recordStaffAction } from '~/audit/audit.server'
import { rideEndNames } from '~/booking/booking-view.server'
import type { Language } from '~/i18n/config'

/**
 * A company's monthly statements read from its bookings (the figures are
 * worked out by app/domain/billing/company-statement.ts), and marking a month
 * paid. A month has a `company_statements` row only once it was marked paid.
 */

/** The statuses of a booking that was confirmed and not cancelled: its ride is owed or done. */
const ridden = ['confirmed', 'on_the_way', 'arrived', 'on_board', 'finished', 'no_show'] as const

/** The day before `date` (YYYY-MM-DD). */
function dayBefore(date: string): string {
  const day = new Date(`${date}T00:00:00Z`)
  day.setUTCDate(day.getUTCDate() - 1)
  return day.toISOString().slice(0, 10)
}

/**
 * What was kept of a cancelled ride. Paid by card: what the card paid less
 * what was refunded or is being refunded. On account: what is still charged
 * to the account (`paid_minor`): a cancellation that gave the money back took
 * the charge off and freed its credit (app/partners/on-account.server.ts), one
 * that did not (too late, no refund) left it there to be paid.
 */
async function keptOfCancelled(
  executor: Executor,
  booking: { id: string; paid_minor: number | null },
  settlement: 'card' | 'account',
  amountCents: number,
): Promise<number> {
  const charged = Math.min(booking.paid_minor ?? 0, amountCents)
  if (settlement === 'account') return charged
  const refunds = await executor
    .selectFrom('payment_refunds')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_minor'), sql<number>`0`).as('total'))
    .where('booking_id', '=', booking.id)
    .where('status', 'in', ['requested', 'succeeded'])
    .executeTakeFirst()
  return Math.max(0, charged - Number(refunds?.total ?? 0))
}

/**
 * The company's rides of an Istanbul month (YYYY-MM), by pickup, as the
 * statement takes them: their places named in `language` as every page names
 * them, never only as the traveller typed them.
 */
export async function statementRides(
  executor: Executor,
  companyId: number,
  month: string,
  language: Language,
): Promise<StatementRide[]> {
  const { first, next } = monthDays(month)
  // A pickup at 00:00 is on the next calendar day, so the day before the month is read too.
  const rows = await executor
    .selectFrom('bookings')
    .select([
      'id',
      'reference',
      'status',
      'trip_date',
      'trip_time',
      'pickup_place_id',
      'pickup_text',
      'destination_place_id',
      'destination_text',
      'vehicle_class',
      'first_name',
      'last_name',
      'settlement',
      'total_minor',
      'discount_minor',
      'paid_minor',
    ])
    .where('company_id', '=', companyId)
    .where('confirmed_at', 'is not', null)
    .where('status', 'in', [...ridden, 'cancelled'])
    .where('trip_date', '>=', dayBefore(first))
    .where('trip_date', '<', next)
    .orderBy('trip_date')
    .orderBy('trip_time')
    .orderBy('reference')
    .execute()
  const rides: StatementRide[] = []
  for (const row of rows) {
    const pickupDate = pickupCalendarDate(row.trip_date, row.trip_time)
    if (pickupDate < first || pickupDate >= next) continue
    const settlement = row.settlement ?? 'card'
    const amountCents = row.total_minor - row.discount_minor
    const cancelled = row.status === 'cancelled'
    rides.push({
      reference: row.reference,
      pickupDate,
      pickupTime: row.trip_time,
      ...rideEndNames(row, language),
      vehicleClass: row.vehicle_class,
      guestName: [row.first_name, row.last_name].filter(Boolean).join(' '),
      settlement,
      amountCents,
      cancelled,
      keptCents: cancelled ? await keptOfCancelled(executor, row, settlement, amountCents) : 0,
    })
  }
  return rides
}

export interface MonthStatement extends Statement {
  month: string
  paidAt: string | null
  paidBy: string | null
}

/** A company's statement of an Istanbul month, its places named in `language`. */
export async function monthStatement(
  executor: Executor,
  company: CompanyRow,
  month: string,
  language: Language,
): Promise<MonthStatement> {
  const rides = await statementRides(executor, company.id, month, language)
  const paid = await executor
    .selectFrom('company_statements')
    .leftJoin('staff_accounts', 'staff_accounts.id', 'company_statements.marked_paid_by')
    .select(['company_statements.paid_at', 'staff_accounts.name'])
    .where('company_statements.company_id', '=', company.id)
    .where('company_statements.month', '=', month)
    .executeTakeFirst()
  return {
    month,
    paidAt: paid?.paid_at ?? null,
    paidBy: paid?.name ?? null,
    ...companyStatement({ rateKind: company.rate_kind, ratePercent: company.rate_percent }, rides),
  }
}

/**
 * The months a company page lists, newest first: the current Istanbul month,
 * every month with one of its confirmed rides, and every month marked paid;
 * at most `limit`.
 */
export async function statementMonths(
  executor: Executor,
  companyId: number,
  currentMonth: string,
  limit = 12,
): Promise<string[]> {
  const ridden = await executor
    .selectFrom('bookings')
    .select('trip_date')
    .distinct()
    .where('company_id', '=', companyId)
    .where('confirmed_at', 'is not', null)
    .execute()
  const marked = await executor
    .selectFrom('company_statements')
    .select('month')
    .where('company_id', '=', companyId)
    .execute()
  const months = new Set([
    currentMonth,
    ...ridden.map((row) => row.trip_date.slice(0, 7)),
    ...marked.map((row) => row.month),
  ])
  return [...months].sort().reverse().slice(0, limit)
}

export type MarkPaidOutcome =
  { kind: 'marked'; releasedCents: number } | { kind: 'alreadyPaid' } | { kind: 'notFound' }

/**
 * Records a month as paid and gives the company its credit back: in one
 * transaction, under the company's lock, `credit_used_cents` falls by the
 * month's on-account due (never below 0), the month's row is written with
 * who marked it and when, and the audit log says so. A month already paid
 * changes nothing, so a second click (or a second admin) never gives the
 * credit back twice.
 */
export async function markStatementPaid(
  handle: DatabaseHandle,
  companyId: number,
  month: string,
  staffAccountId: number,
  now: Date,
): Promise<MarkPaidOutcome> {
  const at = now.toISOString()
  return writeTransaction(handle, async (trx) => {
    const company = await lockedRead(
      trx,
      trx.selectFrom('companies').selectAll().where('id', '=', companyId),
    ).executeTakeFirst()
    if (!company) return { kind: 'notFound' } as const
    const existing = await trx
      .selectFrom('company_statements')
      .select(['id', 'paid_at'])
      .where('company_id', '=', companyId)
      .where('month', '=', month)
      .executeTakeFirst()
    if (existing?.paid_at) return { kind: 'alreadyPaid' } as const
    // Only the figures are read here: the places' language does not matter.
    const statement = await monthStatement(trx, company, month, 'en')
    const due = statement.totals.onAccountDueCents
    const creditUsed = Math.max(0, company.credit_used_cents - Math.max(0, due))
    await trx
      .updateTable('companies')
      .set({ credit_used_cents: creditUsed })
      .where('id', '=', companyId)
      .execute()
    if (existing) {
      await trx
        .updateTable('company_statements')
        .set({ paid_at: at, marked_paid_by: staffAccountId })
        .where('id', '=', existing.id)
        .execute()
    } else {
      await trx
        .insertInto('company_statements')
        .values({
          company_id: companyId,
          month,
          paid_at: at,
          marked_paid_by: staffAccountId,
          created_at: at,
        })
        .execute()
    }
    await recordStaffAction(
      trx,
      {
        accountId: staffAccountId,
        action: 'company.statement_paid',
        subject: `company:${companyId}`,
        before: { creditUsedCents: company.credit_used_cents },
        after: {
          month,
          onAccountDueCents: due,
          balanceCents: statement.totals.balanceCents,
          creditUsedCents: creditUsed,
        },
      },
      now,
    )
    return { kind: 'marked', releasedCents: company.credit_used_cents - creditUsed } as const
  })
}
