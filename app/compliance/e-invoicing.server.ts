import type { Selectable, Updateable } from 'kysely'
import type { DatabaseHandle } from '~/db/connect.server'
import type { BookingRow, EInvoicesTable } from '~/db/schema'
import { paidStatuses } from '~/domain/booking/status'
import type {
  InvoicingAnswer,
  InvoicingService,
  InternetSale,
} from '~/adapters/invoicing/invoicing-service'
import { istanbulDate } from '~/domain/booking-window'
import {
  VAT_RATE,
  grossOfNet,
  invoiceBuyer,
  invoiceCurrency,
  netOfVat,
  type InvoiceBooking,
} from '~/domain/billing/e-invoice'
import { payableMinor } from '~/domain/pricing/promo'
import { nextTryAfter } from '~/domain/compliance/trip-filing'
import { logger } from '~/utils/logger.server'
import { claimBookingRow, releaseBookingRow } from '~/db/booking-claim.server'

/**
 * The maintenance run's electronic invoices through Paraşüt
 * (docs/invoicing.md). A ride paid by card, or charged to a partner's account,
 * is invoiced step by step, each step's id stored as Paraşüt gives it so a
 * run that stops resumes where it stopped: the buyer's contact, the sales
 * invoice (its lines before VAT), the e-Fatura (a buyer whose VKN is
 * registered for it) or the e-Arşiv (anyone else, as an internet sale), the
 * asynchronous job making it, and the official PDF, kept. A ride cancelled
 * after its invoice has the invoice cancelled while Paraşüt allows; past
 * that, staff issue the return. A refusal or silence waits as the
 * passenger lists do. A ride is claimed first, so two instances never issue
 * one twice.
 */

/** A trackable job's id is kept by Paraşüt this long; after, the invoice itself is asked. */
const JOB_LIFETIME_MINUTES = 15
const CLAIM_MINUTES = 5

export interface InvoicingSettings {
  /** The site's address: the internet sale's. */
  siteUrl: string
  /** Who took the card payment (the internet sale's platform). */
  paymentPlatform: string
  /**
   * Paraşüt makes a document in seconds: a run asks its job (and then its PDF)
   * this many times, this far apart, before leaving it to the next run.
   */
  poll?: { tries: number; delayMs: number }
}

const defaultPoll = { tries: 3, delayMs: 2_000 }

export interface InvoicingReport {
  issued: number
  cancelled: number
  refused: number
  unanswered: number
}

export async function issueInvoices(
  handle: DatabaseHandle,
  service: InvoicingService,
  now: Date,
  settings: InvoicingSettings,
): Promise<InvoicingReport> {
  const report: InvoicingReport = { issued: 0, cancelled: 0, refused: 0, unanswered: 0 }
  const at = now.toISOString()
  const candidates = await handle.db
    .selectFrom('bookings')
    .leftJoin('e_invoices', 'e_invoices.booking_id', 'bookings.id')
    .select(['bookings.id', 'e_invoices.next_try_at', 'e_invoices.claimed_until'])
    // A return ride is on its trip's invoice.
    .where('bookings.outbound_booking_id', 'is', null)
    .where('bookings.confirmed_at', 'is not', null)
    .where((eb) =>
      eb.or([
        eb.and([
          // Paid rides: invoiced once confirmed, whatever happens on the day.
          eb('bookings.status', 'in', paidStatuses),
          eb.or([eb('e_invoices.issued_at', 'is', null), eb('e_invoices.booking_id', 'is', null)]),
        ]),
        eb.and([
          eb('bookings.status', '=', 'cancelled'),
          eb('e_invoices.invoice_id', 'is not', null),
          eb('e_invoices.cancelled_at', 'is', null),
          eb('e_invoices.cancel_refused', 'is', null),
        ]),
      ]),
    )
    .execute()
  for (const row of candidates) {
    if (row.next_try_at && row.next_try_at > at) continue
    if (row.claimed_until && row.claimed_until > at) continue
    try {
      const outcome = await invoiceRide(handle, service, row.id, now, settings)
      if (outcome === 'issued') report.issued++
      if (outcome === 'cancelled') report.cancelled++
      if (outcome === 'refused') report.refused++
      if (outcome === 'unanswered') report.unanswered++
    } catch (error) {
      logger.error('invoice.issue_failed', { booking: row.id, error: String(error) })
    }
  }
  return report
}

export type RideInvoiceOutcome =
  'issued' | 'waiting' | 'cancelled' | 'refused' | 'unanswered' | 'busy' | 'gone'

/** Brings one ride's invoice as far as it goes now (or cancels it), if no one else is. */
export async function invoiceRide(
  handle: DatabaseHandle,
  service: InvoicingService,
  bookingId: string,
  now: Date,
  settings: InvoicingSettings,
): Promise<RideInvoiceOutcome> {
  if (!(await claimBookingRow(handle, 'e_invoices', bookingId, now, CLAIM_MINUTES))) return 'busy'
  try {
    const booking = await handle.db
      .selectFrom('bookings')
      .selectAll()
      .where('id', '=', bookingId)
      .executeTakeFirst()
    if (!booking) return 'gone'
    const steps = new InvoiceSteps(handle, service, bookingId, now)
    if (booking.status === 'cancelled') return await steps.cancel()
    return await steps.issue(await invoiceBookingOf(handle, booking), booking, settings)
  } finally {
    await releaseBookingRow(handle, 'e_invoices', bookingId)
  }
}

