import { isAwaitingRide } from '~/domain/booking/status'
import { isFreeCancellation, mayRefundOnCancel } from '~/domain/booking/cancellation'
import { instantFormatter, staffMeta } from './ops-pages.server'
import { data, redirect, type RouterContextProvider } from 'react-router'
import { z } from 'zod'
import { getDatabase } from '~/db/db.server'
import { paymentProvider } from '~/adapters/payment/configured.server'
import { bookingPickupInstant, pickupCalendarDate } from '~/domain/trip-search'
import { paymentSplit } from '~/domain/booking/payment-split'
import { rideLine } from '~/booking/ride-label'
import { hireOf, rideEndNames } from '~/booking/booking-view.server'
import { rolesThatMay } from '~/domain/staff/roles'
import type { Language } from '~/i18n/config'
import { cancelBooking, CANCEL_REASON_MAX, refundableCharge } from '~/booking/cancel-booking.server'
import {
  refundSecondCharge,
  refundsOfBooking,
  retryRefund,
  type RefundOutcome,
} from '~/booking/refunds.server'
import { clientAddressContext } from '~/utils/client-address.server'
import { markFormRefused, pageContext } from '~/utils/page-context.server'
import { formatDate, formatMoney } from '~/utils/format'
import { refuseCrossOrigin, requireStaff, staffPageHeaders } from './guard.server'

/**
 * The staff pages that cancel a booking and refund it: the cancel form
 * (/ops/bookings/:reference/cancel), the retry of a failed refund
 * (/ops/bookings/:reference/refund) and the refunds section of the booking's
 * page. Admins and dispatchers only; every answer is private (no-store) and
 * every POST is checked to come from this site.
 */

type Context = Readonly<RouterContextProvider>

const mayCancel = rolesThatMay('bookings.cancel')

function money(minor: number, currency: string, language: Language) {
  return formatMoney(minor / 100, currency, language, { minimumFractionDigits: 2 })
}

/** The booking a staff page is about, by its reference (any case): 404 when unknown. */
export async function bookingByReference(reference: string) {
  const handle = await getDatabase()
  const booking = await handle.db
    .selectFrom('bookings')
    .selectAll()
    .where('reference', '=', reference.toUpperCase())
    .executeTakeFirst()
  // Staff have no business with bookings that were never paid.
  if (!booking?.confirmed_at) throw data('Not found', { status: 404, headers: staffPageHeaders })
  return { handle, booking }
}

export const bookingPath = (reference: string) => `/ops/bookings/${encodeURIComponent(reference)}`

// ---------------------------------------------------------------- the cancel form

export async function cancelPageData(context: Context, request: Request, reference: string) {
  await requireStaff(request, mayCancel)
  const { handle, booking } = await bookingByReference(reference)
  const { t, language } = pageContext(context, request)
  const charge = await refundableCharge(handle.db, booking)
  const title = t('ops.cancel.title', { reference: booking.reference })
  return {
    meta: staffMeta(context, request, title),
    reference: booking.reference,
    status: booking.status,
    cancellable: isAwaitingRide(booking.status),
    trip: {
      date: formatDate(pickupCalendarDate(booking.trip_date, booking.trip_time), language),
      time: booking.trip_time,
      route: rideLine(t, { ...rideEndNames(booking, language), hire: hireOf(booking) }),
      traveller: [booking.first_name, booking.last_name].filter(Boolean).join(' '),
    },
    paid: money(paymentSplit(booking).paidMinor, booking.currency, language),
    // Within it a full refund is the default; after it, a refund needs an override reason.
    withinFreePeriod: isFreeCancellation(bookingPickupInstant(booking), new Date()),
    refundable: charge ? money(charge.amount_minor, charge.currency, language) : null,
    reasonMax: CANCEL_REASON_MAX,
  }
}

const cancelSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(1, 'ops.cancel.errors.reasonRequired')
    .max(CANCEL_REASON_MAX, 'ops.cancel.errors.reasonTooLong'),
  refund: z.enum(['full', 'none'], { error: 'ops.cancel.errors.refundChoice' }),
  override: z.string().trim().max(CANCEL_REASON_MAX, 'ops.cancel.errors.reasonTooLong'),
})

export type CancelFormErrors = Partial<Record<'reason' | 'refund' | 'override', string>>

/**
 * Cancels the booking as the form says. A refused form comes back with what
 * was typed and a message beside each wrong field; a booking cancelled
 * meanwhile (another tab, another dispatcher) is said kindly and nothing
 * changes. After a cancellation the booking's page shows how the refund went.
 */
