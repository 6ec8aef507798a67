import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/connect.server'
import { createDraft, findBooking } from '~/booking/bookings.server'
import { completeBooking } from '~/booking/passenger-names.server'
import { createStaffAccount } from '~/staff/accounts.server'
import { addDriver, changeDriver } from '~/dispatch/drivers.server'
import { addVehicle } from '~/dispatch/vehicles.server'
import { assignBooking, assignmentVersion } from '~/dispatch/assignment.server'
import { createUetdsSoapService } from '~/adapters/uetds/uetds-soap-service.server'
import { draftInput } from '../../tests/support/booking-fixtures'
import { storageBackends, useMigratedDatabase } from '../../tests/support/database-backends'
import { startFakeUetds, type FakeUetds } from '../../tests/support/uetds-fake-server'
import { fileTrips } from './uetds-filing.server'

// 3 December 2026, 10:00 in Istanbul is 07:00Z.
const before = (hours: number) => new Date(Date.parse('2026-12-03T07:00:00Z') - hours * 3_600_000)
const minutesLater = (at: Date, minutes: number) => new Date(at.getTime() + minutes * 60_000)
const lead = 90
const ayse = {
  firstname: 'Ayşe',
  lastname: 'Yılmaz',
  identity: { nationality: 'TR', identityNumber: '19191919190', passportNumber: null },
} as const
const hans = {
  firstname: 'Hans',
  lastname: 'Müller',
  identity: { nationality: 'DE', identityNumber: null, passportNumber: 'C01X00T47' },
} as const

/**
 * The filing job against the U-ETDS stand-in, with a clock, on both
 * databases: filed within a day of the pickup once complete, updated part by
 * part on a change, cancelled with the ride, refusals and silence retried
 * with back-off, and never filed twice by two instances.
 */
