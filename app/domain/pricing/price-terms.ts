import * as z from 'zod/mini'
import { extraCodes, type ExtraCode, type ExtraUnitCents } from '~/domain/booking/extras'
import type { PriceList } from './price-list'

/**
 * The terms of a price list a booking keeps once it is quoted, besides its
 * fares: what each extra costs, the deposit share and the kilometres an hour of
 * hire includes. Stored with the booking (`price_terms`), so a price list
 * published afterwards never changes a price already quoted, held or paid.
 */
export interface PriceTerms {
  extraCents: ExtraUnitCents
  depositPercent: number
  includedKmPerHour: number
}

export function priceTermsOf(list: PriceList): PriceTerms {
  return {
    extraCents: { ...list.extraCents },
    depositPercent: list.depositPercent,
    includedKmPerHour: list.hourly.includedKmPerHour,
  }
}

const cents = z.number().check(z.int(), z.minimum(0))
const termsSchema = z.object({
  extraCents: z.object(
    Object.fromEntries(extraCodes.map((code) => [code, cents])) as Record<ExtraCode, typeof cents>,
  ),
  depositPercent: z.number().check(z.int(), z.minimum(1), z.maximum(100)),
  includedKmPerHour: z.number().check(z.int(), z.minimum(0)),
})

/** A booking's stored terms; a row that cannot be read is a defect, not a default. */
export function readPriceTerms(booking: { price_terms: string }): PriceTerms {
  return termsSchema.parse(JSON.parse(booking.price_terms))
}

export const writePriceTerms = (terms: PriceTerms): string => JSON.stringify(terms)
