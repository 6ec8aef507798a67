import type { Executor } from '~/db/executor'
import type { DatabaseHandle } from '~/db/connect.server'
import type { BookingRow, JobOfferStatus } from '~/db/schema'
import { lockBooking } from '~/booking/booking-store.server'
import { writeTransaction } from '~/db/write.server'
import { isAwaitingRide } from '~/domain/booking/status'
import { addDays, istanbulDate } from '~/domain/booking-window'
import { servesClass } from '~/domain/dispatch/rules'
import { changedFields } from '~/domain/staff/audit-actions'
import { nextInTurn, offerDeadline, offerRound, offerStatusAt } from '~/domain/dispatch/offers'
import { recordStaffAction } from '~/audit/audit.server'
import { driverOfAccount, lockDriver } from './drivers.server'
import { findVehicle, lockVehicle } from './vehicles.server'
import { driverDuty } from './driver-hours.server'
import {
  assignmentVersion,
  assignmentWarnings,
  currentAssignment,
  rideOccupancy,
  writeAssignment,
} from './assignment.server'
import { queueOfferMessage } from './offer-messages.server'
import { suggestDrivers } from './suggestions.server'

/**
 * Jobs offered to drivers (docs/dispatch.md, "Offering a job"). A dispatcher,
 * or the automatic mode, offers a ride to one driver or several; each hears
 * of it by the channel they chose and answers on their jobs page. The first
 * acceptance assigns the ride with the driver's usual car; every race is
 * settled under the booking's lock, and the database's unique index on the
 * accepted offer of a booking would refuse a second one even without it.
 */

export interface DispatchSettings {
  /** The minutes a driver has to answer an offer. */
  offerMinutes: number
  /** Whether each new ride is offered to the suggested drivers in turn. */
  autoOffer: boolean
}

export async function readDispatchSettings(executor: Executor): Promise<DispatchSettings> {
  const row = await executor
    .selectFrom('dispatch_settings')
    .select(['offer_minutes', 'auto_offer'])
    .where('id', '=', 1)
    .executeTakeFirst()
  return { offerMinutes: row?.offer_minutes ?? 15, autoOffer: row?.auto_offer === 1 }
}

/** Saves how offers work, with its audit row; an unchanged form writes nothing. */
export async function saveDispatchSettings(
  handle: DatabaseHandle,
  settings: DispatchSettings,
  staffAccountId: number,
  now: Date,
): Promise<{ changed: boolean }> {
  return writeTransaction(handle, async (trx) => {
    const current = await readDispatchSettings(trx)
    const changes = changedFields(
      { offerMinutes: current.offerMinutes, autoOffer: current.autoOffer },
      { offerMinutes: settings.offerMinutes, autoOffer: settings.autoOffer },
    )
    if (Object.keys(changes.after).length === 0) return { changed: false }
    await trx
      .updateTable('dispatch_settings')
      .set({
        offer_minutes: settings.offerMinutes,
        auto_offer: settings.autoOffer ? 1 : 0,
        updated_by: staffAccountId,
        updated_at: now.toISOString(),
      })
      .where('id', '=', 1)
      .execute()
    await recordStaffAction(
      trx,
      { accountId: staffAccountId, action: 'dispatch.settings_changed', ...changes },
      now,
    )
    return { changed: true }
  })
}

/** Why a driver was not offered a ride. */
export type OfferRefusal =
  /** Inactive, or no sign-in to open the offer with. */
  | 'unavailable'
  /** No usual car, or one out of service or below the ride's class. */
  | 'noVehicle'
  | 'offDuty'
  /** The driver or their car has another job then. */
  | 'busy'
  | 'alreadyOffered'

export type OfferJobOutcome =
  | {
      kind: 'offered'
      offerIds: number[]
      /** The messages telling each driver, to send at once. */
      messageIds: (number | undefined)[]
      refused: { driverId: number; name: string; refusal: OfferRefusal }[]
    }
  /** Not a ride waiting for its driver: paid, not cancelled, not driven. */
  | { kind: 'notOfferable' }
  /** It has its driver already. */
  | { kind: 'assigned' }

export interface OfferRequest {
  bookingId: string
  driverIds: number[]
  /** What the driver is paid for the ride, in kuruş; null when not said. */
  payMinor: number | null
  /** The dispatcher; null for the automatic mode. */
  staffAccountId: number | null
  bufferMinutes: number
}

