import { isFreeCancellation } from './cancellation'
import { isAwaitingRide, type BookingStatus } from './status'

/**
 * What the traveller may still do online with their paid booking, by its
 * status and how far away the pickup is. The pages ask these questions to
 * decide what to offer; the use cases ask them again, under the booking's
 * lock, before they change anything.
 */

/**
 * Details are changed online for as long as the booking may be cancelled free
 * of charge: one window for both, which the texts state as one rule; after
 * it, by phone.
 *
 * - `open`: the ride is still to come and its free cancellation still runs;
 * - `too-late`: the ride is still to come but closer than that (call us);
 * - `closed`: cancelled, under way or over: nothing is changed any more.
 */
export type DetailsChange = 'open' | 'too-late' | 'closed'

export function detailsChange(status: BookingStatus, pickup: Date, now: Date): DetailsChange {
  if (!isAwaitingRide(status)) return 'closed'
  return isFreeCancellation(pickup, now) ? 'open' : 'too-late'
}

/**
 * - `free`: cancelled online now, the amount paid is refunded in full;
 * - `too-late`: past the free cancellation the terms owe no refund, and the
 *   traveller cannot cancel online at all (they call the company);
 * - `cancelled`: it already is;
 * - `closed`: the ride has started or is over.
 */
export type TravellerCancellation = 'free' | 'too-late' | 'cancelled' | 'closed'

export function travellerCancellation(
  status: BookingStatus,
  pickup: Date,
  now: Date,
): TravellerCancellation {
  if (status === 'cancelled') return 'cancelled'
  if (!isAwaitingRide(status)) return 'closed'
  return isFreeCancellation(pickup, now) ? 'free' : 'too-late'
}

/**
 * A booking's signed links (the traveller's own and the share link) open it
 * until this many days after its pickup: long enough for the invoice of a
 * trip to reach an expense claim, a dispute to be raised or a lost item to be
 * asked about; after that a forwarded or leaked e-mail no longer shows
 * anyone's name, phone and address.
 */
export const LINK_VALID_DAYS_AFTER_PICKUP = 30

export function linkExpiresAt(pickup: Date): Date {
  return new Date(pickup.getTime() + LINK_VALID_DAYS_AFTER_PICKUP * 86_400_000)
}

export function isLinkExpired(pickup: Date, now: Date): boolean {
  return now.getTime() >= linkExpiresAt(pickup).getTime()
}