/** The booking as the invoice's buyer rules read it, with its partner when charged on account. */
async function invoiceBookingOf(
  handle: DatabaseHandle,
  booking: BookingRow,
): Promise<InvoiceBooking> {
  const company =
    booking.company_id !== null && booking.settlement === 'account'
      ? await handle.db
          .selectFrom('companies')
          .select(['name', 'tax_office', 'tax_number', 'billing_address'])
          .where('id', '=', booking.company_id)
          .executeTakeFirst()
      : undefined
  return {
    reference: booking.reference,
    email: booking.email,
    billingFirstName: booking.billing_first_name ?? booking.first_name,
    billingLastName: booking.billing_last_name ?? booking.last_name,
    billingCompany: booking.billing_company,
    billingAddress: booking.billing_address,
    billingCity: booking.billing_city,
    billingCountry: booking.billing_country,
    billingTaxOffice: booking.billing_tax_office,
    billingTaxNumber: booking.billing_tax_number,
    company: company
      ? {
          name: company.name,
          taxOffice: company.tax_office,
          taxNumber: company.tax_number,
          address: company.billing_address,
        }
      : null,
  }
}

type Stored = Updateable<EInvoicesTable>

class InvoiceSteps {
  constructor(
    private readonly handle: DatabaseHandle,
    private readonly service: InvoicingService,
    private readonly bookingId: string,
    private readonly now: Date,
  ) {}

  private row(): Promise<Selectable<EInvoicesTable>> {
    return this.handle.db
      .selectFrom('e_invoices')
      .selectAll()
      .where('booking_id', '=', this.bookingId)
      .executeTakeFirstOrThrow()
  }

  private async store(changes: Stored) {
    await this.handle.db
      .updateTable('e_invoices')
      .set({ ...changes, updated_at: this.now.toISOString() })
      .where('booking_id', '=', this.bookingId)
      .execute()
  }

  /** Stores a step's answer; answers whether it succeeded. */
  private async record(
    step: string,
    answer: InvoicingAnswer,
    onSuccess: Stored = {},
  ): Promise<boolean> {
    const at = this.now.toISOString()
    if (answer.kind === 'ok') {
      await this.store({
        ...onSuccess,
        failures: 0,
        next_try_at: null,
        last_outcome: 'ok',
        last_step: step,
        last_message: null,
        last_at: at,
      })
      return true
    }
    const current = await this.row()
    const failures = current.failures + 1
    const message = answer.kind === 'refused' ? answer.message : answer.problem
    // Paraşüt's own wait when it said too many requests, or the back-off, whichever is later.
    const backOff = nextTryAfter(failures, this.now).getTime()
    const asked =
      answer.kind === 'unanswered' && answer.retryAfterSeconds
        ? this.now.getTime() + answer.retryAfterSeconds * 1000
        : 0
    await this.store({
      failures,
      next_try_at: new Date(Math.max(backOff, asked)).toISOString(),
      last_outcome: answer.kind,
      last_step: step,
      last_message: message.slice(0, 400),
      last_at: at,
    })
    logger.warn('invoice.step_failed', { booking: this.bookingId, step, outcome: answer.kind })
    return false
  }

  private async failed(): Promise<RideInvoiceOutcome> {
    return (await this.row()).last_outcome === 'unanswered' ? 'unanswered' : 'refused'
  }

  /** A little later, without counting a failure: Paraşüt is still making the document. */
  private async wait(minutes = 1): Promise<RideInvoiceOutcome> {
    await this.store({ next_try_at: new Date(this.now.getTime() + minutes * 60_000).toISOString() })
    return 'waiting'
  }

  /** Asks until `settled` says the answer is final, or the tries are spent. */
  private async poll<T>(
    settings: InvoicingSettings,
    ask: () => Promise<T>,
    settled: (answer: T) => boolean,
  ): Promise<T> {
    const { tries, delayMs } = settings.poll ?? defaultPoll
    let answer = await ask()
    for (let tried = 1; tried < tries && !settled(answer); tried++) {
      await new Promise((resolve) => setTimeout(resolve, delayMs))
      answer = await ask()
    }
    return answer
  }

  async cancel(): Promise<RideInvoiceOutcome> {
    const row = await this.row()
    if (!row.invoice_id || row.cancelled_at || row.cancel_refused) return 'waiting'
    const answer = await this.service.cancelInvoice(row.invoice_id)
    if (answer.kind === 'refused') {
      // Past what Paraşüt allows: a return is issued by hand; the run stops asking.
      await this.store({ cancel_refused: answer.message.slice(0, 400) })
    }
    const done = await this.record('cancel', answer, { cancelled_at: this.now.toISOString() })
    return done ? 'cancelled' : this.failed()
  }

