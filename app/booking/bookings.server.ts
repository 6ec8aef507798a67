import type { BookingRow } from '~/db/schema'
import type { Language } from '~/i18n/config'
import type { BookingStatus } from '~/domain/booking/status'
import type { DatabaseHandle } from '~/db/connect.server'
import { writeTransaction } from '~/db/write.server'
import type { Place } from '~/domain/places/types'
import type { RouteDistance } from '~/domain/distance/distance'
import type { ClassQuote } from '~/domain/pricing/quote'
import type { HourlyClassQuote } from '~/domain/pricing/hourly'
import { ratesDateOf, type Currency, type RatesSnapshot } from '~/domain/money/currency'
import { isQuoteExpired, quoteExpiresAt } from '~/domain/booking/quote-hold'
import {
  changeStatus,
  insertDraft,
  lockBooking,
  noteEvent,
  updateBooking,
  unusedReference,
  type BookingChanges,
  type Executor,
} from './booking-store.server'
import { newBookingId } from './identifiers.server'
import { bookingTotals } from '~/domain/booking/money'
import {
  childSeatCount,
  extraCodes,
  extraLines,
  classChildSeatLimit,
  maxChildSeats,
  noExtras,
  quantitiesOf,
  type ExtraCode,
  type ExtraQuantities,
  type ExtraUnitCents,
} from '~/domain/booking/extras'
import type { CompiledPriceList } from '~/domain/pricing/price-list'
import { priceTermsOf, readPriceTerms, writePriceTerms } from '~/domain/pricing/price-terms'
import { companyInvoiceOf, type PassengerDetails, type PaymentDetails } from './booking-forms'

export interface DraftInput {
  language: Language
  trip: { date: string; time: string; pickupText: string; destinationText: string }
  pickup: Place
  /** For hire by the hour, the pickup again: the car is driven as directed from there. */
  destination: Place
  distance: RouteDistance | { km: number; source: 'hourly' }
  quote: ClassQuote | HourlyClassQuote
  /** Hire by the hour: the hours and the kilometres planned beyond those included. */
  hire?: { hours: number; plannedKm: number | null }
  /** A trip there and back: the return's pickup date and time and its own quote (same class). */
  back?: { date: string; time: string; quote: ClassQuote }
  currency: Currency
  rates: RatesSnapshot
  /** The price list the quote was made with: the booking records it and keeps its terms. */
  prices: CompiledPriceList
}

/** The quote columns of a booking, from the server's own pricing. */
function quoteColumns(input: Omit<DraftInput, 'language' | 'trip'>) {
  return {
    pickup_place_id: input.pickup.id,
    destination_place_id: input.destination.id,
    distance_km: input.distance.km,
    distance_source: input.distance.source,
    route_minutes: ('minutes' in input.distance ? input.distance.minutes : undefined) ?? null,
    vehicle_class: input.quote.code,
    pricing_rule: input.quote.rule,
    base_cents: input.quote.baseCents,
    extra_km: input.quote.extraKm,
    extra_km_cents: input.quote.extraKmCents,
    peak: ('peak' in input.quote && input.quote.peak) || null,
    vehicle_cents: input.quote.cents,
    ride_mode: input.hire ? ('hourly' as const) : ('transfer' as const),
    hire_hours: input.hire?.hours ?? null,
    planned_km: input.hire?.plannedKm ?? null,
    return_date: input.back?.date ?? null,
    return_time: input.back?.time ?? null,
    return_pricing_rule: input.back?.quote.rule ?? null,
    return_base_cents: input.back?.quote.baseCents ?? null,
    return_extra_km_cents: input.back?.quote.extraKmCents ?? null,
    return_peak: input.back?.quote.peak ?? null,
    return_vehicle_cents: input.back?.quote.cents ?? null,
    currency: input.currency,
    rate: String(input.rates.rates[input.currency]),
    // A pinned rate is dated the day it was pinned, not the source's day (docs/pricing.md).
    rates_date: ratesDateOf(input.rates, input.currency),
    price_list_id: input.prices.id,
    price_terms: writePriceTerms(priceTermsOf(input.prices.list)),
  }
}

/** What a new draft may take over from the traveller's previous one (nothing typed is lost). */
const carriedColumns = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'updates_channel',
  'updates_consent_at',
  'updates_consent_text',
  'passenger_count',
  'luggage_count',
  'notes',
  'flight_number',
  'sign_name',
  'billing_first_name',
  'billing_last_name',
  'billing_company',
  'billing_tax_office',
  'billing_tax_number',
  'billing_address',
  'billing_country',
  'billing_city',
  'billing_zipcode',
  'payment_option',
] as const

