import { data, redirect } from 'react-router'
import { parseWithZod } from '@conform-to/zod/v4'
import { getEnv } from '~/config/env.server'
import { getDatabase } from '~/db/db.server'
import type { BookingRow } from '~/db/schema'
import { isAwaitingRide } from '~/domain/booking/status'
import { displayPlate, servesClass, type AssignmentWarning } from '~/domain/dispatch/rules'
import { rolesThatMay } from '~/domain/staff/roles'
import { presentBooking } from '~/booking/booking-view.server'
import { deliverSoon } from '~/messages/queue.server'
import { formatDate } from '~/utils/format'
import { markFormRefused, pageContext } from '~/utils/page-context.server'
import { logger } from '~/utils/logger.server'
import { assignSchema } from '~/dispatch/dispatch-forms'
import { listDrivers } from '~/dispatch/drivers.server'
import { listVehicles } from '~/dispatch/vehicles.server'
import {
  assignBooking,
  assignmentVersion,
  currentAssignment,
  rideOccupancy,
  unassignBooking,
  vehicleLabel,
} from '~/dispatch/assignment.server'
import { dutyOfDrivers } from '~/dispatch/driver-hours.server'
import {
  offerJob,
  offerRounds,
  offersOfBooking,
  readDispatchSettings,
  withdrawOffers,
  type OfferRefusal,
} from '~/dispatch/offers.server'
import { suggestDrivers } from '~/dispatch/suggestions.server'
import { offerSchema } from '~/dispatch/offer-forms'
import { instantFormatter } from './ops-pages.server'
import { fieldError } from '~/forms/text-input'
import { offDutyText } from './driver-pages.server'
import { bookingRecord } from './board.server'
import { noExtras } from '~/domain/booking/extras'
import { staffMeta } from './ops-pages.server'
import { refuseCrossOrigin, requireStaff, staffPageHeaders } from './guard.server'
import {
  classTitles,
  notFound,
  requireDispatcher,
  staffTripEnds,
  type Context,
} from './dispatch-shared.server'

/**
 * A booking's driver and vehicle: the section of the booking page that says
 * who drives, and the page where a dispatcher assigns them.
 */

async function paidBooking(reference: string): Promise<BookingRow> {
  const record = await bookingRecord(await getDatabase(), reference.toUpperCase())
  if (!record) throw notFound()
  return record.booking
}

/** The booking page's "Driver and vehicle" section: who drives, and the notice of a change. */
export async function assignmentSummary(context: Context, request: Request, reference: string) {
  const staff = await requireStaff(request, rolesThatMay('bookings.view'))
  const booking = await paidBooking(reference)
  const handle = await getDatabase()
  const assignment = await currentAssignment(handle.db, booking.id)
  const now = new Date()
  const round = (await offerRounds(handle.db, [booking.id], now)).get(booking.id)
  const { language } = pageContext(context, request)
  const asked = new URL(request.url).searchParams.get('dispatch')
  const notice = (['assigned', 'unchanged', 'unassigned'] as const).find((kind) => kind === asked)
  return {
    mayAssign: rolesThatMay('dispatch.manage').includes(staff.account.role),
    assignable: isAwaitingRide(booking.status),
    notice: notice ?? null,
    driver: assignment ? { name: assignment.driver.name, phone: assignment.driver.phone } : null,
    vehicle: assignment ? vehicleLabel(assignment.vehicle) : null,
    assignedBy: assignment?.assignedByName ?? null,
    // Where the offers of a ride without its driver stand: waiting for answers, or let go.
    offers:
      assignment || !round || (round.kind !== 'waiting' && round.kind !== 'lapsed')
        ? null
        : round.kind === 'waiting'
          ? {
              kind: 'waiting' as const,
              count: round.open,
              until: instantFormatter(language)(round.firstDeadline),
            }
          : { kind: 'lapsed' as const, count: round.offered },
  }
}

