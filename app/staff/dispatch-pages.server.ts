import { data, redirect, type RouterContextProvider } from 'react-router'
import { parseWithZod } from '@conform-to/zod/v4'
import { getEnv } from '~/config/env.server'
import { getDatabase } from '~/db/db.server'
import type { BookingRow } from '~/db/schema'
import { istanbulDate } from '~/domain/booking-window'
import { isAwaitingRide, nextRideSteps, rideStatuses } from '~/domain/booking/status'
import { rideSplit } from '~/domain/booking/ride-split'
import { rideLine, staffReference } from '~/booking/ride-label'
import { exactPlace, mapsSearchUrl, placeWithArea } from '~/domain/places/place-label'
import { markRideStep } from '~/dispatch/ride-steps.server'
import { vehicleClassCodes } from '~/domain/booking/vehicle-classes'
import { displayPlate, servesClass, type AssignmentWarning } from '~/domain/dispatch/rules'
import { rolesThatMay } from '~/domain/staff/roles'
import { listVehicleClasses } from '~/content/fleet.server'
import { presentBooking } from '~/booking/booking-view.server'
import { deliverMailSoon } from '~/mail/outgoing-mail.server'
import { formatDate, formatMoney } from '~/utils/format'
import type { Language } from '~/i18n/config'
import { markFormRefused, pageContext } from '~/utils/page-context.server'
import { logger } from '~/utils/logger.server'
import { assignSchema, driverSchema, vehicleSchema } from '~/dispatch/dispatch-forms'
import {
  addDriver,
  changeDriver,
  driverOfAccount,
  findDriver,
  linkableDriverAccounts,
  listDrivers,
} from '~/dispatch/drivers.server'
import { addVehicle, changeVehicle, findVehicle, listVehicles } from '~/dispatch/vehicles.server'
import {
  assignBooking,
  assignmentVersion,
  currentAssignment,
  unassignBooking,
  vehicleLabel,
} from '~/dispatch/assignment.server'
import { jobsOfDriver } from '~/dispatch/jobs.server'
import { staffActionsOnSubject } from '~/dispatch/record-history.server'
import { meetingPoint } from '~/dispatch/traveller-mail.server'
import { bookingRecord } from './board.server'
import { noExtras } from '~/domain/booking/extras'
import { instantFormatter, staffMeta } from './ops-pages.server'
import { forbidden, refuseCrossOrigin, requireStaff, staffPageHeaders } from './guard.server'

/**
 * What the dispatch pages under /ops do (drivers, vehicles, a booking's
 * driver and vehicle, a driver's own jobs), so their route modules hold only
 * loader, action, component and meta. Every answer is private (the layout's
 * no-store); every POST is checked to come from this site; a refused form is
 * answered with its values and a message beside each wrong field.
 */

type Context = Readonly<RouterContextProvider>

const notFound = () => data('Not found', { status: 404, headers: staffPageHeaders })

function idParam(value: string | undefined): number {
  if (!value || !/^\d{1,9}$/.test(value)) throw notFound()
  return Number(value)
}

const requireDispatcher = (request: Request) =>
  requireStaff(request, rolesThatMay('dispatch.manage'))

function classTitles(context: Context, request: Request) {
  const { language, site } = pageContext(context, request)
  const titles = new Map(listVehicleClasses(language, site).map((item) => [item.code, item.title]))
  return (code: string) => titles.get(code as never) ?? code
}

/** A driver's or vehicle's own audit entries, dated in Istanbul time in the page's language. */
async function recordHistory(context: Context, request: Request, subject: string) {
  const { language, t } = pageContext(context, request)
  const at = instantFormatter(language)
  const shown = (value: string | number | boolean | null | undefined) =>
    value === null || value === undefined
      ? null
      : typeof value === 'boolean'
        ? t(value ? 'ops.dispatch.yes' : 'ops.dispatch.no')
        : String(value)
  const entries = await staffActionsOnSubject((await getDatabase()).db, subject)
  return entries.map((entry) => ({
    id: entry.id,
    at: at(entry.at),
    staffName: entry.staffName,
    action: entry.action,
    changes: [...new Set([...Object.keys(entry.before), ...Object.keys(entry.after)])].map(
      (field) => ({ field, before: shown(entry.before[field]), after: shown(entry.after[field]) }),
    ),
  }))
}

// ---------------------------------------------------------------- drivers

function accountOptions(accounts: { id: number; name: string; email: string }[]) {
  return accounts.map((account) => ({
    value: account.id,
    label: `${account.name} (${account.email})`,
  }))
}

