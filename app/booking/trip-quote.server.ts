import { places, priceEntry } from '~/domain/places/gazetteer'
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
import { distanceProvider } from './providers.server'

export type TripQuoteResult =
  | { kind: 'invalid'; error: TripSearchError }
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
    }

/**
 * From a search to four priced classes, all on the server: the rules, the
 * places, the distance (from the configured provider) and the tariff. Nothing
 * the browser sends besides the four search fields is read.
 */
export async function quoteTrip(values: TripSearchValues, now: Date): Promise<TripQuoteResult> {
  const error = checkTripSearch(values, now)
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
  const classes = quoteClasses({
    pickup,
    destination,
    distanceKm: distance.km,
    pickupTime: values.time,
    priceEntry,
  })
  return {
    kind: 'priced',
    pickup,
    destination,
    distance,
    hours: estimatedHours(distance.km),
    classes,
  }
}
