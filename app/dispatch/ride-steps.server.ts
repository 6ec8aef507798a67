import { changeStatus, lockBooking, updateBooking } from '~/booking/booking-store.server'
import { queueOpsPickupCodeAlert } from '~/booking/booking-notices.server'
import type { DatabaseHandle } from '~/db/connect.server'
import { writeTransaction } from '~/db/write.server'
import { canTransition, type RideStatus } from '~/domain/booking/status'
import { normalisedPickupCode, PICKUP_CODE_ALERT_AFTER } from '~/domain/booking/pickup-code'
import { recordStaffAction } from '~/audit/audit.server'
import { driverOfAccount } from './drivers.server'
import type { Executor } from '~/db/executor'
import type { BookingRow } from '~/db/schema'
import { displayPlate } from '~/domain/dispatch/rules'
import { formatPhone, toE164 } from '~/domain/phone'
import { queueTravellerText } from '~/booking/booking-texts.server'
import { currentAssignment } from './assignment.server'
import { meetingPoint } from './traveller-mail.server'

/**
 * A driver marks a step of a ride (on the way, arrived, passenger on board,
 * finished, no-show) on a job that is theirs. The step goes through the
 * booking's one status path, so it is time-stamped in the event log and
 * checked against the ride's order; the audit log keeps who marked it.
 */

export type RideStepOutcome =
  /** `textIds`: the traveller's update (on the way, waiting), to send at once. */
  | { kind: 'marked'; textIds: (number | undefined)[] }
  /** The same step again (a double tap, a form sent twice): nothing changes. */
  | { kind: 'already' }
  /** Not this driver's job, or no such booking: one answer for both. */
  | { kind: 'notYours' }
  /** Out of order (arrived before on the way, anything after the end). */
  | { kind: 'outOfOrder' }
  /**
   * "Passenger on board" with a pickup code that is not the ride's: refused,
   * counted and logged; `alertIds` is dispatch's alert when this miss raised it.
   */
  | { kind: 'wrongCode'; misses: number; alertIds: (number | undefined)[] }
  /** "Passenger on board" with no code typed: asked for again, not counted as a guess. */
  | { kind: 'codeMissing' }

export async function markRideStep(
  handle: DatabaseHandle,
  request: {
    accountId: number
    reference: string
    step: RideStatus
    /** What the driver typed as the pickup code; only "passenger on board" reads it. */
    pickupCode?: string
  },
  now: Date,
): Promise<RideStepOutcome> {
  const driver = await driverOfAccount(handle.db, request.accountId)
  if (!driver) return { kind: 'notYours' }
  return writeTransaction(handle, async (trx): Promise<RideStepOutcome> => {
    const booking = await lockDriversRide(trx, request.reference, driver.id)
    if (!booking) return { kind: 'notYours' }
    if (booking.status === request.step) return { kind: 'already' }
    if (!canTransition(booking.status, request.step)) return { kind: 'outOfOrder' }
    const typedCode = normalisedPickupCode(request.pickupCode)
    if (request.step === 'on_board' && booking.pickup_code && typedCode === '') {
      return { kind: 'codeMissing' }
    }
    if (request.step === 'on_board' && !pickupCodeMatches(booking, typedCode)) {
      return refusePickupCode(
        trx,
        booking,
        { accountId: request.accountId, driver, typed: typedCode.slice(0, 8) },
        now,
      )
    }
    await changeStatus(trx, booking, request.step, {
      at: now.toISOString(),
      note: `marked by driver ${driver.name}`,
    })
    await recordStaffAction(
      trx,
      {
        accountId: request.accountId,
        action: 'booking.status_changed',
        bookingId: booking.id,
        before: { status: booking.status },
        after: { status: request.step },
      },
      now,
    )
    return { kind: 'marked', textIds: [await queueStepText(trx, booking, request.step, now)] }
  })
}

/**
 * The booking with this reference, locked, when it is assigned to this
 * driver; undefined for another driver's ride or no ride at all (one answer
 * for both). Locked before its assignment is read: a dispatcher changes that
 * under the same lock, so a driver just taken off the ride cannot act on it.
 */
export async function lockDriversRide(
  trx: Executor,
  reference: string,
  driverId: number,
): Promise<BookingRow | undefined> {
  const found = await trx
    .selectFrom('bookings')
    .select('id')
    .where('reference', '=', reference)
    .executeTakeFirst()
  const booking = found && (await lockBooking(trx, found.id))
  if (!booking) return undefined
  const assignment = await trx
    .selectFrom('booking_assignments')
    .select('driver_id')
    .where('booking_id', '=', booking.id)
    .executeTakeFirst()
  return assignment?.driver_id === driverId ? booking : undefined
}

function pickupCodeMatches(booking: BookingRow, typed: string): boolean {
  // A booking without a code (none was ever drawn) starts as before.
  return !booking.pickup_code || typed === booking.pickup_code
}

/**
 * A wrong code is counted on the booking and written to the audit log (who
 * typed it, and what: a pattern of guesses is evidence). The count reaching
 * PICKUP_CODE_ALERT_AFTER queues dispatch's alert, once; the board flags the
 * ride from the count itself until it starts.
 */
async function refusePickupCode(
  trx: Executor,
  booking: BookingRow,
  by: { accountId: number; driver: { name: string }; typed: string },
  now: Date,
): Promise<RideStepOutcome> {
  const misses = booking.pickup_code_misses + 1
  await updateBooking(trx, booking, { pickup_code_misses: misses }, now.toISOString())
  await recordStaffAction(
    trx,
    {
      accountId: by.accountId,
      action: 'booking.pickup_code_refused',
      bookingId: booking.id,
      before: { misses: booking.pickup_code_misses },
      after: { misses, typed: by.typed },
    },
    now,
  )
  const alertIds =
    misses === PICKUP_CODE_ALERT_AFTER
      ? [await queueOpsPickupCodeAlert(trx, booking, { misses, driver: by.driver.name }, now)]
      : []
  return { kind: 'wrongCode', misses, alertIds }
}

/**
 * The traveller who asked for WhatsApp or SMS hears when their driver sets off
 * and when they are waiting: who, which car, where, and their number.
 */
async function queueStepText(
  trx: Executor,
  booking: BookingRow,
  step: RideStatus,
  now: Date,
): Promise<number | undefined> {
  if (step !== 'on_the_way' && step !== 'arrived') return undefined
  const pair = await currentAssignment(trx, booking.id)
  if (!pair) return undefined
  const driver = {
    driver: pair.driver.name,
    phone: formatPhone(toE164(pair.driver.phone) ?? pair.driver.phone),
  }
  return step === 'on_the_way'
    ? queueTravellerText(
        trx,
        booking,
        'onTheWay',
        booking.id,
        {
          ...driver,
          car: [pair.vehicle.make_model, pair.vehicle.colour].filter(Boolean).join(', '),
          plate: displayPlate(pair.vehicle.plate),
        },
        now,
      )
    : queueTravellerText(
        trx,
        booking,
        'arrived',
        booking.id,
        { ...driver, meetingPoint: meetingPoint(booking), code: booking.pickup_code ?? '' },
        now,
      )
}
