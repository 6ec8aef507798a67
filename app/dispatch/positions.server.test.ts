import { describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/connect.server'
import { createDraft } from '~/booking/bookings.server'
import { createStaffAccount } from '~/staff/accounts.server'
import type { RideStatus } from '~/domain/booking/status'
import { draftInput } from '../../tests/support/booking-fixtures'
import { storageBackends, useMigratedDatabase } from '../../tests/support/database-backends'
import { addDriver } from './drivers.server'
import { addVehicle } from './vehicles.server'
import { assignBooking, assignmentVersion, unassignBooking } from './assignment.server'
import { markRideStep } from './ride-steps.server'
import {
  activeRides,
  positionOfRide,
  recordPosition,
  removeEndedPositions,
} from './positions.server'

const now = new Date('2026-11-20T08:00:00Z')
const minutes = (count: number) => new Date(now.getTime() + count * 60_000)
const nearTaksim = { lat: 41.04, lng: 28.99, accuracyMetres: 12 }

/**
 * The car's position: written only by the ride's own driver, only while the
 * ride is on the way or arrived, one row per ride, and gone when it ends.
 */
describe.each(storageBackends())('the car of a ride under way on $name', (backend) => {
  let handle: DatabaseHandle
  useMigratedDatabase(backend, (opened) => (handle = opened))
  let counter = 0

  async function staff(role: 'dispatcher' | 'driver', name: string) {
    return createStaffAccount(
      handle,
      { email: `position-${counter++}@example.com`, name, role, password: 'a-long-password-1' },
      now,
    )
  }

  async function driverWithCar(dispatcherId: number, name: string) {
    const account = await staff('driver', name)
    const driver = await addDriver(
      handle,
      {
        name,
        phone: `+90 532 000 00 ${10 + counter++}`,
        languages: 'Turkish',
        licenceNumber: `P-${counter++}`,
        offerChannel: 'sms' as const,
        usualVehicleId: null,
        staffAccountId: account.id,
        active: true,
      },
      dispatcherId,
      now,
    )
    const van = await addVehicle(
      handle,
      {
        classCode: 'LUXMNVN',
        makeModel: 'Mercedes V',
        plate: `34 P ${1000 + counter++}`,
        colour: null,
        seats: 6,
        luggage: 6,
        active: true,
      },
      dispatcherId,
      now,
    )
    if (!driver.ok || !van.ok) throw new Error('fleet not stored')
    return { accountId: account.id, driverId: driver.id, vehicleId: van.id }
  }

  /** A confirmed ride given to a driver who signs in; `mark` steps it as that driver. */
  async function assignedRide() {
    const dispatcher = await staff('dispatcher', 'Deniz Ak')
    const emre = await driverWithCar(dispatcher.id, 'Emre Yıldız')
    const { booking } = await createDraft(handle, draftInput(1, '2026-12-04'), now)
    await handle.db
      .updateTable('bookings')
      .set({ status: 'confirmed', first_name: 'Ayşe', confirmed_at: now.toISOString() })
      .where('id', '=', booking.id)
      .execute()
    const assigned = await assignBooking(
      handle,
      {
        bookingId: booking.id,
        driverId: emre.driverId,
        vehicleId: emre.vehicleId,
        expectedVersion: 0,
        acknowledged: null,
        staffAccountId: dispatcher.id,
        bufferMinutes: 30,
      },
      now,
    )
    expect(assigned.kind).toBe('assigned')
    const mark = async (step: RideStatus, at = minutes(30)) => {
      // The traveller's code, as they would say it at the kerb.
      const { pickup_code } = await handle.db
        .selectFrom('bookings')
        .select('pickup_code')
        .where('id', '=', booking.id)
        .executeTakeFirstOrThrow()
      const outcome = await markRideStep(
        handle,
        {
          accountId: emre.accountId,
          reference: booking.reference,
          step,
          pickupCode: pickup_code ?? '',
        },
        at,
      )
      expect(outcome.kind).toBe('marked')
    }
    const report = (
      position: { lat: number; lng: number; accuracyMetres: number | null } = nearTaksim,
      at = minutes(31),
      accountId = emre.accountId,
      reference = booking.reference,
    ) => recordPosition(handle, { accountId, reference, position, source: 'device' }, at)
    const stored = async () => {
      const row = await handle.db
        .selectFrom('bookings')
        .select(['id', 'status'])
        .where('id', '=', booking.id)
        .executeTakeFirstOrThrow()
      return positionOfRide(handle.db, row)
    }
    return { booking, dispatcher, emre, mark, report, stored }
  }

  it('keeps the latest position of the ride while it is on the way, from its driver only', async () => {
    const ride = await assignedRide()
    // Not yet on the way: nothing is kept.
    expect(await ride.report()).toEqual({ kind: 'notSharing' })
    await ride.mark('on_the_way')
    expect(await ride.report()).toEqual({ kind: 'recorded', reference: ride.booking.reference })
    expect(await ride.stored()).toEqual({
      lat: 41.04,
      lng: 28.99,
      accuracy_m: 12,
      source: 'device',
      recorded_at: minutes(31).toISOString(),
    })
    // A second report replaces the first: one row, no trail.
    await ride.report({ lat: 41.05, lng: 29.01, accuracyMetres: null }, minutes(32))
    const rows = await handle.db
      .selectFrom('ride_positions')
      .select(['lat', 'recorded_at'])
      .where('booking_id', '=', ride.booking.id)
      .execute()
    expect(rows).toEqual([{ lat: 41.05, recorded_at: minutes(32).toISOString() }])

    // Another driver, or a reference that is no ride, is told the same: not yours.
    const other = await driverWithCar(ride.dispatcher.id, 'Kemal Er')
    expect(await ride.report(nearTaksim, minutes(33), other.accountId)).toEqual({
      kind: 'notYours',
    })
    expect(await ride.report(nearTaksim, minutes(33), ride.emre.accountId, 'MC-NOPE')).toEqual({
      kind: 'notYours',
    })
    expect((await ride.stored())?.lat).toBe(41.05)

    // Dispatch sees the car beside its ride.
    const active = await activeRides(handle.db)
    expect(
      active
        .filter((row) => row.id === ride.booking.id)
        .map((row) => [row.reference, row.driver_name, row.position_lat]),
    ).toEqual([[ride.booking.reference, 'Emre Yıldız', 41.05]])
  })

  it('deletes the position when the ride goes on board, and refuses one after', async () => {
    const ride = await assignedRide()
    await ride.mark('on_the_way')
    await ride.report()
    await ride.mark('arrived', minutes(40))
    await ride.report(nearTaksim, minutes(41))
    expect(await ride.stored()).not.toBeNull()
    await ride.mark('on_board', minutes(45))
    const left = await handle.db
      .selectFrom('ride_positions')
      .select('booking_id')
      .where('booking_id', '=', ride.booking.id)
      .execute()
    expect(left).toEqual([])
    expect(await ride.report(nearTaksim, minutes(46))).toEqual({ kind: 'notSharing' })
    const active = await activeRides(handle.db)
    expect(active.filter((row) => row.id === ride.booking.id)).toEqual([])
  })

  it('deletes the position of a car taken off the ride', async () => {
    const ride = await assignedRide()
    await ride.mark('on_the_way')
    await ride.report()
    const unassigned = await unassignBooking(
      handle,
      {
        bookingId: ride.booking.id,
        expectedVersion: await assignmentVersion(handle.db, ride.booking.id),
        staffAccountId: ride.dispatcher.id,
      },
      minutes(35),
    )
    expect(unassigned.kind).toBe('unassigned')
    expect(await ride.stored()).toBeNull()
    expect(await ride.report(nearTaksim, minutes(36))).toEqual({ kind: 'notYours' })
  })

  it('sweeps positions of rides no longer under way and ones not renewed for 12 hours', async () => {
    const ended = await assignedRide()
    await ended.mark('on_the_way')
    // Fresh, so only its ride's status sends it.
    await ended.report(nearTaksim, minutes(12 * 60 + 30))
    // A status changed outside the usual path leaves its row behind: the sweep takes it.
    await handle.db
      .updateTable('bookings')
      .set({ status: 'finished' })
      .where('id', '=', ended.booking.id)
      .execute()
    const forgotten = await assignedRide()
    await forgotten.mark('on_the_way')
    await forgotten.report(nearTaksim, minutes(31))
    const current = await assignedRide()
    await current.mark('on_the_way')
    await current.report(nearTaksim, minutes(12 * 60 + 30))

    // Earlier tests' rides stay on the way with positions of 08:32 at the latest: those go as not renewed.
    await removeEndedPositions(handle.db, minutes(12 * 60 + 33))
    const kept = await handle.db.selectFrom('ride_positions').select('booking_id').execute()
    expect(kept).toEqual([{ booking_id: current.booking.id }])
    expect(await removeEndedPositions(handle.db, minutes(12 * 60 + 34))).toBe(0)
  })
})
