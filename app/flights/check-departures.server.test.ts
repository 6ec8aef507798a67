import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/connect.server'
import { createDraft, transitionBooking, type DraftInput } from '~/booking/bookings.server'
import { getEnv } from '~/config/env.server'
import { createAeroApiFlightStatus } from '~/adapters/flights/aeroapi-flight-status.server'
import { createNoFlightStatus } from '~/adapters/flights/none-flight-status.server'
import type { FlightStatusProvider } from '~/adapters/flights/flight-status'
import { createSimulatorProvider } from '~/adapters/payment/simulator.server'
import { runMaintenance } from '~/jobs/maintenance.server'
import { istanbulClock } from '~/domain/booking-window'
import { departurePickup } from '~/domain/flights/departure-pickup'
import { draftInput, namedPickupDraftInput } from '../../tests/support/booking-fixtures'
import { storageBackends, useMigratedDatabase } from '../../tests/support/database-backends'
import {
  fakeFlight,
  heathrowAirport,
  istanbulAirport,
  startFakeAeroApi,
  type FakeAeroApi,
  type FakeAeroApiFlight,
} from '../../tests/support/aeroapi-fake-server'
import { checkDepartures, eveningBefore } from './check-departures.server'

/**
 * The evening-before check with the real AeroAPI adapter against the local
 * stand-in: rides from Taksim to Istanbul Airport at 10:00 Istanbul (07:00
 * UTC), catching a flight to London at 13:00 Istanbul (10:00 UTC); the
 * evening before starts at 18:00 Istanbul (15:00 UTC) the day before.
 */
let clock = new Date('2026-11-25T08:00:00Z')
let aeroapi: FakeAeroApi
let provider: FlightStatusProvider

beforeAll(async () => {
  aeroapi = await startFakeAeroApi(undefined, 0, () => clock)
  provider = createAeroApiFlightStatus({
    apiKey: aeroapi.apiKey,
    baseUrl: aeroapi.url,
    timeoutMs: 2000,
    now: () => clock,
  })
})
afterAll(() => aeroapi.close())

const settings = { reminderHour: 18, noticeMinutes: 30 }

/** A flight leaving Istanbul Airport for London at `departure` (ISO, UTC) under `iata`. */
function flightFrom(iata: string, departure: string, overrides: Partial<FakeAeroApiFlight> = {}) {
  const icao = `THY${iata.slice(2)}`
  return fakeFlight(departure, {
    ident_iata: iata,
    ident_icao: icao,
    ident: icao,
    origin: istanbulAirport,
    destination: heathrowAirport,
    ...overrides,
  })
}

/** Puts `flight` in the stand-in's table, replacing the one with its fa_flight_id. */
function setFlight(flight: FakeAeroApiFlight) {
  const held = aeroapi.flights.findIndex((known) => known.fa_flight_id === flight.fa_flight_id)
  if (held >= 0) aeroapi.flights.splice(held, 1, flight)
  else aeroapi.flights.push(flight)
}

const asksFor = (ident: string) =>
  aeroapi.requests.filter((request) => request.path.endsWith(`/flights/${ident}`)).length

describe('the evening before a pickup', () => {
  it('starts at the reminder hour, Istanbul, the calendar day before the car arrives', () => {
    expect(eveningBefore({ trip_date: '2026-12-02', trip_time: '10:00' }, 18)).toEqual(
      new Date('2026-12-01T15:00:00Z'),
    )
    // '00:00' is the midnight ending its date: the evening before is that date's.
    expect(eveningBefore({ trip_date: '2026-12-02', trip_time: '00:00' }, 18)).toEqual(
      new Date('2026-12-02T15:00:00Z'),
    )
  })
})