export interface DraftOptions {
  /** Identifies one 'Select' (page view and class): a repeat finds the same draft. */
  selectionKey?: string
  /** The traveller's previous booking, whose details and extras carry over. */
  carryFrom?: BookingRow
  /** A partner booking for a guest: their company and user (paid by card unless charged to account). */
  partner?: { companyId: number; userId: number }
}

/**
 * Stores a new draft holding the server's quote snapshot, with its first event,
 * in one transaction. A selection key already used returns that draft instead,
 * so a double click on 'Select' makes one booking. A reference that happens to
 * exist already is drawn again.
 */
export async function createDraft(
  handle: DatabaseHandle,
  input: DraftInput,
  now: Date,
  options: DraftOptions = {},
): Promise<{ booking: BookingRow; created: boolean }> {
  const at = now.toISOString()
  const quote = quoteColumns(input)
  const unitCents = input.prices.list.extraCents
  const carried = options.carryFrom
  const extras = carried ? await bookingExtras(handle, carried.id) : noExtras
  const row = {
    id: newBookingId(),
    language: input.language,
    trip_date: input.trip.date,
    trip_time: input.trip.time,
    pickup_text: input.trip.pickupText,
    destination_text: input.trip.destinationText,
    ...quote,
    ...bookingTotals(quote, extras, quote, unitCents),
    quote_expires_at: quoteExpiresAt(now),
    created_at: at,
    updated_at: at,
    selection_key: options.selectionKey ?? null,
    ...(options.partner
      ? {
          company_id: options.partner.companyId,
          partner_user_id: options.partner.userId,
          settlement: 'card' as const,
        }
      : {}),
    ...(carried ? Object.fromEntries(carriedColumns.map((name) => [name, carried[name]])) : {}),
    // The pickup's address only while the pickup is the same one: another place, another address.
    pickup_address:
      carried && carried.pickup_text === input.trip.pickupText ? carried.pickup_address : null,
  }
  const existing = () => findBySelectionKey(handle, options.selectionKey)
  const reference = await unusedReference(handle.db)
  try {
    return await writeTransaction(handle, async (trx) => {
      const repeat = options.selectionKey
        ? await trx
            .selectFrom('bookings')
            .selectAll()
            .where('selection_key', '=', options.selectionKey)
            .executeTakeFirst()
        : undefined
      if (repeat) return { booking: repeat, created: false }
      await insertDraft(trx, { ...row, reference }, at)
      await insertExtras(trx, row.id, extras, unitCents)
      return { booking: (await selectBooking(trx, row.id))!, created: true }
    })
  } catch (error) {
    // PostgreSQL: a simultaneous repeat won the unique selection key first.
    const repeat = await existing()
    if (repeat) return { booking: repeat, created: false }
    throw error
  }
}

async function findBySelectionKey(handle: DatabaseHandle, key: string | undefined) {
  if (!key) return undefined
  return handle.db
    .selectFrom('bookings')
    .selectAll()
    .where('selection_key', '=', key)
    .executeTakeFirst()
}

function selectBooking(executor: Executor, id: string) {
  return executor.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirst()
}

async function insertExtras(
  executor: Executor,
  bookingId: string,
  quantities: ExtraQuantities,
  unitCents: ExtraUnitCents,
) {
  const lines = extraLines(quantities)
  if (lines.length === 0) return
  await executor
    .insertInto('booking_extras')
    .values(
      lines.map(({ code, quantity }) => ({
        booking_id: bookingId,
        code,
        quantity,
        unit_cents: unitCents[code],
      })),
    )
    .execute()
}

/** A new quote's extras prices on the extras already chosen: the rows say what each unit costs. */
async function repriceExtras(executor: Executor, bookingId: string, unitCents: ExtraUnitCents) {
  for (const code of extraCodes) {
    await executor
      .updateTable('booking_extras')
      .set({ unit_cents: unitCents[code] })
      .where('booking_id', '=', bookingId)
      .where('code', '=', code)
      .execute()
  }
}

/** How many of each extra a booking takes. */
export async function bookingExtras(
  executor: DatabaseHandle | Executor,
  bookingId: string,
): Promise<ExtraQuantities> {
  const db = 'db' in executor ? executor.db : executor
  const rows = await db
    .selectFrom('booking_extras')
    .select(['code', 'quantity'])
    .where('booking_id', '=', bookingId)
    .execute()
  return quantitiesOf(rows)
}

/** Why a draft cannot be changed any more. */
export class DraftUnavailableError extends Error {
  constructor(readonly reason: 'missing' | 'expired' | 'submitted') {
    super(`draft ${reason}`)
  }
}

/**
 * Changes a draft inside one write transaction, after checking, with the row
 * locked, that it still is a draft whose quote holds. Returns the row as stored.
 */
