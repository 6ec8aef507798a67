import type { DatabaseHandle } from '~/db/connect.server'
import { removeEndedPositions } from '~/dispatch/positions.server'
import { writeTransaction } from '~/db/write.server'
import { runExclusively } from '~/db/job-lock.server'
import { purgeRateLimitEvents } from '~/db/rate-limit.server'
import { purgeUnpaidBookings } from '~/jobs/retention.server'
import { removeExpiredInvoiceFields } from '~/jobs/invoice-retention.server'
import { eraseTravelDocuments } from '~/jobs/document-retention.server'
import { purgeOldStaffSessions } from '~/staff/sessions.server'
import { purgeOldTravellerSessions } from '~/accounts/traveller-sessions.server'
import { purgeOldPartnerSessions } from '~/partners/partner-sessions.server'
import { logger } from '~/utils/logger.server'
import { jobTasks } from '~/utils/metrics.server'
import { expireStaleDrafts } from '~/booking/bookings.server'
import { changeStatus, lockBooking } from '~/booking/booking-store.server'
import { queueOwedConfirmations, sendConfirmation } from '~/booking/confirmation-mail.server'
import { queueWaitingContactMails } from '~/contact/contact-mail.server'
import { deliverQueuedMessages } from '~/messages/queue.server'
import { queueReminders } from '~/dispatch/reminders.server'
import { queueDocumentsReminders } from '~/booking/documents-reminder.server'
import { queueReviewRequests } from '~/reviews/review-requests.server'
import { getEnv } from '~/config/env.server'
import type { PaymentProvider } from '~/adapters/payment/provider'
import { markPaymentFailed, settlePayment, STARTING_STALE_SECONDS } from '~/booking/payments.server'
import { claimRefund, performRefund, refundByJob, retryRefund } from '~/booking/refunds.server'
import type { FlightStatusProvider } from '~/adapters/flights/flight-status'
import { configuredFlightStatus } from '~/adapters/flights/configured.server'
import { followFlights } from '~/flights/follow-flights.server'
import { checkDepartures } from '~/flights/check-departures.server'
import { expireOffers, offerRidesInTurn } from '~/dispatch/offers.server'
import type { UetdsService } from '~/adapters/uetds/uetds-service'
import { configuredUetds } from '~/adapters/uetds/configured.server'
import { fileTrips } from '~/compliance/uetds-filing.server'
import type { InvoicingService } from '~/adapters/invoicing/invoicing-service'
import { configuredInvoicing } from '~/adapters/invoicing/configured.server'
import { issueInvoices } from '~/compliance/e-invoicing.server'

/** A callback normally arrives within seconds; after this, ask the provider. */
const CALLBACK_GRACE_MINUTES = 2
/** A booking whose payment failed stays retryable for a day, then expires. */
const FAILED_KEPT_HOURS = 24

export interface ReconcileReport {
  confirmed: number
  failed: number
  expired: number
  pending: number
  /** Attempts claimed whose provider call never came back (the process died). */
  abandonedStarts: number
}

/**
 * Payments whose callback never came (the traveller closed the tab, the
 * network failed) are settled by asking the provider, never guessed: a
 * success confirms the booking (and mails it) as the callback would have, a
 * refusal fails it, and a token that ran out unpaid ends the attempt.
 */
export async function reconcilePayments(
  handle: DatabaseHandle,
  provider: PaymentProvider,
  now: Date,
): Promise<ReconcileReport> {
  const report: ReconcileReport = {
    confirmed: 0,
    failed: 0,
    expired: 0,
    pending: 0,
    abandonedStarts: await endAbandonedStarts(handle, now),
  }
  const cutoff = new Date(now.getTime() - CALLBACK_GRACE_MINUTES * 60_000).toISOString()
  const open = await handle.db
    .selectFrom('payment_attempts')
    .select(['id', 'token', 'booking_id', 'expires_at'])
    .where('status', '=', 'initialized')
    .where('created_at', '<', cutoff)
    .execute()
  for (const attempt of open) {
    if (!attempt.token) continue
    try {
      const outcome = await settlePayment(handle, provider, attempt.token, now)
      if (outcome.kind === 'confirmed') {
        report.confirmed++
        if (outcome.first) await sendConfirmation(handle, outcome.booking.id, now)
      } else if (outcome.kind === 'failed') {
        report.failed++
      } else if (attempt.expires_at <= now.toISOString()) {
        await expireAttempt(handle, attempt.id, attempt.booking_id, now)
        report.expired++
      } else {
        report.pending++
      }
    } catch (error) {
      logger.error('payment.reconcile_failed', { attempt: attempt.id, error: String(error) })
    }
  }
  return report
}

