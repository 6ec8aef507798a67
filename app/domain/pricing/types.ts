import type { AirportCode } from '../places/types'
import type { VehicleClassCode } from '~/domain/booking/vehicle-classes'

/** Four fares in EUR, one per class, as the price table holds them. */
export type ClassFares = Record<VehicleClassCode, number>

/** One entry of the transfer price table: a place and its fares from each airport. */
export interface PriceTableEntry {
  /** The gazetteer id of the place. */
  placeId: number
  placeName: string
  /** Road km from each airport that the table fare covers; 0 means 'no base distance'. */
  distance_from_iga_km: number
  distance_from_saw_km: number
  prices: Record<AirportCode, ClassFares>
}