/** Offers a ride to each driver named who may take it; says why for the others. */
export async function offerJob(
  handle: DatabaseHandle,
  request: OfferRequest,
  now: Date,
): Promise<OfferJobOutcome> {
  return writeTransaction(handle, async (trx): Promise<OfferJobOutcome> => {
    const booking = await lockBooking(trx, request.bookingId)
    if (!booking || !isAwaitingRide(booking.status)) return { kind: 'notOfferable' }
    if (await currentAssignment(trx, booking.id)) return { kind: 'assigned' }
    const { offerMinutes } = await readDispatchSettings(trx)
    // An offer past its deadline that the periodic job has not closed yet would hold the
    // driver's one open place on this ride: it is closed first.
    await trx
      .updateTable('job_offers')
      .set({ status: 'expired', answered_at: now.toISOString() })
      .where('booking_id', '=', booking.id)
      .where('status', '=', 'open')
      .where('expires_at', '<=', now.toISOString())
      .execute()
    const expiresAt = offerDeadline(now, offerMinutes).toISOString()
    const offerIds: number[] = []
    const messageIds: (number | undefined)[] = []
    const refused: { driverId: number; name: string; refusal: OfferRefusal }[] = []
    const offeredNames: string[] = []
    // In id order, as every other lock of drivers is taken: two offers at once never deadlock.
    for (const driverId of [...new Set(request.driverIds)].sort((a, b) => a - b)) {
      const driver = await lockDriver(trx, driverId)
      if (!driver) continue
      const refusal = await whyNotOffer(trx, booking, driver, request.bufferMinutes)
      if (refusal) {
        refused.push({ driverId, name: driver.name, refusal })
        continue
      }
      const { id } = await trx
        .insertInto('job_offers')
        .values({
          booking_id: booking.id,
          driver_id: driver.id,
          vehicle_id: driver.usual_vehicle_id!,
          pay_minor: request.payMinor,
          status: 'open',
          offered_by: request.staffAccountId,
          offered_at: now.toISOString(),
          expires_at: expiresAt,
          answered_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      offerIds.push(id)
      offeredNames.push(driver.name)
      messageIds.push(
        await queueOfferMessage(
          trx,
          { id, expiresAt, payMinor: request.payMinor },
          booking,
          driver,
          now,
        ),
      )
    }
    if (offerIds.length > 0 && request.staffAccountId !== null) {
      await recordStaffAction(
        trx,
        {
          accountId: request.staffAccountId,
          action: 'booking.offered',
          bookingId: booking.id,
          after: {
            drivers: offeredNames.join(', '),
            pay: request.payMinor === null ? null : (request.payMinor / 100).toFixed(2),
            minutes: offerMinutes,
          },
        },
        now,
      )
    }
    return { kind: 'offered', offerIds, messageIds, refused }
  })
}

/** Why this driver may not be offered this ride now; undefined when they may. */
async function whyNotOffer(
  trx: Executor,
  booking: BookingRow,
  driver: NonNullable<Awaited<ReturnType<typeof lockDriver>>>,
  bufferMinutes: number,
): Promise<OfferRefusal | undefined> {
  if (driver.active !== 1 || driver.staff_account_id === null) return 'unavailable'
  const account = await trx
    .selectFrom('staff_accounts')
    .select('disabled_at')
    .where('id', '=', driver.staff_account_id)
    .executeTakeFirst()
  if (!account || account.disabled_at !== null) return 'unavailable'
  const vehicle =
    driver.usual_vehicle_id === null ? undefined : await findVehicle(trx, driver.usual_vehicle_id)
  if (!vehicle?.active || !servesClass(vehicle.class_code, booking.vehicle_class)) {
    return 'noVehicle'
  }
  const open = await trx
    .selectFrom('job_offers')
    .select('id')
    .where('booking_id', '=', booking.id)
    .where('driver_id', '=', driver.id)
    .where('status', '=', 'open')
    .executeTakeFirst()
  if (open) return 'alreadyOffered'
  const duty = await driverDuty(trx, driver.id, rideOccupancy(booking))
  if (!duty.onDuty) return 'offDuty'
  if (await busyThen(trx, booking, driver.id, vehicle, bufferMinutes)) return 'busy'
  return undefined
}

/**
 * Whether the driver or the car has another paid ride overlapping this one
 * (the dispatch buffer included): the assignment's overlap warnings. A car
 * too small is not a clash here: the usual car was checked for the class.
 */
async function busyThen(
  trx: Executor,
  booking: BookingRow,
  driverId: number,
  vehicle: NonNullable<Awaited<ReturnType<typeof findVehicle>>>,
  bufferMinutes: number,
): Promise<boolean> {
  const warnings = await assignmentWarnings(trx, booking, { driverId, vehicle }, bufferMinutes)
  return warnings.some(
    (warning) => warning.kind === 'driverOverlap' || warning.kind === 'vehicleOverlap',
  )
}

export type AnswerOutcome =
  | {
      kind: 'accepted'
      reference: string
      mailId: number | undefined
      textIds: (number | undefined)[]
    }
  | { kind: 'declined'; bookingId: string }
  /** The offer is no longer open: its status says why ('taken' by another driver…). */
  | { kind: 'closed'; status: Exclude<JobOfferStatus, 'open'> }
  /** The driver (or their car) is no longer free for it: another job, or off duty. */
  | { kind: 'clash' }
  /** No such offer for this driver: a stranger's answer is refused like a wrong id. */
  | { kind: 'notFound' }

/**
 * A driver's answer to an offer made to them. The driver is the one linked to
 * the signed-in account, never one the form names.
 */
export async function answerOffer(
  handle: DatabaseHandle,
  request: {
    offerId: number
    accountId: number
    answer: 'accept' | 'decline'
    bufferMinutes: number
  },
  now: Date,
): Promise<AnswerOutcome> {
  const at = now.toISOString()
  const found = await handle.db
    .selectFrom('job_offers')
    .select('booking_id')
    .where('id', '=', request.offerId)
    .executeTakeFirst()
  if (!found) return { kind: 'notFound' }
  return writeTransaction(handle, async (trx): Promise<AnswerOutcome> => {
    // The booking's lock first, as every assignment takes it: answers and assignments take turns.
    const booking = await lockBooking(trx, found.booking_id)
    const offer = await trx
      .selectFrom('job_offers')
      .selectAll()
      .where('id', '=', request.offerId)
      .executeTakeFirst()
    const driver = await driverOfAccount(trx, request.accountId)
    if (!booking || !offer || !driver || offer.driver_id !== driver.id) return { kind: 'notFound' }
    const status = offerStatusAt(offer, now)
    if (status !== 'open') {
      if (offer.status === 'open') await closeOffer(trx, offer.id, status, at)
      return { kind: 'closed', status }
    }
    if (request.answer === 'decline') {
      await closeOffer(trx, offer.id, 'declined', at)
      await recordStaffAction(
        trx,
        {
          accountId: request.accountId,
          action: 'booking.offer_declined',
          bookingId: booking.id,
          after: { driver: driver.name },
        },
        now,
      )
      return { kind: 'declined', bookingId: booking.id }
    }
    if (!isAwaitingRide(booking.status)) {
      await closeOffer(trx, offer.id, 'withdrawn', at)
      return { kind: 'closed', status: 'withdrawn' }
    }
    const version = await assignmentVersion(trx, booking.id)
    const current = await currentAssignment(trx, booking.id)
    if (current) {
      await closeOffer(trx, offer.id, 'taken', at)
      return { kind: 'closed', status: 'taken' }
    }
    const lockedDriver = await lockDriver(trx, driver.id)
    const vehicle = await lockVehicle(trx, offer.vehicle_id)
    if (!lockedDriver?.active || !vehicle?.active) {
      await closeOffer(trx, offer.id, 'withdrawn', at)
      return { kind: 'closed', status: 'withdrawn' }
    }
    // Their hours, time off and other jobs may have changed since the offer.
    const duty = await driverDuty(trx, driver.id, rideOccupancy(booking))
    if (!duty.onDuty || (await busyThen(trx, booking, driver.id, vehicle, request.bufferMinutes))) {
      return { kind: 'clash' }
    }
    await closeOffer(trx, offer.id, 'accepted', at)
    const assigned = await writeAssignment(
      trx,
      {
        booking,
        version,
        current,
        driver: lockedDriver,
        vehicle,
        byAccountId: request.accountId,
        action: 'booking.offer_accepted',
        note: {},
      },
      now,
    )
    return {
      kind: 'accepted',
      reference: booking.reference,
      mailId: assigned.mailId,
      textIds: assigned.textIds,
    }
  })
}

/** Closes an open offer; one already closed (by a concurrent answer) stays as it is. */
async function closeOffer(
  trx: Executor,
  id: number,
  status: Exclude<JobOfferStatus, 'open'>,
  at: string,
) {
  await trx
    .updateTable('job_offers')
    .set({ status, answered_at: at })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .execute()
}

/** A dispatcher withdraws every open offer of a ride (to give it by hand, or not at all). */
export async function withdrawOffers(
  handle: DatabaseHandle,
  request: { bookingId: string; staffAccountId: number },
  now: Date,
): Promise<number> {
  return writeTransaction(handle, async (trx) => {
    const booking = await lockBooking(trx, request.bookingId)
    if (!booking) return 0
    const closed = await trx
      .updateTable('job_offers')
      .set({ status: 'withdrawn', answered_at: now.toISOString() })
      .where('booking_id', '=', booking.id)
      .where('status', '=', 'open')
      .where('expires_at', '>', now.toISOString())
      .executeTakeFirst()
    const count = Number(closed.numUpdatedRows)
    if (count > 0) {
      await recordStaffAction(
        trx,
        {
          accountId: request.staffAccountId,
          action: 'booking.offers_withdrawn',
          bookingId: booking.id,
          after: { offers: count },
        },
        now,
      )
    }
    return count
  })
}

/** The periodic job: open offers past their deadline become expired. */
export async function expireOffers(handle: DatabaseHandle, now: Date): Promise<number> {
  const expired = await handle.db
    .updateTable('job_offers')
    .set({ status: 'expired', answered_at: now.toISOString() })
    .where('status', '=', 'open')
    .where('expires_at', '<=', now.toISOString())
    .executeTakeFirst()
  return Number(expired.numUpdatedRows)
}

/** How far ahead the automatic mode offers rides: further ones wait for a later run. */
export const AUTO_OFFER_AHEAD_DAYS = 7

/**
 * The automatic mode, run by the periodic job and after a decline: each ride
 * waiting for a driver with no offer open is offered to the next suggested
 * driver who has not had it. A ride every suggested driver let go stays
 * unassigned, flagged on the board for a dispatcher.
 */
export async function offerRidesInTurn(
  handle: DatabaseHandle,
  options: { bufferMinutes: number; roadFactor: number; bookingId?: string },
  now: Date,
): Promise<{ offered: number; messageIds: (number | undefined)[] }> {
  const settings = await readDispatchSettings(handle.db)
  if (!settings.autoOffer) return { offered: 0, messageIds: [] }
  // Pickup days are Istanbul days; a '00:00' ride stored on the day before is
  // still read, and one whose pickup has passed is skipped below.
  const today = istanbulDate(now)
  const until = addDays(today, AUTO_OFFER_AHEAD_DAYS)
  let query = handle.db
    .selectFrom('bookings')
    .leftJoin('booking_assignments', 'booking_assignments.booking_id', 'bookings.id')
    .selectAll('bookings')
    .where('bookings.status', '=', 'confirmed')
    .where('booking_assignments.driver_id', 'is', null)
    .where('bookings.trip_date', '>=', addDays(today, -1))
    .where('bookings.trip_date', '<=', until)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('job_offers')
            .select('job_offers.id')
            .whereRef('job_offers.booking_id', '=', 'bookings.id')
            .where('job_offers.status', '=', 'open')
            .where('job_offers.expires_at', '>', now.toISOString()),
        ),
      ),
    )
    .orderBy('bookings.trip_date')
    .orderBy('bookings.trip_time')
  if (options.bookingId) query = query.where('bookings.id', '=', options.bookingId)
  const rides = await query.execute()
  let offered = 0
  const messageIds: (number | undefined)[] = []
  for (const ride of rides) {
    // Not before the ride has started: a ride whose pickup passed is a dispatcher's.
    if (rideOccupancy(ride).start <= now.getTime()) continue
    const had = await handle.db
      .selectFrom('job_offers')
      .select('driver_id')
      .where('booking_id', '=', ride.id)
      .execute()
    const suggestions = await suggestDrivers(
      handle.db,
      ride,
      options.bufferMinutes,
      options.roadFactor,
    )
    const next = nextInTurn(suggestions, new Set(had.map((row) => row.driver_id)))
    if (!next) continue
    const outcome = await offerJob(
      handle,
      {
        bookingId: ride.id,
        driverIds: [next.driverId],
        payMinor: null,
        staffAccountId: null,
        bufferMinutes: options.bufferMinutes,
      },
      now,
    )
    if (outcome.kind === 'offered' && outcome.offerIds.length > 0) {
      offered += 1
      messageIds.push(...outcome.messageIds)
    }
  }
  return { offered, messageIds }
}

