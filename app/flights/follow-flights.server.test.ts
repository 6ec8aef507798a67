import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/connect.server'
import { createDraft, transitionBooking } from '~/booking/bookings.server'
import { getEnv } from '~/config/env.server'
import { createAeroApiFlightStatus } from '~/adapters/flights/aeroapi-flight-status.server'
import { createNoFlightStatus } from '~/adapters/flights/none-flight-status.server'
import type { FlightStatusProvider } from '~/adapters/flights/flight-status'
import { draftInput } from '../../tests/support/booking-fixtures'
import { storageBackends, useMigratedDatabase } from '../../tests/support/database-backends'
import {
  fakeFlight,
  sabihaGokcenAirport,
  startFakeAeroApi,
  type FakeAeroApi,
  type FakeAeroApiFlight,
} from '../../tests/support/aeroapi-fake-server'
import { createSimulatorProvider } from '~/adapters/payment/simulator.server'
import { runMaintenance } from '~/jobs/maintenance.server'
import { followFlights } from './follow-flights.server'

/**
 * The follow job with the real AeroAPI adapter against the local stand-in:
 * the flights of SAW pickups booked 14:30 Istanbul (11:30 UTC), planned to
 * land 30 minutes before, followed over several runs as the stand-in's
 * answers change.
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

const settings = { arrivalPickupMinutes: 30, delayNoticeMinutes: 30 }
const plus = (iso: string, minutes: number) =>
  new Date(Date.parse(iso) + minutes * 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z')

/** A flight into SAW landing at its gate at `arrival` (ISO, UTC), under the ident `iata`. */
function flightTo(iata: string, arrival: string, overrides: Partial<FakeAeroApiFlight> = {}) {
  const icao = `THY${iata.slice(2)}`
  return fakeFlight(plus(arrival, -235), {
    ident_iata: iata,
    ident_icao: icao,
    ident: icao,
    destination: sabihaGokcenAirport,
    ...overrides,
  })
}

/** Replaces the stand-in's flight `iata` with a new version of it. */
function setFlight(iata: string, flight: FakeAeroApiFlight) {
  const index = aeroapi.flights.findIndex((candidate) => candidate.ident_iata === iata)
  if (index >= 0) aeroapi.flights.splice(index, 1)
  aeroapi.flights.push(flight)
}

const asksFor = (ident: string) =>
  aeroapi.requests.filter((request) => request.path.endsWith(`/flights/${ident}`)).length

