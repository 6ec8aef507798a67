import { describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/connect.server'
import type { PaymentProvider } from '~/adapters/payment/provider'
import { payOnSimulator, simulatorCards } from '~/adapters/payment/simulator.server'
import { bookAndPay } from '~/booking/book-and-pay.server'
import { findBooking } from '~/booking/bookings.server'
import { settlePaymentCallback } from '~/booking/settle-payment.server'
import { storageBackends, useMigratedDatabase } from '../../tests/support/database-backends'
import { billing, draftInput, withReturn } from '../../tests/support/booking-fixtures'
import { addDays } from '~/domain/booking-window'
import {
  draftAtPayment,
  payContext,
  paymentStep,
  simulatorFor,
  tokenOf,
  tripDate,
} from '../../tests/support/payment-step'
import {
  bookingAvailabilityUnderLock,
  capacityPicture,
  heldRides,
  overbookedBookings,
  readCapacityRules,
} from './capacity.server'
import { writeTransaction } from '~/db/write.server'
import { pickupInstant } from '~/domain/trip-search'
import { createStaffAccount } from '~/staff/accounts.server'
import { addAllowance, removeAllowance } from './allowances.server'

/**
 * Capacity against stored data, on a real SQLite file and on PostgreSQL: what
 * holds a car (a paid ride, an open payment page, its return leg), and the
 * race for the last car between Book Nows on two connection pools, as two
 * instances of the site would press them.
 */
describe.each(storageBackends())('capacity on $name', (backend) => {
  let handle: DatabaseHandle
  let simulator: PaymentProvider
  const now = new Date()
  let day = 3

  useMigratedDatabase(backend, (opened) => {
    handle = opened
    simulator = simulatorFor(handle)
  })

  /** The fleet: `count` active cars of the class the fixtures book (LUXMNVN). */
  async function fleetOf(count: number) {
    await handle.db.deleteFrom('vehicles').execute()
    for (let car = 0; car < count; car++) {
      const at = now.toISOString()
      await handle.db
        .insertInto('vehicles')
        .values({
          class_code: 'LUXMNVN',
          make_model: 'Mercedes V',
          plate: `34 CAP ${day}${car}`,
          colour: null,
          seats: 6,
          luggage: 6,
          active: 1,
          created_at: at,
          updated_at: at,
        })
        .execute()
    }
    await handle.db
      .updateTable('capacity_settings')
      .set({ fleet_limited: 1 })
      .where('id', '=', 1)
      .execute()
  }

  /** A fresh day for each test, so their rides do not meet. */
  const nextDay = () => tripDate(now, ++day * 2)

  const bookNow = async (bookingId: string, on = handle) =>
    bookAndPay(
      await paymentStep(on, bookingId),
      { intent: 'book', details: { ...billing, paymentOption: 'depositCash' } },
      payContext(simulatorFor(on)),
      now,
    )

  it('starts with no limit: the default rules refuse nothing', async () => {
    const rules = await readCapacityRules(handle.db, now)
    expect(rules).toMatchObject({ fleetLimited: false, closedPeriods: [], caps: {} })
    const date = nextDay()
    const picture = await capacityPicture(handle.db, { from: date, to: date }, now)
    expect(picture.held).toEqual([])
  })

  it('counts a paid ride and an open payment page as holding a car, a draft not', async () => {
    await fleetOf(2)
    const date = nextDay()
    const paid = await draftAtPayment(handle, now, date, draftInput(1, date))
    const begun = await bookNow(paid.booking.id)
    if (begun.kind !== 'page') throw new Error(begun.kind)
    await payOnSimulator(handle, tokenOf(begun.paymentPageUrl), simulatorCards.success, now)
    await settlePaymentCallback(handle, simulator, tokenOf(begun.paymentPageUrl), now, () => {})
    expect((await findBooking(handle, paid.booking.id))!.status).toBe('confirmed')
    const paying = await draftAtPayment(handle, now, date, draftInput(1, date))
    expect((await bookNow(paying.booking.id)).kind).toBe('page')
    await draftAtPayment(handle, now, date, draftInput(1, date))

    expect(await heldRides(handle.db, { from: date, to: date }, now)).toHaveLength(2)
    // Both cars are held: a third booking at that time is refused at Book Now.
    const third = await draftAtPayment(handle, now, date, draftInput(1, date))
    expect(await bookNow(third.booking.id)).toEqual({ kind: 'fully-booked' })
    expect((await findBooking(handle, third.booking.id))!.status).toBe('payment_failed')
    expect(
      await handle.db
        .selectFrom('payment_attempts')
        .select('id')
        .where('booking_id', '=', third.booking.id)
        .execute(),
    ).toEqual([])
  })

  /**
   * Two bookings of one ride on a fresh day, their Book Nows pressed at once
   * on two connection pools (two instances of the site); `loser` is the one
   * told "fully booked", if any.
   */
  async function twoBookNowsAtOnce() {
    const date = nextDay()
    const steps = [
      await draftAtPayment(handle, now, date, draftInput(1, date)),
      await draftAtPayment(handle, now, date, draftInput(1, date)),
    ]
    const other = await backend.openAnother()
    try {
      const results = await Promise.all([
        bookNow(steps[0]!.booking.id, handle),
        bookNow(steps[1]!.booking.id, other),
      ])
      const loser = steps[results.findIndex((result) => result.kind === 'fully-booked')]!
      return { results, loser }
    } finally {
      await other.db.destroy()
    }
  }

  it('gives the last car to one of two Book Nows on two connections, and says so to the other', async () => {
    await fleetOf(1)
    const { results, loser } = await twoBookNowsAtOnce()
    expect(results.map((result) => result.kind).sort()).toEqual(['fully-booked', 'page'])
    // The one told tries again: still full while the other's payment page is open.
    expect(await bookNow(loser.booking.id)).toEqual({ kind: 'fully-booked' })
  })

  it('holds the car for the driving minutes the distance provider gave, there and back', async () => {
    await fleetOf(1)
    const date = nextDay()
    // SAW → Şile as a routing provider would time it on a bad day: 200 minutes.
    const slow = draftInput(1, date)
    const first = await draftAtPayment(handle, now, date, {
      ...slow,
      distance: { ...slow.distance, source: 'google', minutes: 200 },
    })
    expect(first.booking.route_minutes).toBe(200)
    expect((await bookNow(first.booking.id)).kind).toBe('page')
    const [held] = await heldRides(handle.db, { from: date, to: date }, now)
    expect(held!.minutes).toBe(200)
    // 10:00 + 200 minutes there and 200 back + 15: the car is still out at 16:00,
    // which the estimate from the distance alone (an hour each way) would have sold.
    const later = draftInput(1, date)
    const afternoon = await draftAtPayment(handle, now, date, {
      ...later,
      trip: { ...later.trip, time: '16:00' },
    })
    expect(afternoon.booking.route_minutes).toBeNull()
    expect(await bookNow(afternoon.booking.id)).toEqual({ kind: 'fully-booked' })
  })

  it('sells the rides staff allow beyond the fleet, no more, and flags them as over it', async () => {
    await fleetOf(1)
    const date = nextDay()
    const dispatcher = await createStaffAccount(
      handle,
      {
        email: `allow-${backend.name}@example.com`,
        name: 'Deniz Dispatch',
        role: 'dispatcher',
        password: 'a-long-password-1',
      },
      now,
    )
    /** Paid `minutes` after `now`: the board keeps the cars for the first confirmed. */
    const pay = async (bookingId: string, minutes: number) => {
      const begun = await bookNow(bookingId)
      if (begun.kind !== 'page') throw new Error(begun.kind)
      const at = new Date(now.getTime() + minutes * 60_000)
      await payOnSimulator(handle, tokenOf(begun.paymentPageUrl), simulatorCards.success, at)
      await settlePaymentCallback(handle, simulator, tokenOf(begun.paymentPageUrl), at, () => {})
    }
    const own = await draftAtPayment(handle, now, date, draftInput(1, date))
    await pay(own.booking.id, 1)
    // The fixtures' rides are picked up at 10:00: one more allowed from 09:00 until 11:00.
    const { id } = await addAllowance(
      handle,
      {
        vehicleClass: 'LUXMNVN',
        startsAt: pickupInstant(date, '09:00'),
        endsAt: pickupInstant(date, '11:00'),
        extraRides: 1,
        reason: 'A car hired from Boğaziçi Tur',
      },
      dispatcher.id,
      now,
    )
    expect((await readCapacityRules(handle.db, now)).allowances).toMatchObject([
      { id, vehicleClass: 'LUXMNVN', extraRides: 1, addedBy: 'Deniz Dispatch' },
    ])
    const allowed = await draftAtPayment(handle, now, date, draftInput(1, date))
    await pay(allowed.booking.id, 2)
    const third = await draftAtPayment(handle, now, date, draftInput(1, date))
    expect(await bookNow(third.booking.id)).toEqual({ kind: 'fully-booked' })
    // The board: the ride confirmed second has no car of the company's own.
    expect(await overbookedBookings(handle.db, { from: date, to: date }, now)).toEqual(
      new Map([
        [
          allowed.booking.id,
          { allowance: { reason: 'A car hired from Boğaziçi Tur', addedBy: 'Deniz Dispatch' } },
        ],
      ]),
    )

    expect(await removeAllowance(handle, id, dispatcher.id, now)).toEqual({ ok: true })
    expect(await removeAllowance(handle, id, dispatcher.id, now)).toEqual({
      ok: false,
      refusal: 'notFound',
    })
    expect((await readCapacityRules(handle.db, now)).allowances).toEqual([])
    const audit = await handle.db
      .selectFrom('staff_audit')
      .select(['action', 'account_id'])
      .where('subject', '=', `capacity_allowance:${id}`)
      .orderBy('id')
      .execute()
    expect(audit).toEqual([
      { action: 'capacity_allowance.added', account_id: dispatcher.id },
      { action: 'capacity_allowance.removed', account_id: dispatcher.id },
    ])
  })

  it('makes a second check wait for the first one’s transaction, on two connections', async () => {
    await fleetOf(1)
    const date = nextDay()
    const first = await draftAtPayment(handle, now, date, draftInput(1, date))
    const second = await draftAtPayment(handle, now, date, draftInput(1, date))
    const other = await backend.openAnother()
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
    let commitFirst = () => {}
    const firstMayCommit = new Promise<void>((resolve) => (commitFirst = resolve))
    try {
      // The first check holds the car (as Book Now's attempt does) and stays open.
      const firstAnswer = writeTransaction(handle, async (trx) => {
        const answer = await bookingAvailabilityUnderLock(trx, first.booking, now)
        await holdCar(trx, first.booking.id)
        await firstMayCommit
        return answer
      })
      await sleep(150)
      const secondAnswer = writeTransaction(other, (trx) =>
        bookingAvailabilityUnderLock(trx, second.booking, now),
      )
      // Without the lock, the second would read before the first commits, and pass.
      expect(await Promise.race([secondAnswer.then(() => 'answered'), sleep(400)])).toBe(undefined)
      commitFirst()
      expect(await firstAnswer).toEqual({ kind: 'free' })
      expect(await secondAnswer).toEqual({ kind: 'full', limit: 'fleet' })
    } finally {
      commitFirst()
      await other.db.destroy()
    }
  })

  /** What Book Now writes for a booking whose payment page opens: it then holds its car. */
  async function holdCar(trx: Parameters<Parameters<typeof writeTransaction>[1]>[0], id: string) {
    const at = now.toISOString()
    await trx
      .updateTable('bookings')
      .set({ status: 'awaiting_payment' })
      .where('id', '=', id)
      .execute()
    await trx
      .insertInto('payment_attempts')
      .values({
        booking_id: id,
        provider: 'simulator',
        token: null,
        payment_page_url: null,
        amount_minor: 100,
        currency: 'TRY',
        payment_option: 'fullCard',
        status: 'starting',
        payment_id: null,
        refund_status: null,
        created_at: at,
        expires_at: new Date(now.getTime() + 30 * 60_000).toISOString(),
      })
      .execute()
  }

  /** The drivers: `count` active ones, each with these weekly hours (none: any time). */
  async function driversOf(
    count: number,
    hours: { weekday: number; starts: string; ends: string }[],
  ) {
    await handle.db.deleteFrom('driver_hours').execute()
    await handle.db.deleteFrom('drivers').execute()
    for (let index = 0; index < count; index++) {
      const at = now.toISOString()
      const driver = await handle.db
        .insertInto('drivers')
        .values({
          name: `Driver ${index}`,
          phone: `+90 532 000 10 ${10 + index}`,
          languages: 'Turkish',
          licence_number: `CAP-D-${day}-${index}`,
          staff_account_id: null,
          active: 1,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      for (const shift of hours) {
        await handle.db
          .insertInto('driver_hours')
          .values({ driver_id: driver.id, ...shift })
          .execute()
      }
    }
    // The drivers alone limit: the cars do not.
    await handle.db
      .updateTable('capacity_settings')
      .set({ fleet_limited: 0, drivers_limited: 1 })
      .where('id', '=', 1)
      .execute()
  }

  it('gives the last driver on duty to one of two Book Nows on two connections', async () => {
    await driversOf(1, [])
    const { results, loser } = await twoBookNowsAtOnce()
    expect(results.map((result) => result.kind).sort()).toEqual(['fully-booked', 'page'])
    const answer = await writeTransaction(handle, (trx) =>
      bookingAvailabilityUnderLock(trx, loser.booking, now),
    )
    expect(answer).toEqual({ kind: 'full', limit: 'drivers' })
  })

  it('sells no ride outside every driver’s working hours', async () => {
    const date = nextDay()
    const weekday = ((new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7) + 1
    // The fixtures' rides are picked up at 10:00: a shift from 14:00 does not cover them.
    await driversOf(2, [{ weekday, starts: '14:00', ends: '22:00' }])
    const early = await draftAtPayment(handle, now, date, draftInput(1, date))
    expect(await bookNow(early.booking.id)).toEqual({ kind: 'fully-booked' })
    // From 08:00 it is covered (09:30 with the buffer before, to the ride's end).
    await handle.db.updateTable('driver_hours').set({ starts: '08:00' }).execute()
    const covered = await draftAtPayment(handle, now, date, draftInput(1, date))
    expect((await bookNow(covered.booking.id)).kind).toBe('page')
    await handle.db
      .updateTable('capacity_settings')
      .set({ drivers_limited: 0 })
      .where('id', '=', 1)
      .execute()
  })

  it('holds the car of a return leg on a payment page, and checks a return leg at Book Now', async () => {
    await fleetOf(1)
    const date = nextDay()
    const before = addDays(date, -1)
    // A trip whose return leg is picked up on `date` at 10:00, on its payment page.
    const trip = withReturn(draftInput(1, before), date, 1, '10:00')
    const paying = await draftAtPayment(handle, now, before, trip)
    expect((await bookNow(paying.booking.id)).kind).toBe('page')
    const oneWay = await draftAtPayment(handle, now, date, draftInput(1, date))
    expect(await bookNow(oneWay.booking.id)).toEqual({ kind: 'fully-booked' })
    // And the other way round: a one-way ride holds the car a return leg would need.
    const later = nextDay()
    const held = await draftAtPayment(handle, now, later, draftInput(1, later))
    expect((await bookNow(held.booking.id)).kind).toBe('page')
    const back = await draftAtPayment(
      handle,
      now,
      addDays(later, -1),
      withReturn(draftInput(1, addDays(later, -1)), later, 1, '10:00'),
    )
    const answer = await writeTransaction(handle, (trx) =>
      bookingAvailabilityUnderLock(trx, back.booking, now),
    )
    expect(answer).toEqual({ kind: 'full', limit: 'fleet' })
  })
})
