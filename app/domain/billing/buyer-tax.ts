import { taxNumberKind } from './tax-number'

/**
 * The tax details of an invoice's buyer as the invoice prints them: the tax
 * office and the number named by its kind (a company's VKN, a sole trader's
 * TCKN, told apart by length). Null for a booking without an invoice to a
 * company, whose invoice stays as it always was.
 */
export interface BuyerTax {
  office: string
  kind: 'VKN' | 'TCKN'
  number: string
}

export function buyerTaxOf(booking: {
  billing_tax_office: string | null
  billing_tax_number: string | null
}): BuyerTax | null {
  const number = booking.billing_tax_number
  if (!number || !booking.billing_tax_office) return null
  return {
    office: booking.billing_tax_office,
    kind: taxNumberKind(number) === 'tckn' ? 'TCKN' : 'VKN',
    number,
  }
}
