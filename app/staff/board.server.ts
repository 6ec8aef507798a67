import { overbookedBookings, type OverbookedRide } from '~/capacity/capacity.server'
import { filingStates } from '~/compliance/filing-status.server'
import { leavesUnfiled, type FilingState } from '~/domain/compliance/filing-status'
import { offerRounds } from '~/dispatch/offers.server'
import type { OfferRound } from '~/domain/dispatch/offers'
import { sql, type Selectable } from 'kysely'
import type { DatabaseHandle } from '~/db/connect.server'
import { messagesAboutBooking } from '~/messages/queue.server'
import { formatPhone } from '~/domain/phone'
import { staffActionsOnBooking, type StaffActionRecord } from '~/audit/audit.server'
import type {
  BookingEventsTable,
  BookingRow,
  PaymentAttemptsTable,
  BookingPassengersTable,
} from '~/db/schema'
import { addDays } from '~/domain/booking-window'
import type { VehicleClassCode } from '~/domain/booking/vehicle-classes'
import { pickupCalendarDate } from '~/domain/trip-search'
import type { BookingStatus } from '~/domain/booking/status'
import { isAwaitingRide, isPaid, paidStatuses } from '~/domain/booking/status'
import { pickupCodeAlarm } from '~/domain/booking/pickup-code'
import { getEnv } from '~/config/env.server'
import { bookingPickupInstant } from '~/domain/trip-search'
import { flightStateOf, pickupDelayMinutes } from '~/domain/flights/pickup-times'
import type { FlightCheckFacts } from '~/flights/flight-view.server'
import type { BookingMoneyColumns } from '~/domain/reports/report-money'
import { paidInPeriod } from './reports.server'

/**
 * What staff read of the bookings: the board of one pickup day and a
 * booking's whole record. Read only; every change to a booking goes through
 * the booking store.
 *
 * The board lists the bookings the company has to drive or has dealt with:
 * paid ones (confirmed, under way, completed), and cancelled ones that had
 * been paid (a cancelled booking never paid is an abandoned draft). Drafts,
 * bookings waiting for their payment, failed payments and expired quotes are
 * not jobs: no one has paid, and most never will. Its status filter offers
 * the rides to come, the rides completed (`finished`) and the cancelled ones.
 */
