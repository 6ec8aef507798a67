import { describe, expect, it, vi } from 'vitest'
import type { DatabaseHandle } from '~/db/connect.server'
import type { PaymentProvider } from '~/adapters/payment/provider'
import { payOnSimulator, simulatorCards } from '~/adapters/payment/simulator.server'
import { toBookingMinor } from '~/domain/booking/money'
import { extraUnitCents } from '~/domain/booking/extras'
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
import { completeBooking, passengerNames } from './passenger-names.server'
import { findOtherRide, findReturnRide } from './return-ride.server'
import { beginPayment } from './payments.server'
import { repriceForPayment } from './reprice.server'
import { createStaffAccount } from '~/staff/accounts.server'
import { addDriver } from '~/dispatch/drivers.server'
import { addVehicle } from '~/dispatch/vehicles.server'
import { assignBooking } from '~/dispatch/assignment.server'

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
  async function paidTrip(option: 'fullCard' | 'depositCash') {
    const input = returnDraftInput(1, tripDate(now, 5), tripDate(now, 7))
    const { booking } = await createDraft(handle, input, now)
    await setExtraQuantity(handle, booking.id, 'childSeat', 1, now)
    await markExtrasDone(handle, booking.id, now)
    await savePassengerDetails(handle, booking.id, { ...passenger, passengers: 2, luggage: 2 }, now)
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
    const seat = toBookingMinor(extraUnitCents.childSeat, outbound)
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
      // The flight is the outbound's arrival at SAW, not the return's.
      flight_number: null,
      mail_status: null,
    })
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
      .selectFrom('outgoing_mail')
      .select(['subject', 'text_body', 'recipient'])
      .where('booking_id', '=', returnRide.id)
      .where('kind', '=', 'traveller.assignment')
      .executeTakeFirstOrThrow()
    expect(mail.recipient).toBe(outbound.email)
    expect(mail.subject).toContain(outbound.reference)
    expect(mail.text_body).toContain(`${outbound.reference} (Return, ${returnRide.reference})`)
    expect(mail.text_body).toContain('Ali Veli')
  })

  it('gives the return ride the passengers’ names with the outbound, both still to ride', async () => {
    const { outbound, returnRide } = await paidTrip('fullCard')
    const names = [
      { firstname: 'Ayşe', lastname: 'Yılmaz' },
      { firstname: 'Deniz', lastname: 'Yılmaz' },
    ]
    expect(await completeBooking(handle, outbound, names, now)).toEqual({ kind: 'names-given' })
    expect(await findBooking(handle, returnRide.id)).toMatchObject({
      status: 'confirmed',
      names_given_at: now.toISOString(),
      names_given_by: 'traveller',
    })
    expect(await passengerNames(handle.db, returnRide.id)).toEqual(names)
  })
})
