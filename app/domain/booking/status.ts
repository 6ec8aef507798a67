/**
 * A booking's statuses and every allowed change between them, in one place.
 *
 * The ordinary life of a booking: draft → awaiting_payment → confirmed, with
 * payment_failed (retryable), expired and cancelled on the side. On the day,
 * the driver marks the ride: on_the_way → arrived → on_board → finished (the
 * ride completed, the one status shown as "Completed"), or arrived → no_show
 * when no one came. The passengers' names (Complete Reservation) are no status:
 * they are a fact about the booking (`names_given_at`, `names_given_by`), so a
 * ride still to come never reads as completed. A new status is added to
 * `bookingStatuses` and given its row in `ordinary`; the store refuses any
 * change this table does not list.
 */
export const bookingStatuses = [
  'draft',
  'awaiting_payment',
  'confirmed',
  'expired',
  'payment_failed',
  'cancelled',
  'on_the_way',
  'arrived',
  'on_board',
  'finished',
  'no_show',
] as const
export type BookingStatus = (typeof bookingStatuses)[number]

const ordinary: Record<BookingStatus, readonly BookingStatus[]> = {
  draft: ['awaiting_payment', 'expired', 'cancelled'],
  awaiting_payment: ['confirmed', 'payment_failed', 'expired', 'cancelled'],
  payment_failed: ['awaiting_payment', 'expired', 'cancelled'],
  confirmed: ['cancelled', 'on_the_way'],
  expired: [],
  cancelled: [],
  // The ride, as the driver marks it. Once a car is on its way the booking is
  // no longer cancelled from the site: that is a call to the company.
  on_the_way: ['arrived'],
  arrived: ['on_board', 'no_show'],
  on_board: ['finished'],
  finished: [],
  no_show: [],
}

/** The steps a driver marks, in the order they happen (no_show instead of on_board). */
export const rideStatuses = [
  'on_the_way',
  'arrived',
  'on_board',
  'finished',
  'no_show',
] as const satisfies readonly BookingStatus[]
export type RideStatus = (typeof rideStatuses)[number]

/** The ride steps a driver may mark next on a booking in `status`. */
export function nextRideSteps(status: BookingStatus): RideStatus[] {
  return rideStatuses.filter((step) => canTransition(status, step))
}

/**
 * The late-payment rule: the provider can report a success after the booking
 * stopped waiting for it (the traveller paid on a page left open while the
 * booking's payment was marked failed or the booking expired). Money taken is
 * honoured, so such a booking is confirmed. A booking already paid, or one
 * cancelled, is not: that charge is kept on its own and flagged for refund.
 */
const latePayment: Partial<Record<BookingStatus, readonly BookingStatus[]>> = {
  payment_failed: ['confirmed'],
  expired: ['confirmed'],
}

/** Which table a change is checked against: the ordinary one, or a named exception. */
export type TransitionRule = 'ordinary' | 'late-payment'

const rules: Record<TransitionRule, Partial<Record<BookingStatus, readonly BookingStatus[]>>> = {
  ordinary,
  'late-payment': latePayment,
}

export function canTransition(
  from: BookingStatus,
  to: BookingStatus,
  rule: TransitionRule = 'ordinary',
): boolean {
  return rules[rule][from]?.includes(to) ?? false
}

export class TransitionError extends Error {
  constructor(
    readonly from: BookingStatus,
    readonly to: BookingStatus,
    readonly rule: TransitionRule = 'ordinary',
  ) {
    super(`a ${from} booking cannot become ${to}${rule === 'ordinary' ? '' : ` (rule: ${rule})`}`)
  }
}

export function assertTransition(
  from: BookingStatus,
  to: BookingStatus,
  rule: TransitionRule = 'ordinary',
): void {
  if (!canTransition(from, to, rule)) throw new TransitionError(from, to, rule)
}

/**
 * How a successful payment may confirm a booking in `status`: the ordinary
 * way while it waits for its payment, by the late-payment rule after it
 * stopped waiting, or not at all (already paid, cancelled: refund the charge).
 */
export function confirmationRule(status: BookingStatus): TransitionRule | undefined {
  if (canTransition(status, 'confirmed')) return 'ordinary'
  if (canTransition(status, 'confirmed', 'late-payment')) return 'late-payment'
  return undefined
}

/** The statuses of a booking whose payment was taken and that still stands (the ride included). */
export const paidStatuses: readonly BookingStatus[] = [
  'confirmed',
  'on_the_way',
  'arrived',
  'on_board',
  'finished',
  'no_show',
]

export function isPaid(status: BookingStatus): boolean {
  return paidStatuses.includes(status)
}

/**
 * Paid bookings whose ride has not started: confirmed, their passengers
 * named or not. These are the ones a driver is given, a reminder goes to,
 * the names are given or corrected on, and staff may cancel; once the driver
 * is on the way the ride statuses take over.
 */
export const awaitingRideStatuses = ['confirmed'] as const satisfies readonly BookingStatus[]

export function isAwaitingRide(status: BookingStatus): boolean {
  return (awaitingRideStatuses as readonly BookingStatus[]).includes(status)
}

/** Paid bookings a driver still has to drive or is driving: their jobs list. */
export const driverJobStatuses = [
  ...awaitingRideStatuses,
  'on_the_way',
  'arrived',
  'on_board',
] as const satisfies readonly BookingStatus[]
