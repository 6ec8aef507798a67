import { carBrands, carTypes } from './vehicle-classes'

export const ALL = 'All'
export const carTypeOptions = [ALL, ...carTypes] as const
export const carBrandOptions = [ALL, ...carBrands] as const

export interface FleetFilter {
  type: string
  brand: string
}

/** Reads the filter from the fleet page's query; unknown values mean 'All'. */
export function parseFleetFilter(params: URLSearchParams): FleetFilter {
  const type = params.get('type') ?? ALL
  const brand = params.get('brand') ?? ALL
  return {
    type: (carTypeOptions as readonly string[]).includes(type) ? type : ALL,
    brand: (carBrandOptions as readonly string[]).includes(brand) ? brand : ALL,
  }
}

export function matchesFleetFilter(
  vehicle: { carType: string; brand: string },
  filter: FleetFilter,
): boolean {
  return (
    (filter.type === ALL || vehicle.carType === filter.type) &&
    (filter.brand === ALL || vehicle.brand === filter.brand)
  )
}
