import { vehicleClasses, type VehicleClassCode } from './vehicle-classes'

/**
 * The extras a traveller can add: a child seat and a booster seat. Their
 * prices are the price list's (a booking keeps the ones it was quoted with,
 * `priceTermsOf`); titles and descriptions live in the translation files under
 * `booking.extras.items.<code>`.
 */
export const extraCodes = ['childSeat', 'boosterSeat'] as const
export type ExtraCode = (typeof extraCodes)[number]

/** Each extra's unit price in euro cents. */
export type ExtraUnitCents = Record<ExtraCode, number>

/** How many of each extra a booking takes. */
export type ExtraQuantities = Record<ExtraCode, number>

export const noExtras: ExtraQuantities = { childSeat: 0, boosterSeat: 0 }

/**
 * The most seats for children a booking can take: one fewer than its
 * passengers (an adult travels with them), child seats and booster seats
 * together, each in a seat of the vehicle the passengers already fit.
 */
export function maxChildSeats(passengers: number): number {
  return Math.max(0, Math.floor(passengers) - 1)
}

/**
 * The most seats for children a vehicle class takes, whoever travels: the
 * limit the extras step offers and the store enforces (a smaller party's own
 * limit, maxChildSeats of its passengers, is checked on the passenger step).
 */
export function classChildSeatLimit(vehicleClass: VehicleClassCode): number {
  return maxChildSeats(vehicleClasses[vehicleClass].passengers)
}

/** Why these quantities cannot be booked for `passengers`, if they cannot. */
export function extraQuantitiesProblem(
  quantities: ExtraQuantities,
  passengers: number,
): 'notWhole' | 'tooMany' | undefined {
  const counts = extraCodes.map((code) => quantities[code])
  if (counts.some((count) => !Number.isInteger(count) || count < 0)) return 'notWhole'
  const total = counts.reduce((sum, count) => sum + count, 0)
  return total > maxChildSeats(passengers) ? 'tooMany' : undefined
}

/** The extras' price in euro cents: each item at its unit price. */
export function extrasCents(quantities: ExtraQuantities, unitCents: ExtraUnitCents): number {
  return extraCodes.reduce((sum, code) => sum + quantities[code] * unitCents[code], 0)
}

/** One chosen extra and how many of it: what a booking shows and charges. */
export interface ExtraLine {
  code: ExtraCode
  quantity: number
}

/** The extras with a quantity above nought, in catalogue order. */
export function extraLines(quantities: ExtraQuantities): ExtraLine[] {
  return extraCodes
    .filter((code) => quantities[code] > 0)
    .map((code) => ({ code, quantity: quantities[code] }))
}

/** Stored rows (code, quantity) as quantities; unknown codes are left out. */
export function quantitiesOf(rows: readonly { code: string; quantity: number }[]): ExtraQuantities {
  const quantities = { ...noExtras }
  for (const row of rows) {
    if ((extraCodes as readonly string[]).includes(row.code)) {
      quantities[row.code as ExtraCode] += row.quantity
    }
  }
  return quantities
}

/** How many seats for children the extras take together. */
export function childSeatCount(quantities: ExtraQuantities): number {
  return extraCodes.reduce((sum, code) => sum + quantities[code], 0)
}
