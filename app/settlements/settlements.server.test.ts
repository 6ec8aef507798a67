import { describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/connect.server'
import { rideSplit } from '~/domain/booking/ride-split'
import { staffActionsOnSubject } from '~/dispatch/record-history.server'
import { reportCashTip } from '~/tips/tips.server'
import { storageBackends, useMigratedDatabase } from '../../tests/support/database-backends'
import { finishedRide } from '../../tests/support/finished-ride'
import { currentSettlement, markSettled, storedSettlement } from './settlements.server'

const startedAt = new Date('2026-12-04T06:00:00Z')
// On board 25 minutes after the start (06:25), finished at 07:30: 65 minutes driven.
const finishedAt = new Date('2026-12-04T07:30:00Z')
const later = new Date('2026-12-05T09:00:00Z')
const week = { from: '2026-11-30', to: '2026-12-06' }

/**
 * A driver's settlement on both databases: the sums come from their finished
 * rides (the fare and the cash of a deposit booking as the ride's split says,
 * the minutes between "on board" and "finished", the offer's pay), and from
 * the paid tips recorded for them; a period is marked settled once.
 */
describe.each(storageBackends())('driver settlements on $name', (backend) => {
  let handle: DatabaseHandle
  useMigratedDatabase(backend, (opened) => (handle = opened))

  const driverRow = (id: number) =>
    handle.db.selectFrom('drivers').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
  const setRule = (id: number, rule: 'per_ride' | 'per_hour' | 'share', amount: number) =>
    handle.db
      .updateTable('drivers')
      .set({ pay_rule: rule, pay_amount: amount })
      .where('id', '=', id)
      .execute()
  const addTip = (
    bookingId: string,
    driverId: number | null,
    method: 'card' | 'cash',
    status: 'paid' | 'refunded',
    amountMinor: number,
    currency: string,
  ) =>
    handle.db
      .insertInto('ride_tips')
      .values({
        booking_id: bookingId,
        driver_id: driverId,
        method,
        amount_minor: amountMinor,
        currency,
        status,
        paid_at: later.toISOString(),
        created_at: later.toISOString(),
      })
      .execute()

  it('sums the driver’s rides and their tips per currency', async () => {
    const lira = await finishedRide(handle, { startedAt, finishedAt, currency: 'TRY' })
    const euro = await finishedRide(handle, { startedAt, finishedAt, currency: 'EUR' })
    const { driverId, driverAccountId } = lira
    // The euro ride is this driver's too, a deposit booking: 30% paid by card, the rest in cash.
    await handle.db
      .updateTable('booking_assignments')
      .set({ driver_id: driverId })
      .where('booking_id', '=', euro.booking.id)
      .execute()
    const euroPaid = Math.round(euro.booking.total_minor * 0.3)
    await handle.db
      .updateTable('bookings')
      .set({ payment_option: 'depositCash', paid_minor: euroPaid })
      .where('id', '=', euro.booking.id)
      .execute()
    const euroBooking = await handle.db
      .selectFrom('bookings')
      .selectAll()
      .where('id', '=', euro.booking.id)
      .executeTakeFirstOrThrow()
    const euroSplit = rideSplit(euroBooking)
    expect(euroSplit.cashMinor).toBe(euro.booking.total_minor - euroPaid)

    // A cash tip the driver reported, a paid card tip, a refunded one, one for another driver.
    expect(
      (
        await reportCashTip(
          handle,
          { accountId: driverAccountId, reference: lira.booking.reference, amountMinor: 20_000 },
          later,
        )
      ).kind,
    ).toBe('recorded')
    await addTip(lira.booking.id, driverId, 'card', 'paid', 30_000, 'TRY')
    await addTip(lira.booking.id, driverId, 'card', 'refunded', 99_900, 'TRY')
    await addTip(euro.booking.id, driverId, 'card', 'paid', 1_000, 'EUR')
    await addTip(euro.booking.id, euro.driverId, 'card', 'paid', 5_000, 'EUR')

    await setRule(driverId, 'per_ride', 45_000)
    const settlement = await currentSettlement(handle.db, await driverRow(driverId), week)
    expect(settlement.rides.map((ride) => ride.reference).sort()).toEqual(
      [lira.booking.reference, euro.booking.reference].sort(),
    )
    const liraRide = settlement.rides.find((ride) => ride.currency === 'TRY')!
    expect(liraRide.fareMinor).toBe(rideSplit(lira.booking).totalMinor)
    expect(liraRide.minutes).toBe(65)
    expect(liraRide.minutesSource).toBe('steps')
    expect(settlement.totals).toEqual([
      {
        currency: 'TRY',
        rides: 1,
        fareMinor: rideSplit(lira.booking).totalMinor,
        cashMinor: 0,
        cashTipsMinor: 20_000,
        cardTipsMinor: 30_000,
        payMinor: 90_000,
        balanceMinor: 90_000 + 30_000,
      },
      {
        currency: 'EUR',
        rides: 1,
        fareMinor: euroSplit.totalMinor,
        cashMinor: euroSplit.cashMinor,
        cashTipsMinor: 0,
        cardTipsMinor: 1_000,
        payMinor: 0,
        balanceMinor: 1_000 - euroSplit.cashMinor,
      },
    ])

    // By the hour: 65 minutes at ₺300 an hour; the offer's agreed pay overrides the rule.
    await setRule(driverId, 'per_hour', 30_000)
    const vehicleId = (
      await handle.db
        .selectFrom('booking_assignments')
        .select('vehicle_id')
        .where('booking_id', '=', euro.booking.id)
        .executeTakeFirstOrThrow()
    ).vehicle_id!
    await handle.db
      .insertInto('job_offers')
      .values({
        booking_id: euro.booking.id,
        driver_id: driverId,
        vehicle_id: vehicleId,
        pay_minor: 70_000,
        status: 'accepted',
        offered_by: null,
        offered_at: startedAt.toISOString(),
        expires_at: startedAt.toISOString(),
        answered_at: startedAt.toISOString(),
      })
      .execute()
    const hourly = await currentSettlement(handle.db, await driverRow(driverId), week)
    expect(hourly.rides.map((ride) => [ride.currency, ride.pay])).toEqual(
      expect.arrayContaining([
        ['TRY', { minor: 32_500, currency: 'TRY', basis: 'per_hour' }],
        ['EUR', { minor: 70_000, currency: 'TRY', basis: 'offer' }],
      ]),
    )
    // Another period has none of it.
    expect(
      (
        await currentSettlement(handle.db, await driverRow(driverId), {
          from: '2026-12-07',
          to: '2026-12-13',
        })
      ).rides,
    ).toEqual([])
  })

  it('marks a period settled once, with its figures, and audits it', async () => {
    const ride = await finishedRide(handle, { startedAt, finishedAt, currency: 'TRY' })
    const { driverId, dispatcherId } = ride
    // No pay rule: nothing is settled while the pay is not set.
    expect(
      (await markSettled(handle, { driverId, period: week, accountId: dispatcherId }, later)).kind,
    ).toBe('payNotSet')
    expect(
      (
        await markSettled(
          handle,
          { driverId, period: { from: '2026-12-07', to: '2026-12-13' }, accountId: dispatcherId },
          later,
        )
      ).kind,
    ).toBe('nothing')
    await setRule(driverId, 'share', 25)
    const first = await markSettled(
      handle,
      { driverId, period: week, accountId: dispatcherId },
      later,
    )
    expect(first.kind).toBe('settled')
    const second = await markSettled(
      handle,
      { driverId, period: week, accountId: dispatcherId },
      later,
    )
    expect(second.kind).toBe('already')
    const rows = await handle.db
      .selectFrom('driver_settlements')
      .selectAll()
      .where('driver_id', '=', driverId)
      .execute()
    expect(rows).toHaveLength(1)

    // The figures kept are those agreed, even when the rule changes afterwards.
    const fare = rideSplit(ride.booking).totalMinor
    await setRule(driverId, 'per_ride', 1_000)
    const stored = await storedSettlement(handle.db, driverId, week)
    expect(stored?.settledBy).toBe('Deniz Ak')
    expect(stored?.figures.totals[0]).toMatchObject({
      currency: 'TRY',
      payMinor: Math.round(fare * 0.25),
      balanceMinor: Math.round(fare * 0.25),
    })
    const audit = await staffActionsOnSubject(handle.db, `driver:${driverId}`)
    expect(audit.filter((entry) => entry.action === 'driver.settled')).toHaveLength(1)
  })

  it('keeps to one row when two admins mark the same period at the same moment', async () => {
    const ride = await finishedRide(handle, { startedAt, finishedAt, currency: 'TRY' })
    await setRule(ride.driverId, 'per_ride', 45_000)
    const request = { driverId: ride.driverId, period: week, accountId: ride.dispatcherId }
    const outcomes = await Promise.all([
      markSettled(handle, request, later),
      markSettled(handle, request, later),
    ])
    expect(outcomes.map((outcome) => outcome.kind).sort()).toEqual(['already', 'settled'])
    const rows = await handle.db
      .selectFrom('driver_settlements')
      .select('id')
      .where('driver_id', '=', ride.driverId)
      .execute()
    expect(rows).toHaveLength(1)
  })
})
