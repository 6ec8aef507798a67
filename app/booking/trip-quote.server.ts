import { places } from '~/domain/places/gazetteer'
import type { CompiledPriceList } from '~/domain/pricing/price-list'
import { pricesInForce } from '~/pricing/prices-in-force.server'
import { resolvePlace } from '~/domain/places/resolve'
import { isSamePlace } from '~/domain/places/same-place'
import type { Place } from '~/domain/places/types'
import { quoteClasses, type ClassQuote } from '~/domain/pricing/quote'
import {
  checkTripSearch,
  estimatedHours,
  type TripSearchError,
  type TripSearchValues,
} from '~/domain/trip-search'
import type { RouteDistance } from '~/domain/distance/distance'
import { quoteHourly, type HourlyClassQuote } from '~/domain/pricing/hourly'
import {
  checkHourlySearch,
  hoursOf,
  plannedKmOf,
  type HourlySearchError,
  type HourlySearchValues,
} from '~/domain/hourly-search'
import {
  checkReturnSearch,
  noReturn,
  type ReturnSearchError,
  type ReturnSearchValues,
} from '~/domain/return-search'
import { distanceProvider } from './providers.server'

export type TripQuoteResult =
  | { kind: 'invalid'; error: TripSearchError | ReturnSearchError }
  | {
      kind: 'not-found'
      field: 'pickup' | 'destination'
      suggestions: Place[]
      /** Only a whole city was typed: ask for the district or address. */
      wholeCity: boolean
    }
  | { kind: 'out-of-area'; field: 'pickup' | 'destination'; city: string }
  | { kind: 'same-place' }
  | {
      kind: 'priced'
      pickup: Place
      destination: Place
      distance: RouteDistance
      hours: number
      classes: ClassQuote[]
      /** The price list in force when the quote was made. */
      prices: CompiledPriceList
      /** A return, priced by the same rules from the destination at its own time. */
      back: { date: string; time: string; classes: ClassQuote[] } | null
    }

/**
 * From a search to four priced classes, all on the server: the rules, the
 * places, the distance (from the configured provider) and the price list in
 * force at `now`. Nothing the browser sends besides the four search fields is read.
 */
export async function quoteTrip(
  values: TripSearchValues,
  now: Date,
  back: ReturnSearchValues = noReturn,
  /** The company's minimum notice (docs/capacity.md); the terms' two hours by default. */
  noticeMinutes?: number,
): Promise<TripQuoteResult> {
  const error = checkTripSearch(values, now, noticeMinutes)
  if (error) return { kind: 'invalid', error }

  const resolved: Partial<Record<'pickup' | 'destination', Place>> = {}
  for (const field of ['pickup', 'destination'] as const) {
    const resolution = resolvePlace(values[field], places)
    if (resolution.status === 'out-of-area')
      return { kind: 'out-of-area', field, city: resolution.city }
    if (resolution.status === 'not-found')
      return {
        kind: 'not-found',
        field,
        suggestions: resolution.suggestions,
        wholeCity: resolution.wholeCity ?? false,
      }
    resolved[field] = resolution.place
  }
  const pickup = resolved.pickup!
  const destination = resolved.destination!
  if (isSamePlace(values.pickup, pickup, values.destination, destination)) {
    return { kind: 'same-place' }
  }

  const distance = await distanceProvider().distance(pickup, destination)
  const prices = await pricesInForce().inForce(now)
  const classes = quoteClasses({
    pickup,
    destination,
    distanceKm: distance.km,
    pickupTime: values.time,
    prices,
  })
  const returnError = checkReturnSearch(back, values, distance.km)
  if (returnError) return { kind: 'invalid', error: returnError }
  return {
    kind: 'priced',
    pickup,
    destination,
    distance,
    hours: estimatedHours(distance.km),
    classes,
    prices,
    back: back.wanted
      ? {
          date: back.date,
          time: back.time,
          // The same road the other way: the distance provider's figure for the outbound.
          classes: quoteClasses({
            pickup: destination,
            destination: pickup,
            distanceKm: distance.km,
            pickupTime: back.time,
            prices,
          }),
        }
      : null,
  }
}

export type HourlyQuoteResult =
  | { kind: 'invalid'; error: HourlySearchError }
  | { kind: 'not-found'; field: 'pickup'; suggestions: Place[]; wholeCity: boolean }
  /** Hire by the hour starts in Istanbul: anywhere else, or a city unknown, is out of its area. */
  | { kind: 'out-of-area'; field: 'pickup'; city: string }
  | {
      kind: 'priced'
      pickup: Place
      hours: number
      plannedKm: number | null
      /** The distance the price holds: the kilometres included, or the longer plan. */
      distance: { km: number; source: 'hourly' }
      classes: HourlyClassQuote[]
      prices: CompiledPriceList
    }

/**
 * From an hourly search to four priced classes, on the server: the rules, the
 * pickup (in Istanbul, where the cars are and the hire is driven) and the
 * hourly rates of the price list in force at `now`. Peak windows do not apply.
 */
export async function quoteHourlyTrip(
  values: HourlySearchValues,
  now: Date,
  noticeMinutes?: number,
): Promise<HourlyQuoteResult> {
  const error = checkHourlySearch(values, now, noticeMinutes)
  if (error) return { kind: 'invalid', error }
  const resolution = resolvePlace(values.pickup, places)
  if (resolution.status === 'out-of-area') {
    return { kind: 'out-of-area', field: 'pickup', city: resolution.city }
  }
  if (resolution.status === 'not-found') {
    return {
      kind: 'not-found',
      field: 'pickup',
      suggestions: resolution.suggestions,
      wholeCity: resolution.wholeCity ?? false,
    }
  }
  const pickup = resolution.place
  if (pickup.city !== 'istanbul') {
    return { kind: 'out-of-area', field: 'pickup', city: pickup.name.en }
  }
  const hours = hoursOf(values)
  const plannedKm = plannedKmOf(values)
  const prices = await pricesInForce().inForce(now)
  const classes = quoteHourly({ hours, plannedKm: plannedKm ?? undefined }, prices.list)
  const includedKm = classes[0]!.includedKm
  return {
    kind: 'priced',
    pickup,
    hours,
    plannedKm,
    distance: { km: Math.max(includedKm, plannedKm ?? 0), source: 'hourly' },
    classes,
    prices,
  }
}
