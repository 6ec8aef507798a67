import { describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/connect.server'
import { createDraft, findBooking } from '~/booking/bookings.server'
import { changeStatus, lockBooking } from '~/booking/booking-store.server'
import { writeTransaction } from '~/db/write.server'
import { createStaffAccount } from '~/staff/accounts.server'
import { addDriver } from '~/dispatch/drivers.server'
import { addVehicle } from '~/dispatch/vehicles.server'
import { assignBooking } from '~/dispatch/assignment.server'
import { markRideStep } from '~/dispatch/ride-steps.server'
import { draftInput } from '../../tests/support/booking-fixtures'
import { storageBackends, useMigratedDatabase } from '../../tests/support/database-backends'
import { rideStatus } from './ride-status.server'

const now = new Date('2026-11-20T08:00:00Z')
const minutes = (count: number) => new Date(now.getTime() + count * 60_000)

describe.each(storageBackends())('the ride status a traveller follows, on $name', (backend) => {
  let handle: DatabaseHandle
  useMigratedDatabase(backend, (opened) => (handle = opened))
  let plates = 0

  /** A paid booking with a driver (linked to a driver sign-in) and a black van assigned. */
  async function assignedBooking() {
    const { booking } = await createDraft(handle, draftInput(1, '2026-11-25'), now)
    await handle.db
      .updateTable('bookings')
      .set({
        status: 'confirmed',
        email: 'ayse@example.com',
        passenger_count: 2,
        luggage_count: 2,
        confirmed_at: now.toISOString(),
      })
      .where('id', '=', booking.id)
      .execute()
    const stamp = `${backend.name}-${booking.id.slice(0, 6)}`
    const dispatcher = await createStaffAccount(
      handle,
      {
        email: `desk-${stamp}@example.com`,
        name: 'Desk',
        role: 'dispatcher',
        password: 'a-long-password-1',
      },
      now,
    )
    const driverAccount = await createStaffAccount(
      handle,
      {
        email: `driver-${stamp}@example.com`,
        name: 'Emre',
        role: 'driver',
        password: 'a-long-password-1',
      },
      now,
    )
    const driver = await addDriver(
      handle,
      {
        name: 'Emre Yıldız',
        phone: '+90 532 000 00 10',
        languages: 'Turkish',
        licenceNumber: 'L-9',
        offerChannel: 'sms' as const,
        usualVehicleId: null,
        staffAccountId: driverAccount.id,
        active: true,
      },
      dispatcher.id,
      now,
    )
    const van = await addVehicle(
      handle,
      {
        classCode: 'LUXMNVN',
        makeModel: 'Mercedes-Benz Vito',
        plate: `34 RS ${100 + plates++}`,
        colour: 'Black',
        seats: 6,
        luggage: 6,
        active: true,
      },
      dispatcher.id,
      now,
    )
    if (!driver.ok || !van.ok) throw new Error('fleet not stored')
    const assigned = await assignBooking(
      handle,
      {
        bookingId: booking.id,
        driverId: driver.id,
        vehicleId: van.id,
        expectedVersion: 0,
        acknowledged: null,
        staffAccountId: dispatcher.id,
        bufferMinutes: 30,
      },
      minutes(5),
    )
    expect(assigned.kind).toBe('assigned')
    return { booking: (await findBooking(handle, booking.id))!, driverAccount }
  }

  it('shows the driver and car once assigned, and dates each step the driver marks', async () => {
    const { booking, driverAccount } = await assignedBooking()
    const before = await rideStatus(handle.db, booking, 'en')
    expect(before.driver).toEqual({
      name: 'Emre Yıldız',
      contact: { phone: '+90 532 000 00 10', whatsapp: 'https://wa.me/905320000010' },
      car: 'Mercedes-Benz Vito',
      colour: 'Black',
      plate: expect.stringMatching(/^34 RS \d{3}$/),
    })
    expect(before.timeline.filter((entry) => entry.done).map((entry) => entry.step)).toEqual([
      'confirmed',
      'assigned',
    ])
    expect(before.timeline[1]).toMatchObject({
      at: minutes(5).toISOString(),
      time: '20 November at 11:05',
    })
    expect(before.ended).toBe(false)

    for (const [step, at] of [
      ['on_the_way', 10],
      ['arrived', 40],
      ['on_board', 45],
      ['finished', 90],
    ] as const) {
      const marked = await markRideStep(
        handle,
        {
          accountId: driverAccount.id,
          reference: booking.reference,
          step,
          pickupCode: booking.pickup_code!,
        },
        minutes(at),
      )
      expect(marked).toMatchObject({ kind: 'marked' })
    }
    const after = await rideStatus(handle.db, (await findBooking(handle, booking.id))!, 'tr')
    expect(after.status).toBe('finished')
    expect(after.ended).toBe(true)
    // The ride is over: the driver is still named, their number no longer shown.
    expect(after.driver).toMatchObject({ name: 'Emre Yıldız', contact: null })
    expect(after.timeline.map((entry) => [entry.step, entry.done, entry.time])).toEqual([
      ['confirmed', true, '20 Kasım 11:00'],
      ['assigned', true, '20 Kasım 11:05'],
      ['on_the_way', true, '20 Kasım 11:10'],
      ['arrived', true, '20 Kasım 11:40'],
      ['on_board', true, '20 Kasım 11:45'],
      ['finished', true, '20 Kasım 12:30'],
    ])
  })

  it('shows a cancelled booking without its driver, and nothing about billing', async () => {
    const { booking } = await assignedBooking()
    await writeTransaction(handle, async (trx) => {
      const locked = (await lockBooking(trx, booking.id))!
      await changeStatus(trx, locked, 'cancelled', { at: minutes(20).toISOString() })
    })
    const cancelled = (await findBooking(handle, booking.id))!
    const status = await rideStatus(handle.db, cancelled, 'en')
    expect(status.driver).toBeNull()
    expect(status.ended).toBe(true)
    expect(status.timeline.map((entry) => entry.step)).toEqual([
      'confirmed',
      'assigned',
      'cancelled',
    ])
    // What the JSON the pages poll carries: nothing about billing, payment or the traveller.
    expect(Object.keys(status).sort()).toEqual([
      'car',
      'driver',
      'ended',
      'flight',
      'status',
      'timeline',
    ])
    // No ride under way: no car to place.
    expect(status.car).toBeNull()
    // Nothing follows flights in the tests: no flight is said to be followed.
    expect(status.flight).toBeNull()
    expect(JSON.stringify(status)).not.toMatch(/ayse@example\.com|\+90 532 123/)
  })

  it('tells the traveller where their followed flight is, until the ride ends', async () => {
    const { booking } = await assignedBooking()
    // Booked 10:00 Istanbul on 25 November; the plane now lands at 10:05 (07:05 UTC).
    await handle.db
      .insertInto('flight_checks')
      .values({
        booking_id: booking.id,
        ident: 'TK1984',
        destination: 'SAW',
        status: 'en_route',
        provider_flight_id: null,
        scheduled_arrival: '2026-11-25T06:30:00.000Z',
        estimated_arrival: '2026-11-25T07:05:00.000Z',
        actual_arrival: null,
        terminal: null,
        gate: null,
        checked_at: '2026-11-25T05:00:00.000Z',
        next_check_at: null,
        last_problem: null,
        notified_delay_arrival: null,
        notified_cancelled_at: null,
        notified_diverted_at: null,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      })
      .execute()
    const settings = { follows: true, arrivalPickupMinutes: 30, freeWaitingMinutes: 60 }
    const status = await rideStatus(handle.db, booking, 'en', settings)
    expect(status.flight).toEqual({
      ident: 'TK1984',
      line: 'expected',
      landing: '10:05',
      pickup: '10:35',
      freeWaitingEnds: null,
      checkedAt: '08:00',
    })
    // Without a provider the stored row says nothing.
    expect((await rideStatus(handle.db, booking, 'en')).flight).toBeNull()
    // Nor once the traveller is on board: the landing decides nothing more.
    const onBoard = { ...booking, status: 'on_board' as const }
    expect((await rideStatus(handle.db, onBoard, 'en', settings)).flight).toBeNull()
  })
})
