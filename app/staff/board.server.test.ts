import { describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/connect.server'
import type { BookingStatus } from '~/domain/booking/status'
import { createDraft, transitionBooking } from '~/booking/bookings.server'
import { draftInput } from '../../tests/support/booking-fixtures'
import { storageBackends, useMigratedDatabase } from '../../tests/support/database-backends'
import { bookingRecord, bookingsForPickupDay } from './board.server'

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
    const early = await booking(day, '07:15', ['awaiting_payment', 'confirmed', 'completed'])
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
    // The confirmed booking no one drives yet comes first, then the rest by time.
    expect(rows.map((row) => row.reference)).toEqual([late, early, cancelledPaid])
    expect(rows.map((row) => row.status)).toEqual(['confirmed', 'completed', 'cancelled'])
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
})
