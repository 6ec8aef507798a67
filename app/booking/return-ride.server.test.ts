import { describe, expect, it, vi } from 'vitest'
import type { DatabaseHandle } from '~/db/connect.server'
import type { PaymentProvider } from '~/adapters/payment/provider'
import { payOnSimulator, simulatorCards } from '~/adapters/payment/simulator.server'
import { toBookingMinor } from '~/domain/booking/money'
import { builtinPriceList } from '~/domain/pricing/builtin-price-list'
import { rideSplit } from '~/domain/booking/ride-split'
import { storageBackends, useMigratedDatabase } from '../../tests/support/database-backends'
import { billing, passenger, returnDraftInput } from '../../tests/support/booking-fixtures'
import { payContext, paymentStep, simulatorFor, tripDate } from '../../tests/support/payment-step'
import {
  bookingExtras,
  createDraft,
  findBooking,
  markExtrasDone,
  savePassengerDetails,
  setExtraQuantity,
  submitDraft,
} from './bookings.server'
import { bookAndPay } from './book-and-pay.server'
import { settlePaymentCallback } from './settle-payment.server'
import { cancelBooking } from './cancel-booking.server'
import { completeBooking, passengerNames, passengerRecords } from './passenger-names.server'
import { findOtherRide, findReturnRide } from './return-ride.server'
import { beginPayment } from './payments.server'
import { repriceForPayment } from './reprice.server'
import { createStaffAccount } from '~/staff/accounts.server'
import { addDriver } from '~/dispatch/drivers.server'
import { addVehicle } from '~/dispatch/vehicles.server'
import { assignBooking } from '~/dispatch/assignment.server'
import { jobsOfDriver } from '~/dispatch/jobs.server'
import { writeTransaction } from '~/db/write.server'
import { istanbulDate } from '~/domain/booking-window'
import { queueTravellerLink, queueTravellerRefunded } from './booking-notices.server'

/**
 * A trip there and back, stored on a real SQLite file and on PostgreSQL and
 * paid on the real simulator: one payment, two bookings, each ride cancelled
 * on its own with its share of the payment given back, never more than paid.
 */