/** The offers of some rides, for the board and the booking's page: where each round stands. */
export async function offerRounds(executor: Executor, bookingIds: readonly string[], now: Date) {
  const rounds = new Map<string, ReturnType<typeof offerRound>>()
  if (bookingIds.length === 0) return rounds
  const rows = await executor
    .selectFrom('job_offers')
    .select(['booking_id', 'status', 'expires_at'])
    .where('booking_id', 'in', [...bookingIds])
    .execute()
  for (const id of bookingIds) {
    rounds.set(
      id,
      offerRound(
        rows.filter((row) => row.booking_id === id),
        now,
      ),
    )
  }
  return rounds
}

/** The offers of one ride, newest first, with each driver's name, for the dispatcher. */
export async function offersOfBooking(executor: Executor, bookingId: string, now: Date) {
  const rows = await executor
    .selectFrom('job_offers')
    .innerJoin('drivers', 'drivers.id', 'job_offers.driver_id')
    .select([
      'job_offers.id',
      'job_offers.status',
      'job_offers.expires_at',
      'job_offers.offered_at',
      'job_offers.answered_at',
      'job_offers.offered_by',
      'job_offers.pay_minor',
      'drivers.name as driver_name',
    ])
    .where('job_offers.booking_id', '=', bookingId)
    .orderBy('job_offers.offered_at', 'desc')
    .orderBy('job_offers.id', 'desc')
    .execute()
  return rows.map((row) => ({ ...row, status: offerStatusAt(row, now) }))
}

