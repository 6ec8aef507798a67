/**
 * The four vehicle classes the company sells, in display order, and what each
 * one carries. This is the single source for those numbers: the passenger step
 * reads the seats and suitcases, and the fleet pages show them; content adds
 * only the words and pictures (content/fleet.json). Prices, the 'starting from'
 * price included, are the price list's (app/domain/pricing/price-list.ts).
 */
export const vehicleClassCodes = ['ECOMNVN', 'LUXMNVN', 'ECOMNBS', 'LUXMNBS'] as const
export type VehicleClassCode = (typeof vehicleClassCodes)[number]

export interface VehicleClassFacts {
  code: VehicleClassCode
  /** Seats for passengers, the driver not counted. */
  passengers: number
  /** Standard suitcases. */
  luggage: number
}

export const vehicleClasses: Record<VehicleClassCode, VehicleClassFacts> = {
  ECOMNVN: { code: 'ECOMNVN', passengers: 6, luggage: 8 },
  LUXMNVN: { code: 'LUXMNVN', passengers: 5, luggage: 6 },
  ECOMNBS: { code: 'ECOMNBS', passengers: 15, luggage: 15 },
  LUXMNBS: { code: 'LUXMNBS', passengers: 12, luggage: 15 },
}

export function isVehicleClassCode(value: unknown): value is VehicleClassCode {
  return typeof value === 'string' && (vehicleClassCodes as readonly string[]).includes(value)
}
