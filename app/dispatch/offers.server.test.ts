import { describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/connect.server'
import type { OfferChannel } from '~/db/schema'
import { createDraft } from '~/booking/bookings.server'
import { createStaffAccount } from '~/staff/accounts.server'
import { staffActionsOnBooking } from '~/audit/audit.server'
import { boardBookings } from '~/staff/board.server'
import { draftBetween, draftInput } from '../../tests/support/booking-fixtures'
import { storageBackends, useMigratedDatabase } from '../../tests/support/database-backends'
import { addDriver } from './drivers.server'
import { addVehicle } from './vehicles.server'
import { saveDriverHours } from './driver-hours.server'
import { assignBooking, assignmentVersion, currentAssignment } from './assignment.server'
import {
  answerOffer,
  expireOffers,
  offerJob,
  offerRidesInTurn,
  offersOfDriver,
  saveDispatchSettings,
} from './offers.server'
import { suggestDrivers } from './suggestions.server'
import { jobsOfDriver } from './jobs.server'
import { addDays, istanbulDate } from '~/domain/booking-window'
import { istanbulInstant, istanbulWeekTime } from '~/domain/dispatch/working-hours'

// The board reads offers at the real clock: the rides are days from today.
const now = new Date()
const day = (days: number) => addDays(istanbulDate(now), days)
const buffer = 30
const minutesLater = (minutes: number) => new Date(now.getTime() + minutes * 60_000)

describe.each(storageBackends())('jobs offered to drivers on $name', (backend) => {
  let handle: DatabaseHandle
  useMigratedDatabase(backend, (opened) => (handle = opened))

  let counter = 0
  let dispatcherId: number

  async function dispatcher() {
    dispatcherId ??= (
      await createStaffAccount(
        handle,
        {
          email: `dispatch-${counter++}@example.com`,
          name: 'Deniz Aksoy',
          role: 'dispatcher',
          password: 'a-long-password-1',
        },
        now,
      )
    ).id
    return dispatcherId
  }

  /** A paid ride, class index 1 (LUXMNVN), SAW → Şile unless told, on `date` at `time`. */
  async function paidRide(date: string, time: string, input = draftInput(1, date)) {
    const { booking } = await createDraft(handle, input, now)
    await handle.db
      .updateTable('bookings')
      .set({
        status: 'confirmed',
        trip_time: time,
        first_name: 'Ayşe',
        last_name: 'Yılmaz',
        email: `traveller-${counter++}@example.com`,
        confirmed_at: now.toISOString(),
      })
      .where('id', '=', booking.id)
      .execute()
    return (await handle.db
      .selectFrom('bookings')
      .selectAll()
      .where('id', '=', booking.id)
      .executeTakeFirstOrThrow())!
  }

  /** A driver with their own sign-in and a usual car of the ride's class. */
  async function driverWithCar(
    name: string,
    options: { channel?: OfferChannel; withCar?: boolean; languages?: string } = {},
  ) {
    const by = await dispatcher()
    const account = await createStaffAccount(
      handle,
      {
        email: `driver-${counter++}@example.com`,
        name,
        role: 'driver',
        password: 'a-long-password-1',
      },
      now,
    )
    const car = await addVehicle(
      handle,
      {
        classCode: 'LUXMNVN',
        makeModel: 'Mercedes V',
        plate: `34 OF ${counter++}`,
        colour: 'Black',
        seats: 6,
        luggage: 6,
        active: true,
      },
      by,
      now,
    )
    if (!car.ok) throw new Error('car not added')
    const driver = await addDriver(
      handle,
      {
        name,
        phone: `+90 532 000 ${String(counter++).padStart(2, '0')} 11`,
        languages: options.languages ?? 'Turkish, English',
        licenceNumber: `OF-${counter++}`,
        staffAccountId: account.id,
        offerChannel: options.channel ?? 'sms',
        usualVehicleId: options.withCar === false ? null : car.id,
        active: true,
      },
      by,
      now,
    )
    if (!driver.ok) throw new Error('driver not added')
    return { accountId: account.id, driverId: driver.id, vehicleId: car.id }
  }

  async function offer(bookingId: string, driverIds: number[], payMinor: number | null = 150000) {
    return offerJob(
      handle,
      { bookingId, driverIds, payMinor, staffAccountId: await dispatcher(), bufferMinutes: buffer },
      now,
    )
  }

  /** A dispatcher gives the ride to the driver and their car, by hand. */
  async function assignByHand(bookingId: string, driver: { driverId: number; vehicleId: number }) {
    return assignBooking(
      handle,
      {
        bookingId,
        driverId: driver.driverId,
        vehicleId: driver.vehicleId,
        expectedVersion: 0,
        acknowledged: null,
        staffAccountId: await dispatcher(),
        bufferMinutes: buffer,
      },
      now,
    )
  }

  function accept(offerId: number, accountId: number, at = now, on = handle) {
    return answerOffer(on, { offerId, accountId, answer: 'accept', bufferMinutes: buffer }, at)
  }

  async function offerStatuses(bookingId: string) {
    const rows = await handle.db
      .selectFrom('job_offers')
      .select(['driver_id', 'status'])
      .where('booking_id', '=', bookingId)
      .orderBy('id')
      .execute()
    return Object.fromEntries(rows.map((row) => [row.driver_id, row.status]))
  }

  it('offers a ride to two drivers by their channels; the first to accept drives it', async () => {
    const ride = await paidRide(day(2), '10:00')
    const ali = await driverWithCar('Ali Kaya')
    const burak = await driverWithCar('Burak Demir', { channel: 'email' })
    const offered = await offer(ride.id, [ali.driverId, burak.driverId])
    expect(offered).toMatchObject({ kind: 'offered', refused: [] })
    if (offered.kind !== 'offered') throw new Error('not offered')
    expect(offered.offerIds).toHaveLength(2)

    // Each hears by their channel: Ali by SMS, Burak by e-mail to his sign-in, with the pay.
    const messages = await handle.db
      .selectFrom('outgoing_messages')
      .select(['channel', 'recipient', 'text_body', 'language'])
      .where('kind', '=', 'driver.offer')
      .where('booking_id', '=', ride.id)
      .orderBy('id')
      .execute()
    expect(messages.map((message) => message.channel)).toEqual(['sms', 'email'])
    expect(messages[0]!.recipient).toMatch(/^\+90532000/)
    expect(messages[0]!.language).toBe('tr')
    expect(messages[0]!.text_body).toMatch(/^İş teklifi MC-\w+: .* 10:00, alış Sabiha Gökçen/)
    expect(messages[0]!.text_body).toContain('/ops/jobs#offer-')
    expect(messages[1]!.recipient).toMatch(/^driver-\d+@example\.com$/)
    expect(messages[1]!.text_body).toContain('Nereye: Şile')
    expect(messages[1]!.text_body).toContain('Ücret: ₺1.500')

    // Both see it on their page, with the pay and the ride, never the traveller's name.
    const [seen] = await offersOfDriver(handle.db, burak.driverId, now)
    expect(seen!.offer).toMatchObject({ status: 'open', payMinor: 150000 })

    const won = await accept(offered.offerIds[1]!, burak.accountId, minutesLater(2))
    expect(won).toMatchObject({ kind: 'accepted', reference: ride.reference })
    const late = await accept(offered.offerIds[0]!, ali.accountId, minutesLater(3))
    expect(late).toEqual({ kind: 'closed', status: 'taken' })
    const assignment = await currentAssignment(handle.db, ride.id)
    expect(assignment?.driver.name).toBe('Burak Demir')
    expect(assignment?.vehicle.id).toBe(burak.vehicleId)
    expect(await offerStatuses(ride.id)).toEqual({
      [ali.driverId]: 'taken',
      [burak.driverId]: 'accepted',
    })
    // The traveller hears of their driver once; the log names the driver who accepted.
    const actions = (await staffActionsOnBooking(handle.db, ride.id)).map((entry) => entry.action)
    expect(actions).toEqual(['booking.offered', 'booking.offer_accepted'])
    const driverMails = await handle.db
      .selectFrom('outgoing_messages')
      .select('kind')
      .where('booking_id', '=', ride.id)
      .where('kind', '=', 'traveller.assignment')
      .execute()
    expect(driverMails).toHaveLength(1)
  })

  it('writes to a driver who reads no Turkish in English, with no key or placeholder left', async () => {
    const ride = await paidRide(day(2), '16:00')
    const pat = await driverWithCar('Pat Smith', { channel: 'email', languages: 'English' })
    const sam = await driverWithCar('Sam Jones', {
      channel: 'whatsapp',
      languages: 'English, German',
    })
    await offer(ride.id, [pat.driverId, sam.driverId], null)
    const messages = await handle.db
      .selectFrom('outgoing_messages')
      .select(['channel', 'language', 'subject', 'text_body', 'html_body', 'template_json'])
      .where('kind', '=', 'driver.offer')
      .where('booking_id', '=', ride.id)
      .orderBy('id')
      .execute()
    expect(messages.map((message) => [message.channel, message.language])).toEqual([
      ['email', 'en'],
      ['whatsapp', 'en'],
    ])
    const [mail, text] = messages
    expect(mail!.subject).toMatch(/^Job offer: .* 16:00, Sabiha Gökçen Airport \(SAW\) to Şile$/)
    expect(mail!.text_body).toContain('Pay: As agreed')
    expect(text!.text_body).toMatch(/^Job offer MC-\w+: .* 16:00 from Sabiha Gökçen/)
    expect(JSON.parse(text!.template_json!).name).toBe('driverOffer.en')
    for (const body of [mail!.subject, mail!.text_body, mail!.html_body, text!.text_body]) {
      expect(body).not.toMatch(/\{\{|\}\}|ops\.offers|texts\./)
    }
  })

  it(
    'gives the ride to exactly one of two drivers accepting at once, on two connections',
    {
      timeout: 30_000,
    },
    async () => {
      for (let round = 0; round < 4; round++) {
        const ride = await paidRide(day(3), `1${round}:00`)
        const first = await driverWithCar(`First ${round}`)
        const second = await driverWithCar(`Second ${round}`)
        const offered = await offer(ride.id, [first.driverId, second.driverId])
        if (offered.kind !== 'offered') throw new Error('not offered')
        const other = await backend.openAnother()
        let answers
        try {
          answers = await Promise.all([
            accept(offered.offerIds[0]!, first.accountId, minutesLater(1), handle),
            accept(offered.offerIds[1]!, second.accountId, minutesLater(1), other),
          ])
        } finally {
          await other.db.destroy()
        }
        expect(answers.map((answer) => answer.kind).sort()).toEqual(['accepted', 'closed'])
        expect(answers.find((answer) => answer.kind === 'closed')).toEqual({
          kind: 'closed',
          status: 'taken',
        })
        expect(await assignmentVersion(handle.db, ride.id)).toBe(1)
        const accepted = await handle.db
          .selectFrom('job_offers')
          .select('id')
          .where('booking_id', '=', ride.id)
          .where('status', '=', 'accepted')
          .execute()
        expect(accepted).toHaveLength(1)
      }
    },
  )

  it('says why a driver is not offered a ride: no car, off duty, busy, already offered', async () => {
    const ride = await paidRide(day(4), '10:00')
    const noCar = await driverWithCar('Cem No Car', { withCar: false })
    const offDuty = await driverWithCar('Deniz Off')
    // This driver works only on the day after the ride's weekday.
    const { weekday } = istanbulWeekTime(istanbulInstant(day(4), '10:00').getTime())
    await saveDriverHours(
      handle,
      offDuty.driverId,
      [{ weekday: ((weekday % 7) + 1) as typeof weekday, starts: '08:00', ends: '18:00' }],
      await dispatcher(),
      now,
    )
    const busy = await driverWithCar('Emre Busy')
    const other = await paidRide(day(4), '10:30')
    await assignByHand(other.id, busy)
    const free = await driverWithCar('Ferhat Free')
    expect(await offer(ride.id, [free.driverId])).toMatchObject({ kind: 'offered', refused: [] })
    const outcome = await offer(ride.id, [
      noCar.driverId,
      offDuty.driverId,
      busy.driverId,
      free.driverId,
    ])
    expect(outcome).toMatchObject({
      kind: 'offered',
      offerIds: [],
      refused: [
        { name: 'Cem No Car', refusal: 'noVehicle' },
        { name: 'Deniz Off', refusal: 'offDuty' },
        { name: 'Emre Busy', refusal: 'busy' },
        { name: 'Ferhat Free', refusal: 'alreadyOffered' },
      ],
    })
    // The board suggests only the free one, and the busy ride already has its driver.
    const suggested = await suggestDrivers(handle.db, ride, buffer, 1.3)
    expect(suggested.map((suggestion) => suggestion.name)).toContain('Ferhat Free')
    expect(suggested.map((suggestion) => suggestion.name)).not.toContain('Emre Busy')
    expect(suggested.map((suggestion) => suggestion.name)).not.toContain('Deniz Off')
    expect(suggested.map((suggestion) => suggestion.name)).not.toContain('Cem No Car')
    expect(await offer(other.id, [free.driverId])).toEqual({ kind: 'assigned' })
  })

  it('lets offers lapse: expired past the deadline, declined; then the board flags the ride', async () => {
    const ride = await paidRide(day(5), '09:00')
    const gul = await driverWithCar('Gül Yıldız')
    const hakan = await driverWithCar('Hakan Öz')
    const offered = await offer(ride.id, [gul.driverId, hakan.driverId])
    if (offered.kind !== 'offered') throw new Error('not offered')
    const declined = await answerOffer(
      handle,
      {
        offerId: offered.offerIds[0]!,
        accountId: gul.accountId,
        answer: 'decline',
        bufferMinutes: buffer,
      },
      minutesLater(1),
    )
    expect(declined).toEqual({ kind: 'declined', bookingId: ride.id })
    let [row] = (await boardBookings(handle, { from: day(5), to: day(5) })).filter(
      (booking) => booking.reference === ride.reference,
    )
    expect(row!.offers).toMatchObject({ kind: 'waiting', open: 1 })
    expect(row!.problem).toBe('noDriver')

    // Past the 15 minutes: too late to accept, and the periodic job writes it.
    expect(await accept(offered.offerIds[1]!, hakan.accountId, minutesLater(16))).toEqual({
      kind: 'closed',
      status: 'expired',
    })
    await expireOffers(handle, minutesLater(16))
    expect(await offerStatuses(ride.id)).toEqual({
      [gul.driverId]: 'declined',
      [hakan.driverId]: 'expired',
    })
    ;[row] = (await boardBookings(handle, { from: day(5), to: day(5) })).filter(
      (booking) => booking.reference === ride.reference,
    )
    expect(row!.problem).toBe('offerLapsed')
    expect(row!.offers).toEqual({ kind: 'lapsed', offered: 2 })
    // It may be offered again to a driver who let it go.
    expect(await offer(ride.id, [hakan.driverId])).toMatchObject({ kind: 'offered', refused: [] })
  })

  it('puts a ride accepted three weeks ahead on the driver’s jobs list', async () => {
    const ride = await paidRide(day(20), '09:00')
    const olcay = await driverWithCar('Olcay Tan')
    const offered = await offer(ride.id, [olcay.driverId])
    if (offered.kind !== 'offered') throw new Error('not offered')
    expect(await accept(offered.offerIds[0]!, olcay.accountId)).toMatchObject({ kind: 'accepted' })
    const jobs = await jobsOfDriver(handle.db, olcay.driverId, day(0))
    expect(jobs.map((job) => job.booking.reference)).toEqual([ride.reference])
  })

  it('refuses a driver’s answer to an offer made to someone else', async () => {
    const ride = await paidRide(day(5), '09:00')
    const ilker = await driverWithCar('İlker Can')
    const stranger = await driverWithCar('Jale Su')
    const offered = await offer(ride.id, [ilker.driverId])
    if (offered.kind !== 'offered') throw new Error('not offered')
    expect(await accept(offered.offerIds[0]!, stranger.accountId)).toEqual({ kind: 'notFound' })
    expect(await accept(offered.offerIds[0]!, await dispatcher())).toEqual({ kind: 'notFound' })
    expect(await accept(999_999, ilker.accountId)).toEqual({ kind: 'notFound' })
    expect(await offersOfDriver(handle.db, stranger.driverId, now)).toEqual([])
    expect(await currentAssignment(handle.db, ride.id)).toBeUndefined()
  })

  it('closes the open offers when a dispatcher gives the ride by hand', async () => {
    const ride = await paidRide(day(6), '09:00')
    const kaan = await driverWithCar('Kaan Er')
    const lale = await driverWithCar('Lale Ak')
    const offered = await offer(ride.id, [kaan.driverId, lale.driverId])
    if (offered.kind !== 'offered') throw new Error('not offered')
    await assignByHand(ride.id, lale)
    expect(await offerStatuses(ride.id)).toEqual({
      [kaan.driverId]: 'taken',
      [lale.driverId]: 'withdrawn',
    })
    expect(await accept(offered.offerIds[0]!, kaan.accountId)).toEqual({
      kind: 'closed',
      status: 'taken',
    })
  })

  it('offers each new ride in turn in automatic mode, nearest driver first', async () => {
    // Only this test's drivers and ride: the earlier ones are made inactive, or cancelled.
    await handle.db.updateTable('drivers').set({ active: 0 }).execute()
    await handle.db
      .updateTable('bookings')
      .set({ status: 'cancelled' })
      .where('status', '=', 'confirmed')
      .execute()
    const ride = await paidRide(
      day(3),
      '15:00',
      draftBetween(['Kadıköy', 1022], ['IST', 1], 1, day(3)),
    )
    const far = await driverWithCar('Mert Far')
    const near = await driverWithCar('Nur Near')
    // Nur's previous ride ends at SAW, Mert's at Şile: Nur is nearer to Kadıköy.
    for (const [driver, input] of [
      [near, draftBetween(['Beşiktaş', 1009], ['SAW', 2], 1, day(3))],
      [far, draftBetween(['SAW', 2], ['Şile', 1033], 1, day(3))],
    ] as const) {
      const before = await paidRide(day(3), '11:00', input)
      await assignByHand(before.id, driver)
    }
    const options = { bufferMinutes: buffer, roadFactor: 1.3 }
    // Off by default: nothing is offered.
    expect(await offerRidesInTurn(handle, options, now)).toEqual({ offered: 0, messageIds: [] })
    await saveDispatchSettings(
      handle,
      { offerMinutes: 10, autoOffer: true },
      await dispatcher(),
      now,
    )

    expect((await offerRidesInTurn(handle, options, now)).offered).toBe(1)
    expect(await offerStatuses(ride.id)).toEqual({ [near.driverId]: 'open' })
    // A second run while it is open offers nothing more.
    expect((await offerRidesInTurn(handle, options, minutesLater(5))).offered).toBe(0)
    // Ten minutes on, Nur's offer lapsed: Mert's turn.
    await expireOffers(handle, minutesLater(11))
    expect((await offerRidesInTurn(handle, options, minutesLater(11))).offered).toBe(1)
    expect(await offerStatuses(ride.id)).toEqual({
      [near.driverId]: 'expired',
      [far.driverId]: 'open',
    })
    const [mertsOffer] = await offersOfDriver(handle.db, far.driverId, minutesLater(11))
    await answerOffer(
      handle,
      {
        offerId: mertsOffer!.offer.id,
        accountId: far.accountId,
        answer: 'decline',
        bufferMinutes: buffer,
      },
      minutesLater(12),
    )
    // Everyone suggested has had their turn: the ride is a dispatcher's.
    expect((await offerRidesInTurn(handle, options, minutesLater(13))).offered).toBe(0)
    const automatic = await handle.db
      .selectFrom('job_offers')
      .select('offered_by')
      .where('booking_id', '=', ride.id)
      .execute()
    expect(automatic.every((row) => row.offered_by === null)).toBe(true)
  })
})