  async issue(
    booking: InvoiceBooking,
    row: BookingRow,
    settings: InvoicingSettings,
  ): Promise<RideInvoiceOutcome> {
    let stored = await this.row()
    const buyer = invoiceBuyer(booking)

    if (!stored.contact_id) {
      const answer = await this.service.contactFor(buyer)
      const ok = await this.record(
        'contact',
        answer,
        answer.kind === 'ok' ? { contact_id: answer.contactId } : {},
      )
      if (!ok) return this.failed()
      stored = await this.row()
    }

    if (!stored.invoice_id) {
      const paid = payableMinor(row)
      const issueDate = istanbulDate(new Date(row.confirmed_at ?? this.now.toISOString()))
      const unitPrice = netOfVat(paid)
      const answer = await this.service.createSalesInvoice(stored.contact_id!, {
        reference: row.reference,
        description: `Transfer ${row.reference}`,
        issueDate,
        currency: invoiceCurrency(row.currency),
        lines: [
          {
            description: `${row.pickup_text} → ${row.destination_text}, ${row.trip_date} ${row.trip_time}`,
            quantity: 1,
            unitPrice,
            vatRate: VAT_RATE,
          },
        ],
        buyer,
      })
      const ok = await this.record(
        'invoice',
        answer,
        answer.kind === 'ok' ? { invoice_id: answer.invoiceId } : {},
      )
      if (!ok) return this.failed()
      // Paraşüt adds the VAT itself: it must come back to what was paid, to the cent.
      if (answer.kind === 'ok' && Math.round(answer.grossTotal * 100) !== grossOfNet(unitPrice)) {
        logger.warn('invoice.total_differs', { booking: this.bookingId })
      }
      stored = await this.row()
    }

    if (!stored.document_id && !stored.job_id) {
      let inbox: string | null = null
      if (buyer.mayReceiveEInvoice) {
        const answer = await this.service.eInvoiceInbox(buyer.taxNumber)
        if (!(await this.record('inbox', answer))) return this.failed()
        if (answer.kind === 'ok') inbox = answer.address
      }
      const sale: InternetSale = {
        url: settings.siteUrl,
        // A partner's ride on account is paid by bank transfer against its statement.
        paymentType: row.settlement === 'account' ? 'EFT/HAVALE' : 'KREDIKARTI/BANKAKARTI',
        platform: settings.paymentPlatform,
        date: istanbulDate(new Date(row.confirmed_at ?? this.now.toISOString())),
      }
      const answer = inbox
        ? await this.service.createEInvoice(stored.invoice_id!, inbox)
        : await this.service.createEArchive(stored.invoice_id!, sale)
      const ok = await this.record(
        inbox ? 'e_invoice' : 'e_archive',
        answer,
        answer.kind === 'ok'
          ? {
              kind: inbox ? 'e_invoice' : 'e_archive',
              job_id: answer.jobId,
              job_started_at: this.now.toISOString(),
            }
          : {},
      )
      if (!ok) return this.failed()
      stored = await this.row()
    }

    if (!stored.document_id) {
      const started = Date.parse(stored.job_started_at ?? '')
      const jobKept = this.now.getTime() - started < JOB_LIFETIME_MINUTES * 60_000
      if (stored.job_id && jobKept) {
        const answer = await this.poll(
          settings,
          () => this.service.job(stored.job_id!),
          (job) => job.kind !== 'ok' || job.status === 'done' || job.status === 'error',
        )
        if (!(await this.record('job', answer))) return this.failed()
        if (answer.kind === 'ok' && answer.status === 'error') {
          // Made again at the next try, after the back-off: the errors are shown meanwhile.
          await this.record('job', {
            kind: 'refused',
            status: 422,
            message: answer.errors.join('; ') || 'the job failed',
          })
          await this.store({ job_id: null, job_started_at: null })
          return 'refused'
        }
        if (answer.kind === 'ok' && answer.status !== 'done') return this.wait()
      }
      // Done, or its job is past Paraşüt's keeping: the invoice says whether a document came of it.
      const answer = await this.service.activeEDocument(stored.invoice_id!)
      if (!(await this.record('document', answer))) return this.failed()
      if (answer.kind === 'ok' && !answer.document) {
        if (!jobKept) await this.store({ job_id: null, job_started_at: null })
        return this.wait()
      }
      if (answer.kind === 'ok' && answer.document) {
        await this.store({ document_id: answer.document.id, kind: answer.document.kind })
      }
      stored = await this.row()
    }

    const answer = await this.poll(
      settings,
      () => this.service.documentPdf(stored.kind ?? 'e_archive', stored.document_id!),
      (pdf) => pdf.kind !== 'ok' || pdf.pdf !== null,
    )
    if (!(await this.record('pdf', answer))) return this.failed()
    if (answer.kind === 'ok' && !answer.pdf) return this.wait()
    if (answer.kind === 'ok' && answer.pdf) {
      await this.store({ pdf: answer.pdf.toString('base64'), issued_at: this.now.toISOString() })
    }
    return 'issued'
  }
}
