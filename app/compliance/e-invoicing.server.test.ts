import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/connect.server'
import { createDraft, findBooking } from '~/booking/bookings.server'
import { createParasutService } from '~/adapters/invoicing/parasut-service.server'
import { draftInput } from '../../tests/support/booking-fixtures'
import { storageBackends, useMigratedDatabase } from '../../tests/support/database-backends'
import { startFakeParasut, type FakeParasut } from '../../tests/support/parasut-fake-server'
import { issueInvoices } from './e-invoicing.server'

const paidAt = new Date('2026-12-01T09:00:00Z')
const minutesLater = (minutes: number) => new Date(paidAt.getTime() + minutes * 60_000)
// One ask per run, to follow each step; the last test asks as the maintenance run does.
const settings = {
  siteUrl: 'https://marmara.example',
  paymentPlatform: 'iyzico',
  poll: { tries: 1, delayMs: 0 },
}

/**
 * The invoicing job against the Paraşüt stand-in, with a clock, on both
 * databases: an e-Arşiv for a traveller through its job to the PDF, an
 * e-Fatura for a registered company, a cancellation (and one refused past
 * its time), refusals and failed jobs tried again, never twice at once.
 */
describe.each(storageBackends())('e-invoices on $name', (backend) => {
  let handle: DatabaseHandle
  useMigratedDatabase(backend, (opened) => (handle = opened))
  let fake: FakeParasut
  beforeAll(async () => {
    fake = await startFakeParasut()
  })
  afterAll(() => fake.close())
  const service = () =>
    createParasutService({ apiUrl: fake.url, companyId: fake.companyId, ...fake.credentials })
  const run = (at: Date) => issueInvoices(handle, service(), at, settings)
  /** Runs a minute apart until nothing is left to do. */
  async function runUntilSettled(from: number) {
    for (let minute = from; minute < from + 10; minute++) await run(minutesLater(minute))
  }

  async function paidBooking(billing: Record<string, string | null> = {}) {
    const { booking: draft } = await createDraft(handle, draftInput(1, '2026-12-03'), paidAt)
    await handle.db
      .updateTable('bookings')
      .set({
        status: 'confirmed',
        confirmed_at: paidAt.toISOString(),
        payment_id: `pay-${draft.id.slice(0, 6)}`,
        email: 'ayse@example.com',
        first_name: 'Ayşe',
        last_name: 'Yılmaz',
        billing_first_name: 'Ayşe',
        billing_last_name: 'Yılmaz',
        billing_address: 'Bağdat Caddesi 1',
        billing_city: 'İstanbul',
        billing_country: 'Türkiye',
        ...billing,
      })
      .where('id', '=', draft.id)
      .execute()
    return (await findBooking(handle, draft.id))!
  }
  const invoiceRow = (bookingId: string) =>
    handle.db
      .selectFrom('e_invoices')
      .selectAll()
      .where('booking_id', '=', bookingId)
      .executeTakeFirstOrThrow()

  it('issues a traveller’s e-Arşiv as an internet sale, waits for its job and keeps the PDF', async () => {
    const booking = await paidBooking()
    expect(await run(minutesLater(1))).toMatchObject({ issued: 0 })
    let row = await invoiceRow(booking.id)
    expect(row).toMatchObject({ kind: 'e_archive', document_id: null, issued_at: null })
    const invoice = fake.invoices.get(row.invoice_id!)!
    expect(invoice.attributes).toMatchObject({
      item_type: 'invoice',
      order_no: booking.reference,
      issue_date: '2026-12-01',
      currency: booking.currency === 'TRY' ? 'TRL' : booking.currency,
      tax_number: '11111111111',
    })
    expect(Math.round(invoice.netTotal * 100)).toBe(booking.total_minor)
    expect(invoice.documentAttributes).toMatchObject({
      internet_sale: {
        url: 'https://marmara.example',
        payment_type: 'KREDIKARTI/BANKAKARTI',
        payment_platform: 'iyzico',
        payment_date: '2026-12-01',
      },
    })
    // Before its time nothing is asked; then the job is done, the PDF made, then kept.
    await run(minutesLater(1.5))
    await runUntilSettled(2)
    row = await invoiceRow(booking.id)
    expect(row.issued_at).not.toBeNull()
    expect(Buffer.from(row.pdf!, 'base64').subarray(0, 5).toString()).toBe('%PDF-')
    const invoicesBefore = fake.invoices.size
    await run(minutesLater(30))
    expect(fake.invoices.size).toBe(invoicesBefore)
  })

  it('issues an e-Fatura to a company registered for it', async () => {
    fake.inboxes.set('1234567890', 'urn:mail:defaultpk@acme.example')
    const booking = await paidBooking({
      billing_company: 'Acme Ltd',
      billing_tax_office: 'Beyoğlu',
      billing_tax_number: '1234567890',
    })
    await runUntilSettled(1)
    const row = await invoiceRow(booking.id)
    expect(row.kind).toBe('e_invoice')
    expect(row.issued_at).not.toBeNull()
    expect(fake.invoices.get(row.invoice_id!)!.documentAttributes).toMatchObject({
      scenario: 'basic',
      to: 'urn:mail:defaultpk@acme.example',
    })
  })

  it('cancels the invoice of a ride cancelled, and leaves one past its time to staff', async () => {
    const booking = await paidBooking()
    await runUntilSettled(1)
    await handle.db
      .updateTable('bookings')
      .set({ status: 'cancelled' })
      .where('id', '=', booking.id)
      .execute()
    expect(await run(minutesLater(20))).toMatchObject({ cancelled: 1 })
    const row = await invoiceRow(booking.id)
    expect(row.cancelled_at).toBe(minutesLater(20).toISOString())
    expect(fake.invoices.get(row.invoice_id!)!.cancelled).toBe(true)

    const late = await paidBooking()
    await runUntilSettled(1)
    fake.setCancellableUntil(new Date(Date.now() - 1000))
    try {
      await handle.db
        .updateTable('bookings')
        .set({ status: 'cancelled' })
        .where('id', '=', late.id)
        .execute()
      expect(await run(minutesLater(20))).toMatchObject({ refused: 1 })
      expect((await invoiceRow(late.id)).cancel_refused).toBe(
        'Geçersiz işlem: e-Arşiv faturanın iptal süresi geçmiştir',
      )
      // Not asked again: it is staff's to issue the return.
      expect(await run(minutesLater(90))).toMatchObject({ cancelled: 0, refused: 0 })
    } finally {
      fake.setCancellableUntil(null)
    }
  })

  it('tries again after a refusal, a silence and a failed job, and never issues twice', async () => {
    const booking = await paidBooking()
    fake.script(503)
    expect(await run(minutesLater(1))).toMatchObject({ unanswered: 1 })
    expect(await invoiceRow(booking.id)).toMatchObject({ failures: 1, last_step: 'contact' })
    fake.failNextJob(['Alıcı adresi eksik'])
    await run(minutesLater(6))
    await run(minutesLater(7))
    expect(await invoiceRow(booking.id)).toMatchObject({
      last_outcome: 'refused',
      last_step: 'job',
      last_message: 'Alıcı adresi eksik',
      job_id: null,
    })
    await runUntilSettled(20)
    expect((await invoiceRow(booking.id)).issued_at).not.toBeNull()
    const sales = [...fake.invoices.values()].filter(
      (invoice) => invoice.attributes['order_no'] === booking.reference,
    )
    expect(sales).toHaveLength(1)

    // Two instances at once: one invoice.
    const other = await paidBooking()
    const another = await backend.openAnother()
    try {
      await Promise.all([
        run(minutesLater(40)),
        issueInvoices(another, service(), minutesLater(40), settings),
      ])
    } finally {
      await another.db.destroy()
    }
    expect(
      [...fake.invoices.values()].filter(
        (invoice) => invoice.attributes['order_no'] === other.reference,
      ),
    ).toHaveLength(1)
  })

  it('follows the job and the PDF within one run while Paraşüt makes them', async () => {
    const booking = await paidBooking()
    expect(
      await issueInvoices(handle, service(), minutesLater(1), {
        ...settings,
        poll: { tries: 3, delayMs: 0 },
      }),
    ).toMatchObject({ issued: 1 })
    expect((await invoiceRow(booking.id)).issued_at).toBe(minutesLater(1).toISOString())
  })

  it('leaves unpaid bookings and return rides alone', async () => {
    const { booking: draft } = await createDraft(handle, draftInput(1, '2026-12-04'), paidAt)
    const paid = await paidBooking()
    await handle.db
      .updateTable('bookings')
      .set({ outbound_booking_id: draft.id })
      .where('id', '=', paid.id)
      .execute()
    await run(minutesLater(1))
    for (const id of [draft.id, paid.id]) {
      expect(
        await handle.db
          .selectFrom('e_invoices')
          .select('booking_id')
          .where('booking_id', '=', id)
          .execute(),
      ).toEqual([])
    }
  })
})
