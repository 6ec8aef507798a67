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
