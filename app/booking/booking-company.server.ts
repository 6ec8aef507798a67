import { sql } from 'kysely'
import type { BookingRow, CompanyRow } from '~/db/schema'
import { lockedRead } from '~/db/write.server'
import { updateBooking, type Executor } from './booking-store.server'

/*
 * A company as a booking's buyer: a partner's booking for a guest names its
 * company (company_id), whose net rate is its discount, whose name and tax
 * identity its invoice carries, and whose credit a ride on account uses.
 * Booking data, read by the booking's own use cases; the partners' pages
 * (app/partners/) are who makes such bookings.
 */

/** A booking's company, if a partner made it. */
export async function companyOf(
  executor: Executor,
  booking: Pick<BookingRow, 'company_id'>,
  lock = false,
): Promise<CompanyRow | undefined> {
  if (booking.company_id === null) return undefined
  const query = executor.selectFrom('companies').selectAll().where('id', '=', booking.company_id)
  return (lock ? lockedRead(executor, query) : query).executeTakeFirst()
}

/**
 * What an invoice to the company says of its buyer: the company's name,
 * address and tax identity, whatever the billing form held.
 */
export function companyBilling(company: CompanyRow) {
  return {
    billing_company: company.name,
    billing_address: company.billing_address,
    billing_tax_office: company.tax_office,
    billing_tax_number: company.tax_number,
  }
}

/**
 * A partner booking about to be paid by card: its invoice is the company's,
 * so the company's name, address and tax identity replace the billing form's.
 * Any other booking is returned as it is.
 */
export async function withCompanyBuyer(
  trx: Executor,
  booking: BookingRow,
  at: string,
): Promise<BookingRow> {
  const company = await companyOf(trx, booking)
  return company ? updateBooking(trx, booking, companyBilling(company), at) : booking
}

/**
 * A partner booking on account that was cancelled with its money due back
 * (within free cancellation, or staff chose to refund): the charge leaves the
 * account and its credit is free again. Called inside the cancellation's
 * transaction. `paid_minor` becomes 0, so the statement keeps nothing of it;
 * a cancellation that refunds nothing keeps the charge (a late cancellation's fee).
 */
export async function releaseAccountCharge(trx: Executor, booking: BookingRow) {
  if (booking.settlement !== 'account' || booking.company_id === null) return 0
  const charged = booking.paid_minor ?? 0
  if (charged <= 0) return 0
  await trx
    .updateTable('companies')
    .set({
      credit_used_cents: sql<number>`case when credit_used_cents > ${charged} then credit_used_cents - ${charged} else 0 end`,
    })
    .where('id', '=', booking.company_id)
    .execute()
  await trx.updateTable('bookings').set({ paid_minor: 0 }).where('id', '=', booking.id).execute()
  return charged
}
