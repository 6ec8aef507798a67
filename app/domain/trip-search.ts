import { hasControlCharacters, normalizeText } from './text'
import { addDays, dateWindow, timeOptions } from './booking-window'

/** Minimum notice between now and the pickup (the terms: 2 hours). */
export const MINIMUM_NOTICE_MINUTES = 120
/** The trip-time estimate: distance at 50 km/h, rounded up to whole hours. */
export const ESTIMATE_SPEED_KMH = 50

export interface TripSearchValues {
  date: string
  time: string
  pickup: string
  destination: string
}

/** The longest place text a search takes: the width of the bookings' pickup and destination columns. */
export const PLACE_TEXT_MAX = 200

export type TripSearchError =
  | 'fillAll'
  | 'placeTooLong'
  | 'placeControlCharacters'
  | 'invalidDate'
  | 'dateInPast'
  | 'dateTooFar'
  | 'invalidTime'
  | 'tooSoon'

const timeSet = new Set(timeOptions())

/**
 * The pickup instant. Istanbul has kept UTC+3 all year since 2016. The time
 * '00:00' is the last option of a day (hour 24), so it means the midnight that
 * ends the chosen date.
 */
export function pickupInstant(date: string, time: string): Date {
  const day = time === '00:00' ? addDays(date, 1) : date
  return new Date(`${day}T${time}:00+03:00`)
}

/** A booking's (or a ride's) pickup instant: the one way to read it from the stored date and time. */
export function bookingPickupInstant(ride: { trip_date: string; trip_time: string }): Date {
  return pickupInstant(ride.trip_date, ride.trip_time)
}

/** The calendar date the car arrives (differs from the chosen date for '00:00'). */
export function pickupCalendarDate(date: string, time: string): string {
  return time === '00:00' ? addDays(date, 1) : date
}

export function estimatedHours(distanceKm: number): number {
  return Math.max(1, Math.ceil(distanceKm / ESTIMATE_SPEED_KMH))
}

/**
 * Reads a search from a query string; values are normalised like every text
 * field (normalizeText) and kept whole for re-display: checkTripSearch refuses
 * what is too long or holds control characters.
 */
export function readTripSearch(params: URLSearchParams): TripSearchValues {
  const read = (name: string) => normalizeText(params.get(name) ?? '')
  return {
    date: read('date'),
    time: read('time'),
    pickup: read('pickup'),
    destination: read('destination'),
  }
}

/** The first rule a search breaks, in the order a traveller would fix them; null when valid. */
export function checkTripSearch(
  values: TripSearchValues,
  now: Date,
  noticeMinutes = MINIMUM_NOTICE_MINUTES,
): TripSearchError | null {
  if (!values.date || !values.time || !values.pickup || !values.destination) return 'fillAll'
  return (
    checkPlaceTexts([values.pickup, values.destination]) ??
    checkPickupWhen(values, now, noticeMinutes)
  )
}

/** The place texts' own rules: no control characters, no longer than the columns. */
export function checkPlaceTexts(texts: string[]): TripSearchError | null {
  if (texts.some((text) => hasControlCharacters(text))) return 'placeControlCharacters'
  if (texts.some((text) => text.length > PLACE_TEXT_MAX)) return 'placeTooLong'
  return null
}

/**
 * The pickup's date and time: a real date, a time on the list, within the
 * bookable days, and far enough ahead for the notice: the company's, which is
 * never less than the terms' two hours.
 */
export function checkPickupWhen(
  { date, time }: { date: string; time: string },
  now: Date,
  noticeMinutes = MINIMUM_NOTICE_MINUTES,
): TripSearchError | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(date))) return 'invalidDate'
  if (!timeSet.has(time)) return 'invalidTime'
  const bookingWindow = dateWindow(now)
  if (date < bookingWindow.min) return 'dateInPast'
  if (date > bookingWindow.max) return 'dateTooFar'
  const notice = pickupInstant(date, time).getTime() - now.getTime()
  if (notice < Math.max(noticeMinutes, MINIMUM_NOTICE_MINUTES) * 60_000) return 'tooSoon'
  return null
}
