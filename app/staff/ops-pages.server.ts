import { retryAfter } from '~/utils/same-origin.server'
import { payableMinor } from '~/domain/pricing/promo'
import { buyerTaxOf } from '~/domain/billing/buyer-tax'
import { findOtherRide } from '~/booking/return-ride.server'
import { bookingCompany } from '~/companies/company-store.server'
import { data, redirect, type RouterContextProvider } from 'react-router'
import { getEnv } from '~/config/env.server'
import { getDatabase } from '~/db/db.server'
import { addDays, istanbulClock, istanbulDate, ISTANBUL_TIME_ZONE } from '~/domain/booking-window'
import { offerableDrivers, suggestDrivers } from '~/dispatch/suggestions.server'
import { pickupCalendarDate } from '~/domain/trip-search'
import { placeById } from '~/domain/places/gazetteer'
import { exactPlace, mapsSearchUrl, placeLabel, placeWithArea } from '~/domain/places/place-label'
import { rideSplit } from '~/domain/booking/ride-split'
import { rideMoney } from '~/domain/reports/report-money'
import { roleMay, rolesThatMay } from '~/domain/staff/roles'
import { acceptedWarnings } from '~/domain/dispatch/rules'
import type { AuditValues } from '~/domain/staff/audit-actions'
import type { BookingRow } from '~/db/schema'
import { listVehicleClasses } from '~/content/fleet.server'
import { getSiteSettings } from '~/config/site.server'
import { isVehicleClassCode, type VehicleClassCode } from '~/domain/booking/vehicle-classes'
import { normalizeText } from '~/domain/text'
import { intlLocale, type Language } from '~/i18n/config'
import { clientAddressContext } from '~/utils/client-address.server'
import { formWasRefused, markFormRefused, pageContext } from '~/utils/page-context.server'
import { formatDate, formatMoney } from '~/utils/format'
import { logger } from '~/utils/logger.server'
import { listDrivers } from '~/dispatch/drivers.server'
import { rideLine } from '~/booking/ride-label'
import { hireOf } from '~/booking/booking-view.server'
import type { TFunction } from 'i18next'
import { boardBookings, boardStatuses, bookingRecord, type BoardBooking } from './board.server'
import {
  currentStaff,
  refuseCrossOrigin,
  requireStaff,
  signInPath,
  staffPageHeaders,
  staffReturnPath,
} from './guard.server'
import { revokeStaffSession } from './sessions.server'
import { signIn } from './sign-in.server'
import {
  clearedStaffCookieHeader,
  codeStepCookieHeader,
  readStaffToken,
  staffCookieHeader,
} from './staff-cookie.server'
import { dateTimeFormat } from '~/utils/intl-cache'
import { formatPhone } from '~/domain/phone'
import { flightViewOf, flightViews, flightViewSettings } from '~/flights/flight-view.server'

/**
 * What the /ops pages do, so their route modules hold only loader, action,
 * component and meta. Every answer here is private (no-store); every POST is
 * checked to come from this site.
 */

type Context = Readonly<RouterContextProvider>

/** The title of a staff page ('Error: ' first after a refused form, see markFormRefused). */
export function staffMeta(context: Context, request: Request, title: string) {
  const { t, site } = pageContext(context, request)
  const refused = formWasRefused(context)
  return { title: `${refused ? t('meta.errorPrefix') : ''}${title} | ${site.brand}` }
}

/** The signed-in staff member for the layout (name and role), or null on the sign-in page. */
export async function staffLayoutData(request: Request) {
  const staff = await currentStaff(request)
  return staff ? { name: staff.account.name, role: staff.account.role } : null
}

// ---------------------------------------------------------------- sign-in

export async function signInPageData(context: Context, request: Request) {
  const url = new URL(request.url)
  const next = staffReturnPath(url.searchParams.get('next'))
  // Already signed in: straight on.
  if (await currentStaff(request)) throw redirect(next, { headers: staffPageHeaders })
  const { t } = pageContext(context, request)
  return {
    meta: staffMeta(context, request, t('ops.signIn.title')),
    next,
    signedOut: url.searchParams.get('signedOut') === '1',
  }
}

/** The second step of a sign-in, for accounts with a second factor. */
export const codeStepPath = '/ops/sign-in/code'

