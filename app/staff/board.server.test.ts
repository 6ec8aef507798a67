import { describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/connect.server'
import type { BookingStatus } from '~/domain/booking/status'
import { createDraft, transitionBooking } from '~/booking/bookings.server'
import { draftInput } from '../../tests/support/booking-fixtures'
import { storageBackends, useMigratedDatabase } from '../../tests/support/database-backends'
import { boardBookings, bookingRecord, bookingsForPickupDay } from './board.server'

const now = new Date('2026-11-20T08:00:00Z')

describe.each(storageBackends())('the staff board on $name', (backend) => {
  let handle: DatabaseHandle
  useMigratedDatabase(backend, (opened) => (handle = opened))

  /** A booking on a date and time, walked through the statuses to `status`. */
  async function booking(date: string, time: string, path: BookingStatus[], paid = true) {
    const input = draftInput(1, date)
    const { booking: draft } = await createDraft(
      handle,
      { ...input, trip: { ...input.trip, time } },
      now,
    )
    for (const status of path) await transitionBooking(handle, draft.id, status, now)
    if (paid && path.includes('confirmed')) {
      // Test set-up only: the confirmation time a paid booking carries.
      await handle.db
        .updateTable('bookings')
        .set({ confirmed_at: now.toISOString(), paid_minor: 1000 })
        .where('id', '=', draft.id)
        .execute()
    }
    return draft.reference
  }

  it('lists the day’s paid bookings, not unpaid ones; those needing a driver first', async () => {
    const day = '2026-12-01'
    const late = await booking(day, '18:30', ['awaiting_payment', 'confirmed'])
    const early = await booking(day, '07:15', ['awaiting_payment', 'confirmed'])
    await handle.db
      .updateTable('bookings')
      .set({ names_given_at: now.toISOString(), names_given_by: 'traveller' })
      .where('reference', '=', early)
      .execute()
    const cancelledPaid = await booking(day, '09:00', [
      'awaiting_payment',
      'confirmed',
      'cancelled',
    ])
    await booking(day, '10:00', []) // a draft
    await booking(day, '11:00', ['awaiting_payment'])
    await booking(day, '12:00', ['awaiting_payment', 'payment_failed'])
    await booking(day, '13:00', ['expired'])
    await booking(day, '14:00', ['cancelled']) // a draft abandoned, never paid
    await booking('2026-12-02', '08:00', ['awaiting_payment', 'confirmed'])

    const rows = await bookingsForPickupDay(handle, day)
    // Paid bookings no one drives yet come first (every passenger named or not:
    // both still need a driver), by time; then the rest.
    expect(rows.map((row) => row.reference)).toEqual([early, late, cancelledPaid])
    expect(rows.map((row) => row.status)).toEqual(['confirmed', 'confirmed', 'cancelled'])
    expect(rows.map((row) => row.names_given_at)).toEqual([now.toISOString(), null, null])
    expect(rows.map((row) => row.problem)).toEqual(['noDriver', 'noDriver', null])
  })

  it('names each booking’s driver, and an assigned booking keeps its time order', async () => {
    const day = '2026-12-06'
    const first = await booking(day, '08:00', ['awaiting_payment', 'confirmed'])
    const second = await booking(day, '09:00', ['awaiting_payment', 'confirmed'])
    const third = await booking(day, '10:00', ['awaiting_payment', 'confirmed'])
    const at = now.toISOString()
    const account = await handle.db
      .insertInto('staff_accounts')
      .values({
        email: 'board-desk@example.com',
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
        phone: '1',
        languages: 'Turkish',
        licence_number: 'L',
        staff_account_id: null,
        active: 1,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const vehicle = await handle.db
      .insertInto('vehicles')
      .values({
        class_code: 'LUXMNVN',
        make_model: 'Vito',
        plate: 'BOARD1',
        colour: null,
        seats: 6,
        luggage: 6,
        active: 1,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    for (const reference of [first, third]) {
      const { id } = await handle.db
        .selectFrom('bookings')
        .select('id')
        .where('reference', '=', reference)
        .executeTakeFirstOrThrow()
      await handle.db
        .insertInto('booking_assignments')
        .values({
          booking_id: id,
          driver_id: driver.id,
          vehicle_id: vehicle.id,
          version: 1,
          assigned_by: account.id,
          assigned_at: at,
          updated_at: at,
        })
        .execute()
    }
    const rows = await bookingsForPickupDay(handle, day)
    expect(rows.map((row) => [row.reference, row.driver_name])).toEqual([
      [second, null],
      [first, 'Ali Veli'],
      [third, 'Ali Veli'],
    ])
  })

  it('puts a midnight pickup on the day it happens', async () => {
    // '00:00' on 3 December is the midnight that ends the 3rd: a pickup on the 4th.
    const midnight = await booking('2026-12-03', '00:00', ['awaiting_payment', 'confirmed'])
    const morning = await booking('2026-12-04', '06:00', ['awaiting_payment', 'confirmed'])
    expect((await bookingsForPickupDay(handle, '2026-12-03')).map((row) => row.reference)).toEqual(
      [],
    )
    expect((await bookingsForPickupDay(handle, '2026-12-04')).map((row) => row.reference)).toEqual([
      midnight,
      morning,
    ])
  })

  it('puts a ride whose flight is late, cancelled or diverted first, until it starts', async () => {
    const day = '2026-12-12'
    // Booked 14:30 Istanbul (11:30 UTC): planned to land at 11:00 UTC.
    const onTime = await booking(day, '14:30', ['awaiting_payment', 'confirmed'])
    const late = await booking(day, '14:30', ['awaiting_payment', 'confirmed'])
    const slightlyLate = await booking(day, '14:30', ['awaiting_payment', 'confirmed'])
    const cancelled = await booking(day, '14:30', ['awaiting_payment', 'confirmed'])
    const started = await booking(day, '14:30', ['awaiting_payment', 'confirmed', 'on_the_way'])
    const flights: [string, 'scheduled' | 'cancelled', string][] = [
      [onTime, 'scheduled', '2026-12-12T11:00:00.000Z'],
      [late, 'scheduled', '2026-12-12T12:30:00.000Z'],
      [slightlyLate, 'scheduled', '2026-12-12T11:25:00.000Z'],
      [cancelled, 'cancelled', '2026-12-12T11:00:00.000Z'],
      [started, 'cancelled', '2026-12-12T11:00:00.000Z'],
    ]
    for (const [reference, status, estimated] of flights) {
      const { id } = await handle.db
        .selectFrom('bookings')
        .select('id')
        .where('reference', '=', reference)
        .executeTakeFirstOrThrow()
      await handle.db
        .insertInto('flight_checks')
        .values({
          booking_id: id,
          ident: 'TK1984',
          destination: 'SAW',
          status,
          provider_flight_id: null,
          scheduled_arrival: '2026-12-12T11:00:00.000Z',
          estimated_arrival: estimated,
          actual_arrival: null,
          terminal: null,
          gate: null,
          checked_at: now.toISOString(),
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
    const problems = Object.fromEntries(
      (await bookingsForPickupDay(handle, day)).map((row) => [row.reference, row.problem]),
    )
    expect(problems).toEqual({
      [onTime]: 'noDriver',
      [late]: 'flightProblem',
      [slightlyLate]: 'noDriver',
      [cancelled]: 'flightProblem',
      [started]: null,
    })
    // The stored flight rides along from the same query, for the pages to show.
    const rows = await bookingsForPickupDay(handle, day)
    expect(rows.find((row) => row.reference === late)?.flightCheck).toEqual({
      ident: 'TK1984',
      status: 'scheduled',
      scheduled_arrival: '2026-12-12T11:00:00.000Z',
      estimated_arrival: '2026-12-12T12:30:00.000Z',
      actual_arrival: null,
      terminal: null,
      gate: null,
      checked_at: now.toISOString(),
    })
  })

  it('flags the rides the fleet has no car for, the last confirmed, once the limit is on', async () => {
    const day = '2026-12-09'
    const at = now.toISOString()
    const car = await handle.db
      .insertInto('vehicles')
      .values({
        class_code: 'LUXMNVN',
        make_model: 'Mercedes V',
        plate: '34 OVR 01',
        colour: null,
        seats: 6,
        luggage: 6,
        active: 1,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    // One ride more than the class has cars (other tests may have added some), confirmed in turn.
    const { cars } = await handle.db
      .selectFrom('vehicles')
      .select((eb) => eb.fn.countAll<number>().as('cars'))
      .where('class_code', '=', 'LUXMNVN')
      .where('active', '=', 1)
      .executeTakeFirstOrThrow()
    const references: string[] = []
    for (let ride = 0; ride <= Number(cars); ride++) {
      const reference = await booking(day, '10:00', ['awaiting_payment', 'confirmed'])
      await handle.db
        .updateTable('bookings')
        .set({ confirmed_at: new Date(now.getTime() + ride * 60_000).toISOString() })
        .where('reference', '=', reference)
        .execute()
      references.push(reference)
    }
    const overbooked = async () =>
      (await bookingsForPickupDay(handle, day))
        .filter((row) => row.problem === 'overbooked')
        .map((row) => row.reference)
    // The limit off: the board counts nothing.
    expect(await overbooked()).toEqual([])
    await handle.db
      .updateTable('capacity_settings')
      .set({ fleet_limited: 1 })
      .where('id', '=', 1)
      .execute()
    try {
      expect(await overbooked()).toEqual([references.at(-1)])
    } finally {
      await handle.db
        .updateTable('capacity_settings')
        .set({ fleet_limited: 0 })
        .where('id', '=', 1)
        .execute()
      await handle.db.deleteFrom('vehicles').where('id', '=', car.id).execute()
    }
  })

  it('reads a booking’s record with its event log, and nothing for unpaid ones', async () => {
    const reference = await booking('2026-12-05', '10:00', ['awaiting_payment', 'confirmed'])
    const record = await bookingRecord(handle, reference)
    expect(record?.booking.reference).toBe(reference)
    expect(record?.events.map((event) => event.to_status)).toEqual([
      'draft',
      'awaiting_payment',
      'confirmed',
    ])
    const draft = await booking('2026-12-05', '11:00', ['awaiting_payment'])
    expect(await bookingRecord(handle, draft)).toBeUndefined()
    expect(await bookingRecord(handle, 'MC-NOSUCH')).toBeUndefined()
  })

  describe('filters and search', () => {
    /** Test set-up: the traveller's details a paid booking carries. */
    async function traveller(
      reference: string,
      first: string,
      last: string,
      email: string,
      phone: string,
    ) {
      await handle.db
        .updateTable('bookings')
        .set({ first_name: first, last_name: last, email, phone })
        .where('reference', '=', reference)
        .execute()
    }
    const paid = ['awaiting_payment', 'confirmed'] as BookingStatus[]

    it('shows a week, filters by status and class, and searches every day', async () => {
      const monday = await booking('2027-01-04', '09:00', paid)
      const sunday = await booking('2027-01-10', '17:00', [...paid, 'cancelled'])
      const nextMonday = await booking('2027-01-11', '09:00', paid)
      await traveller(
        monday,
        'Zeynep',
        'Arslan',
        'zeynep.arslan@example.com',
        '+90 (532) 700-11-22',
      )
      await traveller(nextMonday, 'John', 'Smith', 'js@example.org', '+44 20 7946 0958')

      const week = await boardBookings(handle, { from: '2027-01-04', to: '2027-01-10' })
      expect(week.map((row) => row.reference)).toEqual([monday, sunday])
      expect(week.map((row) => row.pickupDay)).toEqual(['2027-01-04', '2027-01-10'])
      const cancelled = await boardBookings(handle, {
        from: '2027-01-04',
        to: '2027-01-10',
        status: 'cancelled',
      })
      expect(cancelled.map((row) => row.reference)).toEqual([sunday])
      const otherClass = await boardBookings(handle, {
        from: '2027-01-04',
        to: '2027-01-10',
        vehicleClass: 'LUXMNBS',
      })
      expect(otherClass).toEqual([])

      // A search ignores the days shown.
      const anyDay = { from: '2030-01-01', to: '2030-01-01' }
      const found = async (search: string) =>
        (await boardBookings(handle, { ...anyDay, search })).map((row) => row.reference)
      expect(await found('zeynep ARSLAN')).toEqual([monday])
      expect(await found('JS@EXAMPLE')).toEqual([nextMonday])
      expect(await found('5327001122')).toEqual([monday])
      expect(await found('7946 0958')).toEqual([nextMonday])
      expect(await found(nextMonday.toLowerCase())).toEqual([nextMonday])
      expect(await found('nobody-by-this-name')).toEqual([])
      // LIKE's wildcards are taken as nothing, not as 'anything'.
      expect(await found('zey%rslan')).toEqual([])
    })

    it('puts a booking with a refund due first, whatever its time', async () => {
      const early = await booking('2027-02-01', '06:00', paid)
      const late = await booking('2027-02-01', '22:00', paid)
      const bookingId = (
        await handle.db
          .selectFrom('bookings')
          .select('id')
          .where('reference', '=', late)
          .executeTakeFirstOrThrow()
      ).id
      // Test set-up: a second charge flagged for refund.
      await handle.db
        .insertInto('payment_attempts')
        .values({
          booking_id: bookingId,
          provider: 'simulator',
          token: null,
          payment_page_url: null,
          amount_minor: 1000,
          currency: 'EUR',
          payment_option: 'fullCard',
          status: 'succeeded',
          payment_id: 'second-charge',
          refund_status: 'due',
          error_code: null,
          error_group: null,
          created_at: now.toISOString(),
          expires_at: now.toISOString(),
          finished_at: now.toISOString(),
        })
        .execute()
      const rows = await bookingsForPickupDay(handle, '2027-02-01')
      // A refund due comes before a booking that only needs its driver.
      expect(rows.map((row) => [row.reference, row.problem])).toEqual([
        [late, 'refundDue'],
        [early, 'noDriver'],
      ])
    })

    it('flags a booking whose confirmation e-mail the queue gave up', async () => {
      const sent = await booking('2027-02-02', '09:00', paid)
      const failed = await booking('2027-02-02', '10:00', paid)
      for (const [reference, status] of [
        [sent, 'sent'],
        [failed, 'failed'],
      ] as const) {
        const { id } = await handle.db
          .selectFrom('bookings')
          .select('id')
          .where('reference', '=', reference)
          .executeTakeFirstOrThrow()
        // Test set-up: the confirmation as the queue left it.
        await handle.db
          .insertInto('outgoing_messages')
          .values({
            dedupe_key: `confirmation:${id}`,
            kind: 'traveller.confirmation',
            booking_id: id,
            reference,
            channel: 'email',
            recipient: 'ayse@example.com',
            language: 'en',
            reply_to: null,
            subject: 'Confirmed',
            text_body: 'Confirmed',
            html_body: '<p>Confirmed</p>',
            attachments_json: null,
            template_json: null,
            status,
            claimed_until: null,
            error: status === 'failed' ? 'mail:EENVELOPE' : null,
            provider_id: null,
            provider_status: null,
            fallback_of: null,
            sent_at: null,
            status_at: null,
            created_at: now.toISOString(),
          })
          .execute()
        await handle.db
          .updateTable('bookings')
          .set({ mail_status: 'queued' })
          .where('id', '=', id)
          .execute()
      }
      const rows = await bookingsForPickupDay(handle, '2027-02-02')
      expect(rows.map((row) => [row.reference, row.problem])).toEqual([
        [failed, 'mailFailed'],
        [sent, 'noDriver'],
      ])
    })
  })
})
