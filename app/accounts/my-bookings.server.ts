import type { Executor } from '~/db/executor'
import type { BookingRow } from '~/db/schema'
import { paidStatuses } from '~/domain/booking/status'
import { bookingPickupInstant } from '~/domain/trip-search'
import type { TravellerAccount } from './traveller-accounts.server'
import { bookingsWithEmail } from './traveller-bookings.server'
import { provedAddressOf } from './account-proof'

/**
 * "My bookings": every booking made with the account's e-mail, once that
 * address is proved (before, nothing: anyone can register any address). A
 * booking counts when it was paid: confirmed, on its way or done, or paid and
 * cancelled later; drafts, abandoned or expired payments never show. The
 * e-mail is compared without case or surrounding spaces, as typed on the
 * booking; each booking is then opened through its own signed link.
 */
export interface AccountBookings {
  upcoming: BookingRow[]
  past: BookingRow[]
}

export async function listAccountBookings(
  executor: Executor,
  account: Pick<TravellerAccount, 'email' | 'email_verified_at'>,
  now: Date,
): Promise<AccountBookings> {
  const address = provedAddressOf(account)
  if (!address) return { upcoming: [], past: [] }
  const rows = await bookingsWithEmail(executor, address)
    .where((eb) =>
      eb.or([
        eb('status', 'in', [...paidStatuses]),
        eb.and([eb('status', '=', 'cancelled'), eb('confirmed_at', 'is not', null)]),
      ]),
    )
    .execute()
  const at = (booking: BookingRow) => bookingPickupInstant(booking).getTime()
  // Newest pickup first.
  rows.sort((a, b) => at(b) - at(a))
  return {
    upcoming: rows.filter((booking) => at(booking) >= now.getTime()),
    past: rows.filter((booking) => at(booking) < now.getTime()),
  }
}