export async function driversPageData(context: Context, request: Request) {
  await requireDispatcher(request)
  const { t } = pageContext(context, request)
  const handle = await getDatabase()
  const [drivers, accounts] = await Promise.all([
    listDrivers(handle.db),
    linkableDriverAccounts(handle.db),
  ])
  const url = new URL(request.url)
  const added = Number(url.searchParams.get('added'))
  return {
    meta: staffMeta(context, request, t('ops.dispatch.drivers.title')),
    drivers: drivers.map((driver) => ({
      id: driver.id,
      name: driver.name,
      phone: driver.phone,
      languages: driver.languages,
      licence: driver.licence_number,
      account: driver.accountEmail,
      active: driver.active === 1,
    })),
    accounts: accountOptions(accounts),
    added: drivers.find((driver) => driver.id === added)?.name ?? null,
    saved: url.searchParams.get('saved') === '1',
  }
}

function driverInput(value: ReturnType<typeof driverSchema.parse>, isNew: boolean) {
  return {
    name: value.name,
    phone: value.phone,
    languages: value.languages,
    licenceNumber: value.licenceNumber,
    staffAccountId: value.staffAccountId ?? null,
    // A new driver is active; on the edit form the box says.
    active: isNew ? true : value.active === true,
  }
}

async function driverFormAction(context: Context, request: Request, driverId?: number) {
  const staff = await requireDispatcher(request)
  refuseCrossOrigin(request)
  const submission = parseWithZod(await request.formData(), { schema: driverSchema })
  const refuse = (reply: ReturnType<typeof submission.reply>) => {
    markFormRefused(context)
    return data({ result: reply }, { status: 400, headers: staffPageHeaders })
  }
  if (submission.status !== 'success') return refuse(submission.reply())
  const handle = await getDatabase()
  const input = driverInput(submission.value, driverId === undefined)
  const outcome =
    driverId === undefined
      ? await addDriver(handle, input, staff.account.id, new Date())
      : await changeDriver(handle, driverId, input, staff.account.id, new Date())
  if (!outcome.ok) {
    if (outcome.refusal === 'notFound') throw notFound()
    return refuse(
      submission.reply({
        fieldErrors: { staffAccountId: ['ops.dispatch.errors.accountUnavailable'] },
      }),
    )
  }
  logger.info(driverId === undefined ? 'dispatch.driver_added' : 'dispatch.driver_changed', {
    driver: outcome.id,
    by: staff.account.id,
  })
  return redirect(
    driverId === undefined ? `/ops/drivers?added=${outcome.id}` : '/ops/drivers?saved=1',
    { status: 303, headers: staffPageHeaders },
  )
}

export const addDriverAction = (context: Context, request: Request) =>
  driverFormAction(context, request)

export const editDriverAction = (context: Context, request: Request, id: string | undefined) =>
  driverFormAction(context, request, idParam(id))

export async function editDriverPageData(
  context: Context,
  request: Request,
  id: string | undefined,
) {
  await requireDispatcher(request)
  const { t } = pageContext(context, request)
  const handle = await getDatabase()
  const driver = await findDriver(handle.db, idParam(id))
  if (!driver) throw notFound()
  return {
    meta: staffMeta(context, request, t('ops.dispatch.drivers.editTitle', { name: driver.name })),
    id: driver.id,
    name: driver.name,
    defaults: {
      name: driver.name,
      phone: driver.phone,
      languages: driver.languages,
      licenceNumber: driver.licence_number,
      staffAccountId: driver.staff_account_id === null ? '' : String(driver.staff_account_id),
      active: driver.active === 1 ? 'on' : '',
    },
    accounts: accountOptions(await linkableDriverAccounts(handle.db, driver.id)),
    history: await recordHistory(context, request, `driver:${driver.id}`),
  }
}

// ---------------------------------------------------------------- vehicles

function classOptions(context: Context, request: Request) {
  const title = classTitles(context, request)
  return vehicleClassCodes.map((code) => ({ value: code, label: title(code) }))
}

export async function vehiclesPageData(context: Context, request: Request) {
  await requireDispatcher(request)
  const { t } = pageContext(context, request)
  const title = classTitles(context, request)
  const vehicles = await listVehicles((await getDatabase()).db)
  const url = new URL(request.url)
  const added = Number(url.searchParams.get('added'))
  const addedVehicle = vehicles.find((vehicle) => vehicle.id === added)
  return {
    meta: staffMeta(context, request, t('ops.dispatch.vehicles.title')),
    vehicles: vehicles.map((vehicle) => ({
      id: vehicle.id,
      plate: displayPlate(vehicle.plate),
      class: title(vehicle.class_code),
      makeModel: vehicle.make_model,
      colour: vehicle.colour,
      seats: vehicle.seats,
      luggage: vehicle.luggage,
      active: vehicle.active === 1,
    })),
    classes: classOptions(context, request),
    added: addedVehicle ? displayPlate(addedVehicle.plate) : null,
    saved: url.searchParams.get('saved') === '1',
  }
}

