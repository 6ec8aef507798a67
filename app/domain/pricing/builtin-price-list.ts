import { vehicleClassCodes, type VehicleClassCode } from '~/domain/booking/vehicle-classes'
import { fareCoveredKm } from '../places/gazetteer'
import hourlyTariffData from './hourly-tariff.json'
import priceTable from './price-table.json'
import { FIRST_DEPOSIT_PERCENT } from './first-deposit'
import {
  compilePriceList,
  type ClassCents,
  type CompiledPriceList,
  type PriceList,
} from './price-list'
import type { PriceTableEntry } from './types'

/**
 * The company's first price list, as it was sold before prices moved into the
 * database: the fare table (price-table.json, with how it was fitted), the
 * hourly tariff (hourly-tariff.json, with its reasoning) and the rules' figures
 * below. The migration that made the price lists stores it as version 1; from
 * then on prices change in /ops/prices, not here. Tests price against it, so
 * every fare of the original tariff stays checked.
 */

const entries = priceTable.entries as PriceTableEntry[]

const toCents = (euros: Record<VehicleClassCode, number>): ClassCents =>
  Object.fromEntries(
    vehicleClassCodes.map((code) => [code, Math.round(euros[code] * 100)]),
  ) as ClassCents

export const builtinPriceList: PriceList = {
  airportToAirportCents: { ECOMNVN: 7900, LUXMNVN: 9900, ECOMNBS: 10900, LUXMNBS: 16900 },
  airportExtraKmCents: 100,
  peaks: {
    saw: { from: '15:00', to: '21:59', extraKmCents: 125, percent: 130 },
    iga: { from: '16:00', to: '19:59', extraKmCents: 100, percent: 115 },
  },
  airportFares: Object.fromEntries(
    entries.map((entry) => [
      String(entry.placeId),
      { iga: toCents(entry.prices.iga), saw: toCents(entry.prices.saw) },
    ]),
  ),
  intercityBaseCents: { ECOMNVN: 4000, LUXMNVN: 7000, ECOMNBS: 8000, LUXMNBS: 11000 },
  intercityKmPerMille: { ECOMNVN: 1000, LUXMNVN: 1000, ECOMNBS: 1050, LUXMNBS: 1100 },
  withinCityKmCents: 200,
  classMinimumCents: { ECOMNVN: 4700, LUXMNVN: 6800, ECOMNBS: 8800, LUXMNBS: 12000 },
  hourly: {
    hourCents: hourlyTariffData.hourlyCents,
    includedKmPerHour: hourlyTariffData.includedKmPerHour,
    extraKmCents: hourlyTariffData.extraKmCents,
  },
  extraCents: { childSeat: 700, boosterSeat: 700 },
  depositPercent: FIRST_DEPOSIT_PERCENT,
}

/** The first price list ready to quote with, as version 1: what the tests price against. */
export const firstPrices: CompiledPriceList = compilePriceList(1, builtinPriceList, fareCoveredKm)