export const boardStatuses = [
  'confirmed',
  'finished',
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
  | 'pickup_address'
  | 'destination_text'
  | 'destination_place_id'
  | 'ride_mode'
  | 'hire_hours'
  | 'passenger_count'
  | 'luggage_count'
  | 'flight_number'
  | 'first_name'
  | 'last_name'
  | 'names_given_at'
  | 'confirmed_at'
  | keyof BookingMoneyColumns
> & {
  driver_name: string | null
  /** A partner's booking: the company and the partner user who booked it. */
  company_name?: string | null
  partner_user_name?: string | null
}

/** What a board row flags for a person to look at first, most urgent first. */
/**
 * A ride whose driver keeps entering a wrong pickup code comes first: the
 * traveller may be standing with someone who is not our driver. Next, a
 * ride not yet started whose followed flight is late beyond the notice
 * threshold, cancelled or diverted: its pickup needs a person today. Then a
 * ride the fleet has no car for (sold over capacity, or paid late): someone
 * must find one, or a partner's. Then a ride whose offers every driver let
 * go (declined or left to expire): it is back with dispatch.
 */
export const boardProblems = [
  'codeRefused',
  'flightProblem',
  'overbooked',
  'offerLapsed',
  'refundDue',
  'mailFailed',
  'noDriver',
  'listNotFiled',
] as const
export type BoardProblem = (typeof boardProblems)[number]

export type BoardBooking = BoardRow & {
  email: string | null
  phone: string | null
  /** The Istanbul calendar day of the pickup ('00:00' is the next day's first moment). */
  pickupDay: string
  problem: BoardProblem | null
  /** A ride sold over the fleet on purpose: why, and who allowed it. */
  overbookedAllowance: { reason: string; addedBy: string | null } | null
  /** The followed flight's stored state, read in the same query; null when never asked about. */
  flightCheck: FlightCheckFacts | null
  /** Where the offers of a ride without its driver stand; null when none were made. */
  offers: Extract<OfferRound, { kind: 'waiting' | 'lapsed' }> | null
  /** Its passenger list, when something is to be done about it (docs/compliance.md). */
  filing: FilingState | null
}

export interface BoardQuery {
  /** The first and last pickup days shown, inclusive. */
  from: string
  to: string
  status?: (typeof boardStatuses)[number]
  vehicleClass?: VehicleClassCode
  /** Only the bookings this driver drives. */
  driverId?: number
  /**
   * A reference, a name, an e-mail or a phone number (any part). A search
   * looks at every day, not only `from` to `to`.
   */
  search?: string
  /**
   * `from` and `to` are days of payment, not of pickup: the bookings whose
   * payment confirmed them on those Istanbul days (accounting's export, which
   * the reports agree with; see app/staff/reports.server.ts).
   */
  paidDays?: boolean
}

/** At most this many rows answer a search; a narrower search finds the rest. */
export const BOARD_SEARCH_LIMIT = 100

const digitsOnly = (text: string) => text.replace(/\D/g, '')

/**
 * The bookings the board shows, each with its driver, problems first (a
 * charge to refund, a confirmation e-mail that could not be sent, a paid
 * booking no one drives yet), then in pickup order. A trip stored for '00:00'
 * is picked up at the midnight that ends its date (the last time option of a
 * day), so it opens the next day.
 */
export async function boardBookings(
  handle: DatabaseHandle,
  query: BoardQuery,
): Promise<BoardBooking[]> {
  const search = query.search?.trim().toLowerCase()
  let select = handle.db
    .selectFrom('bookings')
    .leftJoin('booking_assignments', 'booking_assignments.booking_id', 'bookings.id')
    .leftJoin('drivers', 'drivers.id', 'booking_assignments.driver_id')
    .leftJoin('flight_checks', 'flight_checks.booking_id', 'bookings.id')
    .leftJoin('companies', 'companies.id', 'bookings.company_id')
    .leftJoin('partner_users', 'partner_users.id', 'bookings.partner_user_id')
    .select([
      // Read to match the fleet's count; never sent to the page.
      'bookings.id',
      'bookings.reference',
      'bookings.status',
      'bookings.trip_date',
      'bookings.trip_time',
      'bookings.vehicle_class',
      'bookings.pickup_text',
      'bookings.pickup_place_id',
      'bookings.pickup_address',
      'bookings.destination_text',
      'bookings.destination_place_id',
      'bookings.ride_mode',
      'bookings.hire_hours',
      'bookings.passenger_count',
      'bookings.luggage_count',
      'bookings.flight_number',
      'bookings.first_name',
      'bookings.last_name',
      'bookings.names_given_at',
      'bookings.confirmed_at',
      // What the ride came to (rideMoney): accounting's export shows it.
      'bookings.currency',
      'bookings.rate',
      'bookings.rates_date',
      'bookings.payment_option',
      'bookings.paid_minor',
      'bookings.total_minor',
      'bookings.discount_minor',
      'bookings.total_cents',
      'bookings.vehicle_cents',
      'bookings.extras_cents',
      'bookings.return_vehicle_cents',
      'bookings.price_terms',
      'bookings.email',
      'bookings.phone',
      'bookings.mail_status',
      'bookings.pickup_code_misses',
      'drivers.name as driver_name',
      'companies.name as company_name',
      'partner_users.name as partner_user_name',
      'flight_checks.status as flight_status',
      'flight_checks.scheduled_arrival as flight_scheduled',
      'flight_checks.estimated_arrival as flight_estimated',
      'flight_checks.actual_arrival as flight_actual',
      'flight_checks.ident as flight_ident',
      'flight_checks.terminal as flight_terminal',
      'flight_checks.gate as flight_gate',
      'flight_checks.checked_at as flight_checked_at',
    ])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('payment_attempts')
            .select('payment_attempts.id')
            .whereRef('payment_attempts.booking_id', '=', 'bookings.id')
            .where('payment_attempts.refund_status', '=', 'due'),
        )
        .as('refund_due'),
    )
    // The traveller has no confirmation: its e-mail was given up (in the queue, or before it).
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('outgoing_messages')
            .select('outgoing_messages.id')
            .whereRef('outgoing_messages.booking_id', '=', 'bookings.id')
            .where('outgoing_messages.kind', '=', 'traveller.confirmation')
            .where('outgoing_messages.status', '=', 'failed'),
        )
        .as('confirmation_failed'),
    )
    .where((eb) =>
      eb.or([
        eb('bookings.status', 'in', paidStatuses),
        eb.and([
          eb('bookings.status', '=', 'cancelled'),
          eb('bookings.confirmed_at', 'is not', null),
        ]),
      ]),
    )
  if (search) {
    // LIKE's wildcards and escape differ between the databases: a search takes them as nothing.
    const like = `%${search.replace(/[%_\\]/g, '')}%`
    const digits = digitsOnly(search)
    select = select
      .where((eb) =>
        eb.or([
          eb(eb.fn('lower', ['bookings.reference']), 'like', like),
          eb(eb.fn('lower', ['bookings.email']), 'like', like),
          eb(
            sql<string>`lower(coalesce(bookings.first_name, '') || ' ' || coalesce(bookings.last_name, ''))`,
            'like',
            like,
          ),
          // The phone as typed holds spaces, dashes and brackets: compare digits with digits.
          ...(digits.length >= 4
            ? [
                eb(
                  sql<string>`replace(replace(replace(replace(replace(coalesce(bookings.phone, ''), ' ', ''), '-', ''), '(', ''), ')', ''), '+', '')`,
                  'like',
                  `%${digits}%`,
                ),
              ]
            : []),
        ]),
      )
      .limit(BOARD_SEARCH_LIMIT)
  } else if (query.paidDays) {
    select = select.where((eb) => paidInPeriod(eb, query))
  } else {
    select = select.where((eb) =>
      eb.or([
        eb.and([
          eb('bookings.trip_date', '>=', query.from),
          eb('bookings.trip_date', '<=', query.to),
          eb('bookings.trip_time', '!=', '00:00'),
        ]),
        eb.and([
          eb('bookings.trip_date', '>=', addDays(query.from, -1)),
          eb('bookings.trip_date', '<=', addDays(query.to, -1)),
          eb('bookings.trip_time', '=', '00:00'),
        ]),
      ]),
    )
  }
  if (query.status) select = select.where('bookings.status', '=', query.status)
  if (query.vehicleClass) {
    select = select.where('bookings.vehicle_class', '=', query.vehicleClass)
  }
  if (query.driverId !== undefined) select = select.where('drivers.id', '=', query.driverId)

  const rows = await select.execute()
  const env = getEnv()
  /** A flight late beyond the notice threshold, cancelled or diverted, before the ride started. */
  const flightProblem = (row: (typeof rows)[number]) => {
    if (row.status !== 'confirmed' || row.flight_status === null) return false
    if (row.flight_status === 'cancelled' || row.flight_status === 'diverted') return true
    const state = flightStateOf({
      status: row.flight_status,
      scheduled_arrival: row.flight_scheduled,
      estimated_arrival: row.flight_estimated,
      actual_arrival: row.flight_actual,
    })
    return (
      pickupDelayMinutes(bookingPickupInstant(row), state, env.ARRIVAL_PICKUP_MINUTES) >
      env.FLIGHT_DELAY_NOTICE_MINUTES
    )
  }
  // A search looks at every day: the fleet's days are counted on the board's day views.
  const over =
    search || query.paidDays
      ? new Map<string, OverbookedRide>()
      : await overbookedBookings(handle.db, { from: query.from, to: query.to }, new Date())
  // The offers of the rides still without a driver, in one query.
  const rounds = await offerRounds(
    handle.db,
    rows
      .filter((row) => isAwaitingRide(row.status) && row.driver_name === null)
      .map((row) => row.id),
    new Date(),
  )
  // The passenger lists of the rides shown: those with something to do are said in the row.
  const filings = await filingStates(handle.db, rows, new Date())
  const problemRank = (problem: BoardProblem | null) =>
    problem ? boardProblems.indexOf(problem) : boardProblems.length
  return rows
    .map((full) => {
      const {
        mail_status,
        refund_due,
        confirmation_failed,
        pickup_code_misses,
        flight_status: _status,
        flight_scheduled: _scheduled,
        flight_estimated: _estimated,
        flight_actual: _actual,
        flight_ident,
        flight_terminal,
        flight_gate,
        flight_checked_at,
        id: bookingId,
        ...row
      } = full
      return {
        ...row,
        offers: waitingOrLapsed(rounds.get(bookingId)),
        filing: actionable(filings.get(bookingId)),
        overbookedAllowance: isAwaitingRide(row.status)
          ? (over.get(bookingId)?.allowance ?? null)
          : null,
        flightCheck:
          full.flight_status === null || flight_ident === null
            ? null
            : {
                ident: flight_ident,
                status: full.flight_status,
                scheduled_arrival: full.flight_scheduled,
                estimated_arrival: full.flight_estimated,
                actual_arrival: full.flight_actual,
                terminal: flight_terminal,
                gate: flight_gate,
                checked_at: flight_checked_at,
              },
        // Stored in E.164: shown grouped, on the board, the run sheet and the CSV alike.
        phone: row.phone ? formatPhone(row.phone) : row.phone,
        pickupDay: pickupCalendarDate(row.trip_date, row.trip_time),
        problem: pickupCodeAlarm(pickup_code_misses, row.status)
          ? ('codeRefused' as const)
          : flightProblem(full)
            ? ('flightProblem' as const)
            : isAwaitingRide(row.status) && over.has(bookingId)
              ? ('overbooked' as const)
              : rounds.get(bookingId)?.kind === 'lapsed'
                ? ('offerLapsed' as const)
                : refund_due
                  ? ('refundDue' as const)
                  : mail_status === 'failed' || Boolean(confirmation_failed)
                    ? ('mailFailed' as const)
                    : isAwaitingRide(row.status) && row.driver_name === null
                      ? ('noDriver' as const)
                      : leavesUnfiled(filings.get(bookingId) ?? { kind: 'notDue' })
                        ? ('listNotFiled' as const)
                        : null,
      }
    })
    .sort(
      (a, b) =>
        problemRank(a.problem) - problemRank(b.problem) ||
        a.pickupDay.localeCompare(b.pickupDay) ||
        // '00:00' sorts first: it is the first moment of its day.
        a.trip_time.localeCompare(b.trip_time) ||
        a.reference.localeCompare(b.reference),
    )
}

