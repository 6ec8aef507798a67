import { filingStates } from '~/compliance/filing-status.server'
import { leavesUnfiled, type FilingState } from '~/domain/compliance/filing-status'
import { data, redirect } from 'react-router'
import { getDatabase } from '~/db/db.server'
import type { BookingRow } from '~/db/schema'
import { istanbulDate } from '~/domain/booking-window'
import { nextRideSteps, rideStatuses } from '~/domain/booking/status'
import { rideSplit } from '~/domain/booking/ride-split'
import { staffReference } from '~/booking/ride-label'
import { exactPlace, mapsSearchUrl } from '~/domain/places/place-label'
import { deliverSoon } from '~/messages/queue.server'
import { markRideStep } from '~/dispatch/ride-steps.server'
import { PICKUP_CODE_ALERT_AFTER } from '~/domain/booking/pickup-code'
import { displayPlate } from '~/domain/dispatch/rules'
import { rolesThatMay } from '~/domain/staff/roles'
import { presentBooking } from '~/booking/booking-view.server'
import { formatDate, formatInstantTime, formatMoney } from '~/utils/format'
import type { Language } from '~/i18n/config'
import { markFormRefused, pageContext } from '~/utils/page-context.server'
import { driverOfAccount } from '~/dispatch/drivers.server'
import { jobsOfDriver } from '~/dispatch/jobs.server'
import { meetingPoint } from '~/dispatch/traveller-mail.server'
import { noExtras } from '~/domain/booking/extras'
import { staffMeta } from './ops-pages.server'
import { forbidden, refuseCrossOrigin, requireStaff, staffPageHeaders } from './guard.server'
import { classTitles, staffTripEnds, type Context } from './dispatch-shared.server'
import { rideContact } from '~/domain/phone'
import { rideEnded } from '~/domain/booking/ride-timeline'
import { flightViews, type FlightView } from '~/flights/flight-view.server'
import { driverHoursAction, driverHoursSection, isDriverHoursIntent } from './driver-pages.server'
import { answerOffer, offerRidesInTurn, offersOfDriver } from '~/dispatch/offers.server'
import { getEnv } from '~/config/env.server'
import { istanbulClock } from '~/domain/booking-window'
import { sharePositionAction } from './position-share.server'
import { positionOfRide } from '~/dispatch/positions.server'
import { sharesPosition } from '~/domain/dispatch/car-position'
import { servedPlaceNames } from '~/booking/search-form-options'
import type { SharedPosition } from '~/components/ops/share-position'
import type { DatabaseHandle } from '~/db/connect.server'
import { parseCurrency } from '~/domain/money/currency'
import { readTipAmount, tipScale } from '~/domain/tips/tip-rules'
import { fieldError } from '~/forms/text-input'
import { reportCashTip } from '~/tips/tips.server'

/**
 * A driver's own jobs under /ops/jobs: the cards of their rides and the steps
 * they mark, then their own working hours and time off (docs/dispatch.md).
 */

export async function jobsPageData(context: Context, request: Request) {
  const staff = await requireStaff(request, rolesThatMay('jobs.own'))
  const { t, language } = pageContext(context, request)
  const handle = await getDatabase()
  const meta = staffMeta(context, request, t('ops.dispatch.jobs.title'))
  const driver = await driverOfAccount(handle.db, staff.account.id)
  if (!driver) {
    return {
      meta,
      linked: false as const,
      days: [],
      hours: null,
      offers: [],
      placeNames: [],
    }
  }
  const now = new Date()
  const today = istanbulDate(now)
  const jobs = await jobsOfDriver(handle.db, driver.id, today)
  const flights = await flightViews(
    handle.db,
    jobs.map((job) => job.booking),
    language,
  )
  const shared = await sharedPositions(handle.db, jobs, language)
  const filings = await filingStates(
    handle.db,
    jobs.map((job) => job.booking),
    now,
  )
  const days: {
    date: string
    label: string
    jobs: (ReturnType<typeof jobView> & {
      position: SharedPosition | null
      passengerList: DriverFilingView
    })[]
  }[] = []
  for (const job of jobs) {
    const view = {
      ...jobView(context, request, job, flights.get(job.booking.id) ?? null),
      position: shared.get(job.booking.id) ?? null,
      passengerList: driverFilingView(filings.get(job.booking.id)),
    }
    let day = days.at(-1)
    if (day?.date !== view.date) {
      day = { date: view.date, label: formatDate(view.date, language), jobs: [] }
      days.push(day)
    }
    day.jobs.push(view)
  }
  const hours = await driverHoursSection(context, request, driver.id)
  const offers = (await offersOfDriver(handle.db, driver.id, now)).map((offer) =>
    offerView(context, request, offer),
  )
  return {
    meta,
    linked: true as const,
    days,
    hours,
    offers,
    // The places a driver without a script may name as where they are.
    placeNames: shared.size > 0 ? servedPlaceNames(language) : [],
  }
}

/**
 * For each job under way (on the way or arrived), when its position was last
 * shared and how (the phone's own, or a place named): its card offers to
 * share it again.
 */
