import type { DatabaseHandle } from '~/db/connect.server'

/** Drafts and bookings left unpaid are not the company's rides: the partner pages list the rest. */
const listedStatuses = [
  'confirmed',
  'on_the_way',
  'arrived',
  'on_board',
  'finished',
  'no_show',
  'cancelled',
] as const

/** A company's bookings, with the name of the partner user who made each. */
export function companyBookings(handle: DatabaseHandle, companyId: number) {
  return handle.db
    .selectFrom('bookings')
    .leftJoin('partner_users', 'partner_users.id', 'bookings.partner_user_id')
    .selectAll('bookings')
    .select('partner_users.name as partner_user_name')
    .where('bookings.company_id', '=', companyId)
    .where('bookings.status', 'in', listedStatuses)
    .orderBy('bookings.trip_date', 'desc')
    .orderBy('bookings.trip_time', 'desc')
    .limit(500)
    .execute()
}
