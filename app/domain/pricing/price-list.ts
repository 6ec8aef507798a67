import * as z from 'zod/mini'
import { vehicleClassCodes, type VehicleClassCode } from '~/domain/booking/vehicle-classes'
import { extraCodes, type ExtraCode } from '~/domain/booking/extras'
import type { AirportCode } from '../places/types'

/**
 * A price list: every number the company sells its rides at, as one value. The
 * company keeps its price lists in the database as versions (drafted, previewed
 * and published by admins at /ops/prices); the quote functions take the version
 * in force as an argument and read nothing else. Money is in euro cents and
 * factors are whole per-cent or per-mille numbers, so no price drifts with floats.
 *
 * What is geography rather than price stays out of it: the places, and the road
 * kilometres each airport fare covers (the gazetteer's price-table distances).
 */

/** One amount in euro cents per vehicle class. */
export type ClassCents = Record<VehicleClassCode, number>

/** A peak window at an airport: pickups from `from` to `to` (both inclusive, HH:MM). */
export interface PeakWindow {
  from: string
  to: string
  /** Each kilometre beyond the fare's distance, in the window. */
  extraKmCents: number
  /** The whole fare, extra kilometres included, times this per cent (130 = × 1.3). */
  percent: number
}

/** The fixed fares of one place from each airport, in euro cents per class. */
export type AirportFares = Record<AirportCode, ClassCents>

export interface PriceList {
  /** Airport to airport, whatever the distance. */
  airportToAirportCents: ClassCents
  /** Beyond an airport fare's distance, outside the peak windows. */
  airportExtraKmCents: number
  peaks: Record<AirportCode, PeakWindow>
  /** Fixed fares from each airport, by the gazetteer id of the place (as a string key). */
  airportFares: Record<string, AirportFares>
  /** Between two cities: a base per class plus the distance times a per-class factor. */
  intercityBaseCents: ClassCents
  /** Per mille of 1 EUR per km (1000 = 1 EUR a km); the fare is rounded to whole euros. */
  intercityKmPerMille: ClassCents
  /** Within one city: this much a km, never below the class's minimum. */
  withinCityKmCents: number
  /** The least a ride in each class costs within a city: the fleet's 'starting from' price. */
  classMinimumCents: ClassCents
  hourly: {
    /** Each class's rate for an hour of hire. */
    hourCents: ClassCents
    /** Kilometres included per hour booked. */
    includedKmPerHour: number
    /** Each kilometre planned beyond those included. */
    extraKmCents: number
  }
  /** Each extra's unit price, charged on each ride. */
  extraCents: Record<ExtraCode, number>
  /** The card deposit, in per cent of the price, when the traveller pays the rest in cash. */
  depositPercent: number
}

const cents = z.number().check(z.int(), z.minimum(0), z.maximum(10_000_000))
const classCents = z.object(
  Object.fromEntries(vehicleClassCodes.map((code) => [code, cents])) as Record<
    VehicleClassCode,
    typeof cents
  >,
)
const minute = z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/))
const peakWindow = z.object({
  from: minute,
  to: minute,
  extraKmCents: cents,
  percent: z.number().check(z.int(), z.minimum(100), z.maximum(300)),
})

/** What a stored price list must be: read back from the database, it is checked again. */
export const priceListSchema = z.object({
  airportToAirportCents: classCents,
  airportExtraKmCents: cents,
  peaks: z.object({ iga: peakWindow, saw: peakWindow }),
  airportFares: z.record(
    z.string().check(z.regex(/^\d+$/)),
    z.object({ iga: classCents, saw: classCents }),
  ),
  intercityBaseCents: classCents,
  intercityKmPerMille: classCents,
  withinCityKmCents: cents,
  classMinimumCents: classCents,
  hourly: z.object({
    hourCents: classCents,
    includedKmPerHour: z.number().check(z.int(), z.minimum(0), z.maximum(500)),
    extraKmCents: cents,
  }),
  extraCents: z.object(
    Object.fromEntries(extraCodes.map((code) => [code, cents])) as Record<ExtraCode, typeof cents>,
  ),
  depositPercent: z.number().check(z.int(), z.minimum(1), z.maximum(100)),
}) satisfies z.ZodMiniType<PriceList>

/** A place's airport fares with the road kilometres from each airport they cover. */
export interface FareEntry {
  fares: AirportFares
  coveredKm: Record<AirportCode, number>
}

/**
 * A price list made ready for quoting: each priced place's fares together with
 * the kilometres they cover, looked up by place id in one step. Built once per
 * version, not per quote.
 */
export interface CompiledPriceList {
  /** The version's id in the database; 0 for a list that is not stored (a draft's preview, tests). */
  id: number
  list: PriceList
  /** The airport fares of a place; undefined when the place has none. */
  fareEntry: (placeId: number) => FareEntry | undefined
}

/**
 * Joins a list's fares to the distances they cover (`coveredKm`, the
 * gazetteer's table). A place with fares but no distance row covers 0 km: every
 * kilometre is extra.
 */
export function compilePriceList(
  id: number,
  list: PriceList,
  coveredKm: (placeId: number) => Record<AirportCode, number> | undefined,
): CompiledPriceList {
  const entries = new Map<number, FareEntry>()
  for (const [key, fares] of Object.entries(list.airportFares)) {
    const placeId = Number(key)
    entries.set(placeId, { fares, coveredKm: coveredKm(placeId) ?? { iga: 0, saw: 0 } })
  }
  return { id, list, fareEntry: (placeId) => entries.get(placeId) }
}