async function changeDraft(
  handle: DatabaseHandle,
  id: string,
  now: Date,
  change: (trx: Executor, booking: BookingRow) => Promise<BookingRow>,
  editable: readonly BookingStatus[] = ['draft'],
  { quoteMayHaveExpired = false } = {},
): Promise<BookingRow> {
  return writeTransaction(handle, async (trx) => {
    const booking = await lockBooking(trx, id)
    if (!booking) throw new DraftUnavailableError('missing')
    if (!editable.includes(booking.status)) {
      throw new DraftUnavailableError(booking.status === 'expired' ? 'expired' : 'submitted')
    }
    if (!quoteMayHaveExpired && isQuoteExpired(booking, now)) {
      throw new DraftUnavailableError('expired')
    }
    return change(trx, booking)
  })
}

/** changeDraft for a change of columns only, the status staying as it is. */
function updateDraft(
  handle: DatabaseHandle,
  id: string,
  now: Date,
  values: (trx: Executor, booking: BookingRow) => Promise<BookingChanges>,
) {
  return changeDraft(handle, id, now, async (trx, booking) =>
    updateBooking(trx, booking, await values(trx, booking), now.toISOString()),
  )
}

/**
 * Prices the same draft again for another vehicle class or a fresh quote of the
 * same trip (the traveller went back to the vehicle step): a new 30-minute quote,
 * the extras kept, and the passenger step reopened when the new vehicle is smaller.
 */
export async function requoteDraft(
  handle: DatabaseHandle,
  id: string,
  input: DraftInput,
  capacity: { passengers: number; luggage: number },
  now: Date,
  selectionKey?: string,
): Promise<BookingRow> {
  return updateDraft(handle, id, now, async (trx, booking) => {
    const quote = quoteColumns(input)
    const extras = await bookingExtras(trx, id)
    const unitCents = input.prices.list.extraCents
    await repriceExtras(trx, id, unitCents)
    const fits =
      (booking.passenger_count ?? 0) <= capacity.passengers &&
      (booking.luggage_count ?? 0) <= capacity.luggage
    return {
      ...quote,
      ...bookingTotals(quote, extras, quote, unitCents),
      quote_expires_at: quoteExpiresAt(now),
      selection_key: selectionKey ?? booking.selection_key,
      passenger_done_at: fits ? booking.passenger_done_at : null,
    }
  })
}

/** More child and booster seats than a booking can take. */
export class ExtrasLimitError extends Error {
  constructor(readonly limit: number) {
    super(`at most ${limit} child and booster seats`)
  }
}

/**
 * Sets how many of one extra a draft takes (0 removes it) and re-totals the
 * draft, atomically. Child and booster seats together stay within one fewer
 * than the vehicle's seats (an adult travels with the children); a count
 * beyond the passengers already given reopens the passenger step, which then
 * asks for enough passengers.
 */
export async function setExtraQuantity(
  handle: DatabaseHandle,
  id: string,
  code: ExtraCode,
  quantity: number,
  now: Date,
): Promise<BookingRow> {
  return updateDraft(handle, id, now, async (trx, booking) => {
    const extras = { ...(await bookingExtras(trx, id)), [code]: quantity }
    const limit = classChildSeatLimit(booking.vehicle_class)
    if (childSeatCount(extras) > limit) throw new ExtrasLimitError(limit)
    await trx
      .deleteFrom('booking_extras')
      .where('booking_id', '=', id)
      .where('code', '=', code)
      .execute()
    const unitCents = readPriceTerms(booking).extraCents
    await insertExtras(trx, id, { ...noExtras, [code]: quantity }, unitCents)
    const seatsFit =
      booking.passenger_count === null ||
      childSeatCount(extras) <= maxChildSeats(booking.passenger_count)
    return {
      ...bookingTotals(booking, extras, booking, unitCents),
      passenger_done_at: seatsFit ? booking.passenger_done_at : null,
    }
  })
}

export async function markExtrasDone(handle: DatabaseHandle, id: string, now: Date) {
  return updateDraft(handle, id, now, async () => ({ extras_done_at: now.toISOString() }))
}

/**
 * The passenger step's details. `consentText`: the words the traveller was
 * shown beside the ride-updates choice they made, in their language, kept
 * with the choice and its time.
 */
