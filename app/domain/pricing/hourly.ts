import { vehicleClassCodes, type VehicleClassCode } from '~/domain/booking/vehicle-classes'
import type { PriceList } from './price-list'

/**
 * Hire by the hour: each class at its hourly rate, a distance included per
 * hour, and kilometres beyond it charged when the traveller plans a longer
 * drive. No peak window applies. The rates are the price list's; the hours
 * that can be booked are the service's, not a price.
 */

/** The least and the most hours sold: two hours at least, a working day at most. */
export const HIRE_HOURS = { min: 2, max: 12 } as const

/** The hours a traveller can book, in order (2 to 12). */
export function bookableHours(): number[] {
  return Array.from(
    { length: HIRE_HOURS.max - HIRE_HOURS.min + 1 },
    (_, index) => HIRE_HOURS.min + index,
  )
}

export function isBookableHours(hours: number): boolean {
  return Number.isInteger(hours) && hours >= HIRE_HOURS.min && hours <= HIRE_HOURS.max
}

export interface HourlyQuoteInput {
  hours: number
  /** The kilometres the traveller plans to drive, if they said; 0 or less means within the included. */
  plannedKm?: number
}

/** One class's price for a hire by the hour and how it was reached. */
export interface HourlyClassQuote {
  code: VehicleClassCode
  cents: number
  rule: 'hourly'
  hours: number
  /** The hourly rate times the hours. */
  baseCents: number
  includedKm: number
  extraKm: number
  extraKmCents: number
}

export class HourlyQuoteError extends Error {
  constructor(readonly hours: number) {
    super(`hourly hire is booked for whole hours from the least to the most sold, not ${hours}`)
  }
}

/** The four class prices of a hire by the hour. */
export function quoteHourly(input: HourlyQuoteInput, list: PriceList): HourlyClassQuote[] {
  if (!isBookableHours(input.hours)) throw new HourlyQuoteError(input.hours)
  const tariff = list.hourly
  const includedKm = input.hours * tariff.includedKmPerHour
  const extraKm = Math.max(0, Math.round(input.plannedKm ?? 0) - includedKm)
  const extraKmCents = extraKm * tariff.extraKmCents
  return vehicleClassCodes.map((code) => {
    const baseCents = tariff.hourCents[code] * input.hours
    return {
      code,
      cents: baseCents + extraKmCents,
      rule: 'hourly',
      hours: input.hours,
      baseCents,
      includedKm,
      extraKm,
      extraKmCents,
    }
  })
}