function tripSummary(context: Context, request: Request, booking: BookingRow) {
  const { language, site, t } = pageContext(context, request)
  const view = presentBooking(booking, noExtras, language, site)
  return {
    date: formatDate(view.trip.date, language),
    time: booking.trip_time,
    ...staffTripEnds(t, view.trip),
    vehicle: view.vehicle.title,
    passengers: booking.passenger_count ?? 1,
    luggage: booking.luggage_count ?? 0,
  }
}

export async function assignPageData(context: Context, request: Request, reference: string) {
  await requireDispatcher(request)
  const { t } = pageContext(context, request)
  const handle = await getDatabase()
  const booking = await paidBooking(reference)
  const title = classTitles(context, request)
  const now = new Date()
  const env = getEnv()
  const [drivers, vehicles, assignment, version, offers, suggestions, settings] = await Promise.all(
    [
      listDrivers(handle.db),
      listVehicles(handle.db),
      currentAssignment(handle.db, booking.id),
      assignmentVersion(handle.db, booking.id),
      offersOfBooking(handle.db, booking.id, now),
      suggestDrivers(handle.db, booking, env.DISPATCH_BUFFER_MINUTES, env.ROAD_FACTOR),
      readDispatchSettings(handle.db),
    ],
  )
  const activeDrivers = drivers.filter((driver) => driver.active === 1)
  // Who works for the whole of this ride (their hours, their time off): the others are marked.
  const duty = await dutyOfDrivers(
    handle.db,
    activeDrivers.map((driver) => driver.id),
    rideOccupancy(booking),
  )
  return {
    meta: staffMeta(
      context,
      request,
      t('ops.dispatch.assign.title', { reference: booking.reference }),
    ),
    reference: booking.reference,
    assignable: isAwaitingRide(booking.status),
    trip: tripSummary(context, request, booking),
    version,
    current: assignment
      ? { driver: assignment.driver.name, vehicle: vehicleLabel(assignment.vehicle) }
      : null,
    defaults: assignment
      ? { driverId: String(assignment.driver.id), vehicleId: String(assignment.vehicle.id) }
      : { driverId: '', vehicleId: '' },
    drivers: activeDrivers.map((driver) => {
      const label = t('ops.dispatch.assign.driverOption', {
        name: driver.name,
        languages: driver.languages,
      })
      const onDuty = duty.get(driver.id)?.onDuty !== false
      return {
        value: driver.id,
        label: onDuty ? label : t('ops.driverHours.assign.offDutyOption', { label }),
        onDuty,
      }
    }),
    someOffDuty: [...duty.values()].some((driverDuty) => !driverDuty.onDuty),
    offering: offeringSection(context, request, {
      offerable: isAwaitingRide(booking.status) && !assignment,
      offers,
      suggestions,
      settings,
      activeDrivers,
    }),
    // Only vehicles that may drive this booking: its class or better.
    vehicles: vehicles
      .filter(
        (vehicle) => vehicle.active === 1 && servesClass(vehicle.class_code, booking.vehicle_class),
      )
      .map((vehicle) => ({
        value: vehicle.id,
        label: t('ops.dispatch.assign.vehicleOption', {
          plate: displayPlate(vehicle.plate),
          makeModel: vehicle.make_model,
          class: title(vehicle.class_code),
          seats: vehicle.seats,
          luggage: vehicle.luggage,
        }),
      })),
  }
}

/**
 * The "Offer this ride" part of the page: the drivers suggested (free, in
 * their hours, nearest first), every other active driver below them, and the
 * offers made so far with where each stands.
 */
