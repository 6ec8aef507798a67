import { vehicleClassCodes, type VehicleClassCode } from '~/domain/booking/vehicle-classes'
import type { AirportCode, Place } from '../places/types'
import type { PriceTableEntry } from './types'
import {
  AIRPORT_TO_AIRPORT_CENTS,
  CLASS_MINIMUM_CENTS,
  EXTRA_KM_CENTS,
  INTERCITY_BASE_EUR,
  INTERCITY_KM_FACTOR_PER_MILLE,
  PEAK,
  WITHIN_CITY_KM_CENTS,
} from './tariff'

export type PricingRule =
  'airport' | 'airport-to-airport' | 'intercity' | 'within-city' | 'unavailable'

/** One class's price and how it was reached, kept with a quote for the invoice and support. */
export interface ClassQuote {
  code: VehicleClassCode
  /** The price in euro cents; 0 means the route is unavailable. */
  cents: number
  rule: PricingRule
  baseCents: number
  extraKm: number
  extraKmCents: number
  /** The airport whose peak window applied, if any. */
  peak?: AirportCode
}

export interface QuoteInput {
  pickup: Place
  destination: Place
  /** Road distance in km from the distance provider (never from the browser). */
  distanceKm: number
  /** Pickup time 'HH:MM', Istanbul time. */
  pickupTime: string
  /** The price table entry of a place, by gazetteer id. */
  priceEntry: (placeId: number) => PriceTableEntry | undefined
}

function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number) as [number, number]
  return hours * 60 + minutes
}

/** The airport's peak window if this pickup falls in it: its fares then take the peak multiplier. */
export function peakAt(pickup: Place, pickupTime: string): AirportCode | undefined {
  if (!pickup.airport) return undefined
  const peakWindow = PEAK[pickup.airport]
  const minute = minutesOf(pickupTime)
  return minute >= minutesOf(peakWindow.from) && minute <= minutesOf(peakWindow.to)
    ? pickup.airport
    : undefined
}

const multiply = (cents: number, factor: { num: number; den: number }) =>
  Math.round((cents * factor.num) / factor.den)

function airportQuote(
  code: VehicleClassCode,
  airport: AirportCode,
  entry: PriceTableEntry,
  distanceKm: number,
  peak: AirportCode | undefined,
): ClassQuote {
  const baseCents = Math.round(entry.prices[airport][code] * 100)
  const tableKm = airport === 'iga' ? entry.distance_from_iga_km : entry.distance_from_saw_km
  const extraKm = Math.max(0, distanceKm - tableKm)
  if (!peak) {
    const extraKmCents = extraKm * EXTRA_KM_CENTS
    return {
      code,
      cents: baseCents + extraKmCents,
      rule: 'airport',
      baseCents,
      extraKm,
      extraKmCents,
    }
  }
  const peakWindow = PEAK[peak]
  const extraKmCents = extraKm * peakWindow.extraKmCents
  const cents = multiply(baseCents + extraKmCents, peakWindow.multiplier)
  return { code, cents, rule: 'airport', baseCents, extraKm, extraKmCents, peak }
}

/**
 * The four class prices of a trip, the first rule that applies deciding:
 * airport fares, intercity, within one city, otherwise unavailable (0).
 */
export function quoteClasses(input: QuoteInput): ClassQuote[] {
  const { pickup, destination } = input
  const distanceKm = Math.max(0, Math.round(input.distanceKm))
  const peak = peakAt(pickup, input.pickupTime)

  return vehicleClassCodes.map((code): ClassQuote => {
    const unavailable: ClassQuote = {
      code,
      cents: 0,
      rule: 'unavailable',
      baseCents: 0,
      extraKm: 0,
      extraKmCents: 0,
    }

    if (pickup.airport && destination.airport) {
      const baseCents = AIRPORT_TO_AIRPORT_CENTS[code]
      const cents = peak ? multiply(baseCents, PEAK[peak].multiplier) : baseCents
      return {
        code,
        cents,
        rule: 'airport-to-airport',
        baseCents,
        extraKm: 0,
        extraKmCents: 0,
        peak,
      }
    }

    const airportEnd = pickup.airport ? pickup : destination.airport ? destination : undefined
    if (airportEnd) {
      const other = airportEnd === pickup ? destination : pickup
      const entry = input.priceEntry(other.id)
      return entry ? airportQuote(code, airportEnd.airport!, entry, distanceKm, peak) : unavailable
    }

    if (pickup.city !== destination.city) {
      const euros = Math.round(
        (INTERCITY_BASE_EUR[code] * 1000 + distanceKm * INTERCITY_KM_FACTOR_PER_MILLE[code]) / 1000,
      )
      return {
        code,
        cents: euros * 100,
        rule: 'intercity',
        baseCents: INTERCITY_BASE_EUR[code] * 100,
        extraKm: distanceKm,
        extraKmCents: euros * 100 - INTERCITY_BASE_EUR[code] * 100,
      }
    }

    const byDistance = distanceKm * WITHIN_CITY_KM_CENTS
    const cents = Math.max(byDistance, CLASS_MINIMUM_CENTS[code])
    return {
      code,
      cents,
      rule: 'within-city',
      baseCents: CLASS_MINIMUM_CENTS[code],
      extraKm: distanceKm,
      extraKmCents: cents - CLASS_MINIMUM_CENTS[code],
    }
  })
}
