import { describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/connect.server'
import { storageBackends, useMigratedDatabase } from '../../tests/support/database-backends'
import { createDraft, findBooking } from '~/booking/bookings.server'
import { draftInput } from '../../tests/support/booking-fixtures'
import { removedInvoiceFields } from '~/accounts/personal-fields'
import { invoiceRetentionCutoff, removeExpiredInvoiceFields } from './invoice-retention.server'

describe('the end of the ten years an invoice is kept', () => {
  it('falls on the first of January, Istanbul time, of the eleventh year after the invoice', () => {
    // A payment of 2016 is kept through 2026: it may go from 1 January 2027.
    expect(invoiceRetentionCutoff(new Date('2026-12-31T20:59:59Z')).toISOString()).toBe(
      '2015-12-31T21:00:00.000Z',
    )
    expect(invoiceRetentionCutoff(new Date('2026-12-31T21:00:00Z')).toISOString()).toBe(
      '2016-12-31T21:00:00.000Z',
    )
  })
})

describe.each(storageBackends())('removing invoice fields after ten years on $name', (backend) => {
  let handle: DatabaseHandle
  useMigratedDatabase(backend, (opened) => (handle = opened))

  /** A ride paid at `paidAt` with its billing details and contact, as the steps stored it. */
  async function paidAt(paidAt: string) {
    const { booking } = await createDraft(handle, draftInput(1, '2016-06-02'), new Date(paidAt))
    await handle.db
      .updateTable('bookings')
      .set({
        status: 'finished',
        confirmed_at: paidAt,
        paid_minor: booking.total_minor,
        payment_id: 'pay-2016',
        first_name: 'Ayşe',
        last_name: 'Yılmaz',
        email: 'ayse@example.com',
        phone: '+905321234567',
        pickup_text: 'Hilton, Sultanahmet',
        billing_first_name: 'Ayşe',
        billing_last_name: 'Yılmaz',
        billing_company: 'Yılmaz Turizm',
        billing_tax_office: 'Kadıköy',
        billing_tax_number: '1234567890',
        billing_address: 'Bağdat Caddesi 1',
        billing_city: 'İstanbul',
        billing_zipcode: '34710',
        billing_country: 'Türkiye',
      })
      .where('id', '=', booking.id)
      .execute()
    return booking.id
  }

  it('keeps a ride through its tenth year, then leaves an anonymous ride, once', async () => {
    // Paid on the last evening of 2016 in Istanbul (21:30 UTC is 00:30 on 1 January 2017 there).
    const of2016 = await paidAt('2016-12-31T20:30:00.000Z')
    const of2017 = await paidAt('2016-12-31T21:30:00.000Z')

    expect(await removeExpiredInvoiceFields(handle, new Date('2026-12-31T20:59:00Z'))).toBe(0)
    expect((await findBooking(handle, of2016))!.billing_tax_number).toBe('1234567890')

    const at = new Date('2026-12-31T21:00:00Z')
    expect(await removeExpiredInvoiceFields(handle, at)).toBe(1)
    const anonymous = (await findBooking(handle, of2016))!
    for (const field of removedInvoiceFields) expect(anonymous[field], field).toBeNull()
    expect(anonymous).toMatchObject({
      first_name: null,
      email: null,
      phone: null,
      pickup_text: 'Sabiha Gökçen Airport (SAW)',
      destination_text: 'Şile',
      status: 'finished',
      total_minor: anonymous.total_minor,
      personal_data_erased_at: at.toISOString(),
      invoice_fields_removed_at: at.toISOString(),
    })
    // The ride of 2017 waits for its own year.
    expect((await findBooking(handle, of2017))!.billing_tax_number).toBe('1234567890')
    // Run again: nothing more to do.
    expect(await removeExpiredInvoiceFields(handle, new Date('2027-01-05T00:00:00Z'))).toBe(0)
  })
})