/**
 * Signs in: one answer for every refusal about an account (unknown e-mail,
 * wrong password, disabled or locked account), so the page tells nothing about
 * which accounts exist. Only the client address's own limit is named, with the
 * time it frees (429): it says nothing about any account. The e-mail typed is
 * given back; the password never is.
 */
export async function signInFormAction(context: Context, request: Request) {
  refuseCrossOrigin(request)
  const form = await request.formData()
  const field = (name: string) => {
    const value = form.get(name)
    return typeof value === 'string' ? value : ''
  }
  const email = field('email').slice(0, 254)
  const next = staffReturnPath(field('next'))
  const outcome = await signIn(
    await getDatabase(),
    {
      email,
      password: field('password'),
      clientAddress: context.get(clientAddressContext),
      userAgent: request.headers.get('user-agent'),
      secret: getEnv().SESSION_SECRET[0]!,
    },
    new Date(),
  )
  if (!outcome.signedIn && outcome.reason === 'code-needed') {
    const query = next === '/ops' ? '' : `?${new URLSearchParams({ next }).toString()}`
    return redirect(`${codeStepPath}${query}`, {
      status: 303,
      headers: {
        ...staffPageHeaders,
        'Set-Cookie': await codeStepCookieHeader(outcome.account.id, new Date()),
      },
    })
  }
  if (!outcome.signedIn && outcome.reason === 'address-locked') {
    markFormRefused(context)
    return data(
      { failed: true as const, email, retryAt: istanbulClock(outcome.retryAt) },
      { status: 429, headers: { ...staffPageHeaders, 'Retry-After': retryAfter(outcome.retryAt) } },
    )
  }
  if (!outcome.signedIn) {
    markFormRefused(context)
    return data({ failed: true as const, email }, { status: 400, headers: staffPageHeaders })
  }
  return redirect(next, {
    status: 303,
    headers: { ...staffPageHeaders, 'Set-Cookie': await staffCookieHeader(outcome.token) },
  })
}

export async function signOutAction(request: Request) {
  refuseCrossOrigin(request)
  const token = await readStaffToken(request)
  if (token) await revokeStaffSession(await getDatabase(), token, new Date())
  logger.info('staff.signed_out')
  return redirect(`${signInPath}?signedOut=1`, {
    status: 303,
    headers: { ...staffPageHeaders, 'Set-Cookie': await clearedStaffCookieHeader() },
  })
}

// ---------------------------------------------------------------- the board

const dayPattern = /^\d{4}-\d{2}-\d{2}$/

/** The day asked for (?day=YYYY-MM-DD), or today in Istanbul. */
export function boardDay(request: Request, now: Date): string {
  const asked = new URL(request.url).searchParams.get('day')
  if (asked && dayPattern.test(asked) && addDays(asked, 0) === asked) return asked
  return istanbulDate(now)
}

/** A trip's end as the traveller chose it, with the district it was priced as: 'Taksim (Beyoğlu)'. */
export function placeText(placeId: number, typed: string, language: Language) {
  return placeWithArea(placeLabel(placeById(placeId), typed, language))
}

type PickupColumns = Pick<BookingRow, 'pickup_place_id' | 'pickup_text' | 'pickup_address'>

/**
 * The exact address or hotel of a pickup that is not an airport, and a maps
 * search for where the driver goes: that address in the place chosen.
 */
function pickupSpot(booking: PickupColumns, language: Language) {
  const label = placeLabel(placeById(booking.pickup_place_id), booking.pickup_text, language)
  return {
    pickupAddress: booking.pickup_address,
    pickupMapsUrl: mapsSearchUrl(exactPlace(label, booking.pickup_address)),
  }
}

function vehicleTitles(context: Context, request: Request) {
  const { language, site } = pageContext(context, request)
  const titles = new Map(listVehicleClasses(language, site).map((item) => [item.code, item.title]))
  return (code: string) => titles.get(code as never) ?? code
}

/** The longest range one view covers (a year, for accounting's CSV). */
const MAX_RANGE_DAYS = 366

/** What the board shows, read from its query string; anything unknown is left out. */
export interface BoardView {
  day: string
  week: boolean
  /** The last day of a longer range (the CSV export for accounting), at most 366 days on. */
  until: string | undefined
  status: (typeof boardStatuses)[number] | undefined
  vehicleClass: VehicleClassCode | undefined
  /** One driver's bookings (their run sheet), by the driver's record id. */
  driverId: number | undefined
  search: string
}

