import { vehicleClassCodes } from '~/domain/booking/vehicle-classes'
import type { PriceList } from './price-list'

/**
 * Every airport fare changed by the same share, each rounded to whole euros:
 * how a company follows inflation or a fuel price without typing four hundred
 * fares. The other figures are changed on their own fields.
 */
export function adjustAirportFares(list: PriceList, percent: number): PriceList {
  const adjusted = structuredClone(list)
  for (const fares of Object.values(adjusted.airportFares)) {
    for (const airport of ['iga', 'saw'] as const) {
      for (const code of vehicleClassCodes) {
        const euros = Math.round((fares[airport][code] * (100 + percent)) / 100 / 100)
        fares[airport][code] = Math.max(0, euros) * 100
      }
    }
  }
  return adjusted
}

/**
 * The share typed in the "change every airport fare" field: a per cent from
 * -50 to 100 with at most one decimal (comma or point), not 0; undefined otherwise.
 */
export function adjustmentPercent(typed: string): number | undefined {
  const text = typed.trim()
  if (!/^[-+]?\d{1,3}([.,]\d)?$/.test(text)) return undefined
  const percent = Number(text.replace(',', '.'))
  return percent >= -50 && percent <= 100 && percent !== 0 ? percent : undefined
}
