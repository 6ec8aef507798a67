import { data, redirect } from 'react-router'
import { parseWithZod } from '@conform-to/zod/v4'
import type { SubmissionResult } from '@conform-to/react'
import { getDatabase } from '~/db/db.server'
import { configuredUetds } from '~/adapters/uetds/configured.server'
import { configuredInvoicing } from '~/adapters/invoicing/configured.server'
import type { Executor } from '~/db/executor'
import { getEnv } from '~/config/env.server'
import { addDays, istanbulDate } from '~/domain/booking-window'
import { bookingPickupInstant, pickupCalendarDate } from '~/domain/trip-search'
import { roleMay, rolesThatMay } from '~/domain/staff/roles'
import { leavesUnfiled, type FilingState } from '~/domain/compliance/filing-status'
import { forbidden, refuseCrossOrigin, requireStaff, staffPageHeaders } from '~/staff/guard.server'
import { staffMeta } from '~/staff/ops-pages.server'
import type { Context } from '~/staff/dispatch-shared.server'
import { markFormRefused, pageContext } from '~/utils/page-context.server'
import { formatDate } from '~/utils/format'
import { readCompanySettings, saveCompanySettings } from './company-settings.server'
import { companySettingsSchema, companySettingsValues } from './company-settings-form'
import { filingStates } from './filing-status.server'
import { ridesCalledOff, ridesToCome } from './uetds-filing.server'

/**
 * /ops/compliance: the company's obligations in one place
 * (docs/compliance.md). The office ('bookings.view') reads where each
 * passenger list of the coming days stands, problems first, with what to do
 * next; those who may open documents get the manifests and the day's CSV; an
 * admin keeps the company's details. No page here shows a document number.
 */

/** What a row of the lists table needs to rank it: the states a person must act on first. */
function urgency(state: FilingState): number {
  if (leavesUnfiled(state)) return 0
  if (state.kind === 'failed' || state.kind === 'cancelDue') return 1
  if (state.kind === 'missing' || state.kind === 'byHand' || state.kind === 'due') return 2
  return 3
}

export async function compliancePageData(context: Context, request: Request) {
  const staff = await requireStaff(request, rolesThatMay('bookings.view'))
  const { t, language } = pageContext(context, request)
  const now = new Date()
  const today = istanbulDate(now)
  const { db } = await getDatabase()
  const rides = await db
    .selectFrom('bookings')
    .leftJoin('uetds_filings', 'uetds_filings.booking_id', 'bookings.id')
    .select([
      'bookings.id',
      'bookings.reference',
      'bookings.status',
      'bookings.trip_date',
      'bookings.trip_time',
      'bookings.pickup_text',
      'bookings.destination_text',
    ])
    .where((eb) =>
      eb.or([
        eb.and([
          eb('bookings.status', 'in', ridesToCome),
          eb('bookings.trip_date', '>=', addDays(today, -1)),
          eb('bookings.trip_date', '<=', addDays(today, 2)),
        ]),
        // A trip still filed for a ride called off, and lists the service refused: any day.
        eb.and([
          eb('bookings.status', 'in', ridesCalledOff),
          eb('uetds_filings.trip_reference', 'is not', null),
          eb('uetds_filings.cancelled_at', 'is', null),
        ]),
      ]),
    )
    .execute()
  const states = await filingStates(db, rides, now)
  const settings = await readCompanySettings(db)
  const mayOpenDocuments = roleMay(staff.account.role, 'compliance.documents')
  const rows = rides
    .map((ride) => ({ ride, state: states.get(ride.id)! }))
    .filter(({ state }) => state.kind !== 'notDue')
    .sort(
      (a, b) =>
        urgency(a.state) - urgency(b.state) ||
        bookingPickupInstant(a.ride).getTime() - bookingPickupInstant(b.ride).getTime(),
    )
    .map(({ ride, state }) => ({
      reference: ride.reference,
      day: formatDate(pickupCalendarDate(ride.trip_date, ride.trip_time), language),
      time: ride.trip_time,
      route: `${ride.pickup_text} → ${ride.destination_text}`,
      state,
      urgent: urgency(state) <= 1,
    }))
  const invoices = await invoiceRows(db, now)
  const doneParam = new URL(request.url).searchParams.get('done')
  return data(
    {
      meta: staffMeta(context, request, t('opsCompliance.title')),
      provider: configuredUetds() ? ('uetds' as const) : ('manual' as const),
      leadMinutes: getEnv().UETDS_LEAD_MINUTES,
      rows,
      mayOpenDocuments,
      csvDays: mayOpenDocuments
        ? [today, addDays(today, 1)].map((day) => ({ day, label: formatDate(day, language) }))
        : [],
      invoicing: configuredInvoicing() ? ('parasut' as const) : ('none' as const),
      invoices,
      company: settings,
      mayEditCompany: roleMay(staff.account.role, 'compliance.settings'),
      done: doneParam === 'company' ? doneParam : null,
    },
    { headers: staffPageHeaders },
  )
}

function refuse(context: Context, result: SubmissionResult<string[]>) {
  markFormRefused(context)
  return data({ result }, { status: 400, headers: staffPageHeaders })
}

/** The company's details: an admin's same-site POST only. */
export async function complianceAction(context: Context, request: Request) {
  const staff = await requireStaff(request, rolesThatMay('bookings.view'))
  if (!roleMay(staff.account.role, 'compliance.settings')) throw forbidden()
  refuseCrossOrigin(request)
  const submission = parseWithZod(await request.formData(), { schema: companySettingsSchema })
  if (submission.status !== 'success') return refuse(context, submission.reply())
  await saveCompanySettings(
    await getDatabase(),
    companySettingsValues(submission.value),
    staff.account.id,
    new Date(),
  )
  return redirect('/ops/compliance?done=company', { status: 303, headers: staffPageHeaders })
}

/**
 * The invoices a person must look at: being issued, refused or unanswered,
 * and cancellations Paraşüt refused; with how many were issued in the last
 * 30 days.
 */
async function invoiceRows(db: Executor, now: Date) {
  const rows = await db
    .selectFrom('e_invoices')
    .innerJoin('bookings', 'bookings.id', 'e_invoices.booking_id')
    .select([
      'bookings.reference',
      'e_invoices.issued_at',
      'e_invoices.cancel_refused',
      'e_invoices.last_outcome',
      'e_invoices.last_step',
      'e_invoices.last_message',
      'e_invoices.next_try_at',
    ])
    .where((eb) =>
      eb.or([
        eb('e_invoices.issued_at', 'is', null),
        eb('e_invoices.cancel_refused', 'is not', null),
      ]),
    )
    .orderBy('e_invoices.created_at')
    .limit(100)
    .execute()
  const since = new Date(now.getTime() - 30 * 86_400_000).toISOString()
  const issued = await db
    .selectFrom('e_invoices')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('issued_at', '>=', since)
    .executeTakeFirstOrThrow()
  return {
    issuedLately: Number(issued.count),
    rows: rows.map((row) => ({
      reference: row.reference,
      state: row.cancel_refused
        ? ({ kind: 'cancelRefused', message: row.cancel_refused } as const)
        : row.last_outcome === 'refused' || row.last_outcome === 'unanswered'
          ? ({
              kind: row.last_outcome,
              message: row.last_message ?? '',
              step: row.last_step ?? '',
            } as const)
          : ({ kind: 'issuing', step: row.last_step ?? 'contact' } as const),
    })),
  }
}