export async function savePassengerDetails(
  handle: DatabaseHandle,
  id: string,
  details: PassengerDetails,
  now: Date,
  consentText?: string,
  /** A ride to an airport: the departure the provider scheduled for its flight, if asked. */
  departureScheduledAt: string | null = null,
): Promise<BookingRow> {
  return updateDraft(handle, id, now, async () => ({
    first_name: details.name,
    last_name: details.lastName,
    email: details.email,
    phone: details.phone,
    updates_channel: details.updates,
    updates_consent_at: now.toISOString(),
    updates_consent_text: consentText?.slice(0, 400) ?? null,
    passenger_count: details.passengers,
    luggage_count: details.luggage,
    notes: details.notes || null,
    // Not arriving by air: a flight typed before that choice is not theirs.
    flight_number: (!details.notByAir && details.flightNumber) || null,
    sign_name: details.signName || null,
    pickup_address: details.pickupAddress || null,
    // A return ride's pickup, asked like this one (none without a return).
    return_pickup_address: details.returnPickupAddress || null,
    return_flight_number: (!details.returnNotByAir && details.returnFlightNumber) || null,
    departure_flight: details.departureFlight || null,
    departure_scheduled_at: details.departureFlight ? departureScheduledAt : null,
    departure_checked_at: null,
    passenger_done_at: now.toISOString(),
  }))
}

/**
 * 'Book Now': stores the billing details, the payment option and the accepted
 * agreements, and moves the draft (or a booking whose payment failed, tried
 * again) to awaiting_payment with its event, all in one transaction, so a
 * double click submits once.
 */
export async function submitDraft(
  handle: DatabaseHandle,
  id: string,
  details: PaymentDetails,
  now: Date,
): Promise<BookingRow> {
  const at = now.toISOString()
  return changeDraft(
    handle,
    id,
    now,
    (trx, booking) =>
      changeStatus(trx, booking, 'awaiting_payment', {
        at,
        values: billingColumns(details, at),
      }),
    ['draft', 'payment_failed'],
  )
}

/** The payment step's form as stored on the booking. */
function billingColumns(details: PaymentDetails, at: string) {
  return {
    billing_first_name: details.fullname,
    billing_last_name: details.lastname,
    ...companyInvoiceOf(details),
    billing_address: details.address,
    billing_country: details.country,
    billing_city: details.city,
    billing_zipcode: details.zipcode,
    payment_option: details.paymentOption,
    terms_accepted_at: at,
  }
}

/**
 * A booking whose payment failed after its held price ran out is priced again
 * for the same trip, class and extras, with a new 30-minute hold. The
 * passenger details stay and the billing form as last posted is stored, so
 * the traveller sees the new price with everything they typed, before paying.
 */
export async function repriceFailedBooking(
  handle: DatabaseHandle,
  id: string,
  input: Omit<DraftInput, 'language' | 'trip'>,
  details: PaymentDetails,
  now: Date,
): Promise<BookingRow> {
  const at = now.toISOString()
  return changeDraft(
    handle,
    id,
    now,
    async (trx, booking) => {
      const quote = quoteColumns(input)
      const unitCents = input.prices.list.extraCents
      await repriceExtras(trx, id, unitCents)
      const totals = bookingTotals(quote, await bookingExtras(trx, id), quote, unitCents)
      await noteEvent(
        trx,
        booking,
        `priced again: ${booking.total_minor} → ${totals.total_minor} ${quote.currency}`,
        at,
      )
      return updateBooking(
        trx,
        booking,
        {
          ...quote,
          ...totals,
          ...billingColumns(details, at),
          quote_expires_at: quoteExpiresAt(now),
        },
        at,
      )
    },
    ['payment_failed'],
    { quoteMayHaveExpired: true },
  )
}

export async function findBooking(
  handle: DatabaseHandle,
  id: string,
): Promise<BookingRow | undefined> {
  return selectBooking(handle.db, id)
}

/** Changes a booking's status if the transition is allowed, with its event, atomically. */
export async function transitionBooking(
  handle: DatabaseHandle,
  id: string,
  to: BookingStatus,
  now: Date,
  note?: string,
): Promise<BookingRow> {
  return writeTransaction(handle, async (trx) => {
    const booking = await lockBooking(trx, id)
    if (!booking) throw new Error('booking not found')
    return changeStatus(trx, booking, to, { at: now.toISOString(), note })
  })
}

export async function bookingEvents(handle: DatabaseHandle, id: string) {
  return handle.db
    .selectFrom('booking_events')
    .select(['from_status', 'to_status', 'note', 'created_at'])
    .where('booking_id', '=', id)
    .orderBy('id')
    .execute()
}

/** Drafts whose quote ran out become expired (run periodically; idempotent). */
export async function expireStaleDrafts(handle: DatabaseHandle, now: Date): Promise<number> {
  const stale = await handle.db
    .selectFrom('bookings')
    .select('id')
    .where('status', '=', 'draft')
    // isQuoteExpired, as a query: the expiry instant itself counts as expired.
    .where('quote_expires_at', '<=', now.toISOString())
    .execute()
  let expired = 0
  for (const { id } of stale) {
    try {
      await transitionBooking(handle, id, 'expired', now, 'quote expired')
      expired++
    } catch {
      // Another process moved it on first: nothing to do.
    }
  }
  return expired
}