export function readBoardView(request: Request, now: Date): BoardView {
  const params = new URL(request.url).searchParams
  const status = params.get('status')
  const vehicleClass = params.get('class')
  const day = boardDay(request, now)
  const until = params.get('until')
  const validUntil =
    until && dayPattern.test(until) && addDays(until, 0) === until && until >= day
      ? until < addDays(day, MAX_RANGE_DAYS)
        ? until
        : addDays(day, MAX_RANGE_DAYS)
      : undefined
  return {
    day,
    week: params.get('view') === 'week',
    until: validUntil,
    status: boardStatuses.find((known) => known === status),
    vehicleClass: isVehicleClassCode(vehicleClass) ? vehicleClass : undefined,
    driverId: /^\d{1,9}$/.test(params.get('driver') ?? '')
      ? Number(params.get('driver'))
      : undefined,
    search: normalizeText(params.get('q') ?? '').slice(0, 100),
  }
}

/** The query string of a board view (for its links, its refresh, CSV and run sheet). */
export function boardViewQuery(view: BoardView, changes: Partial<BoardView> = {}): string {
  const next = { ...view, ...changes }
  const params = new URLSearchParams()
  params.set('day', next.day)
  if (next.week) params.set('view', 'week')
  if (next.until) params.set('until', next.until)
  if (next.status) params.set('status', next.status)
  if (next.vehicleClass) params.set('class', next.vehicleClass)
  if (next.driverId !== undefined) params.set('driver', String(next.driverId))
  if (next.search) params.set('q', next.search)
  return params.toString()
}

/**
 * The rows of a board view, ready to show in the page's language; with
 * `paidDays`, its days are days of payment (accounting's CSV), not of pickup.
 */
export async function boardRows(
  context: Context,
  request: Request,
  view: BoardView,
  { paidDays = false }: { paidDays?: boolean } = {},
) {
  const { language, t } = pageContext(context, request)
  const rows = await boardBookings(await getDatabase(), {
    from: view.day,
    to: view.until ?? (view.week ? addDays(view.day, 6) : view.day),
    status: view.status,
    vehicleClass: view.vehicleClass,
    driverId: view.driverId,
    search: view.search || undefined,
    paidDays,
  })
  return boardRowsOf(rows, { language, t, vehicleTitle: vehicleTitles(context, request) })
}

/** The words a board row is shown in: the language, its texts and the vehicle classes' titles. */
export interface BoardWords {
  language: Language
  t: TFunction
  vehicleTitle: (code: string) => string
}

/** Who a partner's booking is for, as staff read it; null for a traveller's own booking. */
export function companyLabel(
  t: TFunction,
  company: string | null | undefined,
  partnerUser: string | null | undefined,
): string | null {
  if (!company) return null
  return partnerUser
    ? t('opsCompanies.board.companyBy', { name: company, user: partnerUser })
    : t('opsCompanies.board.company', { name: company })
}