/**
 * A claimed attempt whose provider call never came back ends, so the booking
 * can be paid again: no page was ever shown for it, so nothing was charged.
 */
async function endAbandonedStarts(handle: DatabaseHandle, now: Date): Promise<number> {
  const at = now.toISOString()
  const staleBefore = new Date(now.getTime() - STARTING_STALE_SECONDS * 1000).toISOString()
  const stale = await handle.db
    .selectFrom('payment_attempts')
    .select(['id', 'booking_id'])
    .where('status', '=', 'starting')
    .where('created_at', '<', staleBefore)
    .execute()
  for (const attempt of stale) {
    await writeTransaction(handle, async (trx) => {
      const changed = await trx
        .updateTable('payment_attempts')
        .set({ status: 'failed', error_code: 'START_ABANDONED', finished_at: at })
        .where('id', '=', attempt.id)
        .where('status', '=', 'starting')
        .executeTakeFirst()
      if (Number(changed.numUpdatedRows) === 0) return
      await markPaymentFailed(trx, attempt.booking_id, 'payment start abandoned', at)
    })
  }
  return stale.length
}

/** After a refund of a second charge failed, the job tries it again this much later. */
export const REFUND_RETRY_MINUTES = 30
/** A refund still 'requested' this long after its claim lost its process (see docs/payments.md). */
export const REFUND_UNSETTLED_MINUTES = 10
/** The address the job gives the provider as the refund's requester. */
const JOB_CLIENT_ADDRESS = '127.0.0.1'

/**
 * Second charges on bookings another attempt had already paid are refunded
 * through the provider that took them, with the same claim-then-call
 * discipline as a staff refund (requested by nobody: the job). A refund the
 * provider refused is tried again after a pause; each run still lists the
 * charges due (`payment.refund_due`) until one goes through.
 */
export async function refundDuplicateCharges(
  handle: DatabaseHandle,
  provider: PaymentProvider,
  now: Date,
): Promise<{ refunded: number; refundFailed: number }> {
  const report = { refunded: 0, refundFailed: 0 }
  const pausedSince = new Date(now.getTime() - REFUND_RETRY_MINUTES * 60_000).toISOString()
  const due = await handle.db
    .selectFrom('payment_attempts')
    .select(['id', 'booking_id'])
    .where('refund_status', '=', 'due')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('payment_refunds')
            .select('payment_refunds.id')
            .whereRef('payment_refunds.attempt_id', '=', 'payment_attempts.id')
            .where((inner) =>
              inner.or([
                inner('payment_refunds.status', 'in', ['requested', 'succeeded']),
                inner('payment_refunds.finished_at', '>', pausedSince),
              ]),
            ),
        ),
      ),
    )
    .orderBy('id')
    .execute()
  for (const charge of due) {
    try {
      const refundId = await writeTransaction(handle, async (trx) => {
        if (!(await lockBooking(trx, charge.booking_id))) return undefined
        const attempt = await trx
          .selectFrom('payment_attempts')
          .select(['id', 'booking_id', 'provider', 'payment_id', 'amount_minor', 'currency'])
          .where('id', '=', charge.id)
          .where('refund_status', '=', 'due')
          .executeTakeFirst()
        return attempt ? claimRefund(trx, attempt, refundByJob, now) : undefined
      })
      if (refundId === undefined) continue
      const outcome = await performRefund(handle, provider, refundId, JOB_CLIENT_ADDRESS, now)
      if (outcome.kind === 'succeeded') report.refunded++
      if (outcome.kind === 'failed') report.refundFailed++
    } catch (error) {
      logger.error('payment.refund_job_failed', { attempt: charge.id, error: String(error) })
    }
  }
  return report
}

/** A refund the provider could not be reached for is tried again by the job at most this often. */
export const MAX_UNREACHABLE_REFUND_TRIES = 5

/**
 * Refunds that failed because the provider could not be reached (a network
 * error or a timeout: `NETWORK`) are tried again by the job after the same
 * pause, up to five tries per payment; a refusal with a reason of the
 * provider's own is left to a person. Second charges are not retried here:
 * refundDuplicateCharges already tries each of them again after the pause. Trying again cannot refund twice: both
 * providers refuse a refund above what the payment still holds.
 */
