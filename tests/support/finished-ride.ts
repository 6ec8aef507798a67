import { expect } from 'vitest'
import type { DatabaseHandle } from '~/db/connect.server'
import { createDraft } from '~/booking/bookings.server'
import { createStaffAccount } from '~/staff/accounts.server'
import { addDriver } from '~/dispatch/drivers.server'
import { addVehicle } from '~/dispatch/vehicles.server'
import { assignBooking } from '~/dispatch/assignment.server'
import { markRideStep } from '~/dispatch/ride-steps.server'
import { draftInput } from './booking-fixtures'

let counter = 0

/**
 * A paid ride driven through the real steps for the storage tests of what
 * comes after it (reviews, tips): a dispatcher, a driver with an account, a
 * van, the booking confirmed and assigned, then on the way, arrived, on
 * board with the pickup code, and finished at `finishedAt` unless `finish` is
 * false (the ride then stays on board).
 */
export async function finishedRide(
  handle: DatabaseHandle,
  options: {
    startedAt: Date
    finishedAt: Date
    channel?: 'sms' | null
    finish?: boolean
    currency?: 'EUR' | 'TRY'
  },
) {
  const { startedAt: now, finishedAt, channel = null, finish = true } = options
  const minutes = (count: number) => new Date(now.getTime() + count * 60_000)
  const staff = (role: 'dispatcher' | 'driver', name: string) =>
    createStaffAccount(
      handle,
      {
        email: `ride-${counter++}-${Date.now()}@example.com`,
        name,
        role,
        password: 'a-long-password-1',
      },
      now,
    )
  const dispatcher = await staff('dispatcher', 'Deniz Ak')
  const account = await staff('driver', 'Emre Yıldız')
  const driver = await addDriver(
    handle,
    {
      name: 'Emre Yıldız',
      phone: '+90 532 000 00 10',
      languages: 'Turkish',
      licenceNumber: `L-${counter++}-${Date.now()}`,
      offerChannel: 'sms' as const,
      usualVehicleId: null,
      staffAccountId: account.id,
      active: true,
    },
    dispatcher.id,
    now,
  )
  const van = await addVehicle(
    handle,
    {
      classCode: 'LUXMNVN',
      makeModel: 'Mercedes V',
      plate: `06 R ${1000 + (counter++ % 8999)}`,
      colour: null,
      seats: 6,
      luggage: 6,
      active: true,
    },
    dispatcher.id,
    now,
  )
  if (!driver.ok || !van.ok) throw new Error('fleet not stored')
  const { booking } = await createDraft(handle, draftInput(1, '2026-12-04'), now)
  await handle.db
    .updateTable('bookings')
    .set({
      status: 'confirmed',
      first_name: 'Anna Maria',
      last_name: 'Kowalski',
      email: `traveller-${counter++}@example.com`,
      phone: '+905321234567',
      updates_channel: channel,
      confirmed_at: now.toISOString(),
      // What the payment step asks, which a provider needs again for a tip.
      billing_address: 'Büyükdere Cd. 1',
      billing_city: 'İstanbul',
      billing_country: 'Turkey',
      billing_zipcode: '34394',
      ...(options.currency ? { currency: options.currency } : {}),
    })
    .where('id', '=', booking.id)
    .execute()
  await assignBooking(
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
    now,
  )
  const mark = (step: 'on_the_way' | 'arrived' | 'on_board' | 'finished', at: Date) =>
    markRideStep(
      handle,
      {
        accountId: account.id,
        reference: booking.reference,
        step,
        pickupCode: booking.pickup_code!,
      },
      at,
    )
  await mark('on_the_way', minutes(1))
  await mark('arrived', minutes(20))
  await mark('on_board', minutes(25))
  if (finish) expect((await mark('finished', finishedAt)).kind).toBe('marked')
  const stored = await handle.db
    .selectFrom('bookings')
    .selectAll()
    .where('id', '=', booking.id)
    .executeTakeFirstOrThrow()
  return {
    booking: stored,
    driverId: driver.id,
    driverAccountId: account.id,
    dispatcherId: dispatcher.id,
  }
}
