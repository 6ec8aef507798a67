import { describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/connect.server'
import { createDraft } from '~/booking/bookings.server'
import { createStaffAccount } from '~/staff/accounts.server'
import { draftInput } from '../../tests/support/booking-fixtures'
import { storageBackends, useMigratedDatabase } from '../../tests/support/database-backends'
import { addDriver } from './drivers.server'
import { addVehicle } from './vehicles.server'
import { assignBooking } from './assignment.server'
import { queueReminders, reminderKey } from './reminders.server'

// 17:30 and 18:00 in Istanbul (UTC+3) on 2 December; tomorrow there is 3 December.
const beforeHour = new Date('2026-12-02T14:30:00Z')
const atHour = new Date('2026-12-02T15:00:00Z')

describe.each(storageBackends())('day-before reminders on $name', (backend) => {
  let handle: DatabaseHandle
  useMigratedDatabase(backend, (opened) => (handle = opened))

  let counter = 0
  async function booking(date: string, time: string, status: 'confirmed' | 'cancelled') {
    const { booking: draft } = await createDraft(handle, draftInput(1, date), beforeHour)
    await handle.db
      .updateTable('bookings')
      .set({
        status,
        trip_time: time,
        first_name: 'Ayşe',
        last_name: 'Yılmaz',
        email: `reminded-${counter++}@example.com`,
        passenger_count: 2,
        luggage_count: 2,
      })
      .where('id', '=', draft.id)
      .execute()
    return draft
  }

  it('queues one reminder per confirmed booking picked up tomorrow, from the hour on', async () => {
    const tomorrow = await booking('2026-12-03', '09:00', 'confirmed')
    // '00:00' on the 2nd is the midnight that ends it: picked up on the 3rd too.
    const midnight = await booking('2026-12-02', '00:00', 'confirmed')
    const cancelled = await booking('2026-12-03', '10:00', 'cancelled')
    const later = await booking('2026-12-04', '09:00', 'confirmed')
    const todayAtMidnight = await booking('2026-12-03', '00:00', 'confirmed')

    // The driver is known: the reminder names them.
    const dispatcher = await createStaffAccount(
      handle,
      {
        email: `desk-${counter++}@example.com`,
        name: 'Desk',
        role: 'dispatcher',
        password: 'a-long-password-1',
      },
      beforeHour,
    )
    const driver = await addDriver(
      handle,
      {
        name: 'Hasan Uçar',
        phone: '+90 555 111 22 33',
        languages: 'Turkish',
        licenceNumber: 'L-9',
        offerChannel: 'sms' as const,
        usualVehicleId: null,
        staffAccountId: null,
        active: true,
      },
      dispatcher.id,
      beforeHour,
    )
    const vehicle = await addVehicle(
      handle,
      {
        classCode: 'LUXMNVN',
        makeModel: 'Mercedes Vito',
        plate: `34 RM ${100 + counter++}`,
        colour: 'Black',
        seats: 6,
        luggage: 6,
        active: true,
      },
      dispatcher.id,
      beforeHour,
    )
    if (!driver.ok || !vehicle.ok) throw new Error('fleet not stored')
    await assignBooking(
      handle,
      {
        bookingId: tomorrow.id,
        driverId: driver.id,
        vehicleId: vehicle.id,
        expectedVersion: 0,
        acknowledged: null,
        staffAccountId: dispatcher.id,
        bufferMinutes: 30,
      },
      beforeHour,
    )

    expect(await queueReminders(handle, beforeHour, 18)).toEqual([])
    expect(await queueReminders(handle, atHour, 18)).toHaveLength(2)
    // Once: a later run queues nothing more.
    expect(await queueReminders(handle, new Date(atHour.getTime() + 3_600_000), 18)).toEqual([])

    const reminders = await handle.db
      .selectFrom('outgoing_messages')
      .select(['dedupe_key', 'text_body', 'subject'])
      .where('kind', '=', 'traveller.reminder')
      .execute()
    expect(reminders.map((mail) => mail.dedupe_key).sort()).toEqual(
      [reminderKey(tomorrow.id), reminderKey(midnight.id)].sort(),
    )
    const named = reminders.find((mail) => mail.dedupe_key === reminderKey(tomorrow.id))!
    expect(named.subject).toContain('Tomorrow at 09:00')
    expect(named.text_body).toContain('Hasan Uçar')
    expect(named.text_body).toContain('34 RM')
    const unnamed = reminders.find((mail) => mail.dedupe_key === reminderKey(midnight.id))!
    expect(unnamed.text_body).toContain('as soon as they are assigned')
    for (const skipped of [cancelled, later, todayAtMidnight]) {
      expect(reminders.map((mail) => mail.dedupe_key)).not.toContain(reminderKey(skipped.id))
    }
  })
})
