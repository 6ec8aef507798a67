import { withStartingPrices, type VehicleClass } from '~/content/fleet.server'
import { pricesInForce } from './prices-in-force.server'

/** The classes with the 'starting from' prices of the price list in force now. */
export async function pricedFleet<T extends VehicleClass>(vehicles: readonly T[]) {
  const prices = await pricesInForce().inForce(new Date())
  return withStartingPrices(vehicles, prices.list)
}
