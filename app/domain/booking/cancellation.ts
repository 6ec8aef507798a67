/**
 * The terms' cancellation rule: cancelled 24 hours or more before pickup, a
 * booking's card payment is refunded in full; closer to pickup nothing is
 * owed, and staff refund only when they override the rule with a reason.
 */
export const FREE_CANCELLATION_HOURS = 24

/** Whether a booking picked up at `pickup` is still within its free cancellation at `now`. */
export function isFreeCancellation(pickup: Date, now: Date): boolean {
  return pickup.getTime() - now.getTime() >= FREE_CANCELLATION_HOURS * 3_600_000
}

/**
 * Whether a staff cancellation may refund: always within the free period;
 * after it, only with an override reason.
 */
export function mayRefundOnCancel(free: boolean, overrideReason: string | null | undefined) {
  return free || Boolean(overrideReason?.trim())
}
