import { normalizeText } from './text'
import { checkPickupWhen, checkPlaceTexts, type TripSearchError } from './trip-search'
import { isBookableHours } from './pricing/hourly'

/**
 * A search for hire by the hour, as the 'By the hour' form sends it: the
 * pickup, its date and time, the hours, and optionally the kilometres the
 * traveller plans to drive (beyond those included they are charged).
 */
export interface HourlySearchValues {
  date: string
  time: string
  pickup: string
  hours: string
  plannedKm: string
}

/** The most kilometres a hire may plan: twelve hours at motorway speed, with room. */
export const PLANNED_KM_MAX = 1000

export type HourlySearchError = TripSearchError | 'invalidHours' | 'invalidPlannedKm'

/** The query fields of an hourly search (the mode itself is `mode=hourly`). */
export const hourlyFields = ['date', 'time', 'pickup', 'hours', 'km'] as const

export function readHourlySearch(params: URLSearchParams): HourlySearchValues {
  const read = (name: string) => normalizeText(params.get(name) ?? '')
  return {
    date: read('date'),
    time: read('time'),
    pickup: read('pickup'),
    hours: read('hours'),
    plannedKm: read('km'),
  }
}

/** The hours as a number, once checkHourlySearch has passed. */
export function hoursOf(values: HourlySearchValues): number {
  return Number(values.hours)
}

/** The planned kilometres, or null when the traveller gave none. */
export function plannedKmOf(values: HourlySearchValues): number | null {
  return values.plannedKm === '' ? null : Number(values.plannedKm)
}

/** The first rule an hourly search breaks, in the order a traveller would fix them. */
export function checkHourlySearch(
  values: HourlySearchValues,
  now: Date,
  noticeMinutes?: number,
): HourlySearchError | null {
  if (!values.date || !values.time || !values.pickup || !values.hours) return 'fillAll'
  const placeError = checkPlaceTexts([values.pickup])
  if (placeError) return placeError
  if (!/^\d{1,2}$/.test(values.hours) || !isBookableHours(Number(values.hours))) {
    return 'invalidHours'
  }
  if (
    values.plannedKm !== '' &&
    (!/^\d{1,4}$/.test(values.plannedKm) || Number(values.plannedKm) > PLANNED_KM_MAX)
  ) {
    return 'invalidPlannedKm'
  }
  return checkPickupWhen(values, now, noticeMinutes)
}
