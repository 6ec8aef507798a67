import {
  vehicleClassCodes,
  vehicleClasses,
  type VehicleClassCode,
} from '~/domain/booking/vehicle-classes'

/**
 * Every number of the tariff, in one place and in integer units:
 * money in euro cents, factors as fractions, so no price ever drifts with floats.
 */
export const AIRPORT_TO_AIRPORT_CENTS: Record<VehicleClassCode, number> = {
  ECOMNVN: 7900,
  LUXMNVN: 9900,
  ECOMNBS: 10900,
  LUXMNBS: 16900,
}

/** Beyond the table distance: 1 EUR a km. */
export const EXTRA_KM_CENTS = 100

/** Peak windows at the airports, by pickup time (inclusive start and end minute). */
export const PEAK = {
  saw: { from: '15:00', to: '21:59', extraKmCents: 125, multiplier: { num: 13, den: 10 } },
  iga: { from: '16:00', to: '19:59', extraKmCents: 100, multiplier: { num: 23, den: 20 } },
} as const

/** Intercity: a base per class plus distance times a per-class factor (per mille). */
export const INTERCITY_BASE_EUR: Record<VehicleClassCode, number> = {
  ECOMNVN: 40,
  LUXMNVN: 70,
  ECOMNBS: 80,
  LUXMNBS: 110,
}
export const INTERCITY_KM_FACTOR_PER_MILLE: Record<VehicleClassCode, number> = {
  ECOMNVN: 1000,
  LUXMNVN: 1000,
  ECOMNBS: 1050,
  LUXMNBS: 1100,
}

/** Within one city: 2 EUR a km, never below the class's 'starting from' price. */
export const WITHIN_CITY_KM_CENTS = 200
export const CLASS_MINIMUM_CENTS = Object.fromEntries(
  vehicleClassCodes.map((code) => [code, vehicleClasses[code].startingCents]),
) as Record<VehicleClassCode, number>

/** Child seat and booster seat: 7 EUR each. */
export const EXTRA_ITEM_CENTS = 700
