import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeParasut, type FakeParasut } from '../../../tests/support/parasut-fake-server'
import { invoiceBuyer, netOfVat, type InvoiceBooking } from '~/domain/billing/e-invoice'
import { createParasutService, type ParasutSettings } from './parasut-service.server'
import type { SalesInvoiceInput } from './invoicing-service'

const traveller: InvoiceBooking = {
  reference: 'MC-7K4Q9P',
  email: 'ayse@example.com',
  billingFirstName: 'Ayşe',
  billingLastName: 'Yılmaz',
  billingCompany: null,
  billingAddress: 'Bağdat Caddesi 1',
  billingCity: 'İstanbul',
  billingCountry: 'Türkiye',
  billingTaxOffice: null,
  billingTaxNumber: null,
  company: null,
}
const invoiceOf = (booking: InvoiceBooking): SalesInvoiceInput => ({
  reference: booking.reference,
  description: `Transfer ${booking.reference}`,
  issueDate: '2026-12-01',
  currency: 'EUR',
  lines: [
    { description: 'Sabiha Gökçen → Şile', quantity: 1, unitPrice: netOfVat(12_900), vatRate: 20 },
  ],
  buyer: invoiceBuyer(booking),
})

describe('Paraşüt, against its stand-in', () => {
  let fake: FakeParasut
  beforeAll(async () => {
    fake = await startFakeParasut()
  })
  afterAll(() => fake.close())
  const settings = (extra: Partial<ParasutSettings> = {}): ParasutSettings => ({
    apiUrl: fake.url,
    companyId: fake.companyId,
    ...fake.credentials,
    ...extra,
  })

  it('issues an e-Arşiv for a traveller: contact, invoice, job, document, PDF', async () => {
    const service = createParasutService(settings())
    const contact = await service.contactFor(invoiceBuyer(traveller))
    expect(contact.kind).toBe('ok')
    if (contact.kind !== 'ok') return
    expect(fake.contacts.get(contact.contactId)).toMatchObject({
      name: 'Ayşe Yılmaz',
      contact_type: 'person',
      tax_number: '11111111111',
      is_abroad: false,
    })
    const invoice = await service.createSalesInvoice(contact.contactId, invoiceOf(traveller))
    expect(invoice).toMatchObject({ kind: 'ok', grossTotal: 129 })
    if (invoice.kind !== 'ok') return
    expect(fake.invoices.get(invoice.invoiceId)!.details).toEqual([
      { quantity: 1, unit_price: 107.5, vat_rate: 20, description: 'Sabiha Gökçen → Şile' },
    ])
    const job = await service.createEArchive(invoice.invoiceId, {
      url: 'https://marmara.example',
      paymentType: 'KREDIKARTI/BANKAKARTI',
      platform: 'iyzico',
      date: '2026-12-01',
    })
    if (job.kind !== 'ok') throw new Error('no job')
    expect(await service.job(job.jobId)).toEqual({ kind: 'ok', status: 'running', errors: [] })
    expect(await service.job(job.jobId)).toEqual({ kind: 'ok', status: 'done', errors: [] })
    const document = await service.activeEDocument(invoice.invoiceId)
    if (document.kind !== 'ok' || !document.document) throw new Error('no document')
    expect(document.document.kind).toBe('e_archive')
    // Not made at the first ask, then the PDF itself.
    expect(await service.documentPdf('e_archive', document.document.id)).toEqual({
      kind: 'ok',
      pdf: null,
    })
    const pdf = await service.documentPdf('e_archive', document.document.id)
    expect(pdf.kind === 'ok' && pdf.pdf?.subarray(0, 5).toString()).toBe('%PDF-')
    expect(await service.cancelInvoice(invoice.invoiceId)).toEqual({ kind: 'ok' })
    expect(fake.invoices.get(invoice.invoiceId)!.cancelled).toBe(true)
  })

  it('finds a company by its VKN, and says when it is registered for e-Fatura', async () => {
    const service = createParasutService(settings())
    fake.inboxes.set('1234567890', 'urn:mail:defaultpk@acme.example')
    const company = {
      ...traveller,
      billingCompany: 'Acme Ltd',
      billingTaxOffice: 'Beyoğlu',
      billingTaxNumber: '1234567890',
    }
    const first = await service.contactFor(invoiceBuyer(company))
    const again = await service.contactFor(invoiceBuyer(company))
    expect(first.kind === 'ok' && again.kind === 'ok' && first.contactId === again.contactId).toBe(
      true,
    )
    expect(await service.eInvoiceInbox('1234567890')).toEqual({
      kind: 'ok',
      address: 'urn:mail:defaultpk@acme.example',
    })
    expect(await service.eInvoiceInbox('9876543210')).toEqual({ kind: 'ok', address: null })
    if (first.kind !== 'ok') return
    const invoice = await service.createSalesInvoice(first.contactId, invoiceOf(company))
    if (invoice.kind !== 'ok') throw new Error('no invoice')
    // An e-Arşiv for a registered buyer is refused with its reason; an e-Fatura is made.
    expect(
      await service.createEArchive(invoice.invoiceId, {
        url: 'https://marmara.example',
        paymentType: 'KREDIKARTI/BANKAKARTI',
        platform: 'iyzico',
        date: '2026-12-01',
      }),
    ).toEqual({
      kind: 'refused',
      status: 422,
      message: 'Geçersiz kayıt: Alıcı e-Fatura kullanıcısı: e-Arşiv düzenlenemez',
    })
    expect(
      await service.createEInvoice(invoice.invoiceId, 'urn:mail:defaultpk@acme.example'),
    ).toMatchObject({
      kind: 'ok',
    })
  })

  it('asks a new token when its own expires or is refused, and reads silence and refusals', async () => {
    let now = new Date('2026-12-01T09:00:00Z')
    const service = createParasutService(settings({ now: () => now }))
    const before = fake.tokensGiven()
    await service.eInvoiceInbox('1')
    await service.eInvoiceInbox('1')
    expect(fake.tokensGiven() - before).toBe(1)
    // Two hours later: renewed by its refresh token.
    now = new Date('2026-12-01T11:00:00Z')
    await service.eInvoiceInbox('1')
    expect(fake.tokensGiven() - before).toBe(2)
    // Revoked on the server: a 401, then a new token and the same request again.
    fake.expireTokens()
    expect(await service.eInvoiceInbox('1')).toEqual({ kind: 'ok', address: null })
    expect(fake.tokensGiven() - before).toBe(3)
    fake.script(503)
    expect(await service.eInvoiceInbox('1')).toEqual({ kind: 'unanswered', problem: 'http-503' })
    const wrong = createParasutService(settings({ password: 'wrong' }))
    expect(await wrong.eInvoiceInbox('1')).toMatchObject({ kind: 'refused', status: 400 })
    const nowhere = createParasutService(settings({ apiUrl: 'http://127.0.0.1:9' }))
    expect(await nowhere.eInvoiceInbox('1')).toEqual({ kind: 'unanswered', problem: 'network' })
  })

  it('waits when Paraşüt says too many requests', async () => {
    const limited = await startFakeParasut({ rateLimit: { requests: 2, seconds: 10 } })
    try {
      const service = createParasutService({
        apiUrl: limited.url,
        companyId: limited.companyId,
        ...limited.credentials,
      })
      await service.eInvoiceInbox('1')
      await service.eInvoiceInbox('1')
      expect(await service.eInvoiceInbox('1')).toEqual({
        kind: 'unanswered',
        problem: 'rate-limited',
        retryAfterSeconds: 10,
      })
    } finally {
      await limited.close()
    }
  })
})
