import { z } from 'zod'
import { vehicleClassCodes } from '~/content/vehicle-classes'
import { parseCurrency } from '~/domain/money/currency'
import type { TripSearchValues } from '~/domain/trip-search'
import type { HourlySearchValues } from '~/domain/hourly-search'
import { returnParams, type ReturnSearchValues } from '~/domain/return-search'
import { normalizeText } from '~/forms/text-input'

/**
 * 'Select' on the vehicle step: the trip (hidden copies of the search), the
 * currency, the class (the button's value), the price the card showed and the
 * page's nonce. Only the class decides whether the post is refused: the trip
 * is priced again on the server, which says what is wrong with it; a price
 * that is not a whole number is a price the traveller was not shown (the page
 * shows the current prices); a malformed nonce only means the click names no
 * earlier one.
 */

/** One view of the vehicle step (newPageNonce makes them: 16 random bytes, base64url). */
export const pageNoncePattern = /^[A-Za-z0-9_-]{16,32}$/

/** A search field as readTripSearch reads one: normalised, '' when missing. */
const tripText = z
  .string()
  .optional()
  .catch(undefined)
  .transform((value) => normalizeText(value ?? ''))

/** The trip and currency of the post: never refused, so a refused 'Select' shows this search again. */
export const selectionTripSchema = z.object({
  mode: z
    .string()
    .optional()
    .catch(undefined)
    .transform((value) => (value === 'hourly' ? ('hourly' as const) : ('transfer' as const))),
  date: tripText,
  time: tripText,
  pickup: tripText,
  destination: tripText,
  hours: tripText,
  km: tripText,
  return: z
    .string()
    .optional()
    .catch(undefined)
    .transform((value) => value === '1'),
  returnDate: tripText,
  returnTime: tripText,
  // An unknown currency is the price list's own, as on the page's search.
  currency: z.string().optional().catch(undefined).transform(parseCurrency),
})

export const vehicleSelectionSchema = selectionTripSchema.extend({
  vehicleClass: z.enum(vehicleClassCodes),
  /** In the currency's minor units; compared with the current price, never charged. */
  shownPrice: z.coerce
    .number()
    .refine((value) => Number.isSafeInteger(value))
    .optional()
    .catch(undefined),
  page: z.string().regex(pageNoncePattern).optional().catch(undefined),
})
export type VehicleSelection = z.infer<typeof vehicleSelectionSchema>

/** The hourly search of a parsed post (meaningful when its mode is hourly). */
export function selectionHire({
  date,
  time,
  pickup,
  hours,
  km,
}: z.infer<typeof selectionTripSchema>): HourlySearchValues {
  return { date, time, pickup, hours, plannedKm: km }
}

/** The search of a parsed post as the query string of the vehicle step. */
export function selectionParams(trip: z.infer<typeof selectionTripSchema>): URLSearchParams {
  if (trip.mode === 'hourly') {
    const { date, time, pickup, hours, plannedKm } = selectionHire(trip)
    return new URLSearchParams({
      mode: 'hourly',
      date,
      time,
      pickup,
      hours,
      ...(plannedKm ? { km: plannedKm } : {}),
      currency: trip.currency,
    })
  }
  return new URLSearchParams({
    ...selectionTrip(trip),
    ...returnParams(selectionReturn(trip)),
    currency: trip.currency,
  })
}

/** The return of a parsed post (wanted only when 'Add a return' was ticked). */
export function selectionReturn(trip: z.infer<typeof selectionTripSchema>): ReturnSearchValues {
  return { wanted: trip.return, date: trip.returnDate, time: trip.returnTime }
}

/** The four search fields of a parsed post. */
export function selectionTrip({
  date,
  time,
  pickup,
  destination,
}: z.infer<typeof selectionTripSchema>): TripSearchValues {
  return { date, time, pickup, destination }
}
