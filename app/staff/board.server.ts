import type { Selectable } from 'kysely'
import type { DatabaseHandle } from '~/db/connect.server'
import { mailAboutBooking } from '~/mail/outgoing-mail.server'
import { staffActionsOnBooking, type StaffActionRecord } from './audit.server'
import type {
  BookingEventsTable,
  BookingRow,
  PaymentAttemptsTable,
  BookingPassengersTable,
} from '~/db/schema'
import { addDays } from '~/domain/booking-window'
import type { BookingStatus } from '~/domain/booking/status'
import { isPaid, paidStatuses } from '~/domain/booking/status'

/**
 * What staff read of the bookings: the board of one pickup day and a
 * booking's whole record. Read only; every change to a booking goes through
 * the booking store.
 *
 * The board lists the bookings the company has to drive or has dealt with:
 * confirmed and completed ones, and cancelled ones that had been paid (a
 * cancelled booking never paid is an abandoned draft). Drafts, bookings
 * waiting for their payment, failed payments and expired quotes are not
 * jobs: no one has paid, and most never will.
 */
export const boardStatuses = [
  'confirmed',
  'completed',
  'cancelled',
] as const satisfies readonly BookingStatus[]

export type BoardRow = Pick<
  BookingRow,
  | 'reference'
  | 'status'
  | 'trip_date'
  | 'trip_time'
  | 'vehicle_class'
  | 'pickup_text'
  | 'pickup_place_id'
  | 'destination_text'
  | 'destination_place_id'
  | 'passenger_count'
  | 'luggage_count'
  | 'flight_number'
  | 'first_name'
  | 'last_name'
> & { driver_name: string | null }

/**
 * The bookings picked up on an Istanbul calendar day, each with its driver:
 * first the confirmed ones no one drives yet (they need a dispatcher), then
 * the rest, each group in pickup-time order. A trip stored for '00:00' is
 * picked up at the midnight that ends its date (the last time option of a
 * day), so it opens the next day's board.
 */
export async function bookingsForPickupDay(
  handle: DatabaseHandle,
  day: string,
): Promise<BoardRow[]> {
  const rows = await handle.db
    .selectFrom('bookings')
    .leftJoin('booking_assignments', 'booking_assignments.booking_id', 'bookings.id')
    .leftJoin('drivers', 'drivers.id', 'booking_assignments.driver_id')
    .select([
      'reference',
      'status',
      'trip_date',
      'trip_time',
      'vehicle_class',
      'pickup_text',
      'pickup_place_id',
      'destination_text',
      'destination_place_id',
      'passenger_count',
      'luggage_count',
      'flight_number',
      'first_name',
      'last_name',
      'drivers.name as driver_name',
    ])
    .where((eb) =>
      eb.or([
        eb.and([eb('trip_date', '=', day), eb('trip_time', '!=', '00:00')]),
        eb.and([eb('trip_date', '=', addDays(day, -1)), eb('trip_time', '=', '00:00')]),
      ]),
    )
    .where((eb) =>
      eb.or([
        eb('status', 'in', paidStatuses),
        eb.and([eb('status', '=', 'cancelled'), eb('confirmed_at', 'is not', null)]),
      ]),
    )
    .orderBy('trip_time')
    .orderBy('reference')
    .execute()
  // '00:00' already sorts first: it is the first moment of the day.
  const needsDriver = (row: BoardRow) => row.status === 'confirmed' && row.driver_name === null
  return rows.sort((a, b) => Number(needsDriver(b)) - Number(needsDriver(a)))
}

export interface BookingRecord {
  booking: BookingRow
  extras: { code: string; quantity: number; unit_cents: number }[]
  passengers: Pick<Selectable<BookingPassengersTable>, 'position' | 'first_name' | 'last_name'>[]
  events: Selectable<BookingEventsTable>[]
  payments: Selectable<PaymentAttemptsTable>[]
  audit: StaffActionRecord[]
  mails: Awaited<ReturnType<typeof mailAboutBooking>>
}

/**
 * A booking by its public reference, with its extras, passenger names, event
 * log and payment attempts; undefined for an unknown reference and for one
 * the board does not show (staff have no business with unpaid drafts).
 */
export async function bookingRecord(
  handle: DatabaseHandle,
  reference: string,
): Promise<BookingRecord | undefined> {
  const booking = await handle.db
    .selectFrom('bookings')
    .selectAll()
    .where('reference', '=', reference)
    .executeTakeFirst()
  if (!booking || !onTheBoard(booking)) return undefined
  const [extras, passengers, events, payments, audit, mails] = await Promise.all([
    handle.db
      .selectFrom('booking_extras')
      .select(['code', 'quantity', 'unit_cents'])
      .where('booking_id', '=', booking.id)
      .orderBy('id')
      .execute(),
    handle.db
      .selectFrom('booking_passengers')
      .select(['position', 'first_name', 'last_name'])
      .where('booking_id', '=', booking.id)
      .orderBy('position')
      .execute(),
    handle.db
      .selectFrom('booking_events')
      .selectAll()
      .where('booking_id', '=', booking.id)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
    handle.db
      .selectFrom('payment_attempts')
      .selectAll()
      .where('booking_id', '=', booking.id)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
    staffActionsOnBooking(handle.db, booking.id),
    mailAboutBooking(handle.db, booking.id),
  ])
  return { booking, extras, passengers, events, payments, audit, mails }
}

function onTheBoard(booking: Pick<BookingRow, 'status' | 'confirmed_at'>): boolean {
  if (isPaid(booking.status)) return true
  return booking.status === 'cancelled' && booking.confirmed_at !== null
}