export async function retryUnreachableRefunds(
  handle: DatabaseHandle,
  provider: PaymentProvider,
  now: Date,
): Promise<{ refunded: number; refundFailed: number }> {
  const report = { refunded: 0, refundFailed: 0 }
  const pausedSince = new Date(now.getTime() - REFUND_RETRY_MINUTES * 60_000).toISOString()
  // The latest refund of each payment, when it failed for want of an answer.
  // Second charges still due are left to refundDuplicateCharges, which owns them.
  const unreachable = await handle.db
    .selectFrom('payment_refunds as latest')
    .innerJoin('payment_attempts', 'payment_attempts.id', 'latest.attempt_id')
    .select(['latest.attempt_id', 'latest.booking_id'])
    .where((eb) =>
      eb.or([
        eb('payment_attempts.refund_status', 'is', null),
        eb('payment_attempts.refund_status', '!=', 'due'),
      ]),
    )
    .where('latest.status', '=', 'failed')
    .where('latest.error_code', '=', 'NETWORK')
    .where('latest.finished_at', '<=', pausedSince)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('payment_refunds as newer')
            .select('newer.id')
            .whereRef('newer.attempt_id', '=', 'latest.attempt_id')
            .whereRef('newer.id', '>', 'latest.id'),
        ),
      ),
    )
    .orderBy('latest.id')
    .execute()
  for (const refund of unreachable) {
    const tries = await handle.db
      .selectFrom('payment_refunds')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('attempt_id', '=', refund.attempt_id)
      .where('status', '=', 'failed')
      .executeTakeFirstOrThrow()
    if (Number(tries.count) >= MAX_UNREACHABLE_REFUND_TRIES) continue
    try {
      const retried = await retryRefund(
        handle,
        provider,
        {
          bookingId: refund.booking_id,
          attemptId: refund.attempt_id,
          staffAccountId: null,
          clientAddress: JOB_CLIENT_ADDRESS,
        },
        now,
      )
      if (retried.kind !== 'retried') continue
      if (retried.outcome.kind === 'succeeded') report.refunded++
      if (retried.outcome.kind === 'failed') report.refundFailed++
    } catch (error) {
      logger.error('payment.refund_job_failed', {
        attempt: refund.attempt_id,
        error: String(error),
      })
    }
  }
  return report
}

/**
 * Second charges still due back after this run's refunds: listed in the log
 * (as errors, so alerting sees them) until a refund of them goes through.
 */
export async function refundsDue(handle: DatabaseHandle) {
  const due = await handle.db
    .selectFrom('payment_attempts')
    .innerJoin('bookings', 'bookings.id', 'payment_attempts.booking_id')
    .select([
      'payment_attempts.id as attempt',
      'bookings.reference as reference',
      'payment_attempts.provider as provider',
      'payment_attempts.payment_id as paymentId',
      'payment_attempts.amount_minor as amountMinor',
      'payment_attempts.currency as currency',
      'payment_attempts.finished_at as chargedAt',
    ])
    .where('payment_attempts.refund_status', '=', 'due')
    .orderBy('payment_attempts.id')
    .execute()
  for (const refund of due) logger.error('payment.refund_due', refund)
  return due
}

/**
 * Refunds claimed whose provider call never came back (the process died
 * between the claim and the answer). They are reported, not sent again: the
 * provider may have made the refund, and neither provider lets us ask. A
 * person checks the merchant panel (docs/payments.md).
 */
export async function unsettledRefunds(handle: DatabaseHandle, now: Date) {
  const before = new Date(now.getTime() - REFUND_UNSETTLED_MINUTES * 60_000).toISOString()
  const stuck = await handle.db
    .selectFrom('payment_refunds')
    .innerJoin('bookings', 'bookings.id', 'payment_refunds.booking_id')
    .select([
      'payment_refunds.id as refund',
      'bookings.reference as reference',
      'payment_refunds.provider as provider',
      'payment_refunds.amount_minor as amountMinor',
      'payment_refunds.currency as currency',
      'payment_refunds.created_at as requestedAt',
    ])
    .where('payment_refunds.status', '=', 'requested')
    .where('payment_refunds.created_at', '<', before)
    .orderBy('payment_refunds.id')
    .execute()
  for (const refund of stuck) logger.error('payment.refund_unsettled', refund)
  return stuck
}

