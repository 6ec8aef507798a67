/**
 * The four vehicle classes the company sells, in display order: what each one
 * carries and the lowest price it is sold at. This is the single source for
 * those numbers. Pricing reads the starting price as the within-city minimum,
 * the passenger step reads the seats and suitcases, and the fleet pages show
 * them; content adds only the words and pictures (content/fleet.json).
 */
export const vehicleClassCodes = ['ECOMNVN', 'LUXMNVN', 'ECOMNBS', 'LUXMNBS'] as const
export type VehicleClassCode = (typeof vehicleClassCodes)[number]

export interface VehicleClassFacts {
  code: VehicleClassCode
  /** Seats for passengers, the driver not counted. */
  passengers: number
  /** Standard suitcases. */
  luggage: number
  /** The 'starting from' price in euro cents: no trip in this class costs less. */
  startingCents: number
}

export const vehicleClasses: Record<VehicleClassCode, VehicleClassFacts> = {
  ECOMNVN: { code: 'ECOMNVN', passengers: 6, luggage: 8, startingCents: 4700 },
  LUXMNVN: { code: 'LUXMNVN', passengers: 5, luggage: 6, startingCents: 6800 },
  ECOMNBS: { code: 'ECOMNBS', passengers: 15, luggage: 15, startingCents: 8800 },
  LUXMNBS: { code: 'LUXMNBS', passengers: 12, luggage: 15, startingCents: 12000 },
}

export function isVehicleClassCode(value: unknown): value is VehicleClassCode {
  return typeof value === 'string' && (vehicleClassCodes as readonly string[]).includes(value)
}
