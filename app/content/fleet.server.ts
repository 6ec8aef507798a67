import type { Language } from '~/i18n/config'
import type { SiteSettings } from '~/config/site'
import { vehicleClassSchema, type VehicleClassFile } from './schemas'
import { vehicleClassCodes, vehicleClasses } from '~/domain/booking/vehicle-classes'
import { inLanguage, oncePerLanguage, type InLanguage } from './localize'
import type { PriceList } from '~/domain/pricing/price-list'
import raw from '../../content/fleet.json'

const fleet: VehicleClassFile[] = vehicleClassSchema
  .array()
  .length(vehicleClassCodes.length)
  .parse(raw)
  // The classes' display order, whatever the file's order.
  .sort((a, b) => vehicleClassCodes.indexOf(a.code) - vehicleClassCodes.indexOf(b.code))

/**
 * A class as the pages show it: the content's words and pictures in one
 * language, with the domain's seats and suitcases.
 */
export type VehicleClass = InLanguage<VehicleClassFile> & {
  passengers: number
  luggage: number
}

/** A class with its 'starting from' price (EUR), the price list's minimum for it. */
export type PricedVehicleClass = VehicleClass & { startingPrice: number }

function present(vehicle: VehicleClassFile, language: Language, site: SiteSettings): VehicleClass {
  const facts = vehicleClasses[vehicle.code]
  return {
    ...inLanguage(vehicle, language, site),
    passengers: facts.passengers,
    luggage: facts.luggage,
  }
}

/**
 * The classes with the 'starting from' prices of a price list: no ride in a
 * class costs less within a city. Added per request, not kept with the words,
 * because a published price list changes them.
 */
export function withStartingPrices<T extends VehicleClass>(
  vehicles: readonly T[],
  list: Pick<PriceList, 'classMinimumCents'>,
): (T & PricedVehicleClass)[] {
  return vehicles.map((vehicle) => ({
    ...vehicle,
    startingPrice: list.classMinimumCents[vehicle.code] / 100,
  }))
}

/** Every class in display order, localized once per language (the vehicle step asks on every search). */
export const listVehicleClasses: (language: Language, site: SiteSettings) => VehicleClass[] =
  oncePerLanguage((language, site) => fleet.map((vehicle) => present(vehicle, language, site)))

export function findVehicleClass(id: number, language: Language, site: SiteSettings) {
  return listVehicleClasses(language, site).find((candidate) => candidate.id === id)
}

export function allVehicleClassIds(): number[] {
  return fleet.map((vehicle) => vehicle.id)
}
