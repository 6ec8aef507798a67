import { describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/connect.server'
import { findBooking } from '~/booking/bookings.server'
import { buyerTaxOf } from '~/domain/billing/buyer-tax'
import { storageBackends, useMigratedDatabase } from '../../tests/support/database-backends'
import { billing } from '../../tests/support/booking-fixtures'
import {
  draftAtPayment,
  payContext,
  paymentStep,
  simulatorFor,
} from '../../tests/support/payment-step'
import { bookAndPay } from './book-and-pay.server'
import type { PaymentDetails } from './booking-forms'

/**
 * An invoice to a company, stored by Book Now on a real SQLite file and on
 * PostgreSQL: the company, tax office and tax number (as its digits) when the
 * box is ticked, nothing of them when it is not.
 */
describe.each(storageBackends())('an invoice to a company on $name', (backend) => {
  let handle: DatabaseHandle
  const now = new Date()

  useMigratedDatabase(backend, (opened) => {
    handle = opened
  })

  async function bookWith(details: PaymentDetails) {
    const step = await draftAtPayment(handle, now)
    const begun = await bookAndPay(
      await paymentStep(handle, step.booking.id),
      { intent: 'book', details },
      payContext(simulatorFor(handle)),
      now,
    )
    expect(begun.kind).toBe('page')
    return (await findBooking(handle, step.booking.id))!
  }

  it('stores the company, its tax office and its tax number when asked for', async () => {
    const booking = await bookWith({
      ...billing,
      invoiceToCompany: true,
      company: 'Deniz Turizm A.Ş.',
      taxOffice: 'Kadıköy',
      taxNumber: '454 053 6920',
    })
    expect(booking).toMatchObject({
      status: 'awaiting_payment',
      billing_first_name: 'Ayşe',
      billing_company: 'Deniz Turizm A.Ş.',
      billing_tax_office: 'Kadıköy',
      billing_tax_number: '4540536920',
    })
    expect(buyerTaxOf(booking)).toEqual({ office: 'Kadıköy', kind: 'VKN', number: '4540536920' })
  })

  it('stores none of them when the box was left unticked', async () => {
    const booking = await bookWith({
      ...billing,
      invoiceToCompany: undefined,
      company: 'Deniz Turizm A.Ş.',
      taxOffice: 'Kadıköy',
      taxNumber: '4540536920',
    })
    expect(booking).toMatchObject({
      billing_company: null,
      billing_tax_office: null,
      billing_tax_number: null,
    })
    expect(buyerTaxOf(booking)).toBeNull()
  })
})

describe('the buyer’s tax details', () => {
  it('name an 11-digit number a TCKN', () => {
    expect(
      buyerTaxOf({ billing_tax_office: 'Beşiktaş', billing_tax_number: '10000000146' }),
    ).toEqual({ office: 'Beşiktaş', kind: 'TCKN', number: '10000000146' })
  })
})
