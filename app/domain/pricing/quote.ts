import { vehicleClassCodes, type VehicleClassCode } from '~/domain/booking/vehicle-classes'
import type { AirportCode, Place } from '../places/types'
import type { CompiledPriceList, FareEntry, PriceList } from './price-list'

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
  /** The price list in force for this quote. */
  prices: CompiledPriceList
}

function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number) as [number, number]
  return hours * 60 + minutes
}

/** The airport's peak window if this pickup falls in it: its fares then take the peak multiplier. */
export function peakAt(
  pickup: Place,
  pickupTime: string,
  list: PriceList,
): AirportCode | undefined {
  if (!pickup.airport) return undefined
  const peakWindow = list.peaks[pickup.airport]
  const minute = minutesOf(pickupTime)
  return minute >= minutesOf(peakWindow.from) && minute <= minutesOf(peakWindow.to)
    ? pickup.airport
    : undefined
}

const byPercent = (cents: number, percent: number) => Math.round((cents * percent) / 100)

function airportQuote(
  code: VehicleClassCode,
  airport: AirportCode,
  entry: FareEntry,
  distanceKm: number,
  peak: AirportCode | undefined,
  list: PriceList,
): ClassQuote {
  const baseCents = entry.fares[airport][code]
  const extraKm = Math.max(0, distanceKm - entry.coveredKm[airport])
  if (!peak) {
    const extraKmCents = extraKm * list.airportExtraKmCents
    return {
      code,
      cents: baseCents + extraKmCents,
      rule: 'airport',
      baseCents,
      extraKm,
      extraKmCents,
    }
  }
  const peakWindow = list.peaks[peak]
  const extraKmCents = extraKm * peakWindow.extraKmCents
  const cents = byPercent(baseCents + extraKmCents, peakWindow.percent)
  return { code, cents, rule: 'airport', baseCents, extraKm, extraKmCents, peak }
}

/**
 * The four class prices of a trip, the first rule that applies deciding:
 * airport fares, intercity, within one city, otherwise unavailable (0).
 */
export function quoteClasses(input: QuoteInput): ClassQuote[] {
  const { pickup, destination } = input
  const list = input.prices.list
  const distanceKm = Math.max(0, Math.round(input.distanceKm))
  const peak = peakAt(pickup, input.pickupTime, list)

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
      const baseCents = list.airportToAirportCents[code]
      const cents = peak ? byPercent(baseCents, list.peaks[peak].percent) : baseCents
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
      const entry = input.prices.fareEntry(other.id)
      return entry
        ? airportQuote(code, airportEnd.airport!, entry, distanceKm, peak, list)
        : unavailable
    }

    if (pickup.city !== destination.city) {
      // Rounded to whole euros: base (cents × 10 = thousandths of a euro) plus km × per mille.
      const baseCents = list.intercityBaseCents[code]
      const euros = Math.round(
        (baseCents * 10 + distanceKm * list.intercityKmPerMille[code]) / 1000,
      )
      return {
        code,
        cents: euros * 100,
        rule: 'intercity',
        baseCents,
        extraKm: distanceKm,
        extraKmCents: euros * 100 - baseCents,
      }
    }

    const minimum = list.classMinimumCents[code]
    const cents = Math.max(distanceKm * list.withinCityKmCents, minimum)
    return {
      code,
      cents,
      rule: 'within-city',
      baseCents: minimum,
      extraKm: distanceKm,
      extraKmCents: cents - minimum,
    }
  })
}
