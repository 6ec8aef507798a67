import type { BookingRow } from '~/db/schema'
import type { Language } from '~/i18n/config'
import { formatMoney } from '~/utils/format'
import { companyDiscountMinor, creditLeftCents } from '~/domain/billing/company-rates'
import { DraftUnavailableError, submitDraft } from '~/booking/bookings.server'
import { forgetTypedFields } from '~/booking/typed-fields.server'
import type { StepBooking } from '~/booking/step-guard.server'
import type { PaymentDetails } from '~/booking/booking-forms'
import { currentPartner } from './partner-guard.server'
import { companyOf } from '~/booking/booking-company.server'
import { chargeToAccount } from './on-account.server'
import type { DatabaseHandle } from '~/db/connect.server'

/**
 * The payment step of a partner's booking: the company it is for, its net
 * rate's discount, and whether the partner on this page may charge it to the
 * company's account (their own company, paying on account).
 */
export async function partnerPaymentView(
  handle: DatabaseHandle,
  booking: BookingRow,
  request: Request,
  language: Language,
) {
  const company = await companyOf(handle.db, booking)
  if (!company) return null
  const partner = await currentPartner(request)
  const onAccount =
    booking.return_date === null &&
    company.payment_terms === 'account' &&
    Boolean(company.active) &&
    partner?.company.id === company.id
  return {
    name: company.name,
    billingAddress: company.billing_address,
    taxOffice: company.tax_office,
    taxNumber: company.tax_number,
    discountMinor: companyDiscountMinor(booking.total_minor, company),
    netPercent: company.rate_kind === 'net' ? company.rate_percent : null,
    onAccount,
    creditLeft: onAccount ? formatMoney(creditLeftCents(company) / 100, 'EUR', language) : null,
  }
}

export type AccountBookingResult =
  | { kind: 'confirmed' }
  | { kind: 'not-allowed' }
  | { kind: 'submit-expired' }
  | { kind: 'unavailable' }
  | { kind: 'credit-exceeded'; amount: string; left: string }
  | { kind: 'fully-booked' }

/**
 * 'Book on account': the billing form as validated is stored as Book Now
 * stores it, then the ride is charged to the company's account. The credit is
 * looked at first, so a ride that does not fit is refused with the form as it
 * was typed; the charge itself checks it again under the company's lock.
 */
export async function bookOnAccount(
  { handle, booking }: StepBooking,
  details: PaymentDetails,
  request: Request,
  language: Language,
  now = new Date(),
): Promise<AccountBookingResult> {
  const partner = await currentPartner(request)
  const company = partner?.company
  if (
    !company ||
    company.id !== booking.company_id ||
    company.payment_terms !== 'account' ||
    booking.return_date !== null
  ) {
    return { kind: 'not-allowed' }
  }
  const refusal = (amountCents: number, leftCents: number) => ({
    kind: 'credit-exceeded' as const,
    amount: formatMoney(amountCents / 100, 'EUR', language),
    left: formatMoney(leftCents / 100, 'EUR', language),
  })
  const amountCents = booking.total_minor - companyDiscountMinor(booking.total_minor, company)
  if (amountCents > creditLeftCents(company)) return refusal(amountCents, creditLeftCents(company))
  if (booking.status === 'draft' || booking.status === 'payment_failed') {
    try {
      await submitDraft(handle, booking.id, details, now)
      await forgetTypedFields(handle, booking)
    } catch (error) {
      if (!(error instanceof DraftUnavailableError)) throw error
      if (error.reason === 'expired') return { kind: 'submit-expired' }
    }
  }
  const charged = await chargeToAccount(handle, booking.id, now)
  switch (charged.kind) {
    case 'confirmed':
      return { kind: 'confirmed' }
    case 'credit-exceeded':
      return refusal(charged.amountCents, charged.leftCents)
    case 'not-on-account':
      return { kind: 'not-allowed' }
    case 'fully-booked':
      return { kind: 'fully-booked' }
    default:
      return { kind: 'unavailable' }
  }
}