async function vehicleFormAction(context: Context, request: Request, vehicleId?: number) {
  const staff = await requireDispatcher(request)
  refuseCrossOrigin(request)
  const submission = parseWithZod(await request.formData(), { schema: vehicleSchema })
  const refuse = (reply: ReturnType<typeof submission.reply>) => {
    markFormRefused(context)
    return data({ result: reply }, { status: 400, headers: staffPageHeaders })
  }
  if (submission.status !== 'success') return refuse(submission.reply())
  const value = submission.value
  const input = {
    classCode: value.classCode,
    makeModel: value.makeModel,
    plate: value.plate,
    colour: value.colour || null,
    seats: value.seats,
    luggage: value.luggage,
    active: vehicleId === undefined ? true : value.active === true,
  }
  const handle = await getDatabase()
  const outcome =
    vehicleId === undefined
      ? await addVehicle(handle, input, staff.account.id, new Date())
      : await changeVehicle(handle, vehicleId, input, staff.account.id, new Date())
  if (!outcome.ok) {
    if (outcome.refusal === 'notFound') throw notFound()
    return refuse(submission.reply({ fieldErrors: { plate: ['ops.dispatch.errors.plateTaken'] } }))
  }
  logger.info(vehicleId === undefined ? 'dispatch.vehicle_added' : 'dispatch.vehicle_changed', {
    vehicle: outcome.id,
    by: staff.account.id,
  })
  return redirect(
    vehicleId === undefined ? `/ops/vehicles?added=${outcome.id}` : '/ops/vehicles?saved=1',
    { status: 303, headers: staffPageHeaders },
  )
}

export const addVehicleAction = (context: Context, request: Request) =>
  vehicleFormAction(context, request)

export const editVehicleAction = (context: Context, request: Request, id: string | undefined) =>
  vehicleFormAction(context, request, idParam(id))

export async function editVehiclePageData(
  context: Context,
  request: Request,
  id: string | undefined,
) {
  await requireDispatcher(request)
  const { t } = pageContext(context, request)
  const vehicle = await findVehicle((await getDatabase()).db, idParam(id))
  if (!vehicle) throw notFound()
  const plate = displayPlate(vehicle.plate)
  return {
    meta: staffMeta(context, request, t('ops.dispatch.vehicles.editTitle', { plate })),
    id: vehicle.id,
    plate,
    defaults: {
      classCode: vehicle.class_code,
      makeModel: vehicle.make_model,
      plate,
      colour: vehicle.colour ?? '',
      seats: String(vehicle.seats),
      luggage: String(vehicle.luggage),
      active: vehicle.active === 1 ? 'on' : '',
    },
    classes: classOptions(context, request),
    history: await recordHistory(context, request, `vehicle:${vehicle.id}`),
  }
}

// ---------------------------------------------------------------- a booking's driver and vehicle

async function paidBooking(reference: string): Promise<BookingRow> {
  const record = await bookingRecord(await getDatabase(), reference.toUpperCase())
  if (!record) throw notFound()
  return record.booking
}

/** The booking page's "Driver and vehicle" section: who drives, and the notice of a change. */
export async function assignmentSummary(context: Context, request: Request, reference: string) {
  const staff = await requireStaff(request, rolesThatMay('bookings.view'))
  const booking = await paidBooking(reference)
  const assignment = await currentAssignment((await getDatabase()).db, booking.id)
  const asked = new URL(request.url).searchParams.get('dispatch')
  const notice = (['assigned', 'unchanged', 'unassigned'] as const).find((kind) => kind === asked)
  return {
    mayAssign: rolesThatMay('dispatch.manage').includes(staff.account.role),
    assignable: isAwaitingRide(booking.status),
    notice: notice ?? null,
    driver: assignment ? { name: assignment.driver.name, phone: assignment.driver.phone } : null,
    vehicle: assignment ? vehicleLabel(assignment.vehicle) : null,
    assignedBy: assignment?.assignedByName ?? null,
  }
}

