import { describe, expect, it } from 'vitest'
import {
  FOREIGN_BUYER_NUMBER,
  UNNAMED_PERSON_NUMBER,
  grossOfNet,
  invoiceBuyer,
  invoiceCurrency,
  netOfVat,
  type InvoiceBooking,
} from './e-invoice'

const booking: InvoiceBooking = {
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

describe('who an invoice is to', () => {
  it('invoices a person in Türkiye under the placeholder T.C. number, never as an e-Fatura', () => {
    expect(invoiceBuyer(booking)).toMatchObject({
      kind: 'person',
      name: 'Ayşe Yılmaz',
      taxNumber: UNNAMED_PERSON_NUMBER,
      mayReceiveEInvoice: false,
    })
  })
  it('invoices a buyer abroad under the foreign buyers’ number', () => {
    expect(invoiceBuyer({ ...booking, billingCountry: 'Germany' })).toMatchObject({
      kind: 'foreign',
      taxNumber: FOREIGN_BUYER_NUMBER,
    })
  })
  it('invoices a company by its VKN, which may be registered for e-Fatura; a sole trader by TCKN', () => {
    const company = {
      ...booking,
      billingCompany: 'Acme Ltd',
      billingTaxOffice: 'Beyoğlu',
      billingTaxNumber: '1234567890',
    }
    expect(invoiceBuyer(company)).toMatchObject({
      kind: 'company',
      name: 'Acme Ltd',
      taxNumber: '1234567890',
      taxOffice: 'Beyoğlu',
      mayReceiveEInvoice: true,
    })
    expect(invoiceBuyer({ ...company, billingTaxNumber: '10000000146' }).mayReceiveEInvoice).toBe(
      false,
    )
  })
  it('invoices a partner’s ride on account to the partner company', () => {
    const partner = {
      ...booking,
      company: {
        name: 'Bosphorus Travel',
        taxOffice: 'Kadıköy',
        taxNumber: '1234567890',
        address: 'Moda 5',
      },
    }
    expect(invoiceBuyer(partner)).toMatchObject({
      kind: 'company',
      name: 'Bosphorus Travel',
      address: 'Moda 5',
    })
  })
})

describe('a price that contains its VAT', () => {
  it.each([
    [12_900, 107.5],
    [10_000, 83.3333],
    [4_999, 41.6583],
    [1, 0.0083],
  ])('%i minor units is %d before 20 %% VAT, and comes back to the cent', (gross, net) => {
    expect(netOfVat(gross)).toBe(net)
    expect(grossOfNet(net)).toBe(gross)
  })
  it('names the lira as Paraşüt does', () => {
    expect(invoiceCurrency('TRY')).toBe('TRL')
    expect(invoiceCurrency('EUR')).toBe('EUR')
  })
})
