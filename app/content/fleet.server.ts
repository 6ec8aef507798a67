import type { Language } from '~/i18n/config'
import type { SiteSettings } from '~/config/site'
import { vehicleClassSchema, type VehicleClassFile } from './schemas'
import { vehicleClassCodes } from './vehicle-classes'
import { inLanguage, type InLanguage } from './localize'
import raw from '../../content/fleet.json'

const fleet: VehicleClassFile[] = vehicleClassSchema
  .array()
  .length(vehicleClassCodes.length)
  .parse(raw)
  // The seed's class order, whatever the file's order.
  .sort((a, b) => vehicleClassCodes.indexOf(a.code) - vehicleClassCodes.indexOf(b.code))

export type VehicleClass = InLanguage<VehicleClassFile>

export function listVehicleClasses(language: Language, site: SiteSettings): VehicleClass[] {
  return fleet.map((vehicle) => inLanguage(vehicle, language, site))
}

export function findVehicleClass(id: number, language: Language, site: SiteSettings) {
  const vehicle = fleet.find((candidate) => candidate.id === id)
  return vehicle && inLanguage(vehicle, language, site)
}

export function allVehicleClassIds(): number[] {
  return fleet.map((vehicle) => vehicle.id)
}
