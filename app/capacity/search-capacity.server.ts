import type { Executor } from '~/db/executor'
import { timeOptions } from '~/domain/booking-window'
import type { RideMode } from '~/domain/booking/ride-mode'
import type { VehicleClassCode } from '~/domain/booking/vehicle-classes'
import { nearestFreeTimes, type CapacityRules } from '~/domain/capacity/capacity'
import { checkPickupWhen } from '~/domain/trip-search'
import type { Language } from '~/i18n/config'
import {
  anyLimit,
  capacityRideOf,
  pictureUnder,
  readCapacityRules,
  tripAvailability,
} from './capacity.server'

/**
 * What the vehicle step says of each class for a search: free, or fully
 * booked at the searched time with the nearest times it is free (the search
 * kept, the time changed), or closed with the reason staff gave. Only a
 * display: Book Now checks again under the capacity lock.
 */

/** A priced search's rides, before a class is chosen. */
export interface SearchRides {
  date: string
  time: string
  minutes: number
  mode: RideMode
  /** The return leg of a trip there and back, at its own date and time. */
  back: { date: string; time: string } | null
}

export interface ClassFullness {
  /** The reason of the closed period the pickup falls in, in the reader's language. */
  closedReason: string | null
  /** The nearest times on the same date at which the class is free, in the order of the day. */
  freeTimes: string[]
}

/** How long one instance reuses the rules it read for the vehicle step. */
const RULES_FOR_DISPLAY_MS = 5_000
let rulesForDisplay: { readAt: number; rules: CapacityRules } | undefined

/**
 * The rules for the vehicle step, read at most every few seconds per
 * instance: the busiest page asks for them on every search, and a change made
 * in /ops shows within seconds (Book Now always reads them afresh).
 */
async function displayRules(executor: Executor, now: Date): Promise<CapacityRules> {
  const at = Date.now()
  if (!rulesForDisplay || at - rulesForDisplay.readAt > RULES_FOR_DISPLAY_MS) {
    rulesForDisplay = { readAt: at, rules: await readCapacityRules(executor, now) }
  }
  return rulesForDisplay.rules
}

/** The company's minimum notice, in minutes, as the searches apply it. */
export async function noticeMinutes(executor: Executor, now: Date): Promise<number> {
  return (await displayRules(executor, now)).minimumNoticeMinutes
}

/** Forgets the rules read for display (after staff change them on this instance). */
export function forgetDisplayedRules() {
  rulesForDisplay = undefined
}

/** The classes among `codes` that cannot be sold for `search`; an empty object when all can. */
export async function fullClasses(
  executor: Executor,
  search: SearchRides,
  codes: readonly VehicleClassCode[],
  language: Language,
  now: Date,
): Promise<Partial<Record<VehicleClassCode, ClassFullness>>> {
  const rules = await displayRules(executor, now)
  if (!anyLimit(rules)) return {}
  const days = { from: search.date, to: search.back?.date ?? search.date }
  const picture = await pictureUnder(executor, rules, days, now)
  const ride = (code: VehicleClassCode, date: string, time: string) =>
    capacityRideOf({ vehicleClass: code, date, time, minutes: search.minutes, mode: search.mode })
  const ridesAt = (code: VehicleClassCode, time: string) => [
    ride(code, search.date, time),
    ...(search.back ? [ride(code, search.back.date, search.back.time)] : []),
  ]
  const full: Partial<Record<VehicleClassCode, ClassFullness>> = {}
  for (const code of codes) {
    const answer = tripAvailability(picture, ridesAt(code, search.time))
    if (answer.kind === 'free') continue
    const bookable = (time: string) =>
      checkPickupWhen({ date: search.date, time }, now, rules.minimumNoticeMinutes) === null &&
      tripAvailability(picture, ridesAt(code, time)).kind === 'free'
    full[code] = {
      closedReason:
        answer.kind === 'closed' ? (answer.reason[language] ?? answer.reason.en ?? '') : null,
      freeTimes: nearestFreeTimes(timeOptions(), search.time, bookable),
    }
  }
  return full
}
