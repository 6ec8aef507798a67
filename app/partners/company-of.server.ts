import type { BookingRow, CompanyRow } from '~/db/schema'
import { lockedRead } from '~/db/write.server'
import { updateBooking, type Executor } from '~/booking/booking-store.server'

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
