import type { Kysely, Transaction } from 'kysely'
import type { Database, BookingRow, BookingStatus } from '~/db/schema'
import type { DatabaseHandle } from '~/db/connect.server'
import { writeTransaction } from '~/db/write.server'
import type { Place } from '~/domain/places/types'
import type { RouteDistance } from '~/domain/distance/distance'
import type { ClassQuote } from '~/domain/pricing/quote'
import { convertCents, type Currency, type RatesSnapshot } from '~/domain/money/currency'
import { assertTransition } from './status'
import { newBookingId, newReference } from './identifiers.server'

/** A quote is held for 30 minutes (issue: the booking draft). */
export const QUOTE_VALID_MINUTES = 30

export interface DraftInput {
  language: string
  trip: { date: string; time: string; pickupText: string; destinationText: string }
  pickup: Place
  destination: Place
  distance: RouteDistance
  quote: ClassQuote
  currency: Currency
  rates: RatesSnapshot
}

type Executor = Kysely<Database> | Transaction<Database>

async function recordEvent(
  executor: Executor,
  bookingId: string,
  from: BookingStatus | null,
  to: BookingStatus,
  at: string,
  note?: string,
) {
  await executor
    .insertInto('booking_events')
    .values({
      booking_id: bookingId,
      from_status: from,
      to_status: to,
      note: note ?? null,
      created_at: at,
    })
    .execute()
}

/**
 * Stores a new draft holding the server's quote snapshot, with its first event,
 * in one transaction. A reference that happens to exist already is drawn again.
 */
export async function createDraft(
  handle: DatabaseHandle,
  input: DraftInput,
  now: Date,
): Promise<BookingRow> {
  const at = now.toISOString()
  const expires = new Date(now.getTime() + QUOTE_VALID_MINUTES * 60_000).toISOString()
  const totalCents = input.quote.cents
  const row = {
    id: newBookingId(),
    status: 'draft' as const,
    language: input.language,
    trip_date: input.trip.date,
    trip_time: input.trip.time,
    pickup_text: input.trip.pickupText,
    destination_text: input.trip.destinationText,
    pickup_place_id: input.pickup.id,
    destination_place_id: input.destination.id,
    distance_km: input.distance.km,
    distance_source: input.distance.source,
    vehicle_class: input.quote.code,
    pricing_rule: input.quote.rule,
    base_cents: input.quote.baseCents,
    extra_km: input.quote.extraKm,
    extra_km_cents: input.quote.extraKmCents,
    peak: input.quote.peak ?? null,
    vehicle_cents: input.quote.cents,
    extras_cents: 0,
    total_cents: totalCents,
    currency: input.currency,
    rate: String(input.rates.rates[input.currency]),
    rates_date: input.rates.date,
    total_minor: convertCents(totalCents, input.currency, input.rates),
    quote_expires_at: expires,
    created_at: at,
    updated_at: at,
  }
  for (let attempt = 0; ; attempt++) {
    const reference = newReference()
    const taken = await handle.db
      .selectFrom('bookings')
      .select('id')
      .where('reference', '=', reference)
      .executeTakeFirst()
    if (taken && attempt < 5) continue
    return writeTransaction(handle, async (trx) => {
      await trx
        .insertInto('bookings')
        .values({ ...row, reference })
        .execute()
      await recordEvent(trx, row.id, null, 'draft', at)
      return { ...row, reference }
    })
  }
}

export async function findBooking(
  handle: DatabaseHandle,
  id: string,
): Promise<BookingRow | undefined> {
  return handle.db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirst()
}

/** Changes a booking's status if the transition is allowed, with its event, atomically. */
export async function transitionBooking(
  handle: DatabaseHandle,
  id: string,
  to: BookingStatus,
  now: Date,
  note?: string,
): Promise<BookingRow> {
  const at = now.toISOString()
  return writeTransaction(handle, async (trx) => {
    let query = trx.selectFrom('bookings').selectAll().where('id', '=', id)
    if (handle.dialect === 'postgres') query = query.forUpdate()
    const booking = await query.executeTakeFirst()
    if (!booking) throw new Error('booking not found')
    assertTransition(booking.status, to)
    await trx
      .updateTable('bookings')
      .set({ status: to, updated_at: at })
      .where('id', '=', id)
      .execute()
    await recordEvent(trx, id, booking.status, to, at, note)
    return { ...booking, status: to, updated_at: at }
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
    .where('quote_expires_at', '<', now.toISOString())
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