function tripSummary(context: Context, request: Request, booking: BookingRow) {
  const { language, site, t } = pageContext(context, request)
  const view = presentBooking(booking, noExtras, language, site)
  return {
    date: formatDate(view.trip.date, language),
    time: booking.trip_time,
    from: placeWithArea(view.trip.pickup),
    to: placeWithArea(view.trip.destination),
    route: rideLine(t, {
      from: placeWithArea(view.trip.pickup),
      to: placeWithArea(view.trip.destination),
      hire: view.trip.hire,
    }),
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
  const [drivers, vehicles, assignment, version] = await Promise.all([
    listDrivers(handle.db),
    listVehicles(handle.db),
    currentAssignment(handle.db, booking.id),
    assignmentVersion(handle.db, booking.id),
  ])
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
    drivers: drivers
      .filter((driver) => driver.active === 1)
      .map((driver) => ({
        value: driver.id,
        label: t('ops.dispatch.assign.driverOption', {
          name: driver.name,
          languages: driver.languages,
        }),
      })),
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
      deliverMailSoon(handle, [outcome.mailId])
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
      deliverMailSoon(handle, [outcome.mailId])
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

// ---------------------------------------------------------------- a driver's own jobs

export async function jobsPageData(context: Context, request: Request) {
  const staff = await requireStaff(request, rolesThatMay('jobs.own'))
  const { t, language } = pageContext(context, request)
  const handle = await getDatabase()
  const meta = staffMeta(context, request, t('ops.dispatch.jobs.title'))
  const driver = await driverOfAccount(handle.db, staff.account.id)
  if (!driver) return { meta, linked: false as const, days: [] }
  const today = istanbulDate(new Date())
  const jobs = await jobsOfDriver(handle.db, driver.id, today)
  const days: { date: string; label: string; jobs: ReturnType<typeof jobView>[] }[] = []
  for (const job of jobs) {
    const view = jobView(context, request, job)
    let day = days.at(-1)
    if (day?.date !== view.date) {
      day = { date: view.date, label: formatDate(view.date, language), jobs: [] }
      days.push(day)
    }
    day.jobs.push(view)
  }
  return { meta, linked: true as const, days }
}

function jobView(
  context: Context,
  request: Request,
  job: Awaited<ReturnType<typeof jobsOfDriver>>[number],
) {
  const { language, site, t } = pageContext(context, request)
  const { booking } = job
  const view = presentBooking(booking, noExtras, language, site)
  const exactPickup = exactPlace(view.trip.pickup, view.pickupAddress)
  return {
    reference: booking.reference,
    // A return ride's own booking beside the trip the traveller's voucher shows, to match them.
    shownReference: staffReference(t, { own: booking.reference, returnOf: job.returnOf }),
    date: view.trip.date,
    time: booking.trip_time,
    from: placeWithArea(view.trip.pickup),
    to: placeWithArea(view.trip.destination),
    route: rideLine(t, {
      from: placeWithArea(view.trip.pickup),
      to: placeWithArea(view.trip.destination),
      hire: view.trip.hire,
    }),
    meetingPoint: meetingPoint(booking, language),
    traveller: [booking.first_name, booking.last_name].filter(Boolean).join(' '),
    phone: booking.phone,
    flight: booking.flight_number,
    signName: booking.sign_name,
    passengers: booking.passenger_count,
    luggage: booking.luggage_count,
    extras: job.extras,
    notes: booking.notes,
    vehicle: [job.vehicle.make_model, job.vehicle.colour, displayPlate(job.vehicle.plate)]
      .filter(Boolean)
      .join(', '),
    status: booking.status,
    nextSteps: nextRideSteps(booking.status),
    // What the traveller pays the driver: the rest of a deposit booking, in its currency.
    cash: cashToCollect(booking, language),
    /** The exact address or hotel of a pickup that is not an airport. */
    pickupAddress: booking.pickup_address,
    // Where the driver goes: the address given in the place chosen (an airport by its name).
    exactPickup,
    mapsUrl: mapsSearchUrl(exactPickup),
  }
}

function cashToCollect(booking: BookingRow, language: Language): string | null {
  const { cashMinor } = rideSplit(booking)
  if (!cashMinor) return null
  return formatMoney(cashMinor / 100, booking.currency, language, { minimumFractionDigits: 2 })
}

/** The step a driver marks on one of their jobs (a form per step on the jobs page). */
export async function jobsAction(context: Context, request: Request) {
  const staff = await requireStaff(request, rolesThatMay('jobs.own'))
  refuseCrossOrigin(request)
  const form = await request.formData()
  const reference = String(form.get('reference') ?? '').slice(0, 32)
  const step = rideStatuses.find((status) => status === form.get('step'))
  if (!step) throw data('Unknown step', { status: 400, headers: staffPageHeaders })
  const outcome = await markRideStep(
    await getDatabase(),
    { accountId: staff.account.id, reference, step },
    new Date(),
  )
  // Signed in as a driver, but not this job's: refused like any page that is
  // not for them (the reference alone tells them nothing they did not send).
  if (outcome.kind === 'notYours') throw forbidden()
  if (outcome.kind === 'outOfOrder') {
    markFormRefused(context)
    return data({ refusedReference: reference }, { status: 409, headers: staffPageHeaders })
  }
  return redirect(`/ops/jobs#job-${reference}`, { status: 303, headers: staffPageHeaders })
}
