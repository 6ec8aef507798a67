import { sql } from 'kysely'
import type { DatabaseHandle } from '~/db/connect.server'
import type { BookingRow } from '~/db/schema'
import { writeTransaction } from '~/db/write.server'
import { changeStatus, lockBooking } from '~/booking/booking-store.server'
import { queueOpsBookingConfirmed } from '~/booking/booking-notices.server'
import { sendConfirmationSoon } from '~/booking/confirmation-mail.server'
import { deliverSoon } from '~/messages/queue.server'
import { companyDiscountMinor } from '~/domain/billing/company-rates'
import { logger } from '~/utils/logger.server'
import { bookingAvailabilityUnderLock } from '~/capacity/capacity.server'
import { companyBilling, companyOf } from '~/booking/booking-company.server'

export type OnAccountResult =
  | { kind: 'confirmed'; booking: BookingRow; amountCents: number }
  /** Not a booking waiting for payment (paid meanwhile, expired, cancelled). */
  | { kind: 'unavailable' }
  /** The company does not pay on account (or is inactive): only a card pays. */
  | { kind: 'not-on-account' }
  | { kind: 'credit-exceeded'; amountCents: number; leftCents: number }
  /** The fleet can no longer drive it at that time: nothing was charged. */
  | { kind: 'fully-booked' }

/**
 * A partner's booking charged to the company's account, once it was
 * submitted (Book Now's details stored, status awaiting_payment). In one
 * transaction: the booking and the company are locked (PostgreSQL `FOR
 * UPDATE`; SQLite's write lock holds the whole file), the company's net
 * rate set as the booking's discount, and the credit taken by a conditional
 * UPDATE that only passes while the amount fits under the limit, so two
 * bookings racing for the last of it cannot both pass. Then the booking is
 * confirmed as a paid one is, with the company's tax details as its buyer,
 * and the operations mailbox told. Partner bookings are in euros, so the
 * amount is the credit's unit.
 */
export async function chargeToAccount(
  handle: DatabaseHandle,
  bookingId: string,
  now: Date,
  sendConfirmation: (handle: DatabaseHandle, bookingId: string) => void = sendConfirmationSoon,
): Promise<OnAccountResult> {
  const at = now.toISOString()
  const mailIds: (number | undefined)[] = []
  const result = await writeTransaction(handle, async (trx): Promise<OnAccountResult> => {
    const booking = await lockBooking(trx, bookingId)
    // A trip there and back is paid by card: one charge split over two rides
    // is the card's way (refunds share it), not the account's.
    if (
      !booking ||
      booking.status !== 'awaiting_payment' ||
      booking.currency !== 'EUR' ||
      booking.return_date !== null
    ) {
      return { kind: 'unavailable' }
    }
    const company = await companyOf(trx, booking, true)
    if (!company || !company.active || company.payment_terms !== 'account') {
      return { kind: 'not-on-account' }
    }
    // The last car, checked under the capacity lock as a card's Book Now checks it.
    const capacity = await bookingAvailabilityUnderLock(trx, booking, now)
    if (capacity.kind !== 'free') return { kind: 'fully-booked' }
    const discountMinor = companyDiscountMinor(booking.total_minor, company)
    const amountCents = booking.total_minor - discountMinor
    const taken = await trx
      .updateTable('companies')
      .set({ credit_used_cents: sql<number>`credit_used_cents + ${amountCents}` })
      .where('id', '=', company.id)
      .where(sql<boolean>`credit_used_cents + ${amountCents} <= credit_limit_cents`)
      .executeTakeFirst()
    if (Number(taken.numUpdatedRows) === 0) {
      return {
        kind: 'credit-exceeded',
        amountCents,
        leftCents: Math.max(company.credit_limit_cents - company.credit_used_cents, 0),
      }
    }
    const confirmed = await changeStatus(trx, booking, 'confirmed', {
      at,
      note: `charged to the account of company ${company.id} by partner user ${booking.partner_user_id ?? '?'}`,
      values: {
        ...companyBilling(company),
        promo_code: null,
        discount_minor: discountMinor,
        settlement: 'account',
        payment_option: 'fullCard',
        paid_minor: amountCents,
        confirmed_at: at,
        mail_status: 'pending',
        mail_attempts: 0,
      },
    })
    mailIds.push(await queueOpsBookingConfirmed(trx, confirmed, now))
    return { kind: 'confirmed', booking: confirmed, amountCents }
  })
  if (result.kind === 'confirmed') {
    deliverSoon(handle, mailIds)
    sendConfirmation(handle, result.booking.id)
    logger.info('partner.booked_on_account', {
      reference: result.booking.reference,
      amountCents: result.amountCents,
    })
  }
  return result
}