/** The board's bookings as its rows, the CSV's and the run sheet's. */
export function boardRowsOf(rows: BoardBooking[], { language, t, vehicleTitle }: BoardWords) {
  // The board's query already joined each booking's stored flight: no query more.
  const flightSettings = flightViewSettings()
  return rows.map((row) => ({
    reference: row.reference,
    day: row.pickupDay,
    dayLabel: formatDate(row.pickupDay, language),
    time: row.trip_time,
    status: row.status,
    /** When the traveller gave every passenger's name (ISO), shown beside the status. */
    namesGiven: row.names_given_at,
    problem: row.problem,
    /** Shown under "No car free in the fleet" when staff sold the ride over it on purpose. */
    overbookedAllowance: row.overbookedAllowance,
    /** Its passenger list, when something is to be done about it. */
    filing: row.filing,
    vehicle: vehicleTitle(row.vehicle_class),
    from: placeText(row.pickup_place_id, row.pickup_text, language),
    // A hire by the hour has no destination: its hours say how it ends.
    to:
      row.ride_mode === 'hourly'
        ? null
        : placeText(row.destination_place_id, row.destination_text, language),
    hireHours: row.ride_mode === 'hourly' ? row.hire_hours : null,
    ...pickupSpot(row, language),
    route: rideLine(t, {
      from: placeText(row.pickup_place_id, row.pickup_text, language),
      to: placeText(row.destination_place_id, row.destination_text, language),
      hire: row.ride_mode === 'hourly' && row.hire_hours ? { hours: row.hire_hours } : null,
    }),
    passengers: row.passenger_count,
    luggage: row.luggage_count,
    flight: row.flight_number,
    /** The followed flight (null without a provider): where it is and the pickup it moved. */
    flightStatus: row.flightCheck
      ? flightViewOf(row.flightCheck, row, language, flightSettings)
      : null,
    traveller: [row.first_name, row.last_name].filter(Boolean).join(' '),
    /** A partner's booking: its company (and the partner user who booked it). */
    company: companyLabel(t, row.company_name, row.partner_user_name),
    email: row.email,
    phone: row.phone,
    driver: row.driver_name,
    /** The offers of a ride without its driver: waiting for answers until a time, or let go. */
    offers: row.offers
      ? row.offers.kind === 'waiting'
        ? {
            kind: 'waiting' as const,
            count: row.offers.open,
            until: istanbulClock(new Date(row.offers.firstDeadline)),
          }
        : { kind: 'lapsed' as const, count: row.offers.offered }
      : null,
    /** When the payment confirmed it (ISO): the day the reports count it on. */
    paidAt: row.confirmed_at,
    /** This ride's own money (a return trip's outbound without its return ride). */
    money: rideMoney(row),
  }))
}

export async function boardPageData(context: Context, request: Request) {
  // A driver may not see the board: /ops (where sign-in lands) is their own jobs.
  const signedIn = await currentStaff(request)
  if (signedIn && !roleMay(signedIn.account.role, 'bookings.view')) {
    if (roleMay(signedIn.account.role, 'jobs.own')) {
      throw redirect('/ops/jobs', { headers: staffPageHeaders })
    }
  }
  const staff = await requireStaff(request, rolesThatMay('bookings.view'))
  const { t, language } = pageContext(context, request)
  const now = new Date()
  const today = istanbulDate(now)
  const view = readBoardView(request, now)
  const title = view.search
    ? t('ops.board.searchHeading', { search: view.search })
    : view.week
      ? t('ops.board.weekHeading', {
          from: formatDate(view.day, language),
          to: formatDate(addDays(view.day, 6), language),
        })
      : t('ops.board.heading', { date: formatDate(view.day, language) })
  return {
    meta: staffMeta(context, request, t('ops.board.title')),
    staff: { name: staff.account.name },
    heading: title,
    view,
    query: boardViewQuery(view),
    today,
    tomorrow: addDays(today, 1),
    previous: boardViewQuery(view, { day: addDays(view.day, view.week ? -7 : -1) }),
    next: boardViewQuery(view, { day: addDays(view.day, view.week ? 7 : 1) }),
    statuses: boardStatuses,
    vehicleClasses: listVehicleClasses(language, getSiteSettings()).map((item) => ({
      code: item.code,
      title: item.title,
    })),
    drivers: (await listDrivers((await getDatabase()).db)).map((driver) => ({
      id: driver.id,
      name: driver.name,
    })),
    bookings: await withSuggestions(await boardRows(context, request, view), view),
  }
}

/** The most rides a board view suggests drivers for: beyond, the assign page still does. */
const MOST_RIDES_SUGGESTED = 40

/**
 * The board's rows, each ride waiting for a driver with the first three
 * drivers suggested for it (free, in their hours, nearest first), unless a
 * round of offers is still waiting for answers.
 */
async function withSuggestions<
  Row extends {
    reference: string
    problem: string | null
    offers: { kind: string } | null
    driver: string | null
    status: string
  },