async function sharedPositions(
  executor: Parameters<typeof positionOfRide>[0],
  jobs: Awaited<ReturnType<typeof jobsOfDriver>>,
  language: Language,
) {
  const shared = new Map<string, SharedPosition>()
  for (const { booking } of jobs) {
    if (!sharesPosition(booking.status)) continue
    const position = await positionOfRide(executor, booking)
    shared.set(booking.id, {
      at: position ? formatInstantTime(position.recorded_at, language) : null,
      byPlace: position?.source === 'place',
    })
  }
  return shared
}

/**
 * A job offered to the driver, as its card shows it: the ride (when, from,
 * to, for how many, in which car), what they are paid and the cash they
 * collect, and until when they may accept. The traveller's name and number
 * are the assigned driver's only.
 */
function offerView(
  context: Context,
  request: Request,
  { offer, booking, vehicle }: Awaited<ReturnType<typeof offersOfDriver>>[number],
) {
  const { language, site, t } = pageContext(context, request)
  const view = presentBooking(booking, noExtras, language, site)
  return {
    id: offer.id,
    status: offer.status,
    date: formatDate(view.trip.date, language),
    time: booking.trip_time,
    ...staffTripEnds(t, view.trip),
    pickup: exactPlace(view.trip.pickup, view.pickupAddress),
    vehicleClass: classTitles(context, request)(booking.vehicle_class),
    vehicle: [vehicle.make_model, displayPlate(vehicle.plate)].join(', '),
    passengers: booking.passenger_count ?? 1,
    luggage: booking.luggage_count ?? 0,
    flight: booking.flight_number,
    pay:
      offer.payMinor === null
        ? t('ops.offers.payAsAgreed')
        : formatMoney(offer.payMinor / 100, 'TRY', language),
    cash: cashToCollect(booking, language),
    until: istanbulClock(new Date(offer.expiresAt)),
  }
}