function offeringSection(
  context: Context,
  request: Request,
  input: {
    offerable: boolean
    offers: Awaited<ReturnType<typeof offersOfBooking>>
    suggestions: Awaited<ReturnType<typeof suggestDrivers>>
    settings: Awaited<ReturnType<typeof readDispatchSettings>>
    activeDrivers: { id: number; name: string }[]
  },
) {
  const { t, language } = pageContext(context, request)
  const when = instantFormatter(language)
  const suggested = new Set(input.suggestions.map((suggestion) => suggestion.driverId))
  return {
    offerable: input.offerable,
    minutes: input.settings.offerMinutes,
    auto: input.settings.autoOffer,
    openCount: input.offers.filter((offer) => offer.status === 'open').length,
    // Suggested drivers first, with how far they come from; the others may still be offered it.
    drivers: [
      ...input.suggestions.map((suggestion) => ({
        value: String(suggestion.driverId),
        label:
          suggestion.km === null || !suggestion.comingFrom
            ? t('ops.offers.suggestedFree', { name: suggestion.name })
            : t('ops.offers.suggestedFrom', {
                name: suggestion.name,
                km: suggestion.km,
                place: suggestion.comingFrom.name[language],
              }),
      })),
      ...input.activeDrivers
        .filter((driver) => !suggested.has(driver.id))
        .map((driver) => ({
          value: String(driver.id),
          label: t('ops.offers.notSuggested', { name: driver.name }),
        })),
    ],
    offers: input.offers.map((offer) => ({
      id: offer.id,
      driver: offer.driver_name,
      status: offer.status,
      offeredAt: when(offer.offered_at),
      expiresAt: when(offer.expires_at),
      automatic: offer.offered_by === null,
    })),
  }
}

function warningText(context: Context, request: Request, warning: AssignmentWarning): string {
  const { t, language } = pageContext(context, request)
  const key = `ops.dispatch.assign.warnings.${warning.kind}`
  if (warning.kind === 'driverOverlap' || warning.kind === 'vehicleOverlap') {
    return t(key, {
      reference: warning.reference,
      date: formatDate(warning.tripDate, language),
      time: warning.tripTime,
    })
  }
  return t(key, warning)
}

export async function assignAction(context: Context, request: Request, reference: string) {
  const staff = await requireDispatcher(request)
  refuseCrossOrigin(request)
  const booking = await paidBooking(reference)
  const handle = await getDatabase()
  const formData = await request.formData()
  const done = (notice: string) =>
    redirect(`/ops/bookings/${booking.reference}?dispatch=${notice}`, {
      status: 303,
      headers: staffPageHeaders,
    })
  const now = new Date()

  if (formData.get('intent') === 'offer') {
    return offerAction(context, request, booking, formData, staff.account.id)
  }
  if (formData.get('intent') === 'withdrawOffers') {
    const withdrawn = await withdrawOffers(
      handle,
      { bookingId: booking.id, staffAccountId: staff.account.id },
      now,
    )
    return redirect(`/ops/bookings/${booking.reference}/assign?withdrawn=${withdrawn}`, {
      status: 303,
      headers: staffPageHeaders,
    })
  }
  if (formData.get('intent') === 'unassign') {
    const outcome = await unassignBooking(
      handle,
      {
        bookingId: booking.id,
        expectedVersion: Number(formData.get('version')),
        staffAccountId: staff.account.id,
      },
      now,
    )
    if (outcome.kind === 'unassigned') {
      deliverSoon(handle, [outcome.mailId, ...outcome.textIds])
      return done('unassigned')
    }
    return data(
      { result: undefined, stale: true, warnings: null },
      { status: 409, headers: staffPageHeaders },
    )
  }

  const submission = parseWithZod(formData, { schema: assignSchema })
  const refuse = (reply: ReturnType<typeof submission.reply>, status = 400) => {
    markFormRefused(context)
    return data(
      { result: reply, stale: false, warnings: null },
      { status, headers: staffPageHeaders },
    )
  }
  if (submission.status !== 'success') return refuse(submission.reply())
  const outcome = await assignBooking(
    handle,
    {
      bookingId: booking.id,
      driverId: submission.value.driverId,
      vehicleId: submission.value.vehicleId,
      expectedVersion: submission.value.version,
      acknowledged: submission.value.acknowledged ?? null,
      staffAccountId: staff.account.id,
      bufferMinutes: getEnv().DISPATCH_BUFFER_MINUTES,
    },
    now,
  )
  switch (outcome.kind) {
    case 'assigned':
      logger.info('dispatch.assigned', {
        booking: booking.reference,
        version: outcome.version,
        by: staff.account.id,
      })
      deliverSoon(handle, [outcome.mailId, ...outcome.textIds])
      return done('assigned')
    case 'unchanged':
      return done('unchanged')
    case 'warnings':
      return data(
        {
          result: submission.reply(),
          stale: false,
          warnings: {
            texts: outcome.warnings.map((warning) => warningText(context, request, warning)),
            fingerprint: outcome.fingerprint,
          },
        },
        { headers: staffPageHeaders },
      )
    case 'stale':
      return data(
        { result: submission.reply(), stale: true, warnings: null },
        { status: 409, headers: staffPageHeaders },
      )
    case 'offDuty': {
      // Beside the driver field, why in words: the hours that do not cover it, or the time off.
      const { t, language } = pageContext(context, request)
      const reason = offDutyText(t, language, outcome.driverName, outcome.duty)
      return refuse(
        submission.reply({
          fieldErrors: {
            driverId: [fieldError('ops.dispatch.errors.driverOffDuty', { text: reason })],
          },
        }),
      )
    }
    case 'refused': {
      const key = `ops.dispatch.errors.${outcome.refusal}`
      if (outcome.refusal === 'notAssignable') {
        return refuse(submission.reply({ formErrors: ['ops.dispatch.assign.notAssignable'] }), 409)
      }
      const field = outcome.refusal === 'driverUnavailable' ? 'driverId' : 'vehicleId'
      return refuse(submission.reply({ fieldErrors: { [field]: [key] } }))
    }
  }
}

