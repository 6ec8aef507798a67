import { vehicleClassCodes, type VehicleClassCode } from '~/domain/booking/vehicle-classes'
import hourlyTariffData from './hourly-tariff.json'

/**
 * Hire by the hour: each class at its hourly rate, a distance included per
 * hour, and kilometres beyond it charged when the traveller plans a longer
 * drive. No peak window applies. The figures are data (hourly-tariff.json),
 * with the reasoning behind them, so the company changes them without code.
 */

export interface HourlyTariff {
  minHours: number
  maxHours: number
  includedKmPerHour: number
  extraKmCents: number
  hourlyCents: Record<VehicleClassCode, number>
}

export const hourlyTariff: HourlyTariff = hourlyTariffData

/** The hours a traveller can book, in order (2 to 12). */
export function bookableHours(tariff: HourlyTariff = hourlyTariff): number[] {
  return Array.from(
    { length: tariff.maxHours - tariff.minHours + 1 },
    (_, index) => tariff.minHours + index,
  )
}

export function isBookableHours(hours: number, tariff: HourlyTariff = hourlyTariff): boolean {
  return Number.isInteger(hours) && hours >= tariff.minHours && hours <= tariff.maxHours
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
export function quoteHourly(
  input: HourlyQuoteInput,
  tariff: HourlyTariff = hourlyTariff,
): HourlyClassQuote[] {
  if (!isBookableHours(input.hours, tariff)) throw new HourlyQuoteError(input.hours)
  const includedKm = input.hours * tariff.includedKmPerHour
  const extraKm = Math.max(0, Math.round(input.plannedKm ?? 0) - includedKm)
  const extraKmCents = extraKm * tariff.extraKmCents
  return vehicleClassCodes.map((code) => {
    const baseCents = tariff.hourlyCents[code] * input.hours
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