>(
  rows: Row[],
  view: BoardView,
): Promise<(Row & { suggested: { name: string; km: number | null }[] })[]> {
  const wanted = view.search
    ? []
    : rows
        .filter(
          (row) =>
            row.driver === null && row.status === 'confirmed' && row.offers?.kind !== 'waiting',
        )
        .slice(0, MOST_RIDES_SUGGESTED)
  const suggested = new Map<string, { name: string; km: number | null }[]>()
  if (wanted.length > 0) {
    const handle = await getDatabase()
    const env = getEnv()
    const rides = await handle.db
      .selectFrom('bookings')
      .selectAll()
      .where(
        'reference',
        'in',
        wanted.map((row) => row.reference),
      )
      .execute()
    const offerable = await offerableDrivers(handle.db)
    for (const ride of rides) {
      const suggestions = await suggestDrivers(
        handle.db,
        ride,
        env.DISPATCH_BUFFER_MINUTES,
        env.ROAD_FACTOR,
        offerable,
      )
      suggested.set(
        ride.reference,
        suggestions.slice(0, 3).map(({ name, km }) => ({ name, km })),
      )
    }
  }
  return rows.map((row) => ({ ...row, suggested: suggested.get(row.reference) ?? [] }))
}

// ---------------------------------------------------------------- one booking

/** Formats stored instants as Istanbul date and time in the page's language. */
export function instantFormatter(language: Language) {
  const format = dateTimeFormat(intlLocale[language], {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: ISTANBUL_TIME_ZONE,
  })
  // A stored instant always gives a text; a missing one (null) gives null.
  function at(iso: string): string
  function at(iso: string | null): string | null
  function at(iso: string | null): string | null {
    return iso ? format.format(new Date(iso)) : null
  }
  return at
}