/** A passenger list's state, when the board has something to say about it. */
function actionable(state: FilingState | undefined): FilingState | null {
  if (!state) return null
  return ['notDue', 'filed', 'filedByHand', 'cancelled'].includes(state.kind) ? null : state
}

function waitingOrLapsed(round: OfferRound | undefined): BoardBooking['offers'] {
  return round?.kind === 'waiting' || round?.kind === 'lapsed' ? round : null
}

/** The bookings picked up on one Istanbul calendar day (see boardBookings). */
export function bookingsForPickupDay(handle: DatabaseHandle, day: string): Promise<BoardBooking[]> {
  return boardBookings(handle, { from: day, to: day })
}

export interface BookingRecord {
  booking: BookingRow
  extras: { code: string; quantity: number; unit_cents: number }[]
  passengers: Pick<Selectable<BookingPassengersTable>, 'position' | 'first_name' | 'last_name'>[]
  events: Selectable<BookingEventsTable>[]
  payments: Selectable<PaymentAttemptsTable>[]
  audit: StaffActionRecord[]
  mails: Awaited<ReturnType<typeof messagesAboutBooking>>
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
    messagesAboutBooking(handle.db, booking.id),
  ])
  return { booking, extras, passengers, events, payments, audit, mails }
}

function onTheBoard(booking: Pick<BookingRow, 'status' | 'confirmed_at'>): boolean {
  if (isPaid(booking.status)) return true
  return booking.status === 'cancelled' && booking.confirmed_at !== null
}

/** What a run sheet adds to the board's rows: the sign, the notes and the extras. */
export async function runSheetDetails(handle: DatabaseHandle, references: string[]) {
  if (references.length === 0) return new Map<string, RunSheetDetail>()
  const rows = await handle.db
    .selectFrom('bookings')
    .select(['id', 'reference', 'sign_name', 'notes'])
    .where('reference', 'in', references)
    .execute()
  const extras = await handle.db
    .selectFrom('booking_extras')
    .select(['booking_id', 'code', 'quantity'])
    .where(
      'booking_id',
      'in',
      rows.map((row) => row.id),
    )
    .orderBy('id')
    .execute()
  return new Map<string, RunSheetDetail>(
    rows.map((row) => [
      row.reference,
      {
        signName: row.sign_name,
        notes: row.notes,
        extras: extras
          .filter((extra) => extra.booking_id === row.id)
          .map(({ code, quantity }) => ({ code, quantity })),
      },
    ]),
  )
}

export interface RunSheetDetail {
  signName: string | null
  notes: string | null
  extras: { code: string; quantity: number }[]
}
