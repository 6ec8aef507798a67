import type { Executor } from '~/booking/booking-store.server'
import type { DatabaseHandle } from '~/db/connect.server'
import type { DriverPayRule } from '~/db/schema'
import { writeTransaction } from '~/db/write.server'
import { recordStaffAction } from '~/audit/audit.server'
import { rideSplit } from '~/domain/booking/ride-split'
import { rideMinutes } from '~/domain/booking/ride-mode'
import {
  settle,
  type PayRule,
  type Settlement,
  type SettlementRideInput,
} from '~/domain/settlements/settlement'
import type { SettlementPeriod } from '~/domain/settlements/settlement-period'
import { isUniqueViolation } from '~/dispatch/unique-violation.server'
import type { DriverRow } from '~/dispatch/drivers.server'

/**
 * A driver's settlement for a period (docs/settlements.md): their finished
 * rides read from the bookings, the ride steps, the accepted offers and the
 * tips, computed by app/domain/settlements/settlement.ts; and a period marked
 * settled, once, with the figures as they were then.
 */

export type { SettlementPeriod }

/** The driver's pay rule as the computation reads it; null: not set. */
export function payRuleOf(driver: Pick<DriverRow, 'pay_rule' | 'pay_amount'>): PayRule {
  if (driver.pay_rule === null || driver.pay_amount === null) return null
  return { kind: driver.pay_rule as DriverPayRule, amount: driver.pay_amount }
}

/**
 * The driver's rides finished in the period (by the Istanbul day of their
 * pickup, the one they are assigned now), each with its money, minutes and tips.
 */
export async function settlementRides(
  executor: Executor,
  driverId: number,
  period: SettlementPeriod,
): Promise<SettlementRideInput[]> {
  const bookings = await executor
    .selectFrom('bookings')
    .innerJoin('booking_assignments', 'booking_assignments.booking_id', 'bookings.id')
    .selectAll('bookings')
    .where('booking_assignments.driver_id', '=', driverId)
    .where('bookings.status', '=', 'finished')
    .where('bookings.trip_date', '>=', period.from)
    .where('bookings.trip_date', '<=', period.to)
    .orderBy('bookings.trip_date')
    .orderBy('bookings.trip_time')
    .orderBy('bookings.reference')
    .execute()
  if (bookings.length === 0) return []
  const ids = bookings.map((booking) => booking.id)
  const [steps, offers, tips] = await Promise.all([
    executor
      .selectFrom('booking_events')
      .select(['booking_id', 'to_status', 'created_at'])
      .where('booking_id', 'in', ids)
      .where('to_status', 'in', ['on_board', 'finished'])
      .execute(),
    executor
      .selectFrom('job_offers')
      .select(['booking_id', 'pay_minor'])
      .where('booking_id', 'in', ids)
      .where('driver_id', '=', driverId)
      .where('status', '=', 'accepted')
      .execute(),
    executor
      .selectFrom('ride_tips')
      .select(['booking_id', 'driver_id', 'method', 'status', 'amount_minor', 'currency'])
      .where('booking_id', 'in', ids)
      .execute(),
  ])
  const stepAt = (bookingId: string, status: string) =>
    steps
      .filter((step) => step.booking_id === bookingId && step.to_status === status)
      .map((step) => Date.parse(step.created_at))
      .sort((a, b) => a - b)
  return bookings.map((booking) => {
    const split = rideSplit(booking)
    // From "on board" (the first) to "finished" (the last); the booked length when a step is missing.
    const boarded = stepAt(booking.id, 'on_board')[0]
    const finished = stepAt(booking.id, 'finished').at(-1)
    const fromSteps =
      boarded !== undefined && finished !== undefined && finished > boarded
        ? Math.round((finished - boarded) / 60_000)
        : null
    return {
      reference: booking.reference,
      pickupDate: booking.trip_date,
      pickupTime: booking.trip_time,
      currency: booking.currency,
      fareMinor: split.totalMinor,
      fareCashMinor: split.cashMinor,
      minutes: fromSteps ?? rideMinutes(booking),
      minutesSource: fromSteps === null ? 'booked' : 'steps',
      offerPayMinor: offers.find((offer) => offer.booking_id === booking.id)?.pay_minor ?? null,
      tips: tips
        .filter((tip) => tip.booking_id === booking.id)
        .map((tip) => ({
          driverId: tip.driver_id,
          method: tip.method,
          status: tip.status,
          amountMinor: tip.amount_minor,
          currency: tip.currency,
        })),
    }
  })
}