export async function bookingPageData(context: Context, request: Request, reference: string) {
  const staff = await requireStaff(request, rolesThatMay('bookings.view'))
  const record = await bookingRecord(await getDatabase(), reference.toUpperCase())
  if (!record) throw data('Not found', { status: 404, headers: staffPageHeaders })
  const { t, language } = pageContext(context, request)
  const { booking } = record
  const at = instantFormatter(language)
  const money = (minor: number | null, currency: string = booking.currency) =>
    minor === null
      ? null
      : formatMoney(minor / 100, currency, language, { minimumFractionDigits: 2 })
  const split = rideSplit(booking)
  const pickupDay = pickupCalendarDate(booking.trip_date, booking.trip_time)
  const otherRide = await findOtherRide((await getDatabase()).db, booking)
  const partner = await bookingCompany((await getDatabase()).db, booking)
  // As the board and the run sheet show it: a call from the traveller is answered here.
  const flightStatus =
    (await flightViews((await getDatabase()).db, [booking], language)).get(booking.id) ?? null
  return {
    meta: staffMeta(context, request, t('ops.booking.title', { reference: booking.reference })),
    reference: booking.reference,
    status: booking.status,
    /** Whether this member of staff may write to the traveller. */
    mayMessage: roleMay(staff.account.role, 'bookings.message'),
    namesGiven:
      booking.names_given_at && booking.names_given_by
        ? { at: at(booking.names_given_at), by: booking.names_given_by }
        : null,
    pickupDay,
    trip: {
      date: formatDate(pickupDay, language),
      time: booking.trip_time,
      from: placeText(booking.pickup_place_id, booking.pickup_text, language),
      to: placeText(booking.destination_place_id, booking.destination_text, language),
      route: rideLine(t, {
        from: placeText(booking.pickup_place_id, booking.pickup_text, language),
        to: placeText(booking.destination_place_id, booking.destination_text, language),
        hire: hireOf(booking),
      }),
      ...pickupSpot(booking, language),
      km: booking.distance_km,
      vehicle: vehicleTitles(context, request)(booking.vehicle_class),
      passengers: booking.passenger_count,
      luggage: booking.luggage_count,
      flight: booking.flight_number,
      /** The followed flight (null without a provider): where it is and the pickup it moved. */
      flightStatus,
      signName: booking.sign_name,
      // For the office to confirm a traveller by phone; the driver's page never shows it.
      pickupCode: booking.pickup_code,
      pickupCodeMisses: booking.pickup_code_misses,
      notes: booking.notes,
      extras: record.extras.map((extra) => ({ code: extra.code, quantity: extra.quantity })),
      /** A trip there and back: the other ride's booking (one payment pays both). */
      otherRide: otherRide
        ? {
            kind: booking.outbound_booking_id ? ('outbound' as const) : ('return' as const),
            reference: otherRide.reference,
            when: t('ops.booking.whenValue', {
              date: formatDate(
                pickupCalendarDate(otherRide.trip_date, otherRide.trip_time),
                language,
              ),
              time: otherRide.trip_time,
            }),
          }
        : null,
    },
    /** A partner's booking: the company it is for, and who booked it. */
    company: partner
      ? { id: partner.id, label: companyLabel(t, partner.name, partner.partnerUser) }
      : null,
    traveller: {
      name: [booking.first_name, booking.last_name].filter(Boolean).join(' '),
      email: booking.email,
      phone: booking.phone ? formatPhone(booking.phone) : booking.phone,
      language: booking.language,
      passengers: record.passengers.map((passenger) =>
        [passenger.first_name, passenger.last_name].join(' '),
      ),
    },
    billing: {
      name: [booking.billing_first_name, booking.billing_last_name].filter(Boolean).join(' '),
      company: booking.billing_company,
      tax: buyerTaxOf(booking),
      address: [
        booking.billing_address,
        [booking.billing_zipcode, booking.billing_city].filter(Boolean).join(' '),
        booking.billing_country,
      ]
        .filter(Boolean)
        .join(', '),
    },
    price: {
      total: money(booking.total_minor),
      totalEuro: money(booking.total_cents, 'EUR'),
      // A promo code: its discount, and what the card and the driver were owed after it.
      promo:
        booking.discount_minor > 0
          ? `${booking.promo_code ?? ''} −${money(booking.discount_minor)}`.trim()
          : null,
      payable: booking.discount_minor > 0 ? money(payableMinor(booking)) : null,
      rate: booking.rate,
      currency: booking.currency,
      ratesDate: formatDate(booking.rates_date, language),
      option: split.option,
      paid: money(booking.paid_minor),
      cash: money(split.cashMinor),
      paymentId: booking.payment_id,
      confirmedAt: at(booking.confirmed_at),
    },
    payments: record.payments.map((attempt) => ({
      id: attempt.id,
      at: at(attempt.created_at),
      provider: attempt.provider,
      amount: money(attempt.amount_minor, attempt.currency),
      status: attempt.status,
      refundDue: attempt.refund_status === 'due',
      error: attempt.error_code,
    })),
    events: record.events.map((event) => ({
      id: event.id,
      at: at(event.created_at),
      from: event.from_status,
      to: event.to_status,
      note: event.note,
    })),
    mails: [
      // A confirmation sent before the message queue took it over lives on the booking.
      ...(booking.mail_status && !['pending', 'queued'].includes(booking.mail_status)
        ? [
            {
              id: 'confirmation',
              kind: 'traveller.confirmation',
              channel: 'email' as const,
              recipient: booking.email,
              status: booking.mail_status,
              fallback: false,
              at: at(booking.mailed_at),
            },
          ]
        : []),
      ...record.mails.map((mail) => ({
        id: String(mail.id),
        kind: mail.kind,
        channel: mail.channel,
        recipient: mail.recipient,
        status: mail.status,
        fallback: mail.fallback_of !== null,
        at: at(mail.status_at ?? mail.sent_at ?? mail.created_at),
      })),
    ],
    audit: record.audit.map((entry) => ({
      id: entry.id,
      at: at(entry.at),
      staffName: entry.staffName,
      action: entry.action,
      subject: entry.subject,
      changes: auditChanges(entry.before, entry.after, t),
    })),
  }
}

/**
 * Each changed field of an audit entry as `field`, `before`, `after` (null
 * shown as –). Values stored as codes (the warnings a dispatcher accepted, how
 * a refund went back) are put into words in the page's language.
 */
function auditChanges(
  before: AuditValues | null,
  after: AuditValues | null,
  t: (key: string, options?: Record<string, unknown>) => string,
) {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])
  const shown = (field: string, value: AuditValues[string] | undefined) => {
    if (value === null || value === undefined) return null
    if (field === 'warnings' && typeof value === 'string') {
      return acceptedWarnings(value)
        .map((warning) => t(`ops.audit.acceptedWarnings.${warning.kind}`, { ...warning }))
        .join(' ')
    }
    if (field === 'method') return t(`ops.audit.refundMethods.${String(value)}`)
    return String(value)
  }
  return [...keys].map((field) => ({
    field,
    before: shown(field, before?.[field]),
    after: shown(field, after?.[field]),
  }))
}
