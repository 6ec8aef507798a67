import type { Currency } from '~/domain/money/currency'
import { taxNumberKind } from './tax-number'

/**
 * A paid ride as the tax office's electronic invoice takes it (through
 * Paraşüt: docs/invoicing.md). Pure: the job reads the booking, this says
 * who the buyer is, what the lines are and what to tell the tax office about
 * the sale.
 */

/** The VAT a transfer carries, contained in every price the site shows. */
export const VAT_RATE = 20

/**
 * The tax office's placeholders for a buyer with no number of their own: a
 * private person in Türkiye is invoiced under 11111111111, a buyer abroad
 * under 2222222222 (the e-Arşiv rules for buyers without a T.C. or tax
 * number).
 */
export const UNNAMED_PERSON_NUMBER = '11111111111'
export const FOREIGN_BUYER_NUMBER = '2222222222'

export type BuyerKind = 'company' | 'person' | 'foreign'

export interface InvoiceBuyer {
  kind: BuyerKind
  name: string
  /** A company's VKN (or a sole trader's TCKN), or the placeholder for a person or a buyer abroad. */
  taxNumber: string
  taxOffice: string | null
  address: string | null
  city: string | null
  country: string | null
  email: string | null
  /** Only a buyer with a VKN of their own may be registered for e-Fatura. */
  mayReceiveEInvoice: boolean
}

export interface InvoiceBooking {
  reference: string
  email: string | null
  billingFirstName: string | null
  billingLastName: string | null
  billingCompany: string | null
  billingAddress: string | null
  billingCity: string | null
  billingCountry: string | null
  billingTaxOffice: string | null
  billingTaxNumber: string | null
  /** A partner's booking charged to its account: the company is the buyer. */
  company: { name: string; taxOffice: string; taxNumber: string; address: string } | null
}

/** Türkiye as the billing form and the partner records write it. */
const turkey = /^(türkiye|turkiye|turkey|tr)$/i

export function invoiceBuyer(booking: InvoiceBooking): InvoiceBuyer {
  if (booking.company) {
    return {
      kind: 'company',
      name: booking.company.name,
      taxNumber: booking.company.taxNumber,
      taxOffice: booking.company.taxOffice,
      address: booking.company.address,
      city: null,
      country: 'Türkiye',
      email: booking.email,
      mayReceiveEInvoice: taxNumberKind(booking.company.taxNumber) === 'vkn',
    }
  }
  const person = [booking.billingFirstName, booking.billingLastName]
    .filter((part) => part?.trim())
    .join(' ')
  const place = {
    address: booking.billingAddress,
    city: booking.billingCity,
    country: booking.billingCountry,
    email: booking.email,
  }
  if (booking.billingTaxNumber && booking.billingTaxOffice) {
    return {
      kind: 'company',
      name: booking.billingCompany?.trim() || person,
      taxNumber: booking.billingTaxNumber,
      taxOffice: booking.billingTaxOffice,
      ...place,
      mayReceiveEInvoice: taxNumberKind(booking.billingTaxNumber) === 'vkn',
    }
  }
  const abroad = booking.billingCountry !== null && !turkey.test(booking.billingCountry.trim())
  return {
    kind: abroad ? 'foreign' : 'person',
    name: person || booking.reference,
    taxNumber: abroad ? FOREIGN_BUYER_NUMBER : UNNAMED_PERSON_NUMBER,
    taxOffice: null,
    ...place,
    mayReceiveEInvoice: false,
  }
}

/**
 * A price that contains its VAT as the invoice's line takes it: the unit
 * price before VAT, to four places, so that the tax office's VAT on it
 * brings the line back to the price paid (to the cent).
 */
export function netOfVat(grossMinor: number, vatRate = VAT_RATE): number {
  return Math.round((grossMinor / (1 + vatRate / 100)) * 100) / 10_000
}

/** The total the invoice comes to once its VAT is added, in minor units, for the check. */
export function grossOfNet(net: number, vatRate = VAT_RATE): number {
  return Math.round(Math.round(net * (1 + vatRate / 100) * 100 * 100) / 100)
}

/**
 * A booking's currency as Paraşüt names it (the lira is TRL there). An
 * invoice in a foreign currency is converted by Paraşüt at the central
 * bank's rate, as the tax rules ask, not at the rate the booking was quoted at.
 */
export function invoiceCurrency(currency: Currency): 'TRL' | 'EUR' | 'USD' | 'GBP' {
  return currency === 'TRY' ? 'TRL' : currency
}