describe.each(storageBackends())('checking departures on $name', (backend) => {
  let handle: DatabaseHandle
  useMigratedDatabase(backend, (opened) => (handle = opened))
  beforeAll(() => {
    aeroapi.requests.length = 0
    aeroapi.flights.length = 0
  })

  interface RideOptions {
    flight?: string | null
    scheduled?: string
    notToAirport?: boolean
    cancelled?: boolean
  }

  /** A paid ride on `date` at 10:00 to Istanbul Airport, texts by SMS. */
  async function departureRide(date: string, options: RideOptions = {}) {
    const created = new Date('2026-11-20T08:00:00Z')
    const input: DraftInput = options.notToAirport
      ? draftInput(1, date)
      : namedPickupDraftInput(date)
    const { booking } = await createDraft(handle, input, created)
    await transitionBooking(handle, booking.id, 'awaiting_payment', created)
    await transitionBooking(handle, booking.id, 'confirmed', created)
    if (options.cancelled) await transitionBooking(handle, booking.id, 'cancelled', created)
    await handle.db
      .updateTable('bookings')
      .set({
        departure_flight: options.flight === undefined ? 'TK1985' : options.flight,
        departure_scheduled_at: options.scheduled ?? `${date}T10:00:00.000Z`,
        first_name: 'Ayşe',
        last_name: 'Yılmaz',
        email: 'ayse@example.com',
        phone: '+905321234567',
        updates_channel: 'sms',
        confirmed_at: created.toISOString(),
        paid_minor: 1000,
      })
      .where('id', '=', booking.id)
      .execute()
    return booking.id
  }

  const run = (now: string, with_ = provider) => {
    clock = new Date(now)
    return checkDepartures(handle, with_, clock, settings)
  }

  const departureMessages = (bookingId: string) =>
    handle.db
      .selectFrom('outgoing_messages')
      .select(['kind', 'channel', 'recipient', 'subject', 'text_body', 'dedupe_key'])
      .where('booking_id', '=', bookingId)
      .where('kind', 'like', '%eparture%')
      .orderBy('id')
      .execute()

  const departureOf = (bookingId: string) =>
    handle.db
      .selectFrom('bookings')
      .select(['departure_flight', 'departure_scheduled_at', 'departure_checked_at', 'distance_km'])
      .where('id', '=', bookingId)
      .executeTakeFirstOrThrow()

  it('marks an unchanged departure checked, tells nothing, and asks once', async () => {
    const id = await departureRide('2026-12-02', { flight: 'TK1901' })
    // Five minutes late: within the notice threshold.
    setFlight(
      flightFrom('TK1901', '2026-12-02T10:00:00Z', { estimated_out: '2026-12-02T10:05:00Z' }),
    )

    expect(await run('2026-12-01T15:00:00Z')).toEqual({
      asked: 1,
      moved: 0,
      cancelled: 0,
      unanswered: 0,
    })
    expect(asksFor('TK1901')).toBe(1)
    expect(await departureOf(id)).toMatchObject({
      departure_scheduled_at: '2026-12-02T10:00:00.000Z',
      departure_checked_at: '2026-12-01T15:00:00.000Z',
    })
    expect(await departureMessages(id)).toEqual([])

    expect(await run('2026-12-01T18:00:00Z')).toMatchObject({ asked: 0 })
    expect(asksFor('TK1901')).toBe(1)
  })

  it('tells operations and the traveller once of a departure 90 minutes later', async () => {
    const id = await departureRide('2026-12-03', { flight: 'TK1902' })
    const scheduled = flightFrom('TK1902', '2026-12-03T10:00:00Z')
    setFlight({ ...scheduled, estimated_out: '2026-12-03T11:30:00Z', status: 'Delayed' })

    expect(await run('2026-12-02T16:00:00Z')).toMatchObject({ asked: 1, moved: 1 })
    expect(await departureOf(id)).toMatchObject({
      departure_scheduled_at: '2026-12-03T11:30:00.000Z',
      departure_checked_at: '2026-12-02T16:00:00.000Z',
    })
    const { distance_km } = await departureOf(id)
    const suits = departurePickup({
      airport: 'IST',
      departure: new Date('2026-12-03T11:30:00Z'),
      destinationIcao: 'EGLL',
      distanceKm: distance_km,
    }).pickup
    const messages = await departureMessages(id)
    expect(messages.map((message) => [message.kind, message.channel, message.dedupe_key])).toEqual([
      ['ops.departure_moved', 'email', `ops.departure.moved:${id}:2026-12-03T11:30:00.000Z`],
      [
        'traveller.departure_moved',
        'email',
        `traveller.departure.moved:${id}:2026-12-03T11:30:00.000Z`,
      ],
      ['text.departureMoved', 'sms', `text.departureMoved:${id}:2026-12-03T11:30:00.000Z`],
    ])
    const [ops, mail, text] = messages
    expect(ops?.recipient).toBe(getEnv().OPERATIONS_EMAIL)
    expect(mail?.recipient).toBe('ayse@example.com')
    expect(mail?.text_body).toContain('TK1902')
    expect(mail?.text_body).toContain('14:30')
    expect(mail?.text_body).toContain(istanbulClock(suits))
    expect(mail?.text_body).toContain('booked pickup stays')
    expect(text?.text_body).toContain(`now leaves at 14:30. A pickup at ${istanbulClock(suits)}`)

    // The next run: already checked, not asked again.
    expect(await run('2026-12-02T16:05:00Z')).toMatchObject({ asked: 0, moved: 0 })
    expect(asksFor('TK1902')).toBe(1)

    // Another instance that saw the old state: the same change is queued once.
    await handle.db
      .updateTable('bookings')
      .set({ departure_checked_at: null, departure_scheduled_at: '2026-12-03T10:00:00.000Z' })
      .where('id', '=', id)
      .execute()
    expect(await run('2026-12-02T16:10:00Z')).toMatchObject({ asked: 1, moved: 1 })
    expect(await departureMessages(id)).toHaveLength(3)
  })

  it('tells operations and the traveller once of a cancelled departure', async () => {
    const id = await departureRide('2026-12-04', { flight: 'TK1903' })
    setFlight(
      flightFrom('TK1903', '2026-12-04T10:00:00Z', { cancelled: true, status: 'Cancelled' }),
    )

    expect(await run('2026-12-03T20:00:00Z')).toMatchObject({ asked: 1, cancelled: 1 })
    const messages = await departureMessages(id)
    expect(messages.map((message) => [message.kind, message.dedupe_key])).toEqual([
      ['ops.departure_cancelled', `ops.departure.cancelled:${id}`],
      ['traveller.departure_cancelled', `traveller.departure.cancelled:${id}`],
      ['text.departureCancelled', `text.departureCancelled:${id}`],
    ])
    expect(messages[1]?.text_body).toContain('TK1903')
    expect(await departureOf(id)).toMatchObject({
      departure_scheduled_at: '2026-12-04T10:00:00.000Z',
      departure_checked_at: '2026-12-03T20:00:00.000Z',
    })
    expect(await run('2026-12-03T20:05:00Z')).toMatchObject({ asked: 0 })
    expect(await departureMessages(id)).toHaveLength(3)
  })

  it('does not ask before the evening before, nor after the pickup', async () => {
    const id = await departureRide('2026-12-05', { flight: 'TK1904' })
    setFlight(flightFrom('TK1904', '2026-12-05T10:00:00Z'))

    // 17:59 Istanbul the day before.
    expect(await run('2026-12-04T14:59:00Z')).toMatchObject({ asked: 0 })
    // The pickup has come.
    expect(await run('2026-12-05T07:00:00Z')).toMatchObject({ asked: 0 })
    expect(asksFor('TK1904')).toBe(0)
    expect(await departureOf(id)).toMatchObject({ departure_checked_at: null })
  })

  it('asks again next run when the provider could not answer', async () => {
    const id = await departureRide('2026-12-06', { flight: 'TK1905' })
    setFlight(flightFrom('TK1905', '2026-12-06T10:00:00Z'))
    aeroapi.script({ status: 500 })

    expect(await run('2026-12-05T15:00:00Z')).toMatchObject({ asked: 1, unanswered: 1 })
    expect(await departureOf(id)).toMatchObject({ departure_checked_at: null })
    expect(await run('2026-12-05T15:05:00Z')).toMatchObject({ asked: 1, unanswered: 0 })
    expect(await departureOf(id)).toMatchObject({
      departure_checked_at: '2026-12-05T15:05:00.000Z',
    })
    expect(asksFor('TK1905')).toBe(2)
  })

  it('never asks about a ride not to an airport, without a flight, or cancelled', async () => {
    await departureRide('2026-12-07', { flight: 'TK1906', notToAirport: true })
    await departureRide('2026-12-07', { flight: null })
    await departureRide('2026-12-07', { flight: 'TK1907', cancelled: true })
    setFlight(flightFrom('TK1906', '2026-12-07T10:00:00Z'))
    setFlight(flightFrom('TK1907', '2026-12-07T10:00:00Z'))
    const before = aeroapi.requests.length

    expect(await run('2026-12-06T16:00:00Z')).toMatchObject({ asked: 0 })
    expect(aeroapi.requests.length).toBe(before)
  })

  it('is checked by the maintenance run, and never without a provider that follows', async () => {
    const id = await departureRide('2026-12-08', { flight: 'TK1908' })
    setFlight(flightFrom('TK1908', '2026-12-08T10:00:00Z', { cancelled: true }))
    clock = new Date('2026-12-07T16:00:00Z')
    const payments = createSimulatorProvider({
      database: async () => handle,
      baseUrl: 'http://localhost:3000',
    })

    expect(await checkDepartures(handle, createNoFlightStatus(), clock, settings)).toMatchObject({
      asked: 0,
    })
    expect(await runMaintenance(handle, payments, clock, createNoFlightStatus())).toMatchObject({
      ran: true,
      departuresAsked: 0,
      departureNotices: 0,
    })
    expect(asksFor('TK1908')).toBe(0)
    expect(await departureOf(id)).toMatchObject({ departure_checked_at: null })

    expect(await runMaintenance(handle, payments, clock, provider)).toMatchObject({
      ran: true,
      departuresAsked: 1,
      departureNotices: 1,
    })
    expect(asksFor('TK1908')).toBe(1)
  })
})
