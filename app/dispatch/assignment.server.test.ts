import { describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/connect.server'
import { createDraft } from '~/booking/bookings.server'
import { createStaffAccount } from '~/staff/accounts.server'
import { staffActionsOnBooking } from '~/audit/audit.server'
import { warningsFingerprint } from '~/domain/dispatch/rules'
import type { RideStatus } from '~/domain/booking/status'
import { draftInput } from '../../tests/support/booking-fixtures'
import { storageBackends, useMigratedDatabase } from '../../tests/support/database-backends'
import { addDriver, changeDriver, driverOfAccount, linkableDriverAccounts } from './drivers.server'
import { addVehicle, changeVehicle } from './vehicles.server'
import { markRideStep } from './ride-steps.server'
import { addDriverTimeOff, saveDriverHours } from './driver-hours.server'
import { istanbulInstant } from '~/domain/dispatch/working-hours'
import {
  assignBooking,
  assignmentVersion,
  currentAssignment,
  unassignBooking,
  type AssignRequest,
} from './assignment.server'

const now = new Date('2026-11-20T08:00:00Z')
const buffer = 30

describe.each(storageBackends())('dispatch storage on $name', (backend) => {
  let handle: DatabaseHandle
  useMigratedDatabase(backend, (opened) => (handle = opened))

  let counter = 0
  /** A paid booking (class index 1: LUXMNVN) for 4 passengers and 4 bags. */
  async function confirmedBooking(
    date: string,
    time: string,
    status: 'confirmed' | 'on_the_way' = 'confirmed',
    namesGiven = false,
  ) {
    const { booking } = await createDraft(handle, draftInput(1, date), now)
    await handle.db
      .updateTable('bookings')
      .set({
        status,
        trip_time: time,
        first_name: 'Ayşe',
        last_name: 'Yılmaz',
        email: `traveller-${counter++}@example.com`,
        passenger_count: 4,
        luggage_count: 4,
        confirmed_at: now.toISOString(),
        names_given_at: namesGiven ? now.toISOString() : null,
        names_given_by: namesGiven ? 'traveller' : null,
      })
      .where('id', '=', booking.id)
      .execute()
    return booking
  }

  async function staff(role: 'dispatcher' | 'driver', name: string) {
    return createStaffAccount(
      handle,
      { email: `staff-${counter++}@example.com`, name, role, password: 'a-long-password-1' },
      now,
    )
  }

  /** A driver who signs in with an account of their own, as the driver's pages need. */
  async function signedInDriver(name: string, licenceNumber: string, dispatcherId: number) {
    const account = await staff('driver', name)
    const driver = await addDriver(
      handle,
      {
        name,
        phone: '+90 532 000 00 10',
        languages: 'Turkish, English',
        licenceNumber,
        offerChannel: 'sms' as const,
        usualVehicleId: null,
        staffAccountId: account.id,
        active: true,
      },
      dispatcherId,
      now,
    )
    if (!driver.ok) throw new Error('driver not stored')
    return { account, driverId: driver.id }
  }

  function queuedMail(bookingId: string) {
    return handle.db
      .selectFrom('outgoing_messages')
      .select(['dedupe_key', 'kind', 'recipient', 'subject', 'text_body'])
      .where('booking_id', '=', bookingId)
      .where('channel', '=', 'email')
      .orderBy('id')
      .execute()
  }

  it('audits two edits of one driver or vehicle made at once against what each found', async () => {
    const dispatcher = await staff('dispatcher', 'Deniz Aksoy')
    const driverInput = {
      name: 'Kerem Ak',
      phone: '+90 532 000 00 20',
      languages: 'Turkish',
      licenceNumber: 'K-1',
      offerChannel: 'sms' as const,
      usualVehicleId: null,
      staffAccountId: null,
      active: true,
    }
    const vehicleInput = {
      classCode: 'LUXMNVN' as const,
      makeModel: 'Mercedes V',
      plate: `35 K ${counter++}`,
      colour: 'Black',
      seats: 6,
      luggage: 6,
      active: true,
    }
    const driver = await addDriver(handle, driverInput, dispatcher.id, now)
    const vehicle = await addVehicle(handle, vehicleInput, dispatcher.id, now)
    if (!driver.ok || !vehicle.ok) throw new Error('driver or vehicle not added')
    const beforeAndAfter = (subject: string) =>
      handle.db
        .selectFrom('staff_audit')
        .select(['before_json', 'after_json'])
        .where('subject', '=', subject)
        .where('action', 'in', ['driver.changed', 'vehicle.changed'])
        .orderBy('id')
        .execute()
        .then((rows) =>
          rows.map((row) => [JSON.parse(row.before_json!), JSON.parse(row.after_json!)]),
        )

    for (let round = 0; round < 5; round++) {
      const phones = [`+90 532 100 ${round} 01`, `+90 532 100 ${round} 02`]
      const colours = [`Blue ${round}`, `Grey ${round}`]
      await Promise.all([
        ...phones.map((phone) =>
          changeDriver(handle, driver.id, { ...driverInput, phone }, dispatcher.id, now),
        ),
        ...colours.map((colour) =>
          changeVehicle(handle, vehicle.id, { ...vehicleInput, colour }, dispatcher.id, now),
        ),
      ])
      // Whichever went second found the first one's value, and its audit row says so.
      for (const [subject, field] of [
        [`driver:${driver.id}`, 'phone'],
        [`vehicle:${vehicle.id}`, 'colour'],
      ] as const) {
        const [first, second] = (await beforeAndAfter(subject)).slice(-2)
        expect(second![0][field], `${subject} round ${round}`).toBe(first![1][field])
      }
    }
  })

  it('keeps drivers and vehicles with an audit row per change, and one vehicle per plate', async () => {
    const dispatcher = await staff('dispatcher', 'Selin Demir')
    const driverAccount = await staff('driver', 'Mehmet Kaya')
    const added = await addDriver(
      handle,
      {
        name: 'Mehmet Kaya',
        phone: '+90 532 000 00 01',
        languages: 'Turkish, English',
        licenceNumber: 'B-123456',
        offerChannel: 'sms' as const,
        usualVehicleId: null,
        staffAccountId: driverAccount.id,
        active: true,
      },
      dispatcher.id,
      now,
    )
    expect(added.ok).toBe(true)
    const id = added.ok ? added.id : -1
    expect((await driverOfAccount(handle.db, driverAccount.id))?.id).toBe(id)
    // The linked account is offered to this driver only.
    expect((await linkableDriverAccounts(handle.db)).map((a) => a.id)).not.toContain(
      driverAccount.id,
    )
    expect((await linkableDriverAccounts(handle.db, id)).map((a) => a.id)).toContain(
      driverAccount.id,
    )
    // A second driver cannot take the same sign-in.
    const twice = await addDriver(
      handle,
      {
        name: 'Someone Else',
        phone: '1',
        languages: 'Turkish',
        licenceNumber: 'X',
        offerChannel: 'sms' as const,
        usualVehicleId: null,
        staffAccountId: driverAccount.id,
        active: true,
      },
      dispatcher.id,
      now,
    )
    expect(twice).toEqual({ ok: false, refusal: 'accountUnavailable' })

    await changeDriver(
      handle,
      id,
      {
        name: 'Mehmet Kaya',
        phone: '+90 532 000 00 02',
        languages: 'Turkish, English',
        licenceNumber: 'B-123456',
        offerChannel: 'sms' as const,
        usualVehicleId: null,
        staffAccountId: driverAccount.id,
        active: false,
      },
      dispatcher.id,
      now,
    )
    const log = await handle.db
      .selectFrom('staff_audit')
      .select(['action', 'before_json', 'after_json'])
      .where('subject', '=', `driver:${id}`)
      .orderBy('id')
      .execute()
    expect(log.map((row) => row.action)).toEqual(['driver.added', 'driver.changed'])
    // Only what changed, before and after.
    expect(JSON.parse(log[1]!.before_json!)).toEqual({ phone: '+90 532 000 00 01', active: true })
    expect(JSON.parse(log[1]!.after_json!)).toEqual({ phone: '+90 532 000 00 02', active: false })

    const vehicle = {
      classCode: 'LUXMNVN' as const,
      makeModel: 'Mercedes Vito',
      plate: '34 abc 123',
      colour: 'Black',
      seats: 6,
      luggage: 6,
      active: true,
    }
    const car = await addVehicle(handle, vehicle, dispatcher.id, now)
    expect(car.ok).toBe(true)
    expect(
      await addVehicle(handle, { ...vehicle, plate: '34-ABC 123' }, dispatcher.id, now),
    ).toEqual({ ok: false, refusal: 'plateTaken' })
    const other = await addVehicle(handle, { ...vehicle, plate: '34 XYZ 9' }, dispatcher.id, now)
    expect(other.ok).toBe(true)
    // Changing another vehicle's plate to a taken one is refused too.
    expect(
      await changeVehicle(
        handle,
        other.ok ? other.id : -1,
        { ...vehicle, plate: '34ABC123' },
        dispatcher.id,
        now,
      ),
    ).toEqual({ ok: false, refusal: 'plateTaken' })
    const stored = await handle.db
      .selectFrom('vehicles')
      .select('plate')
      .where('id', '=', car.ok ? car.id : -1)
      .executeTakeFirstOrThrow()
    expect(stored.plate).toBe('34ABC123')
  })

  async function fleet() {
    const dispatcher = await staff('dispatcher', 'Deniz Ak')
    const driverInput = {
      phone: '+90 532 000 00 09',
      languages: 'Turkish',
      licenceNumber: 'L-1',
      offerChannel: 'sms' as const,
      usualVehicleId: null,
      staffAccountId: null,
      active: true,
    }
    const driver = await addDriver(handle, { ...driverInput, name: 'Ali Veli' }, dispatcher.id, now)
    const second = await addDriver(handle, { ...driverInput, name: 'Can Er' }, dispatcher.id, now)
    const plate = () => `06 D ${1000 + counter++}`
    const vehicleInput = {
      classCode: 'LUXMNVN' as const,
      makeModel: 'Mercedes V',
      colour: null,
      seats: 6,
      luggage: 6,
      active: true,
    }
    const van = await addVehicle(handle, { ...vehicleInput, plate: plate() }, dispatcher.id, now)
    const van2 = await addVehicle(handle, { ...vehicleInput, plate: plate() }, dispatcher.id, now)
    const small = await addVehicle(
      handle,
      { ...vehicleInput, plate: plate(), seats: 3, luggage: 2 },
      dispatcher.id,
      now,
    )
    const economy = await addVehicle(
      handle,
      { ...vehicleInput, plate: plate(), classCode: 'ECOMNVN' },
      dispatcher.id,
      now,
    )
    const ids = [driver, second, van, van2, small, economy].map((outcome) => {
      if (!outcome.ok) throw new Error('fleet not stored')
      return outcome.id
    })
    const [driverId, secondDriverId, vanId, van2Id, smallId, economyId] = ids as [
      number,
      number,
      number,
      number,
      number,
      number,
    ]
    return { dispatcher, driverId, secondDriverId, vanId, van2Id, smallId, economyId }
  }

  const request = (
    bookingId: string,
    fleetIds: { dispatcher: { id: number } },
    driverId: number,
    vehicleId: number,
    rest: Partial<AssignRequest> = {},
  ): AssignRequest => ({
    bookingId,
    driverId,
    vehicleId,
    expectedVersion: 0,
    acknowledged: null,
    staffAccountId: fleetIds.dispatcher.id,
    bufferMinutes: buffer,
    ...rest,
  })

  it('assigns, warns of an overlap until accepted, and logs and mails each assignment', async () => {
    const f = await fleet()
    const first = await confirmedBooking('2026-12-01', '10:00')
    const overlapping = await confirmedBooking('2026-12-01', '10:30')
    const later = await confirmedBooking('2026-12-02', '10:00')

    const assigned = await assignBooking(handle, request(first.id, f, f.driverId, f.vanId), now)
    expect(assigned).toMatchObject({ kind: 'assigned', version: 1 })
    expect((await currentAssignment(handle.db, first.id))?.driver.name).toBe('Ali Veli')
    const [mail] = await queuedMail(first.id)
    expect(mail).toMatchObject({
      dedupe_key: `assignment:${first.id}:1`,
      kind: 'traveller.assignment',
      recipient: expect.stringMatching(/^traveller-\d+@example\.com$/),
    })
    expect(mail!.text_body).toContain('Ali Veli')
    expect(mail!.text_body).toContain('+90 532 000 00 09')
    expect(mail!.text_body).toContain('Mercedes V')
    expect(mail!.text_body).toMatch(/Plate: 06 D \d+/)
    // SAW is an airport: the traveller is met in the arrivals hall.
    expect(mail!.text_body).toContain('arrivals hall')

    // The same driver and vehicle half an hour later: both overlap.
    const warned = await assignBooking(handle, request(overlapping.id, f, f.driverId, f.vanId), now)
    expect(warned.kind).toBe('warnings')
    if (warned.kind !== 'warnings') return
    expect(warned.warnings.map((warning) => warning.kind).sort()).toEqual([
      'driverOverlap',
      'vehicleOverlap',
    ])
    expect(warned.warnings[0]).toMatchObject({ reference: first.reference, tripTime: '10:00' })
    expect(await assignmentVersion(handle.db, overlapping.id)).toBe(0)
    // Accepting other warnings than these does not count.
    const wrongAck = await assignBooking(
      handle,
      request(overlapping.id, f, f.driverId, f.vanId, { acknowledged: 'seats:9>1' }),
      now,
    )
    expect(wrongAck.kind).toBe('warnings')
    const anyway = await assignBooking(
      handle,
      request(overlapping.id, f, f.driverId, f.vanId, { acknowledged: warned.fingerprint }),
      now,
    )
    expect(anyway).toMatchObject({ kind: 'assigned', version: 1 })
    const audit = await staffActionsOnBooking(handle.db, overlapping.id)
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({
      action: 'booking.assigned',
      staffName: 'Deniz Ak',
      before: { driver: null, vehicle: null },
      after: { driver: 'Ali Veli', warnings: warned.fingerprint },
    })

    // The next day is free; a different driver and vehicle do not overlap at all.
    expect((await assignBooking(handle, request(later.id, f, f.driverId, f.vanId), now)).kind).toBe(
      'assigned',
    )
    const third = await confirmedBooking('2026-12-01', '10:15')
    expect(
      (await assignBooking(handle, request(third.id, f, f.secondDriverId, f.van2Id), now)).kind,
    ).toBe('assigned')
  })

  it('refuses a driver whose hours do not cover the ride, or who is off then', async () => {
    const f = await fleet()
    // Monday to Friday, 08:00 to 18:00; Thursday 10 December 2026 off.
    await saveDriverHours(
      handle,
      f.driverId,
      ([1, 2, 3, 4, 5] as const).map((weekday) => ({ weekday, starts: '08:00', ends: '18:00' })),
      f.dispatcher.id,
      now,
    )
    const dayOff = {
      startsAt: istanbulInstant('2026-12-10', '00:00'),
      endsAt: istanbulInstant('2026-12-10', '24:00'),
      note: 'Family',
    }
    await addDriverTimeOff(handle, f.driverId, dayOff, f.dispatcher.id, now)

    // Friday at 20:00: after the hours.
    const evening = await confirmedBooking('2026-12-11', '20:00')
    expect(await assignBooking(handle, request(evening.id, f, f.driverId, f.vanId), now)).toEqual({
      kind: 'offDuty',
      driverName: 'Ali Veli',
      duty: {
        onDuty: false,
        reason: 'notWorking',
        at: istanbulInstant('2026-12-11', '20:00').getTime(),
        weekday: 5,
        time: '20:00',
      },
    })
    // Nothing was written: no assignment, no audit row, no e-mail.
    expect(await assignmentVersion(handle.db, evening.id)).toBe(0)
    expect(await staffActionsOnBooking(handle.db, evening.id)).toEqual([])
    expect(await queuedMail(evening.id)).toEqual([])
    // "Assign anyway" does not get past it either.
    expect(
      (
        await assignBooking(
          handle,
          request(evening.id, f, f.driverId, f.vanId, { acknowledged: '' }),
          now,
        )
      ).kind,
    ).toBe('offDuty')
    // Friday at 17:00: the ride's estimate (two hours to Şile) runs past 18:00.
    const late = await confirmedBooking('2026-12-11', '17:00')
    expect(
      await assignBooking(handle, request(late.id, f, f.driverId, f.vanId), now),
    ).toMatchObject({ kind: 'offDuty', duty: { reason: 'notWorking', time: '18:00' } })
    // Thursday at 10:00: inside the hours, but the day off.
    const thursday = await confirmedBooking('2026-12-10', '10:00')
    expect(
      await assignBooking(handle, request(thursday.id, f, f.driverId, f.vanId), now),
    ).toMatchObject({
      kind: 'offDuty',
      duty: {
        reason: 'timeOff',
        startsAt: dayOff.startsAt.toISOString(),
        endsAt: dayOff.endsAt.toISOString(),
      },
    })
    // Friday at 10:00 is inside; a driver with no hours entered works any time.
    const morning = await confirmedBooking('2026-12-11', '10:00')
    expect(
      (await assignBooking(handle, request(morning.id, f, f.driverId, f.vanId), now)).kind,
    ).toBe('assigned')
    expect(
      (await assignBooking(handle, request(evening.id, f, f.secondDriverId, f.van2Id), now)).kind,
    ).toBe('assigned')
  })

  it('a cancelled booking neither takes a driver nor blocks one', async () => {
    const f = await fleet()
    const cancelled = await confirmedBooking('2026-12-05', '10:00', 'cancelled' as never)
    expect(await assignBooking(handle, request(cancelled.id, f, f.driverId, f.vanId), now)).toEqual(
      { kind: 'refused', refusal: 'notAssignable' },
    )
    const first = await confirmedBooking('2026-12-05', '10:00')
    await assignBooking(handle, request(first.id, f, f.driverId, f.vanId), now)
    await handle.db
      .updateTable('bookings')
      .set({ status: 'cancelled' })
      .where('id', '=', first.id)
      .execute()
    const after = await confirmedBooking('2026-12-05', '10:30')
    expect((await assignBooking(handle, request(after.id, f, f.driverId, f.vanId), now)).kind).toBe(
      'assigned',
    )
  })

  it('gives a driver to a booking whose passengers are all named, not to a ride under way', async () => {
    const f = await fleet()
    const named = await confirmedBooking('2026-12-08', '10:00', 'confirmed', true)
    expect((await assignBooking(handle, request(named.id, f, f.driverId, f.vanId), now)).kind).toBe(
      'assigned',
    )
    const started = await confirmedBooking('2026-12-08', '16:00', 'on_the_way')
    expect(await assignBooking(handle, request(started.id, f, f.driverId, f.vanId), now)).toEqual({
      kind: 'refused',
      refusal: 'notAssignable',
    })
  })

  it('refuses a lower class and warns of a vehicle too small', async () => {
    const f = await fleet()
    const booking = await confirmedBooking('2026-12-08', '09:00')
    expect(
      await assignBooking(handle, request(booking.id, f, f.driverId, f.economyId), now),
    ).toEqual({ kind: 'refused', refusal: 'vehicleClass' })
    const small = await assignBooking(handle, request(booking.id, f, f.driverId, f.smallId), now)
    expect(small).toMatchObject({
      kind: 'warnings',
      warnings: [
        { kind: 'seats', seats: 3, passengers: 4 },
        { kind: 'luggage', luggage: 2, bags: 4 },
      ],
    })
    expect(small.kind === 'warnings' && small.fingerprint).toBe(
      warningsFingerprint([
        { kind: 'seats', seats: 3, passengers: 4 },
        { kind: 'luggage', luggage: 2, bags: 4 },
      ]),
    )
  })

  it('keeps one assignment per booking when two dispatchers assign at once', async () => {
    const f = await fleet()
    const booking = await confirmedBooking('2026-12-10', '14:00')
    const outcomes = await Promise.all([
      assignBooking(handle, request(booking.id, f, f.driverId, f.vanId), now),
      assignBooking(handle, request(booking.id, f, f.secondDriverId, f.van2Id), now),
    ])
    expect(outcomes.map((outcome) => outcome.kind).sort()).toEqual(['assigned', 'stale'])
    const rows = await handle.db
      .selectFrom('booking_assignments')
      .selectAll()
      .where('booking_id', '=', booking.id)
      .execute()
    expect(rows).toHaveLength(1)
    expect(rows[0]!.version).toBe(1)
    expect(await staffActionsOnBooking(handle.db, booking.id)).toHaveLength(1)
    expect(await queuedMail(booking.id)).toHaveLength(1)
  })

  it('warns of the overlap when two dispatchers give one driver two rides at once', async () => {
    const f = await fleet()
    // Several rides within the same hour, each given the same driver and van at the same moment.
    const rides = await Promise.all(
      ['11:00', '11:10', '11:20', '11:30'].map((time) => confirmedBooking('2026-12-14', time)),
    )
    const outcomes = await Promise.all(
      rides.map((ride) => assignBooking(handle, request(ride.id, f, f.driverId, f.vanId), now)),
    )
    expect(outcomes.filter((outcome) => outcome.kind === 'assigned')).toHaveLength(1)
    expect(outcomes.filter((outcome) => outcome.kind === 'warnings')).toHaveLength(3)
  })

  it('a change and a removal each bump the version; each assignment mails once', async () => {
    const f = await fleet()
    const booking = await confirmedBooking('2026-12-12', '08:00')
    await assignBooking(handle, request(booking.id, f, f.driverId, f.vanId), now)
    // The same pair again changes nothing.
    expect(
      await assignBooking(
        handle,
        request(booking.id, f, f.driverId, f.vanId, { expectedVersion: 1 }),
        now,
      ),
    ).toEqual({ kind: 'unchanged' })
    expect(
      await assignBooking(
        handle,
        request(booking.id, f, f.secondDriverId, f.vanId, { expectedVersion: 1 }),
        now,
      ),
    ).toMatchObject({ kind: 'assigned', version: 2 })
    expect(
      await unassignBooking(
        handle,
        { bookingId: booking.id, expectedVersion: 1, staffAccountId: f.dispatcher.id },
        now,
      ),
    ).toEqual({ kind: 'stale' })
    expect(
      await unassignBooking(
        handle,
        { bookingId: booking.id, expectedVersion: 2, staffAccountId: f.dispatcher.id },
        now,
      ),
    ).toEqual({ kind: 'unassigned', mailId: expect.any(Number), textIds: [undefined] })
    expect(await currentAssignment(handle.db, booking.id)).toBeUndefined()
    expect(
      await assignBooking(
        handle,
        request(booking.id, f, f.driverId, f.vanId, { expectedVersion: 3 }),
        now,
      ),
    ).toMatchObject({ kind: 'assigned', version: 4 })

    const audit = await staffActionsOnBooking(handle.db, booking.id)
    expect(audit.map((entry) => entry.action)).toEqual([
      'booking.assigned',
      'booking.assigned',
      'booking.unassigned',
      'booking.assigned',
    ])
    expect(audit[1]).toMatchObject({ before: { driver: 'Ali Veli' }, after: { driver: 'Can Er' } })
    expect(audit[2]).toMatchObject({ before: { driver: 'Can Er' }, after: { driver: null } })
    const mails = await queuedMail(booking.id)
    expect(mails.map((mail) => mail.dedupe_key)).toEqual([
      `assignment:${booking.id}:1`,
      `assignment:${booking.id}:2`,
      `unassignment:${booking.id}:3`,
      `assignment:${booking.id}:4`,
    ])
    // The traveller is told the car they were sent is not coming, without its details.
    const withdrawn = mails[2]!
    expect(withdrawn.kind).toBe('traveller.withdrawn')
    expect(withdrawn.text_body).toContain('no longer assigned')
    expect(withdrawn.text_body).not.toContain('Can Er')
  })

  it('lets the assigned driver mark each step of the ride in order, and no one else', async () => {
    const f = await fleet()
    const { account, driverId } = await signedInDriver('Emre Yıldız', 'L-9', f.dispatcher.id)
    const { account: other } = await signedInDriver('Not Assigned', 'L-10', f.dispatcher.id)
    const booking = await confirmedBooking('2026-12-09', '10:00', 'confirmed', true)
    expect((await assignBooking(handle, request(booking.id, f, driverId, f.vanId), now)).kind).toBe(
      'assigned',
    )
    // "Passenger on board" needs the code the traveller says at the kerb.
    const pickupCode = booking.pickup_code!
    const mark = (accountId: number, step: RideStatus, at = now) =>
      markRideStep(handle, { accountId, reference: booking.reference, step, pickupCode }, at)

    expect(await mark(other.id, 'on_the_way')).toEqual({ kind: 'notYours' })
    expect(await mark(account.id, 'arrived')).toEqual({ kind: 'outOfOrder' })
    const minutes = (count: number) => new Date(now.getTime() + count * 60_000)
    expect(await mark(account.id, 'on_the_way', minutes(1))).toMatchObject({ kind: 'marked' })
    // A second tap on the same button changes nothing.
    expect(await mark(account.id, 'on_the_way', minutes(2))).toEqual({ kind: 'already' })
    expect(await mark(account.id, 'arrived', minutes(30))).toMatchObject({ kind: 'marked' })
    expect(await mark(account.id, 'on_board', minutes(40))).toMatchObject({ kind: 'marked' })
    expect(await mark(account.id, 'no_show', minutes(41))).toEqual({ kind: 'outOfOrder' })
    expect(await mark(account.id, 'finished', minutes(120))).toMatchObject({ kind: 'marked' })

    const events = await handle.db
      .selectFrom('booking_events')
      .select(['from_status', 'to_status', 'created_at'])
      .where('booking_id', '=', booking.id)
      .where('to_status', 'in', ['on_the_way', 'arrived', 'on_board', 'finished'])
      .orderBy('id')
      .execute()
    expect(events).toEqual([
      { from_status: 'confirmed', to_status: 'on_the_way', created_at: minutes(1).toISOString() },
      { from_status: 'on_the_way', to_status: 'arrived', created_at: minutes(30).toISOString() },
      { from_status: 'arrived', to_status: 'on_board', created_at: minutes(40).toISOString() },
      { from_status: 'on_board', to_status: 'finished', created_at: minutes(120).toISOString() },
    ])
    const audit = (await staffActionsOnBooking(handle.db, booking.id)).filter(
      (entry) => entry.action === 'booking.status_changed',
    )
    expect(audit.map((entry) => [entry.staffName, entry.after?.status])).toEqual([
      ['Emre Yıldız', 'on_the_way'],
      ['Emre Yıldız', 'arrived'],
      ['Emre Yıldız', 'on_board'],
      ['Emre Yıldız', 'finished'],
    ])
  })

  it('lets no driver mark a ride once it was taken from them, even at the same moment', async () => {
    const f = await fleet()
    const { account, driverId } = await signedInDriver('Ozan Kurt', 'L-11', f.dispatcher.id)
    // A few rounds: the driver marks a step while the dispatcher removes them.
    for (const time of ['07:00', '09:00', '11:00', '13:00', '15:00']) {
      const booking = await confirmedBooking('2026-12-16', time)
      await assignBooking(handle, request(booking.id, f, driverId, f.vanId), now)
      await Promise.all([
        unassignBooking(
          handle,
          { bookingId: booking.id, expectedVersion: 1, staffAccountId: f.dispatcher.id },
          now,
        ),
        markRideStep(
          handle,
          { accountId: account.id, reference: booking.reference, step: 'on_the_way' },
          now,
        ),
      ])
      // Whichever came first, a step the driver marked is logged before the removal.
      const actions = (await staffActionsOnBooking(handle.db, booking.id)).map(
        (entry) => entry.action,
      )
      expect(actions.slice(actions.indexOf('booking.unassigned'))).toEqual(['booking.unassigned'])
    }
  })

  it('texts a traveller who chose SMS at each step, and the driver their job', async () => {
    const f = await fleet()
    const { account, driverId } = await signedInDriver('Emre Yıldız', 'L-77', f.dispatcher.id)
    const booking = await confirmedBooking('2026-12-10', '09:30')
    await handle.db
      .updateTable('bookings')
      .set({ updates_channel: 'sms', phone: '+905325550177', language: 'tr' })
      .where('id', '=', booking.id)
      .execute()
    const texts = () =>
      handle.db
        .selectFrom('outgoing_messages')
        .select(['kind', 'channel', 'recipient', 'language', 'text_body'])
        .where('booking_id', '=', booking.id)
        .where('channel', '!=', 'email')
        .orderBy('id')
        .execute()

    const assigned = await assignBooking(handle, request(booking.id, f, driverId, f.vanId), now)
    expect(assigned).toMatchObject({
      kind: 'assigned',
      textIds: [expect.any(Number), expect.any(Number)],
    })
    const mark = (step: RideStatus, minutes: number) =>
      markRideStep(
        handle,
        {
          accountId: account.id,
          reference: booking.reference,
          step,
          pickupCode: booking.pickup_code!,
        },
        new Date(now.getTime() + minutes * 60_000),
      )
    expect(await mark('on_the_way', 1)).toEqual({ kind: 'marked', textIds: [expect.any(Number)] })
    expect(await mark('arrived', 30)).toEqual({ kind: 'marked', textIds: [expect.any(Number)] })
    // No text for the steps the traveller sees for themselves.
    expect(await mark('on_board', 40)).toEqual({ kind: 'marked', textIds: [undefined] })

    const sent = await texts()
    expect(sent.map(({ kind, recipient, language }) => [kind, recipient, language])).toEqual([
      ['text.driverAssigned', '+905325550177', 'tr'],
      ['text.driverJob', '+905320000010', 'tr'],
      ['text.onTheWay', '+905325550177', 'tr'],
      ['text.arrived', '+905325550177', 'tr'],
    ])
    expect(sent[0]!.text_body).toContain('Emre Yıldız')
    expect(sent[0]!.text_body).toContain('+90 532 000 00 10')
    expect(sent[1]!.text_body).toContain(booking.reference)
    expect(sent[1]!.text_body).toMatch(/\/ops\/jobs$/)
    expect(sent[3]!.text_body).toContain('sizi bekliyor')
    // The code travels with the driver's name and when they are waiting.
    expect(sent[0]!.text_body).toContain(`Karşılama kodu: ${booking.pickup_code}`)
    expect(sent[3]!.text_body).toContain(`Karşılama kodu: ${booking.pickup_code}`)
    expect(sent[1]!.text_body).not.toContain(booking.pickup_code)
  })
})
