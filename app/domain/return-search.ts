import { normalizeText } from './text'
import { addDays, timeOptions } from './booking-window'
import { pickupInstant } from './trip-search'
import { earliestReturnPickup } from './pricing/return-trip'

/**
 * The return of a route search: 'Add a return' ticked (`return=1`) with the
 * return's pickup date and time. The return goes from the destination back
 * to the pickup; its pickup comes after the outbound ride has arrived, plus a
 * margin, and at most RETURN_WITHIN_DAYS after the outbound's date.
 */
export interface ReturnSearchValues {
  /** Whether the traveller asked for a return ('Add a return' ticked). */
  wanted: boolean
  date: string
  time: string
}

/** The latest return: this many days after the outbound's date. */
export const RETURN_WITHIN_DAYS = 30

/** The query fields of a return (with `return=1`). */
export const returnFields = ['returnDate', 'returnTime'] as const

export const noReturn: ReturnSearchValues = { wanted: false, date: '', time: '' }

export type ReturnSearchError =
  'returnFillAll' | 'returnInvalidDate' | 'returnInvalidTime' | 'returnTooFar' | 'returnTooEarly'

export function readReturnSearch(params: URLSearchParams): ReturnSearchValues {
  const read = (name: string) => normalizeText(params.get(name) ?? '')
  return {
    wanted: params.get('return') === '1',
    date: read('returnDate'),
    time: read('returnTime'),
  }
}

/** The query string fields of a return, none when it is not wanted. */
export function returnParams(values: ReturnSearchValues): Record<string, string> {
  return values.wanted ? { return: '1', returnDate: values.date, returnTime: values.time } : {}
}

const timeSet = new Set(timeOptions())

/**
 * The first rule a wanted return breaks, once the outbound is valid and its
 * driving distance known; null when valid or not wanted.
 */
export function checkReturnSearch(
  values: ReturnSearchValues,
  outbound: { date: string; time: string },
  distanceKm: number,
): ReturnSearchError | null {
  if (!values.wanted) return null
  if (!values.date || !values.time) return 'returnFillAll'
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.date) || Number.isNaN(Date.parse(values.date))) {
    return 'returnInvalidDate'
  }
  if (!timeSet.has(values.time)) return 'returnInvalidTime'
  if (values.date > addDays(outbound.date, RETURN_WITHIN_DAYS)) return 'returnTooFar'
  const earliest = earliestReturnPickup(outbound.date, outbound.time, distanceKm)
  if (pickupInstant(values.date, values.time).getTime() < earliest.getTime()) {
    return 'returnTooEarly'
  }
  return null
}
