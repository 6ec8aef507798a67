import type { BookingStatus } from '~/db/schema'

/**
 * Every allowed status change of a booking, in one place (PRODUCT.md, Booking
 * rules): draft → awaiting_payment → confirmed → completed, with expired,
 * payment_failed (retryable) and cancelled on the side.
 */
const transitions: Record<BookingStatus, readonly BookingStatus[]> = {
  draft: ['awaiting_payment', 'expired', 'cancelled'],
  awaiting_payment: ['confirmed', 'payment_failed', 'expired', 'cancelled'],
  payment_failed: ['awaiting_payment', 'expired', 'cancelled'],
  confirmed: ['completed', 'cancelled'],
  completed: ['cancelled'],
  expired: [],
  cancelled: [],
}

export function canTransition(from: BookingStatus, to: BookingStatus): boolean {
  return transitions[from].includes(to)
}

export class TransitionError extends Error {
  constructor(
    readonly from: BookingStatus,
    readonly to: BookingStatus,
  ) {
    super(`a ${from} booking cannot become ${to}`)
  }
}

export function assertTransition(from: BookingStatus, to: BookingStatus): void {
  if (!canTransition(from, to)) throw new TransitionError(from, to)
}