/** An unpaid token that ran out: the attempt ends, the booking can be paid again. */
async function expireAttempt(
  handle: DatabaseHandle,
  attemptId: number,
  bookingId: string,
  now: Date,
) {
  const at = now.toISOString()
  await writeTransaction(handle, async (trx) => {
    const changed = await trx
      .updateTable('payment_attempts')
      .set({ status: 'expired', finished_at: at })
      .where('id', '=', attemptId)
      .where('status', '=', 'initialized')
      .executeTakeFirst()
    if (Number(changed.numUpdatedRows) === 0) return
    await markPaymentFailed(trx, bookingId, 'payment page expired unpaid', at)
  })
}

/** Bookings left unpaid after a failed payment for a day become expired. */
async function expireAbandoned(handle: DatabaseHandle, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - FAILED_KEPT_HOURS * 3_600_000).toISOString()
  const abandoned = await handle.db
    .selectFrom('bookings')
    .select('id')
    .where('status', '=', 'payment_failed')
    .where('updated_at', '<', cutoff)
    .execute()
  const at = now.toISOString()
  for (const { id } of abandoned) {
    await writeTransaction(handle, async (trx) => {
      const booking = await lockBooking(trx, id)
      // Paid or tried again meanwhile: it is no longer abandoned.
      if (booking?.status !== 'payment_failed') return
      await changeStatus(trx, booking, 'expired', { at, note: 'unpaid' })
    })
  }
  return abandoned.length
}

/**
 * Everything the periodic job does: settle silent payments, expire drafts and
 * abandoned bookings, retry confirmation and contact e-mails, queue the
 * day-before reminders, close lapsed job offers (and, in automatic mode, offer
 * each ride waiting for a driver to the next one), follow the flights of airport pickups and check
 * the departures of rides to the airport the evening before (when a
 * provider follows flights) and tell what changed, file the passenger lists with
 * U-ETDS and issue invoices through Paraşüt (when the company has them), send
 * queued e-mails, refund
 * second charges (listing those still due), and delete or anonymise what the
 * retention periods no longer allow to keep. Every instance schedules it, but it runs
 * in one at a time (a database lock: docs/database.md); the others answer
 * `{ ran: false }` and try again next period. Each change is a guarded
 * transaction as well, so even overlapping runs stay correct.
 */
