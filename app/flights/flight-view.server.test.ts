import { describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/connect.server'
import type { FlightPhase } from '~/domain/flights/flight-phase'
import { createDraft } from '~/booking/bookings.server'
import { draftInput } from '../../tests/support/booking-fixtures'
import { storageBackends, useMigratedDatabase } from '../../tests/support/database-backends'
import { flightViews, type FlightViewSettings } from './flight-view.server'

const now = new Date('2026-12-01T08:00:00Z')
const followed: FlightViewSettings = {
  follows: true,
  arrivalPickupMinutes: 30,
  freeWaitingMinutes: 60,
}

describe.each(storageBackends())('the flight shown beside a booking, on $name', (backend) => {
  let handle: DatabaseHandle
  useMigratedDatabase(backend, (opened) => (handle = opened))

  /** A booking picked up at `time` Istanbul on 12 December, its flight stored as given. */
  async function bookingWithFlight(
    time: string,
    flight: {
      status: FlightPhase
      scheduled?: string
      estimated?: string
      actual?: string
      terminal?: string
    } | null,
  ) {
    const { booking } = await createDraft(handle, draftInput(1, '2026-12-12'), now)
    await handle.db
      .updateTable('bookings')
      .set({ trip_time: time })
      .where('id', '=', booking.id)
      .execute()
    if (flight) {
      await handle.db
        .insertInto('flight_checks')
        .values({
          booking_id: booking.id,
          ident: 'TK1984',
          destination: 'SAW',
          status: flight.status,
          provider_flight_id: null,
          scheduled_arrival: flight.scheduled ?? null,
          estimated_arrival: flight.estimated ?? null,
          actual_arrival: flight.actual ?? null,
          terminal: flight.terminal ?? null,
          gate: null,
          checked_at: '2026-12-12T11:50:00.000Z',
          next_check_at: null,
          last_problem: null,
          notified_delay_arrival: null,
          notified_cancelled_at: null,
          notified_diverted_at: null,
          created_at: now.toISOString(),
          updated_at: now.toISOString(),
        })
        .execute()
    }
    return { id: booking.id, trip_date: '2026-12-12', trip_time: time }
  }

  it('moves the pickup with a late landing and says until when the waiting is free', async () => {
    // Booked 15:00 Istanbul (12:00 UTC); landed 15:10 (12:10 UTC) at terminal 1.
    const landed = await bookingWithFlight('15:00', {
      status: 'landed',
      scheduled: '2026-12-12T11:30:00.000Z',
      estimated: '2026-12-12T12:05:00.000Z',
      actual: '2026-12-12T12:10:00.000Z',
      terminal: '1',
    })
    // Expected at 14:10 Istanbul: early, so the pickup stays the booked one.
    const early = await bookingWithFlight('15:00', {
      status: 'en_route',
      scheduled: '2026-12-12T11:30:00.000Z',
      estimated: '2026-12-12T11:10:00.000Z',
    })
    const never = await bookingWithFlight('15:00', null)
    const views = await flightViews(handle.db, [landed, early, never], 'en', followed)
    expect(views.get(landed.id)).toEqual({
      ident: 'TK1984',
      status: 'landed',
      line: 'landed',
      scheduledLanding: '14:30',
      expectedLanding: '15:10',
      actualLanding: '15:10',
      terminal: '1',
      gate: null,
      bookedPickup: '15:00',
      expectedPickup: '15:40',
      expectedPickupAt: '2026-12-12T12:40:00.000Z',
      freeWaitingEnds: '16:10',
      checkedAt: '14:50',
    })
    expect(views.get(early.id)).toMatchObject({
      status: 'en_route',
      line: 'enRoute',
      expectedLanding: '14:10',
      expectedPickup: null,
      expectedPickupAt: null,
      // Not landed yet: the free waiting has not started.
      freeWaitingEnds: null,
    })
    expect(views.has(never.id)).toBe(false)
  })

  it('names the day of a time that is not the pickup’s, in the reader’s language', async () => {
    // Booked 23:30 Istanbul; the plane now lands at 00:20 the next day.
    const late = await bookingWithFlight('23:30', {
      status: 'en_route',
      scheduled: '2026-12-12T20:00:00.000Z',
      estimated: '2026-12-12T21:20:00.000Z',
    })
    const view = (await flightViews(handle.db, [late], 'tr', followed)).get(late.id)
    expect(view).toMatchObject({
      scheduledLanding: '23:00',
      expectedLanding: '13 Aralık 00:20',
      bookedPickup: '23:30',
      expectedPickup: '13 Aralık 00:50',
    })
  })

  it('never moves the pickup of a cancelled or diverted flight', async () => {
    const cancelled = await bookingWithFlight('15:00', {
      status: 'cancelled',
      scheduled: '2026-12-12T13:00:00.000Z',
    })
    const diverted = await bookingWithFlight('15:00', {
      status: 'diverted',
      scheduled: '2026-12-12T13:00:00.000Z',
      actual: '2026-12-12T13:30:00.000Z',
    })
    const views = await flightViews(handle.db, [cancelled, diverted], 'en', followed)
    expect(views.get(cancelled.id)).toMatchObject({ status: 'cancelled', expectedPickup: null })
    expect(views.get(diverted.id)).toMatchObject({
      status: 'diverted',
      expectedPickup: null,
      freeWaitingEnds: null,
    })
  })

  it('shows nothing when nothing follows flights, whatever is stored', async () => {
    const landed = await bookingWithFlight('15:00', {
      status: 'landed',
      actual: '2026-12-12T12:10:00.000Z',
    })
    expect(
      (await flightViews(handle.db, [landed], 'en', { ...followed, follows: false })).size,
    ).toBe(0)
    // The site's own settings: the tests run without a flight-status provider.
    expect((await flightViews(handle.db, [landed], 'en')).size).toBe(0)
  })
})
