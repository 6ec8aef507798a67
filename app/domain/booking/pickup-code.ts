import type { BookingStatus } from './status'

/**
 * The pickup code: the traveller says it when they meet their driver, and the
 * driver's page accepts "Passenger on board" only with it. Someone holding up
 * a sign with the traveller's name in the arrivals hall cannot start the ride.
 */

/** Dispatch hears when a ride's driver has entered this many wrong codes. */
export const PICKUP_CODE_ALERT_AFTER = 3

/** The code as a driver may type it: spaces and dashes are not part of it. */
export function normalisedPickupCode(typed: string | undefined): string {
  return (typed ?? '').replace(/[\s-]/g, '')
}

/**
 * Whether a ride is held up by wrong codes: the alert's count reached while
 * the driver is still waiting at the pickup. The right code (or a no-show)
 * moves the ride on and ends it.
 */
export function pickupCodeAlarm(misses: number, status: BookingStatus): boolean {
  return misses >= PICKUP_CODE_ALERT_AFTER && status === 'arrived'
}

/** The traveller's page shows the code while the ride is paid and has not started. */
export function pickupCodeShown(status: BookingStatus): boolean {
  return status === 'confirmed' || status === 'on_the_way' || status === 'arrived'
}