describe.each(storageBackends())('U-ETDS filing on $name', (backend) => {
  let handle: DatabaseHandle
  useMigratedDatabase(backend, (opened) => (handle = opened))
  let fake: FakeUetds
  beforeAll(async () => {
    fake = await startFakeUetds()
  })
  afterAll(() => fake.close())
  const service = () =>
    createUetdsSoapService({ url: fake.url, username: fake.username, password: fake.password })
  const run = (at: Date) => fileTrips(handle, service(), at, lead)

  let counter = 0
  let dispatcherId = 0
  async function fleetMember(sex: 'female' | 'male' | null = 'male', identity = '10000000146') {
    if (!dispatcherId) {
      dispatcherId = (
        await createStaffAccount(
          handle,
          {
            email: 'desk@example.com',
            name: 'Desk',
            role: 'dispatcher',
            password: 'a-long-password-1',
          },
          before(72),
        )
      ).id
    }
    const n = counter++
    const driver = await addDriver(
      handle,
      {
        name: `Mehmet Kaya ${n}`,
        phone: '+90 555 111 22 33',
        languages: 'Turkish',
        licenceNumber: `L-${n}`,
        identityNumber: identity,
        documentSex: sex,
        offerChannel: 'sms',
        usualVehicleId: null,
        staffAccountId: null,
        active: true,
      },
      dispatcherId,
      before(72),
    )
    const plate = `34 UE ${100 + n}`
    const vehicle = await addVehicle(
      handle,
      {
        classCode: 'LUXMNVN',
        makeModel: 'Mercedes Vito',
        plate,
        colour: 'Black',
        seats: 6,
        luggage: 6,
        active: true,
      },
      dispatcherId,
      before(72),
    )
    if (!driver.ok || !vehicle.ok) throw new Error('fleet not stored')
    fake.plates.add(plate.replaceAll(' ', ''))
    return { driverId: driver.id, vehicleId: vehicle.id, plate: plate.replaceAll(' ', '') }
  }

  async function ride(
    options: { passengers?: (typeof ayse | typeof hans)[]; assigned?: boolean } = {},
  ) {
    const { booking: draft } = await createDraft(handle, draftInput(1, '2026-12-03'), before(72))
    await handle.db
      .updateTable('bookings')
      .set({ status: 'confirmed', first_name: 'Ayşe', last_name: 'Yılmaz', passenger_count: 2 })
      .where('id', '=', draft.id)
      .execute()
    const booking = (await findBooking(handle, draft.id))!
    await completeBooking(handle, booking, options.passengers ?? [ayse, hans], before(48))
    const fleet = await fleetMember()
    if (options.assigned !== false) await assign(booking.id, fleet)
    return { booking: (await findBooking(handle, draft.id))!, fleet }
  }

  async function assign(bookingId: string, fleet: { driverId: number; vehicleId: number }) {
    const outcome = await assignBooking(
      handle,
      {
        bookingId,
        ...fleet,
        expectedVersion: await assignmentVersion(handle.db, bookingId),
        acknowledged: null,
        staffAccountId: dispatcherId,
        bufferMinutes: 30,
      },
      before(40),
    )
    if (outcome.kind !== 'assigned') throw new Error(`not assigned: ${JSON.stringify(outcome)}`)
  }

  const filingOf = (bookingId: string) =>
    handle.db
      .selectFrom('uetds_filings')
      .selectAll()
      .where('booking_id', '=', bookingId)
      .executeTakeFirst()
  const callsFor = (reference: string | null | undefined) =>
    fake.calls.filter((call) => call.reference === reference).map((call) => call.operation)

  it('files a complete ride within a day of its pickup, part by part, and then leaves it', async () => {
    const { booking, fleet } = await ride()
    expect(await run(before(30))).toMatchObject({ filed: 0 })
    expect(await filingOf(booking.id)).toBeUndefined()

    expect(await run(before(23))).toMatchObject({ filed: 1, refused: 0, unanswered: 0 })
    const filing = (await filingOf(booking.id))!
    expect(filing.trip_reference).toMatch(/^\d{14}$/)
    expect(callsFor(filing.trip_reference)).toEqual([
      'seferEkle',
      'seferGrupEkle',
      'personelEkle',
      'yolcuEkleCoklu',
      'seferDetayCiktisiAl',
    ])
    const trip = fake.trips.get(filing.trip_reference!)!
    expect(trip.fields).toMatchObject({
      aracPlaka: fleet.plate,
      hareketSaati: '10:00',
      firmaSeferNo: booking.reference,
    })
    expect(trip.crew.map((member) => member.document)).toEqual(['10000000146'])
    expect(trip.passengers.map((passenger) => passenger.document)).toEqual([
      '19191919190',
      'C01X00T47',
    ])
    expect(Buffer.from(filing.document_pdf!, 'base64').subarray(0, 5).toString()).toBe('%PDF-')
    expect(filing.filed_at).toBe(before(23).toISOString())
    // Nothing stored names a document: hashes of the parts, the crew sealed.
    expect(JSON.stringify(filing)).not.toContain('19191919190')
    expect(JSON.stringify(filing)).not.toContain('10000000146')
    const answers = await handle.db
      .selectFrom('uetds_answers')
      .select(['operation', 'outcome', 'code'])
      .where('booking_id', '=', booking.id)
      .orderBy('id')
      .execute()
    expect(answers.map((answer) => answer.outcome)).toEqual(['ok', 'ok', 'ok', 'ok', 'ok'])

    // A later run, nothing changed: the service is not asked again.
    await run(before(20))
    expect(callsFor(filing.trip_reference)).toHaveLength(5)
  })

  it('sends again only what changed: the car, the driver, the passengers', async () => {
    const { booking } = await ride()
    await run(before(23))
    const reference = (await filingOf(booking.id))!.trip_reference
    const sent = () => callsFor(reference).slice(5)

    // Another car (and driver with it): the trip updated, the crew replaced.
    const other = await fleetMember('female', '10000000146')
    await assign(booking.id, other)
    expect(await run(before(22))).toMatchObject({ filed: 1 })
    expect(sent()).toEqual([
      'seferGuncelle',
      'personelIptal',
      'personelEkle',
      'seferDetayCiktisiAl',
    ])
    const trip = fake.trips.get(reference!)!
    expect(trip.fields['aracPlaka']).toBe(other.plate)
    expect(trip.crew.map((member) => [member.cancelled, member.fields['cinsiyet']])).toEqual([
      [true, 'E'],
      [false, 'K'],
    ])

    // The traveller corrects a passenger: the list is cancelled and sent anew.
    await completeBooking(
      handle,
      booking,
      [ayse, { ...hans, identity: { ...hans.identity, passportNumber: 'C01X00T48' } }],
      before(21),
    )
    await run(before(21))
    expect(sent().slice(4)).toEqual([
      'yolcuIptalUetdsYolcuRefNoIle',
      'yolcuIptalUetdsYolcuRefNoIle',
      'yolcuEkleCoklu',
      'seferDetayCiktisiAl',
    ])
    expect(trip.passengers.filter((row) => !row.cancelled).map((row) => row.document)).toEqual([
      '19191919190',
      'C01X00T48',
    ])
    // The driver's sex corrected on their card: the crew alone goes again.
    await changeDriver(
      handle,
      other.driverId,
      {
        name: 'Mehmet Kaya 0',
        phone: '+90 555 111 22 33',
        languages: 'Turkish',
        licenceNumber: 'L-x',
        documentSex: 'male',
        offerChannel: 'sms',
        usualVehicleId: null,
        staffAccountId: null,
        active: true,
      },
      dispatcherId,
      before(20),
    )
    await run(before(20))
    expect(sent().slice(8)).toEqual(['personelIptal', 'personelEkle', 'seferDetayCiktisiAl'])
  })

  it('cancels the trip of a ride cancelled or not shown for, at the next run', async () => {
    const { booking } = await ride()
    await run(before(23))
    await handle.db
      .updateTable('bookings')
      .set({ status: 'cancelled' })
      .where('id', '=', booking.id)
      .execute()
    expect(await run(before(22.9))).toMatchObject({ cancelled: 1 })
    const filing = (await filingOf(booking.id))!
    expect(filing.cancelled_at).toBe(before(22.9).toISOString())
    expect(fake.trips.get(filing.trip_reference!)).toMatchObject({
      cancelled: true,
      cancelReason: 'Rezervasyon iptal edildi',
    })
    // Once.
    expect(await run(before(22))).toMatchObject({ cancelled: 0 })
  })

  it('waits for what is missing, and files once it is given', async () => {
    const { booking } = await ride({ passengers: [ayse, { ...hans, identity: null }] as never })
    expect(await run(before(23))).toMatchObject({ filed: 0 })
    expect((await filingOf(booking.id))?.trip_reference ?? null).toBeNull()
    await completeBooking(handle, booking, [ayse, hans], before(3))
    expect(await run(before(2))).toMatchObject({ filed: 1 })
  })

  it('retries a refusal and a silent service later each time, and stores every answer', async () => {
    const { booking, fleet } = await ride()
    fake.plates.delete(fleet.plate)
    const first = before(23)
    expect(await run(first)).toMatchObject({ refused: 1 })
    let filing = (await filingOf(booking.id))!
    expect(filing).toMatchObject({
      trip_reference: null,
      failures: 1,
      last_outcome: 'refused',
      last_operation: 'seferEkle',
      last_code: 2,
      last_message: 'ARAÇ PLAKASI FİRMANIN YETKİ BELGESİNDE KAYITLI DEĞİL',
      next_try_at: minutesLater(first, 5).toISOString(),
    })
    // Not before its time; then the service does not answer: ten minutes more.
    expect(await run(minutesLater(first, 4))).toMatchObject({ refused: 0, unanswered: 0 })
    fake.script({ status: 503 })
    expect(await run(minutesLater(first, 5))).toMatchObject({ unanswered: 1 })
    filing = (await filingOf(booking.id))!
    expect(filing).toMatchObject({ failures: 2, last_outcome: 'unanswered' })
    expect(filing.next_try_at).toBe(minutesLater(first, 15).toISOString())
    // The plate added to the licence: filed at the next try.
    fake.plates.add(fleet.plate)
    expect(await run(minutesLater(first, 15))).toMatchObject({ filed: 1 })
    expect((await filingOf(booking.id))!).toMatchObject({ failures: 0, last_outcome: 'ok' })
    const outcomes = await handle.db
      .selectFrom('uetds_answers')
      .select('outcome')
      .where('booking_id', '=', booking.id)
      .orderBy('id')
      .execute()
    expect(outcomes.map((row) => row.outcome).slice(0, 3)).toEqual(['refused', 'unanswered', 'ok'])
  })

  it('keeps the passengers the service took when it refused another, and sends the list whole later', async () => {
    const { booking } = await ride()
    fake.refusedDocuments.add('C01X00T47')
    expect(await run(before(23))).toMatchObject({ refused: 1 })
    const filing = (await filingOf(booking.id))!
    expect(filing.last_code).toBe(88)
    expect(filing.last_message).toContain('passenger 2: YOLCU BELGE NUMARASI DOĞRULANAMADI')
    expect(JSON.parse(filing.tickets!)).toHaveLength(1)
    fake.refusedDocuments.delete('C01X00T47')
    expect(await run(minutesLater(before(23), 5))).toMatchObject({ filed: 1 })
    const trip = fake.trips.get(filing.trip_reference!)!
    expect(trip.passengers.filter((row) => !row.cancelled).map((row) => row.document)).toEqual([
      '19191919190',
      'C01X00T47',
    ])
  })

  it('never files one ride twice when two instances run at once', async () => {
    const { booking } = await ride()
    const another = await backend.openAnother()
    try {
      fake.script({ holdMs: 200 })
      await Promise.all([run(before(23)), fileTrips(another, service(), before(23), lead)])
    } finally {
      await another.db.destroy()
    }
    const filing = (await filingOf(booking.id))!
    expect(
      fake.calls.filter(
        (call) => call.operation === 'seferEkle' && call.reference === filing.trip_reference,
      ),
    ).toHaveLength(1)
    expect(
      [...fake.trips.values()].filter((trip) => trip.fields['firmaSeferNo'] === booking.reference),
    ).toHaveLength(1)
  })
})