/**
 * A dispatcher offers the ride to the drivers ticked. Those who may not take
 * it (off duty, busy, without a car of its class…) are named with the reason;
 * the others are told by their channel at once.
 */
async function offerAction(
  context: Context,
  request: Request,
  booking: BookingRow,
  formData: FormData,
  staffAccountId: number,
) {
  const submission = parseWithZod(formData, { schema: offerSchema })
  const refuse = (reply: ReturnType<typeof submission.reply>, status = 400) => {
    markFormRefused(context)
    return data(
      { offerResult: reply, offerRefusals: [] as string[] },
      { status, headers: staffPageHeaders },
    )
  }
  if (submission.status !== 'success') return refuse(submission.reply())
  const handle = await getDatabase()
  const outcome = await offerJob(
    handle,
    {
      bookingId: booking.id,
      driverIds: submission.value.driverIds.map(Number),
      payMinor: submission.value.pay === undefined ? null : submission.value.pay * 100,
      staffAccountId,
      bufferMinutes: getEnv().DISPATCH_BUFFER_MINUTES,
    },
    new Date(),
  )
  if (outcome.kind !== 'offered') {
    return refuse(submission.reply({ formErrors: [`ops.offers.errors.${outcome.kind}`] }), 409)
  }
  deliverSoon(handle, outcome.messageIds)
  const { t } = pageContext(context, request)
  const refusals = outcome.refused.map((refused) =>
    t(`ops.offers.refusals.${refused.refusal satisfies OfferRefusal}`, { name: refused.name }),
  )
  if (outcome.offerIds.length === 0) {
    markFormRefused(context)
    return data(
      {
        offerResult: submission.reply({ formErrors: ['ops.offers.errors.noneOffered'] }),
        offerRefusals: refusals,
      },
      { status: 409, headers: staffPageHeaders },
    )
  }
  logger.info('dispatch.offered', { booking: booking.reference, offers: outcome.offerIds.length })
  if (refusals.length === 0) {
    return redirect(
      `/ops/bookings/${booking.reference}/assign?offered=${outcome.offerIds.length}`,
      {
        status: 303,
        headers: staffPageHeaders,
      },
    )
  }
  // Some were offered it, some not: the page says which, and why.
  return data(
    { offerResult: submission.reply({ resetForm: true }), offerRefusals: refusals },
    { headers: staffPageHeaders },
  )
}
