import advice from './airport-advice.json'
import { ESTIMATE_SPEED_KMH } from '../trip-search'

/**
 * The pickup that catches a departing flight: the scheduled departure, less
 * the time the airlines ask passengers to be at the airport before it
 * (international or domestic, per airport: airport-advice.json, which names
 * its source), less the expected drive at that hour: the ride's built-in
 * distance at the estimate's speed, slowed when the car would reach the
 * airport in its roads' rush hours, rounded down to five minutes.
 */

export type DepartureAirport = 'IST' | 'SAW'

/**
 * Each airport's rush hours and how much longer the drive takes in them: the
 * windows and factors the first price list raised its airport fares by. They
 * are traffic, not prices, so a price list published later does not move them.
 */
const rushHoursOf: Record<DepartureAirport, { from: string; to: string; slowerPercent: number }> = {
  IST: { from: '16:00', to: '19:59', slowerPercent: 115 },
  SAW: { from: '15:00', to: '21:59', slowerPercent: 130 },
}

const minute = 60_000

/** Turkey's airports all have ICAO codes starting LT: a flight to one is domestic. */
export function isDomestic(destinationIcao: string | null | undefined): boolean {
  return Boolean(destinationIcao?.toUpperCase().startsWith('LT'))
}

/** Minutes of the day, Istanbul time (UTC+3 all year). */
function istanbulMinuteOfDay(at: Date): number {
  return (at.getUTCHours() * 60 + at.getUTCMinutes() + 180) % 1440
}

const minutesOf = (time: string) => {
  const [hours, minutes] = time.split(':').map(Number) as [number, number]
  return hours * 60 + minutes
}

export interface DeparturePickup {
  pickup: Date
  /** At the airport this many minutes before departure. */
  adviceMinutes: number
  /** The drive expected at that hour, in minutes. */
  driveMinutes: number
  domestic: boolean
}

export function departurePickup(input: {
  airport: DepartureAirport
  departure: Date
  destinationIcao: string | null
  distanceKm: number
}): DeparturePickup {
  const domestic = isDomestic(input.destinationIcao)
  const figures = advice.airports[input.airport]
  const adviceMinutes = domestic ? figures.domesticMinutes : figures.internationalMinutes
  const atAirport = new Date(input.departure.getTime() - adviceMinutes * minute)
  const rush = rushHoursOf[input.airport]
  const reached = istanbulMinuteOfDay(atAirport)
  const inRush = reached >= minutesOf(rush.from) && reached <= minutesOf(rush.to)
  const plainMinutes = (input.distanceKm / ESTIMATE_SPEED_KMH) * 60
  const driveMinutes = Math.ceil(inRush ? (plainMinutes * rush.slowerPercent) / 100 : plainMinutes)
  const step = 5 * minute
  const pickup = new Date(Math.floor((atAirport.getTime() - driveMinutes * minute) / step) * step)
  return { pickup, adviceMinutes, driveMinutes, domestic }
}