/** The driver's settlement of the period as the rides stand now. */
export async function currentSettlement(
  executor: Executor,
  driver: DriverRow,
  period: SettlementPeriod,
): Promise<Settlement> {
  return settle({
    driverId: driver.id,
    rule: payRuleOf(driver),
    rides: await settlementRides(executor, driver.id, period),
  })
}

export interface StoredSettlement {
  figures: Settlement
  settledAt: string
  settledBy: string | null
}

/** The period's settlement as marked, if it was: its figures then, when and by whom. */
export async function storedSettlement(
  executor: Executor,
  driverId: number,
  period: SettlementPeriod,
): Promise<StoredSettlement | null> {
  const row = await executor
    .selectFrom('driver_settlements')
    .leftJoin('staff_accounts', 'staff_accounts.id', 'driver_settlements.settled_by')
    .select([
      'driver_settlements.figures',
      'driver_settlements.settled_at',
      'staff_accounts.name as settledBy',
    ])
    .where('driver_settlements.driver_id', '=', driverId)
    .where('driver_settlements.period_from', '=', period.from)
    .where('driver_settlements.period_to', '=', period.to)
    .executeTakeFirst()
  if (!row) return null
  return {
    figures: JSON.parse(row.figures) as Settlement,
    settledAt: row.settled_at,
    settledBy: row.settledBy,
  }
}

export type MarkSettledOutcome =
  | { kind: 'settled'; figures: Settlement }
  | { kind: 'already' }
  | { kind: 'notFound' }
  /** Some ride's pay is not set: no balance to agree on. */
  | { kind: 'payNotSet' }
  /** No ride finished in the period. */
  | { kind: 'nothing' }

/** The balances as the audit log keeps them: 'TRY 1250.00; EUR -40.00'. */
function balancesText(figures: Settlement): string {
  return figures.totals
    .map((total) => `${total.currency} ${((total.balanceMinor ?? 0) / 100).toFixed(2)}`)
    .join('; ')
}

/**
 * Marks the driver's period settled by `accountId`, with its figures as they
 * are now, audited; once: a period settled already (here or by a request at
 * the same moment, which the unique index stops) answers 'already'.
 */
export async function markSettled(
  handle: DatabaseHandle,
  request: { driverId: number; period: SettlementPeriod; accountId: number },
  now: Date,
): Promise<MarkSettledOutcome> {
  const { driverId, period, accountId } = request
  const at = now.toISOString()
  try {
    return await writeTransaction(handle, async (trx): Promise<MarkSettledOutcome> => {
      const driver = await trx
        .selectFrom('drivers')
        .selectAll()
        .where('id', '=', driverId)
        .executeTakeFirst()
      if (!driver) return { kind: 'notFound' }
      if (await storedSettlement(trx, driverId, period)) return { kind: 'already' }
      const figures = await currentSettlement(trx, driver, period)
      if (figures.rides.length === 0) return { kind: 'nothing' }
      if (figures.ridesWithoutPay > 0) return { kind: 'payNotSet' }
      await trx
        .insertInto('driver_settlements')
        .values({
          driver_id: driverId,
          period_from: period.from,
          period_to: period.to,
          figures: JSON.stringify(figures),
          settled_by: accountId,
          settled_at: at,
          created_at: at,
        })
        .execute()
      await recordStaffAction(
        trx,
        {
          accountId,
          action: 'driver.settled',
          subject: `driver:${driverId}`,
          after: {
            period: `${period.from} – ${period.to}`,
            rides: figures.rides.length,
            balance: balancesText(figures),
          },
        },
        now,
      )
      return { kind: 'settled', figures }
    })
  } catch (error) {
    // Another admin marked the same period a moment before.
    if (isUniqueViolation(error)) return { kind: 'already' }
    throw error
  }
}
