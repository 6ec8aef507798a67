import type { ExpressionBuilder } from 'kysely'
import type { DatabaseHandle } from '~/db/connect.server'
import type { Database } from '~/db/schema'
import { paidStatuses } from '~/domain/booking/status'
import { bookingPickupInstant } from '~/domain/trip-search'
import { rideMoney, type ReportRefund, type ReportRide } from '~/domain/reports/report-money'
import { periodInstants } from '~/domain/reports/report-period'
import type { ReportReview } from '~/domain/reports/report-sections'

/**
 * What the reports read: every ride paid in a period (a booking counts on
 * the Istanbul day its payment confirmed it, `confirmed_at`, whatever became
 * of it since), and the refunds of those rides. The same rides, by the same
 * rule, are the rows of the bookings CSV asked for by payment day
 * (`?dates=paid`), which accountants reconcile against.
 */

/** Paid, still standing or cancelled since: the bookings the board and the reports know. */
export function paidInPeriod(
  eb: ExpressionBuilder<Database, 'bookings'>,
  period: { from: string; to: string },
) {
  const { start, end } = periodInstants(period)
  return eb.and([
    eb('bookings.confirmed_at', '>=', start),
    eb('bookings.confirmed_at', '<', end),
    eb.or([eb('bookings.status', 'in', paidStatuses), eb('bookings.status', '=', 'cancelled')]),
  ])
}

export async function reportRides(
  handle: DatabaseHandle,
  period: { from: string; to: string },
): Promise<ReportRide[]> {
  const rows = await handle.db
    .selectFrom('bookings')
    // A partner's booking names its company; a company's own account alone does not make one.
    .leftJoin('companies', (join) =>
      join
        .onRef('companies.id', '=', 'bookings.company_id')
        .on('bookings.partner_user_id', 'is not', null),
    )
    .select([
      'companies.name as partner_company',
      'bookings.reference',
      'bookings.status',
      'bookings.vehicle_class',
      'bookings.trip_date',
      'bookings.trip_time',
      'bookings.confirmed_at',
      'bookings.currency',
      'bookings.rate',
      'bookings.rates_date',
      'bookings.payment_option',
      'bookings.paid_minor',
      'bookings.total_minor',
      'bookings.discount_minor',
      'bookings.promo_code',
      'bookings.total_cents',
      'bookings.vehicle_cents',
      'bookings.extras_cents',
      'bookings.return_vehicle_cents',
      'bookings.price_terms',
    ])
    // Who cancelled: the audit entry every cancellation writes in its own transaction.
    .select((eb) =>
      eb
        .selectFrom('staff_audit')
        .select('staff_audit.actor')
        .whereRef('staff_audit.booking_id', '=', 'bookings.id')
        .where('staff_audit.action', '=', 'booking.cancelled')
        .orderBy('staff_audit.id')
        .limit(1)
        .as('cancelled_by'),
    )
    .where((eb) => paidInPeriod(eb, period))
    .orderBy('bookings.confirmed_at')
    .orderBy('bookings.reference')
    .execute()
  return rows.map((row) => ({
    reference: row.reference,
    status: row.status,
    vehicleClass: row.vehicle_class,
    paidAt: row.confirmed_at!,
    pickupAt: bookingPickupInstant(row).toISOString(),
    cancelledBy: row.status === 'cancelled' ? (row.cancelled_by ?? null) : null,
    promoCode: row.promo_code,
    partnerCompany: row.partner_company ?? null,
    ...rideMoney(row),
  }))
}

/**
 * The refunds of the rides paid in the period: for each charge a ride gave
 * back, its latest try (a failed try retried later counts as the retry stands).
 */
export async function reportRefunds(
  handle: DatabaseHandle,
  period: { from: string; to: string },
): Promise<ReportRefund[]> {
  const rows = await handle.db
    .selectFrom('payment_refunds')
    .innerJoin('bookings', 'bookings.id', 'payment_refunds.booking_id')
    .select([
      'payment_refunds.attempt_id',
      'payment_refunds.booking_id',
      'payment_refunds.currency',
      'payment_refunds.requester',
      'payment_refunds.status',
      'payment_refunds.amount_minor',
    ])
    .where((eb) => paidInPeriod(eb, period))
    .orderBy('payment_refunds.id')
    .execute()
  const latest = new Map<string, (typeof rows)[number]>()
  for (const row of rows) latest.set(`${row.attempt_id}|${row.booking_id}`, row)
  return [...latest.values()].map((row) => ({
    currency: row.currency,
    requester: row.requester,
    status: row.status,
    amountMinor: row.amount_minor,
  }))
}

/** The reviews written in a period (Istanbul days), published or not: the company's own view. */
export async function reportReviews(
  handle: DatabaseHandle,
  period: { from: string; to: string },
): Promise<ReportReview[]> {
  const { start, end } = periodInstants(period)
  const rows = await handle.db
    .selectFrom('ride_reviews')
    .select(['created_at', 'driver_stars', 'car_stars', 'punctuality_stars'])
    .where('created_at', '>=', start)
    .where('created_at', '<', end)
    .orderBy('created_at')
    .execute()
  return rows.map((row) => ({
    writtenAt: row.created_at,
    driver: row.driver_stars,
    car: row.car_stars,
    punctuality: row.punctuality_stars,
  }))
}