function jobView(
  context: Context,
  request: Request,
  job: Awaited<ReturnType<typeof jobsOfDriver>>[number],
  flightStatus: FlightView | null,
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
    ...staffTripEnds(t, view.trip),
    meetingPoint: meetingPoint(booking, language),
    traveller: [booking.first_name, booking.last_name].filter(Boolean).join(' '),
    // The traveller's number and a WhatsApp chat, until the ride has ended.
    contact: rideContact(booking.phone, rideEnded(booking.status)),
    flight: booking.flight_number,
    /** The followed flight: where it is, the pickup it moved, the free waiting once landed. */
    flightStatus,
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
    /** "Passenger on board" asks for the traveller's pickup code (the driver never sees it). */
    asksCode: booking.pickup_code !== null,
    // What the traveller pays the driver: the rest of a deposit booking, in its currency.
    cash: cashToCollect(booking, language),
    /** The currency a cash tip is typed in: the ride's. */
    currency: booking.currency,
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

/**
 * The step a driver marks on one of their jobs (a form per step on the jobs
 * page), or a change of their own working hours or time off: the driver is the
 * one linked to the signed-in account, never one the form names.
 */
export async function jobsAction(context: Context, request: Request) {
  const staff = await requireStaff(request, rolesThatMay('jobs.own'))
  refuseCrossOrigin(request)
  const form = await request.formData()
  const intent = form.get('intent')
  if (intent === 'acceptOffer' || intent === 'declineOffer') {
    return offerAnswerAction(context, staff.account.id, form, intent)
  }
  if (intent === 'sharePosition') return sharePositionAction(context, staff.account.id, form)
  if (isDriverHoursIntent(intent)) {
    const driver = await driverOfAccount((await getDatabase()).db, staff.account.id)
    if (!driver) throw forbidden()
    return driverHoursAction(context, form, {
      driverId: driver.id,
      accountId: staff.account.id,
      page: '/ops/jobs',
    })
  }
  const reference = String(form.get('reference') ?? '').slice(0, 32)
  const step = rideStatuses.find((status) => status === form.get('step'))
  const pickupCode = String(form.get('pickupCode') ?? '').slice(0, 16)
  if (!step) throw data('Unknown step', { status: 400, headers: staffPageHeaders })
  const handle = await getDatabase()
  // A cash tip given with "Ride finished" is checked before anything is marked.
  const { language } = pageContext(context, request)
  const cashTip = step === 'finished' ? await typedCashTip(handle, reference, form, language) : null
  if (cashTip && !cashTip.ok) {
    markFormRefused(context)
    return data(
      {
        refusedReference: reference,
        codeError: null,
        tipError: cashTip.error,
        dispatchAlerted: false,
      },
      { status: 422, headers: staffPageHeaders },
    )
  }
  const outcome = await markRideStep(
    handle,
    { accountId: staff.account.id, reference, step, pickupCode },
    new Date(),
  )
  // Signed in as a driver, but not this job's: refused like any page that is
  // not for them (the reference alone tells them nothing they did not send).
  if (outcome.kind === 'notYours') throw forbidden()
  if (outcome.kind === 'outOfOrder') {
    markFormRefused(context)
    return data(
      { refusedReference: reference, codeError: null, dispatchAlerted: false },
      { status: 409, headers: staffPageHeaders },
    )
  }
  if (outcome.kind === 'wrongCode' || outcome.kind === 'codeMissing') {
    if (outcome.kind === 'wrongCode') deliverSoon(handle, outcome.alertIds)
    markFormRefused(context)
    return data(
      {
        refusedReference: reference,
        codeError:
          outcome.kind === 'codeMissing'
            ? 'ops.dispatch.jobs.errors.codeRequired'
            : 'ops.dispatch.jobs.errors.codeWrong',
        // From the alert on, the driver is told dispatch knows and will call.
        dispatchAlerted: outcome.kind === 'wrongCode' && outcome.misses >= PICKUP_CODE_ALERT_AFTER,
      },
      { status: 422, headers: staffPageHeaders },
    )
  }
  if (outcome.kind === 'marked') deliverSoon(handle, outcome.textIds)
  if (cashTip?.ok) {
    await reportCashTip(
      handle,
      { accountId: staff.account.id, reference, amountMinor: cashTip.minor },
      new Date(),
    )
  }
  return redirect(`/ops/jobs#job-${reference}`, { status: 303, headers: staffPageHeaders })
}

/**
 * The cash tip typed with "Ride finished": none when the field is empty, else
 * its amount in the ride's currency within the tips' bounds, or why not.
 */
async function typedCashTip(
  handle: DatabaseHandle,
  reference: string,
  form: FormData,
  language: Language,
): Promise<{ ok: true; minor: number } | { ok: false; error: string } | null> {
  const typed = String(form.get('cashTip') ?? '').trim()
  if (!typed) return null
  const booking = await handle.db
    .selectFrom('bookings')
    .select('currency')
    .where('reference', '=', reference)
    .executeTakeFirst()
  const currency = parseCurrency(booking?.currency)
  const amount = readTipAmount(typed.slice(0, 16), currency)
  if (amount.ok) return amount
  const { min, max } = tipScale(currency)
  const money = (minor: number) => formatMoney(minor / 100, currency, language)
  return {
    ok: false,
    error: fieldError(`ops.dispatch.jobs.errors.cashTip.${amount.reason}`, {
      min: money(min),
      max: money(max),
    }),
  }
}

/**
 * A driver's answer to an offer on their jobs page: accepted, the ride is
 * theirs and the page opens on its card; declined, the offer goes. An offer
 * no longer open (taken by another driver, expired, withdrawn) or a ride that
 * clashes with their hours or other jobs is said on the offer's card.
 */
async function offerAnswerAction(
  context: Context,
  accountId: number,
  form: FormData,
  intent: 'acceptOffer' | 'declineOffer',
) {
  const handle = await getDatabase()
  const offerId = Number(form.get('offerId'))
  if (!Number.isSafeInteger(offerId) || offerId <= 0) {
    throw data('Unknown offer', { status: 400, headers: staffPageHeaders })
  }
  const outcome = await answerOffer(
    handle,
    {
      offerId,
      accountId,
      answer: intent === 'acceptOffer' ? 'accept' : 'decline',
      bufferMinutes: getEnv().DISPATCH_BUFFER_MINUTES,
    },
    new Date(),
  )
  switch (outcome.kind) {
    case 'notFound':
      // Another driver's offer, or none: refused like any page that is not for them.
      throw forbidden()
    case 'accepted':
      deliverSoon(handle, [outcome.mailId, ...outcome.textIds])
      return redirect(`/ops/jobs?offer=accepted#job-${outcome.reference}`, {
        status: 303,
        headers: staffPageHeaders,
      })
    case 'declined': {
      // In automatic mode the ride goes at once to the next suggested driver.
      const env = getEnv()
      const next = await offerRidesInTurn(
        handle,
        {
          bufferMinutes: env.DISPATCH_BUFFER_MINUTES,
          roadFactor: env.ROAD_FACTOR,
          bookingId: outcome.bookingId,
        },
        new Date(),
      )
      deliverSoon(handle, next.messageIds)
      return redirect('/ops/jobs?offer=declined', { status: 303, headers: staffPageHeaders })
    }
    case 'closed':
    case 'clash':
      markFormRefused(context)
      return data(
        {
          offerRefused: {
            id: offerId,
            reason: outcome.kind === 'clash' ? ('clash' as const) : outcome.status,
          },
        },
        { status: 409, headers: staffPageHeaders },
      )
  }
}

/**
 * A job's passenger list as its driver reads it: filed (with the trip
 * document to carry, when U-ETDS gave one), or not filed while the ride is
 * close, when they call the office before leaving; otherwise nothing. No
 * document number is shown to a driver.
 */
type DriverFilingView =
  | { kind: 'filed'; reference: string; document: boolean }
  | { kind: 'filedByHand'; reference: string }
  | { kind: 'notFiled' }
  | null

function driverFilingView(state: FilingState | undefined): DriverFilingView {
  if (!state) return null
  if (state.kind === 'filed') {
    return { kind: 'filed', reference: state.reference, document: state.hasDocument }
  }
  if (state.kind === 'filedByHand') return { kind: 'filedByHand', reference: state.reference }
  return leavesUnfiled(state) ? { kind: 'notFiled' } : null
}