export async function cancelFormAction(context: Context, request: Request, reference: string) {
  refuseCrossOrigin(request)
  const staff = await requireStaff(request, mayCancel)
  const { handle, booking } = await bookingByReference(reference)
  const form = await request.formData()
  const values = {
    reason: String(form.get('reason') ?? '').slice(0, CANCEL_REASON_MAX * 2),
    refund: String(form.get('refund') ?? 'full'),
    override: String(form.get('override') ?? '').slice(0, CANCEL_REASON_MAX * 2),
  }
  const parsed = cancelSchema.safeParse(values)
  if (!parsed.success) {
    markFormRefused(context)
    const errors: CancelFormErrors = {}
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as keyof CancelFormErrors
      errors[field] ??= issue.message
    }
    return data({ errors, values, outcome: null }, { status: 400, headers: staffPageHeaders })
  }
  const free = isFreeCancellation(bookingPickupInstant(booking), new Date())
  if (parsed.data.refund === 'full' && !mayRefundOnCancel(free, parsed.data.override)) {
    markFormRefused(context)
    return data(
      {
        errors: { override: 'ops.cancel.errors.overrideRequired' } as CancelFormErrors,
        values,
        outcome: null,
      },
      { status: 400, headers: staffPageHeaders },
    )
  }
  const result = await cancelBooking(
    handle,
    paymentProvider(),
    {
      bookingId: booking.id,
      by: { kind: 'staff', accountId: staff.account.id },
      reason: parsed.data.reason,
      refund: parsed.data.refund === 'full',
      refundOverride: parsed.data.override || null,
      clientAddress: context.get(clientAddressContext),
    },
    new Date(),
  )
  if (result.kind !== 'cancelled') {
    markFormRefused(context)
    return data(
      { errors: {} as CancelFormErrors, values, outcome: result.kind },
      { status: 409, headers: staffPageHeaders },
    )
  }
  return redirect(`${bookingPath(booking.reference)}?${outcomeParam(result.refund)}`, {
    status: 303,
    headers: staffPageHeaders,
  })
}

/** What the booking's page says after an action, carried in its address. */
function outcomeParam(refund: RefundOutcome | { kind: 'none' }) {
  return new URLSearchParams({ done: `cancelled-${refund.kind}` }).toString()
}

// ---------------------------------------------------------------- retrying a refund

/** POST only: tries a failed refund again, then back to the booking's page. */
export async function retryRefundAction(context: Context, request: Request, reference: string) {
  refuseCrossOrigin(request)
  const staff = await requireStaff(request, mayCancel)
  const { handle, booking } = await bookingByReference(reference)
  const form = await request.formData()
  const attemptId = Number(form.get('attempt'))
  // One form posts both: trying a failed refund again, and refunding a second
  // charge before the maintenance run gets to it.
  const refund = form.get('intent') === 'second-charge' ? refundSecondCharge : retryRefund
  const result = Number.isSafeInteger(attemptId)
    ? await refund(
        handle,
        paymentProvider(),
        {
          bookingId: booking.id,
          attemptId,
          staffAccountId: staff.account.id,
          clientAddress: context.get(clientAddressContext),
        },
        new Date(),
      )
    : ({ kind: 'nothing-to-retry' } as const)
  const done = result.kind === 'retried' ? `refund-${result.outcome.kind}` : 'refund-nothing'
  return redirect(`${bookingPath(booking.reference)}?done=${done}`, {
    status: 303,
    headers: staffPageHeaders,
  })
}

// ---------------------------------------------------------------- the booking page's section

const doneMessages = new Set([
  'cancelled-succeeded',
  'cancelled-failed',
  'cancelled-none',
  'cancelled-skipped',
  'refund-succeeded',
  'refund-failed',
  'refund-skipped',
  'refund-nothing',
  'message-text',
  'message-email',
  'tip-succeeded',
  'tip-failed',
  'tip-nothing',
])

/**
 * The refunds part of a booking's staff page: whether this member of staff
 * may cancel it, every refund asked for (by whom, how it went), which payment
 * attempts can have a failed refund tried again, and the message of the
 * action just done.
 */
export async function refundSectionData(context: Context, request: Request, reference: string) {
  const staff = await requireStaff(request, rolesThatMay('bookings.view'))
  const { handle, booking } = await bookingByReference(reference)
  const { language } = pageContext(context, request)
  const at = instantFormatter(language)
  const may = mayCancel.includes(staff.account.role)
  const refunds = await refundsOfBooking(handle.db, booking.id)
  const staffIds = [
    ...new Set(
      refunds.flatMap((refund) => (refund.requested_by === null ? [] : [refund.requested_by])),
    ),
  ]
  const names = new Map(
    staffIds.length
      ? (
          await handle.db
            .selectFrom('staff_accounts')
            .select(['id', 'name'])
            .where('id', 'in', staffIds)
            .execute()
        ).map((row) => [row.id, row.name])
      : [],
  )
  // The latest refund of each attempt decides what the payments table says about it.
  const latestByAttempt: Record<number, string> = {}
  const latestId: Record<number, number> = {}
  for (const refund of refunds) {
    latestByAttempt[refund.attempt_id] = refund.status
    latestId[refund.attempt_id] = refund.id
  }
  const done = new URL(request.url).searchParams.get('done')
  return {
    canCancel: may && isAwaitingRide(booking.status),
    /** Whether this member of staff may give money back (a second charge, a failed refund). */
    mayRefund: may,
    done: done && doneMessages.has(done) ? done : null,
    latestByAttempt,
    refunds: refunds.map((refund) => ({
      id: refund.id,
      attemptId: refund.attempt_id,
      at: at(refund.created_at),
      amount: money(refund.amount_minor, refund.currency, language),
      status: refund.status,
      by: refund.requested_by === null ? null : (names.get(refund.requested_by) ?? null),
      // A refund the traveller's own cancellation asked for, online.
      byTraveller: refund.requester === 'traveller',
      providerRefundId: refund.provider_refund_id,
      error: refund.error_code,
      // Only the newest failed refund of an attempt is offered again.
      retryable: may && refund.status === 'failed' && latestId[refund.attempt_id] === refund.id,
    })),
  }
}
