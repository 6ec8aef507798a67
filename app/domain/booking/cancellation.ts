/**
 * The terms' cancellation rule: cancelled this many hours or more before
 * pickup, a booking's card payment is refunded in full; closer to pickup
 * nothing is owed, and staff refund only when they override the rule with a
 * reason. The traveller's own changes online end at the same moment
 * (traveller-rules.ts), so this is the one number of that window, and every
 * text states it from here (rule-numbers.ts).
 */
export const FREE_CANCELLATION_HOURS = 24

/** The moment free cancellation, and changing details online, end for a pickup. */
export function freeCancellationEnds(pickup: Date): Date {
  return new Date(pickup.getTime() - FREE_CANCELLATION_HOURS * 3_600_000)
}

/** Whether a booking picked up at `pickup` is still within its free cancellation at `now`. */
export function isFreeCancellation(pickup: Date, now: Date): boolean {
  return now.getTime() <= freeCancellationEnds(pickup).getTime()
}

/**
 * Whether a staff cancellation may refund: always within the free period;
 * after it, only with an override reason.
 */
export function mayRefundOnCancel(free: boolean, overrideReason: string | null | undefined) {
  return free || Boolean(overrideReason?.trim())
}