describe.each(storageBackends())('a trip there and back on $name', (backend) => {
  let handle: DatabaseHandle
  let simulator: PaymentProvider
  const now = new Date()

  useMigratedDatabase(backend, (opened) => {
    handle = opened
    simulator = simulatorFor(handle)
  })

  /** SAW → Şile in five days and back two days later, a child seat, paid by `option`. */
  async function paidTrip(option: 'fullCard' | 'depositCash', language: 'en' | 'tr' = 'en') {
    const input = { ...returnDraftInput(1, tripDate(now, 5), tripDate(now, 7)), language }
    const { booking } = await createDraft(handle, input, now)
    await setExtraQuantity(handle, booking.id, 'childSeat', 1, now)
    await markExtrasDone(handle, booking.id, now)
    await savePassengerDetails(
      handle,
      booking.id,
      { ...passenger, passengers: 2, luggage: 2, returnPickupAddress: 'Şile Resort, Kumbaba' },
      now,
    )
    const begun = await bookAndPay(
      await paymentStep(handle, booking.id),
      { intent: 'book', details: { ...billing, paymentOption: option } },
      payContext(simulator),
      now,
    )
    if (begun.kind !== 'page') throw new Error(`no payment page: ${begun.kind}`)
    const token = begun.paymentPageUrl.split('/').pop()!
    await payOnSimulator(handle, token, simulatorCards.success, now)
    expect(await settlePaymentCallback(handle, simulator, token, now, vi.fn())).toEqual({
      kind: 'confirmed',
    })
    const outbound = (await findBooking(handle, booking.id))!
    const returnRide = (await findReturnRide(handle.db, outbound.id))!
    return { input, outbound, returnRide }
  }

  const refundedMinor = async (bookingId: string) =>
    (
      await handle.db
        .selectFrom('payment_refunds')
        .select('amount_minor')
        .where('booking_id', '=', bookingId)
        .where('status', '=', 'succeeded')
        .execute()
    ).reduce((sum, row) => sum + row.amount_minor, 0)

  it('charges both rides once and makes the return its own confirmed booking', async () => {
    const { input, outbound, returnRide } = await paidTrip('fullCard')
    const seat = toBookingMinor(builtinPriceList.extraCents.childSeat, outbound)
    const outboundRide = toBookingMinor(input.quote.cents, outbound) + seat
    const backRide = toBookingMinor(input.back!.quote.cents, outbound) + seat
    expect(outbound.total_minor).toBe(outboundRide + backRide)
    expect(outbound.paid_minor).toBe(outbound.total_minor)

    expect(returnRide).toMatchObject({
      status: 'confirmed',
      outbound_booking_id: outbound.id,
      trip_date: input.back!.date,
      trip_time: '18:00',
      pickup_place_id: outbound.destination_place_id,
      destination_place_id: outbound.pickup_place_id,
      pickup_text: 'Şile',
      destination_text: 'SAW',
      vehicle_class: outbound.vehicle_class,
      vehicle_cents: input.back!.quote.cents,
      total_minor: backRide,
      paid_minor: backRide,
      payment_id: outbound.payment_id,
      email: outbound.email,
      // The flight is the outbound's arrival at SAW, not the return's; the return's
      // pickup in Şile is where the passenger step said.
      flight_number: null,
      pickup_address: 'Şile Resort, Kumbaba',
      mail_status: null,
      // One pickup code for the trip: the traveller says the same to both drivers.
      pickup_code: outbound.pickup_code,
    })
    expect(outbound.pickup_code).toMatch(/^\d{4}$/)
    expect(returnRide.reference).not.toBe(outbound.reference)
    expect(await bookingExtras(handle, returnRide.id)).toEqual({ childSeat: 1, boosterSeat: 0 })
    expect((await findOtherRide(handle.db, returnRide))?.id).toBe(outbound.id)
    expect((await findOtherRide(handle.db, outbound))?.id).toBe(returnRide.id)
    // Each driver collects nothing: the card paid both rides in full.
    expect(rideSplit(outbound)).toMatchObject({ totalMinor: outboundRide, cashMinor: 0 })
    expect(rideSplit(returnRide)).toMatchObject({ totalMinor: backRide, cashMinor: 0 })
  })

  it('shares a deposit between the rides, so each driver collects his own cash', async () => {
    const { outbound, returnRide } = await paidTrip('depositCash')
    const paid = outbound.paid_minor!
    expect(paid).toBe(Math.round(outbound.total_minor * 0.3))
    const outboundSplit = rideSplit(outbound)
    const returnSplit = rideSplit(returnRide)
    expect(outboundSplit.paidMinor + returnSplit.paidMinor).toBe(paid)
    expect(outboundSplit.totalMinor + returnSplit.totalMinor).toBe(outbound.total_minor)
    expect(outboundSplit.cashMinor + returnSplit.cashMinor).toBe(outbound.total_minor - paid)
    expect(returnSplit.paidMinor).toBe(
      Math.round((paid * returnRide.total_minor) / outbound.total_minor),
    )
  })

  it('cancels each ride on its own, refunding its share and never more than was paid', async () => {
    const { outbound, returnRide } = await paidTrip('fullCard')
    const cancel = (bookingId: string) =>
      cancelBooking(
        handle,
        simulator,
        { bookingId, clientAddress: '127.0.0.1', by: { kind: 'traveller' } },
        now,
      )
    const back = await cancel(returnRide.id)
    expect(back).toMatchObject({ kind: 'cancelled', refundMinor: returnRide.paid_minor })
    expect(await refundedMinor(returnRide.id)).toBe(returnRide.paid_minor)
    expect((await findBooking(handle, outbound.id))!.status).toBe('confirmed')
    // A second cancel of the return refunds nothing more.
    expect(await cancel(returnRide.id)).toEqual({ kind: 'already-cancelled' })

    const there = await cancel(outbound.id)
    const rest = outbound.paid_minor! - returnRide.paid_minor!
    expect(there).toMatchObject({ kind: 'cancelled', refundMinor: rest })
    expect((await refundedMinor(outbound.id)) + (await refundedMinor(returnRide.id))).toBe(
      outbound.paid_minor,
    )
  })

  /** The messages queued about `bookingId` of `kind`, as stored to send. */
  const queuedMail = (bookingId: string, kind: string) =>
    handle.db
      .selectFrom('outgoing_messages')
      .select(['recipient', 'subject', 'text_body', 'html_body'])
      .where('booking_id', '=', bookingId)
      .where('kind', '=', kind)
      .orderBy('id')
      .execute()

  /**
   * What the traveller reads about a return ride, in each language: the
   * trip's reference (the one on their confirmation and voucher) and that it
   * is the return ride; the ride's own reference only beside it.
   */
  const returnWords = {
    en: {
      reference: 'Reference',
      ownReference: (trip: string, own: string) => `${trip} (Return, ${own})`,
      cancelledSubject: (trip: string) =>
        `The return ride of your booking ${trip} is cancelled | Marmara Chauffeur`,
      cancelledHeading: 'Your return ride is cancelled',
      cancelledText: (trip: string) =>
        `The return ride of your booking ${trip} has been cancelled.`,
      refundedSubject: (trip: string) =>
        `Your refund for the return ride of ${trip} | Marmara Chauffeur`,
      refundedText: (trip: string) => `for the return ride of booking ${trip} to the card`,
      linkSubject: (trip: string) =>
        `The link to the return ride of your booking ${trip} | Marmara Chauffeur`,
      linkText: (trip: string) => `Here is the link to the return ride of your booking ${trip},`,
      linkExpiredText: (trip: string) =>
        `the online page of the return ride of booking ${trip} closed`,
    },
    tr: {
      reference: 'Rezervasyon numarası',
      ownReference: (trip: string, own: string) => `${trip} (Dönüş, ${own})`,
      cancelledSubject: (trip: string) =>
        `${trip} numaralı rezervasyonunuzun dönüş yolculuğu iptal edildi | Marmara Chauffeur`,
      cancelledHeading: 'Dönüş yolculuğunuz iptal edildi',
      cancelledText: (trip: string) =>
        `${trip} numaralı rezervasyonunuzun dönüş yolculuğu iptal edilmiştir.`,
      refundedSubject: (trip: string) =>
        `${trip} numaralı rezervasyonunuzun dönüş yolculuğu için iadeniz | Marmara Chauffeur`,
      refundedText: (trip: string) => `${trip} numaralı rezervasyonun dönüş yolculuğu için`,
      linkSubject: (trip: string) =>
        `${trip} numaralı rezervasyonunuzun dönüş yolculuğunun bağlantısı | Marmara Chauffeur`,
      linkText: (trip: string) =>
        `${trip} numaralı rezervasyonunuzun dönüş yolculuğunun bağlantısı aşağıdadır.`,
      linkExpiredText: (trip: string) =>
        `${trip} numaralı rezervasyonun dönüş yolculuğunun çevrim içi sayfası`,
    },
  }

  /** Both parts of a message hold `words`; the HTML part escapes nothing in them. */
  function expectInBothParts(mail: { text_body: string; html_body: string | null }, words: string) {
    expect(mail.text_body).toContain(words)
    expect(mail.html_body).toContain(words)
  }

  const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

  /** A message's fact: a line of the text part, a row of the HTML part's table. */
  function expectFact(
    mail: { text_body: string; html_body: string | null },
    label: string,
    value: string,
  ) {
    expect(mail.text_body).toContain(`${label}: ${value}\n`)
    expect(mail.html_body).toContain(`>${label}</th>`)
    expect(mail.html_body).toMatch(new RegExp(`>${label}</th><td[^>]*>${escapeRegExp(value)}</td>`))
  }

  it.each(['en', 'tr'] as const)(
    'tells the traveller (%s) a cancelled return ride by the trip’s reference, and staff both',
    async (language) => {
      const { outbound, returnRide } = await paidTrip('fullCard', language)
      const words = returnWords[language]
      const trip = outbound.reference
      const own = returnRide.reference
      const cancelled = await cancelBooking(
        handle,
        simulator,
        { bookingId: returnRide.id, clientAddress: '127.0.0.1', by: { kind: 'traveller' } },
        now,
      )
      expect(cancelled).toMatchObject({ kind: 'cancelled' })

      const [mail, ...more] = await queuedMail(returnRide.id, 'traveller.cancelled')
      expect(more).toEqual([])
      expect(mail!.recipient).toBe(outbound.email)
      expect(mail!.subject).toBe(words.cancelledSubject(trip))
      expectInBothParts(mail!, words.cancelledHeading)
      expectInBothParts(mail!, words.cancelledText(trip))
      expectFact(mail!, words.reference, words.ownReference(trip, own))
      // The return's own reference never stands alone as "your booking".
      expect(
        mail!.text_body.replaceAll(`(${language === 'tr' ? 'Dönüş' : 'Return'}, ${own})`, ''),
      ).not.toContain(own)

      // The operations mailbox, in English: the ride's own booking, and the trip it returns from.
      const [ops] = await queuedMail(returnRide.id, 'ops.booking_cancelled')
      expect(ops!.subject).toMatch(new RegExp(`^Cancelled ${own} · return of ${trip}: `))
      expectInBothParts(ops!, `Booking ${own} · return of ${trip} is cancelled`)
      expectFact(ops!, 'Reference', `${own} · return of ${trip}`)
    },
  )

  it.each(['en', 'tr'] as const)(
    'names the trip in a return ride’s refund and link messages (%s)',
    async (language) => {
      const { outbound, returnRide } = await paidTrip('fullCard', language)
      const words = returnWords[language]
      const trip = outbound.reference
      await writeTransaction(handle, async (trx) => {
        await queueTravellerRefunded(
          trx,
          returnRide,
          // A refund's id keys its message: one per language's run.
          {
            id: language === 'en' ? -1 : -2,
            amountMinor: returnRide.paid_minor!,
            currency: returnRide.currency,
          },
          now,
        )
        await queueTravellerLink(trx, returnRide, { id: -1, expired: false }, now)
        await queueTravellerLink(trx, returnRide, { id: -2, expired: true }, now)
      })
      const [refunded] = await queuedMail(returnRide.id, 'traveller.refunded')
      expect(refunded!.subject).toBe(words.refundedSubject(trip))
      expectInBothParts(refunded!, words.refundedText(trip))
      expectFact(refunded!, words.reference, words.ownReference(trip, returnRide.reference))

      const [link] = await queuedMail(returnRide.id, 'traveller.link')
      expect(link!.subject).toBe(words.linkSubject(trip))
      expectInBothParts(link!, words.linkText(trip))
      const [closed] = await queuedMail(returnRide.id, 'traveller.link_expired')
      expect(closed!.subject).toBe(words.linkSubject(trip))
      expectInBothParts(closed!, words.linkExpiredText(trip))

      // The outbound's own messages keep the plain wording.
      await writeTransaction(handle, (trx) =>
        queueTravellerLink(trx, outbound, { id: -3, expired: false }, now),
      )
      const [outboundLink] = await queuedMail(outbound.id, 'traveller.link')
      expect(outboundLink!.subject).not.toContain(language === 'tr' ? 'dönüş' : 'return')
      expectFact(outboundLink!, words.reference, trip)
    },
  )

  it('prices a trip whose held price ran out again with its return, both rides at today’s rules', async () => {
    const input = returnDraftInput(1, tripDate(now, 5), tripDate(now, 7))
    const { booking } = await createDraft(handle, input, now)
    await markExtrasDone(handle, booking.id, now)
    await savePassengerDetails(handle, booking.id, passenger, now)
    await submitDraft(handle, booking.id, billing, now)
    const later = new Date(now.getTime() + 45 * 60_000)
    const context = {
      provider: simulator,
      callbackUrl: 'http://localhost:3000/payment/callback',
      clientAddress: '127.0.0.1',
      vehicleTitle: 'Business Luxury Minivan',
      extraTitles: { childSeat: 'Child Seat', boosterSeat: 'Booster seat' },
    }
    expect(
      await beginPayment(handle, booking.id, { childSeat: 0, boosterSeat: 0 }, context, later),
    ).toEqual({ kind: 'quote-expired' })
    const failed = (await findBooking(handle, booking.id))!
    const repriced = await repriceForPayment(handle, failed, billing, later)
    expect(repriced.kind).toBe('repriced')
    const stored = (await findBooking(handle, booking.id))!
    expect(stored).toMatchObject({
      return_date: input.back!.date,
      return_time: '18:00',
      return_vehicle_cents: input.back!.quote.cents,
    })
    expect(stored.total_minor).toBe(failed.total_minor)
    // The basket the provider checks carries both rides and adds up to the charge.
    await submitDraft(handle, booking.id, billing, later)
    expect(
      (await beginPayment(handle, booking.id, { childSeat: 0, boosterSeat: 0 }, context, later))
        .kind,
    ).toBe('page')
  })

  it('dispatches the return ride as its own job, its e-mail naming the trip the traveller knows', async () => {
    const { outbound, returnRide } = await paidTrip('fullCard')
    const dispatcher = await createStaffAccount(
      handle,
      {
        email: `return.${backend.name.toLowerCase()}@example.com`,
        name: 'Deniz Ak',
        role: 'dispatcher',
        password: 'a-long-password-1',
      },
      now,
    )
    const driver = await addDriver(
      handle,
      {
        name: 'Ali Veli',
        phone: '+90 532 000 00 09',
        languages: 'Turkish',
        licenceNumber: 'L-9',
        offerChannel: 'sms' as const,
        usualVehicleId: null,
        staffAccountId: null,
        active: true,
      },
      dispatcher.id,
      now,
    )
    const van = await addVehicle(
      handle,
      {
        classCode: returnRide.vehicle_class,
        makeModel: 'Mercedes V',
        plate: `34 RT ${backend.name.length}00`,
        colour: null,
        seats: 6,
        luggage: 6,
        active: true,
      },
      dispatcher.id,
      now,
    )
    if (!driver.ok || !van.ok) throw new Error('fleet not stored')
    // The same driver and car take both rides: two days apart, no overlap.
    for (const ride of [outbound, returnRide]) {
      const assigned = await assignBooking(
        handle,
        {
          bookingId: ride.id,
          driverId: driver.id,
          vehicleId: van.id,
          expectedVersion: 0,
          acknowledged: null,
          staffAccountId: dispatcher.id,
          bufferMinutes: 30,
        },
        now,
      )
      expect(assigned).toMatchObject({ kind: 'assigned' })
    }
    const mail = await handle.db
      .selectFrom('outgoing_messages')
      .select(['subject', 'text_body', 'recipient'])
      .where('booking_id', '=', returnRide.id)
      .where('kind', '=', 'traveller.assignment')
      .executeTakeFirstOrThrow()
    expect(mail.recipient).toBe(outbound.email)
    expect(mail.subject).toContain(outbound.reference)
    expect(mail.text_body).toContain(`${outbound.reference} (Return, ${returnRide.reference})`)
    expect(mail.text_body).toContain('Ali Veli')
    // The driver's list names the return with the trip the traveller's voucher shows.
    const jobs = await jobsOfDriver(handle.db, driver.id, istanbulDate(now))
    expect(jobs.map((job) => [job.booking.reference, job.returnOf])).toEqual([
      [outbound.reference, null],
      [returnRide.reference, outbound.reference],
    ])
  })

  it('gives the return ride the passengers’ names with the outbound, both still to ride', async () => {
    const { outbound, returnRide } = await paidTrip('fullCard')
    const names = [
      { firstname: 'Ayşe', lastname: 'Yılmaz' },
      { firstname: 'Deniz', lastname: 'Yılmaz' },
    ]
    const identity = {
      nationality: 'TR',
      identityNumber: '10000000146',
      passportNumber: null,
    } as const
    expect(
      await completeBooking(handle, outbound, [{ ...names[0]!, identity }, names[1]!], now),
    ).toEqual({ kind: 'names-given' })
    expect(await findBooking(handle, returnRide.id)).toMatchObject({
      status: 'confirmed',
      names_given_at: now.toISOString(),
      names_given_by: 'traveller',
    })
    expect(await passengerNames(handle.db, returnRide.id)).toEqual(names)
    // The same passengers ride back: the documents given go with them.
    expect(await passengerRecords(handle.db, returnRide.id)).toEqual([
      { ...names[0]!, identity },
      { ...names[1]!, identity: null },
    ])
  })
})