export async function runMaintenance(
  handle: DatabaseHandle,
  provider: PaymentProvider,
  now: Date,
  flights: FlightStatusProvider = configuredFlightStatus(),
  uetds: UetdsService | null = configuredUetds(),
  invoicing: InvoicingService | null = configuredInvoicing(),
) {
  // Each task is timed for the metrics under its own name.
  const task = jobTasks('maintenance')
  const run = await runExclusively(handle, 'maintenance', async () => {
    const payments = await task('reconcile_payments', () =>
      reconcilePayments(handle, provider, now),
    )
    // Before expiring: a draft untouched for the whole period goes, rather than
    // being marked expired today and kept for another period.
    const purgedBookings = await task('purge_unpaid_bookings', () =>
      purgeUnpaidBookings(handle, now),
    )
    const expiredDrafts = await task('expire_drafts', () => expireStaleDrafts(handle, now))
    const abandoned = await task('expire_abandoned', () => expireAbandoned(handle, now))
    const mailed = await task('queue_owed_confirmations', () => queueOwedConfirmations(handle, now))
    const contactMails = await task('queue_waiting_contact_mails', () =>
      queueWaitingContactMails(handle, now),
    )
    // Queued before the send below, which then sends them in this same run.
    const reminders = (
      await task('queue_reminders', () => queueReminders(handle, now, getEnv().REMINDER_HOUR))
    ).length
    // Passengers' documents still missing within a day of the pickup: one reminder each.
    const documentsReminders = (
      await task('queue_documents_reminders', () => queueDocumentsReminders(handle, now))
    ).length
    // Two hours after a ride finished, its traveller is asked once how it went.
    const reviewRequests = (
      await task('queue_review_requests', () => queueReviewRequests(handle, now))
    ).length
    // Offers past their deadline close; in automatic mode, each ride's next driver is offered it.
    const expiredOffers = await task('expire_offers', () => expireOffers(handle, now))
    const autoOffers = await task('offer_rides_in_turn', () =>
      offerRidesInTurn(
        handle,
        { bufferMinutes: getEnv().DISPATCH_BUFFER_MINUTES, roadFactor: getEnv().ROAD_FACTOR },
        now,
      ),
    )
    // Only with a provider: without one nothing is asked, and nothing is said about flights.
    const followed = flights.follows
      ? await task('follow_flights', () => followFlights(handle, flights, now))
      : undefined
    // The evening before a ride to the airport, its departure once more (docs/flights.md).
    const departures = flights.follows
      ? await task('check_departures', () => checkDepartures(handle, flights, now))
      : undefined
    // With the Ministry's service: passenger lists filed, brought up to date, cancelled.
    const filings = uetds
      ? await task('file_uetds', () => fileTrips(handle, uetds, now, getEnv().UETDS_LEAD_MINUTES))
      : undefined
    // With Paraşüt: each paid ride's e-Fatura or e-Arşiv, a cancelled ride's cancelled.
    const invoices = invoicing
      ? await task('issue_invoices', () =>
          issueInvoices(handle, invoicing, now, {
            siteUrl: getEnv().PUBLIC_BASE_URL,
            paymentPlatform: getEnv().PAYMENT_PROVIDER,
          }),
        )
      : undefined
    const queuedMails = await task('deliver_queued_messages', () =>
      deliverQueuedMessages(handle, now),
    )
    const duplicates = await task('refund_duplicate_charges', () =>
      refundDuplicateCharges(handle, provider, now),
    )
    const retried = await task('retry_unreachable_refunds', () =>
      retryUnreachableRefunds(handle, provider, now),
    )
    const refunded = duplicates.refunded + retried.refunded
    const refundFailed = duplicates.refundFailed + retried.refundFailed
    const refunds = (await task('list_refunds_due', () => refundsDue(handle))).length
    const refundsUnsettled = (
      await task('list_unsettled_refunds', () => unsettledRefunds(handle, now))
    ).length
    const purgedRateLimitEvents = await task('purge_rate_limit_events', () =>
      purgeRateLimitEvents(handle, now),
    )
    const purgedStaffSessions = await task('purge_staff_sessions', () =>
      purgeOldStaffSessions(handle, now),
    )
    const purgedTravellerSessions = await task('purge_traveller_sessions', () =>
      purgeOldTravellerSessions(handle, now),
    )
    const purgedPartnerSessions = await task('purge_partner_sessions', () =>
      purgeOldPartnerSessions(handle, now),
    )
    // A car's position is kept while its ride is under way, never after.
    const removedPositions = await task('remove_ended_positions', () =>
      removeEndedPositions(handle.db, now),
    )
    // Paid bookings whose ten years of bookkeeping are over become anonymous rides.
    const anonymisedBookings = await task('remove_expired_invoice_fields', () =>
      removeExpiredInvoiceFields(handle, now),
    )
    // Passengers' documents, a month after the ride: the Ministry holds the list.
    const erasedDocuments = await task('erase_travel_documents', () =>
      eraseTravelDocuments(handle, now),
    )
    return {
      ...payments,
      expiredDrafts,
      abandoned,
      mailed,
      contactMails,
      reminders,
      documentsReminders,
      reviewRequests,
      expiredOffers,
      autoOffers: autoOffers.offered,
      flightsAsked: followed?.asked ?? 0,
      flightNotices: followed?.told ?? 0,
      departuresAsked: departures?.asked ?? 0,
      departureNotices: (departures?.moved ?? 0) + (departures?.cancelled ?? 0),
      uetdsFiled: filings?.filed ?? 0,
      uetdsCancelled: filings?.cancelled ?? 0,
      uetdsRefused: filings?.refused ?? 0,
      uetdsUnanswered: filings?.unanswered ?? 0,
      invoicesIssued: invoices?.issued ?? 0,
      invoicesCancelled: invoices?.cancelled ?? 0,
      invoicesRefused: invoices?.refused ?? 0,
      invoicesUnanswered: invoices?.unanswered ?? 0,
      queuedMails,
      refunded,
      refundFailed,
      refundsDue: refunds,
      refundsUnsettled,
      purgedBookings,
      purgedRateLimitEvents,
      purgedStaffSessions,
      purgedTravellerSessions,
      purgedPartnerSessions,
      anonymisedBookings,
      erasedDocuments,
      removedPositions,
    }
  })
  if (!run.ran) {
    logger.info('maintenance.skipped', { reason: 'running in another instance' })
    return { ran: false } as const
  }
  logger.info('maintenance.done', run.value)
  return { ran: true, ...run.value } as const
}