/** How long an answered offer stays on the driver's page, so they see what became of it. */
const ANSWERED_SHOWN_HOURS = 12

/**
 * The offers a driver sees on their jobs page: the open ones, and those
 * closed in the last hours (taken by another driver, expired…), each with
 * its ride. Only this driver's own offers are read: the query is the access rule.
 */
export async function offersOfDriver(executor: Executor, driverId: number, now: Date) {
  const since = new Date(now.getTime() - ANSWERED_SHOWN_HOURS * 3_600_000).toISOString()
  const rows = await executor
    .selectFrom('job_offers')
    .innerJoin('bookings', 'bookings.id', 'job_offers.booking_id')
    .innerJoin('vehicles', 'vehicles.id', 'job_offers.vehicle_id')
    .selectAll('bookings')
    .select([
      'job_offers.id as offer_id',
      'job_offers.status as offer_status',
      'job_offers.expires_at as offer_expires_at',
      'job_offers.pay_minor as offer_pay_minor',
      'vehicles.make_model as vehicle_make_model',
      'vehicles.plate as vehicle_plate',
    ])
    .where('job_offers.driver_id', '=', driverId)
    .where((eb) =>
      eb.or([eb('job_offers.status', '=', 'open'), eb('job_offers.answered_at', '>=', since)]),
    )
    // An accepted offer is a job: it is on the jobs list below.
    .where('job_offers.status', '!=', 'accepted')
    .orderBy('bookings.trip_date')
    .orderBy('bookings.trip_time')
    .orderBy('job_offers.id')
    .execute()
  return rows.map(
    ({
      offer_id,
      offer_status,
      offer_expires_at,
      offer_pay_minor,
      vehicle_make_model,
      vehicle_plate,
      ...booking
    }) => ({
      offer: {
        id: offer_id,
        status: offerStatusAt({ status: offer_status, expires_at: offer_expires_at }, now),
        expiresAt: offer_expires_at,
        payMinor: offer_pay_minor,
      },
      vehicle: { make_model: vehicle_make_model, plate: vehicle_plate },
      booking: booking as BookingRow,
    }),
  )
}