describe.each(storageBackends())('following flights on $name', (backend) => {
  let handle: DatabaseHandle
  useMigratedDatabase(backend, (opened) => (handle = opened))
  // The stand-in serves both databases' runs: each starts with its requests and flights empty.
  beforeAll(() => {
    aeroapi.requests.length = 0
    aeroapi.flights.length = 0
  })

  /** A paid ride from SAW at 14:30 on `date` for `flight`, texts by SMS, with a driver. */
  async function airportRide(date: string, flight: string, options: { cancelled?: boolean } = {}) {
    const created = new Date('2026-11-20T08:00:00Z')
    const { booking } = await createDraft(handle, draftInput(1, date), created)
    await transitionBooking(handle, booking.id, 'awaiting_payment', created)
    await transitionBooking(handle, booking.id, 'confirmed', created)
    if (options.cancelled) await transitionBooking(handle, booking.id, 'cancelled', created)
    const at = created.toISOString()
    await handle.db
      .updateTable('bookings')
      .set({
        trip_time: '14:30',
        flight_number: flight.toLowerCase().replace(/(\d+)/, ' $1'),
        first_name: 'Ayşe',
        last_name: 'Yılmaz',
        email: 'ayse@example.com',
        phone: '+905321234567',
        updates_channel: 'sms',
        confirmed_at: at,
        paid_minor: 1000,
      })
      .where('id', '=', booking.id)
      .execute()
    const account = await handle.db
      .insertInto('staff_accounts')
      .values({
        email: `desk-${booking.id.slice(0, 8)}@example.com`,
        name: 'Desk',
        role: 'dispatcher',
        password_hash: 'not-used',
        disabled_at: null,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const driver = await handle.db
      .insertInto('drivers')
      .values({
        name: 'Ali Veli',
        phone: '+905325550109',
        languages: 'Turkish, English',
        licence_number: 'L',
        staff_account_id: null,
        active: 1,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await handle.db
      .insertInto('booking_assignments')
      .values({
        booking_id: booking.id,
        driver_id: driver.id,
        vehicle_id: null,
        version: 1,
        assigned_by: account.id,
        assigned_at: at,
        updated_at: at,
      })
      .execute()
    return booking.id
  }

  const run = (now: string, with_ = provider) => {
    clock = new Date(now)
    return followFlights(handle, with_, clock, settings)
  }

  const flightMessages = (bookingId: string) =>
    handle.db
      .selectFrom('outgoing_messages')
      .select(['kind', 'channel', 'recipient', 'text_body', 'dedupe_key'])
      .where('booking_id', '=', bookingId)
      .where('kind', 'like', '%light%')
      .orderBy('id')
      .execute()

  const stateOf = (bookingId: string) =>
    handle.db
      .selectFrom('flight_checks')
      .selectAll()
      .where('booking_id', '=', bookingId)
      .executeTakeFirst()

  const historyOf = (bookingId: string) =>
    handle.db
      .selectFrom('flight_check_history')
      .select(['status', 'expected_arrival', 'actual_arrival'])
      .where('booking_id', '=', bookingId)
      .orderBy('id')
      .execute()

  it('follows a flight on time, then 90 minutes late, then landed, telling the delay once', async () => {
    const id = await airportRide('2026-12-02', 'TK1984')
    const onTime = flightTo('TK1984', '2026-12-02T11:00:00Z')
    setFlight('TK1984', onTime)

    // 47 h 30 min before the pickup: too early to ask.
    expect(await run('2026-11-30T12:00:00Z')).toMatchObject({ asked: 0 })
    expect(asksFor('TK1984')).toBe(0)
    expect(await stateOf(id)).toBeUndefined()

    // 35 h 30 min before: the first ask; the next in 3 hours.
    expect(await run('2026-12-01T00:00:00Z')).toMatchObject({ asked: 1, told: 0 })
    expect(asksFor('TK1984')).toBe(1)
    expect(await stateOf(id)).toMatchObject({
      ident: 'TK1984',
      destination: 'SAW',
      status: 'scheduled',
      scheduled_arrival: '2026-12-02T11:00:00.000Z',
      estimated_arrival: '2026-12-02T11:00:00.000Z',
      terminal: '1',
      checked_at: '2026-12-01T00:00:00.000Z',
      next_check_at: '2026-12-01T03:00:00.000Z',
      failures: 0,
    })

    // Not due: no request.
    expect(await run('2026-12-01T01:00:00Z')).toMatchObject({ asked: 0 })
    expect(asksFor('TK1984')).toBe(1)

    // 90 minutes late: told to operations, the driver and the traveller.
    setFlight('TK1984', { ...onTime, estimated_in: '2026-12-02T12:30:00Z', status: 'Delayed' })
    expect(await run('2026-12-01T03:00:00Z')).toMatchObject({ asked: 1, changed: 1, told: 1 })
    expect(asksFor('TK1984')).toBe(2)
    expect(await stateOf(id)).toMatchObject({
      estimated_arrival: '2026-12-02T12:30:00.000Z',
      notified_delay_arrival: '2026-12-02T12:30:00.000Z',
    })

    // The same estimate again: asked, nothing new, nothing told.
    expect(await run('2026-12-01T06:00:00Z')).toMatchObject({ asked: 1, changed: 0, told: 0 })
    // A little earlier, within the notice threshold of what was told: nothing told.
    setFlight('TK1984', {
      ...onTime,
      estimated_in: '2026-12-02T12:20:00Z',
      actual_out: '2026-12-02T08:25:00Z',
      status: 'En Route / Delayed',
    })
    expect(await run('2026-12-02T10:00:00Z')).toMatchObject({ asked: 1, changed: 1, told: 0 })

    // Landed: one more ask ten minutes later, then never again.
    setFlight('TK1984', {
      ...onTime,
      estimated_in: '2026-12-02T12:20:00Z',
      actual_out: '2026-12-02T08:25:00Z',
      actual_in: '2026-12-02T12:25:00Z',
      status: 'Arrived / Gate Arrival',
    })
    expect(await run('2026-12-02T12:30:00Z')).toMatchObject({ asked: 1, changed: 1, told: 0 })
    expect((await stateOf(id))?.next_check_at).toBe('2026-12-02T12:40:00.000Z')
    expect(await run('2026-12-02T12:40:00Z')).toMatchObject({ asked: 1, changed: 0 })
    expect(await stateOf(id)).toMatchObject({
      status: 'landed',
      actual_arrival: '2026-12-02T12:25:00.000Z',
      next_check_at: null,
    })
    expect(await run('2026-12-02T13:00:00Z')).toMatchObject({ asked: 0 })
    expect(asksFor('TK1984')).toBe(6)

    // One row per change, not per ask.
    expect(await historyOf(id)).toEqual([
      { status: 'scheduled', expected_arrival: '2026-12-02T11:00:00.000Z', actual_arrival: null },
      { status: 'scheduled', expected_arrival: '2026-12-02T12:30:00.000Z', actual_arrival: null },
      { status: 'en_route', expected_arrival: '2026-12-02T12:20:00.000Z', actual_arrival: null },
      {
        status: 'landed',
        expected_arrival: '2026-12-02T12:25:00.000Z',
        actual_arrival: '2026-12-02T12:25:00.000Z',
      },
    ])

    // Exactly one delay notice to each: operations, the driver, the traveller (e-mail and SMS).
    const messages = await flightMessages(id)
    expect(messages.map(({ kind, channel, recipient }) => ({ kind, channel, recipient }))).toEqual([
      { kind: 'ops.flight_delay', channel: 'email', recipient: getEnv().OPERATIONS_EMAIL },
      { kind: 'text.driverFlightDelayed', channel: 'sms', recipient: '+905325550109' },
      { kind: 'traveller.flight_delay', channel: 'email', recipient: 'ayse@example.com' },
      { kind: 'text.flightDelayed', channel: 'sms', recipient: '+905321234567' },
    ])
    for (const message of messages) expect(message.text_body).not.toMatch(/notices\.|texts\.|\{\{/)
    expect(messages[0]!.text_body).toContain('90 minutes later')
    expect(messages[2]!.text_body).toContain('your driver will meet you at about')
    expect(messages[3]!.text_body).toContain('15:30')
    expect(messages[1]!.text_body).toContain('TK1984')
    expect(messages[0]!.dedupe_key).toBe(`ops.flight.delay:${id}:2026-12-02T12:30:00.000Z`)
  })

  it('tells a delay that goes again, once, and not a small move after it', async () => {
    const id = await airportRide('2026-12-16', 'TK8000')
    const onTime = flightTo('TK8000', '2026-12-16T11:00:00Z')
    setFlight('TK8000', { ...onTime, estimated_in: '2026-12-16T12:00:00Z' })
    expect(await run('2026-12-16T06:00:00Z')).toMatchObject({ asked: 1, told: 1 })
    setFlight('TK8000', onTime)
    expect(await run('2026-12-16T06:10:00Z')).toMatchObject({ asked: 1, told: 1 })
    setFlight('TK8000', { ...onTime, estimated_in: '2026-12-16T11:20:00Z' })
    expect(await run('2026-12-16T06:20:00Z')).toMatchObject({ asked: 1, told: 0 })
    const told = (await flightMessages(id)).filter((message) => message.kind === 'ops.flight_delay')
    expect(told).toHaveLength(2)
    expect(told[1]!.text_body).toContain('back in time for the pickup booked at')
    expect(await stateOf(id)).toMatchObject({
      notified_delay_arrival: '2026-12-16T11:00:00.000Z',
    })
  })

  it('tells a cancelled flight once, and asks no more about it', async () => {
    const id = await airportRide('2026-12-04', 'TK2000')
    setFlight('TK2000', flightTo('TK2000', '2026-12-04T11:00:00Z', { cancelled: true }))
    expect(await run('2026-12-03T10:00:00Z')).toMatchObject({ asked: 1, told: 1 })
    expect(await stateOf(id)).toMatchObject({ status: 'cancelled', next_check_at: null })
    expect((await stateOf(id))?.notified_cancelled_at).toBe('2026-12-03T10:00:00.000Z')
    expect(await run('2026-12-04T08:00:00Z')).toMatchObject({ asked: 0 })
    expect(asksFor('TK2000')).toBe(1)
    expect((await flightMessages(id)).map((message) => message.kind)).toEqual([
      'ops.flight_cancelled',
      'text.driverFlightCancelled',
      'traveller.flight_cancelled',
      'text.flightCancelled',
    ])
  })

  it('tells a diverted flight once, and asks no more about it', async () => {
    const id = await airportRide('2026-12-06', 'TK3000')
    setFlight('TK3000', flightTo('TK3000', '2026-12-06T11:00:00Z', { diverted: true }))
    expect(await run('2026-12-06T09:00:00Z')).toMatchObject({ asked: 1, told: 1 })
    expect(await stateOf(id)).toMatchObject({ status: 'diverted', next_check_at: null })
    expect(await run('2026-12-06T09:30:00Z')).toMatchObject({ asked: 0 })
    expect((await flightMessages(id)).map((message) => message.kind)).toEqual([
      'ops.flight_diverted',
      'text.driverFlightDiverted',
      'traveller.flight_diverted',
      'text.flightDiverted',
    ])
  })

  it('never asks about a cancelled ride, nor without a provider', async () => {
    await airportRide('2026-12-08', 'TK4000', { cancelled: true })
    const open = await airportRide('2026-12-08', 'TK5000')
    setFlight('TK4000', flightTo('TK4000', '2026-12-08T11:00:00Z'))
    setFlight('TK5000', flightTo('TK5000', '2026-12-08T11:00:00Z'))
    expect(await run('2026-12-08T06:00:00Z', createNoFlightStatus())).toEqual({
      asked: 0,
      changed: 0,
      told: 0,
      unanswered: 0,
    })
    expect(asksFor('TK5000')).toBe(0)
    expect(await stateOf(open)).toBeUndefined()
    expect(await run('2026-12-08T06:00:00Z')).toMatchObject({ asked: 1 })
    expect(asksFor('TK4000')).toBe(0)
    expect(asksFor('TK5000')).toBe(1)
  })

  it('backs off when the provider cannot answer, as long as it asked', async () => {
    const id = await airportRide('2026-12-10', 'TK6000')
    setFlight('TK6000', flightTo('TK6000', '2026-12-10T11:00:00Z'))
    aeroapi.script({ status: 429, retryAfter: '1800' }, 1)
    expect(await run('2026-12-10T08:00:00Z')).toMatchObject({ asked: 1, unanswered: 1 })
    expect(await stateOf(id)).toMatchObject({
      failures: 1,
      last_problem: 'rate-limited',
      checked_at: null,
      next_check_at: '2026-12-10T08:30:00.000Z',
    })
    expect(await run('2026-12-10T08:20:00Z')).toMatchObject({ asked: 0 })
    expect(await run('2026-12-10T08:30:00Z')).toMatchObject({ asked: 1, unanswered: 0 })
    expect(await stateOf(id)).toMatchObject({
      failures: 0,
      last_problem: null,
      status: 'scheduled',
    })
  })

  it('is followed by the maintenance run, and not without a provider that follows', async () => {
    await airportRide('2026-12-14', 'TK7000')
    setFlight('TK7000', flightTo('TK7000', '2026-12-14T11:00:00Z'))
    clock = new Date('2026-12-14T06:00:00Z')
    const payments = createSimulatorProvider({
      database: async () => handle,
      baseUrl: 'http://localhost:3000',
    })
    expect(await runMaintenance(handle, payments, clock, createNoFlightStatus())).toMatchObject({
      ran: true,
      flightsAsked: 0,
    })
    expect(asksFor('TK7000')).toBe(0)
    expect(await runMaintenance(handle, payments, clock, provider)).toMatchObject({
      ran: true,
      flightsAsked: 1,
    })
    expect(asksFor('TK7000')).toBe(1)
  })
})
