import { createContext, data, redirect, type RouterContextProvider } from 'react-router'
import { getEnv } from '~/config/env.server'
import { getDatabase } from '~/db/db.server'
import { addDays, istanbulDate, ISTANBUL_TIME_ZONE } from '~/domain/booking-window'
import { pickupCalendarDate } from '~/domain/trip-search'
import { placeById } from '~/domain/places/gazetteer'
import { fold } from '~/domain/places/fold'
import { paymentSplit } from '~/domain/booking/payment-split'
import { rolesThatMay } from '~/domain/staff/roles'
import { listVehicleClasses } from '~/content/fleet.server'
import { intlLocale, type Language } from '~/i18n/config'
import { clientAddressContext } from '~/utils/client-address.server'
import { isSameOriginPost } from '~/utils/same-origin.server'
import { pageContext } from '~/utils/page-context.server'
import { formatDate, formatMoney } from '~/utils/format'
import { logger } from '~/utils/logger.server'
import { bookingRecord, bookingsForPickupDay } from './board.server'
import {
  currentStaff,
  requireStaff,
  signInPath,
  staffPageHeaders,
  staffReturnPath,
} from './guard.server'
import { revokeStaffSession } from './sessions.server'
import { signIn } from './sign-in.server'
import { clearedStaffCookieHeader, readStaffToken, staffCookieHeader } from './staff-cookie.server'
import { dateTimeFormat } from '~/utils/intl-cache'

/**
 * What the /ops pages do, so their route modules hold only loader, action,
 * component and meta. Every answer here is private (no-store); every POST is
 * checked to come from this site.
 */

type Context = Readonly<RouterContextProvider>

/**
 * Set by the sign-in action when it refuses: without JavaScript the page's
 * loader runs in the same request and starts the title with 'Error: '.
 */
const signInRefused = createContext<boolean>(false)

/** The title of a staff page ('Error: ' first after a refused form). */
function staffMeta(context: Context, request: Request, title: string) {
  const { t, site } = pageContext(context, request)
  const refused = context.get(signInRefused)
  return { title: `${refused ? t('meta.errorPrefix') : ''}${title} | ${site.brand}` }
}

function refuseCrossOrigin(request: Request) {
  if (!isSameOriginPost(request)) {
    throw data('Cross-origin request refused', { status: 403, headers: staffPageHeaders })
  }
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

/**
 * Signs in: one answer for every refusal (unknown e-mail, wrong password,
 * disabled or locked account), so the page tells nothing about which accounts
 * exist. The e-mail typed is given back; the password never is.
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
  if (!outcome.signedIn) {
    context.set(signInRefused, true)
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
function boardDay(request: Request, now: Date): string {
  const asked = new URL(request.url).searchParams.get('day')
  if (asked && dayPattern.test(asked) && addDays(asked, 0) === asked) return asked
  return istanbulDate(now)
}

function placeText(placeId: number, typed: string, language: Language) {
  const place = placeById(placeId)
  const name = place?.name[language] ?? typed
  const folded = fold(typed)
  const same =
    !folded ||
    !place ||
    place.aliases.includes(folded) ||
    [place.name.en, place.name.tr].some((candidate) => fold(candidate).includes(folded))
  return same ? name : `${name} (${typed.trim()})`
}

function vehicleTitles(context: Context, request: Request) {
  const { language, site } = pageContext(context, request)
  const titles = new Map(listVehicleClasses(language, site).map((item) => [item.code, item.title]))
  return (code: string) => titles.get(code as never) ?? code
}

export async function boardPageData(context: Context, request: Request) {
  const staff = await requireStaff(request, rolesThatMay('bookings.view'))
  const { t, language } = pageContext(context, request)
  const now = new Date()
  const today = istanbulDate(now)
  const day = boardDay(request, now)
  const vehicleTitle = vehicleTitles(context, request)
  const rows = await bookingsForPickupDay(await getDatabase(), day)
  return {
    meta: staffMeta(context, request, t('ops.board.title')),
    staff: { name: staff.account.name },
    day,
    dayLabel: formatDate(day, language),
    today,
    tomorrow: addDays(today, 1),
    previousDay: addDays(day, -1),
    nextDay: addDays(day, 1),
    bookings: rows.map((row) => ({
      reference: row.reference,
      time: row.trip_time,
      status: row.status,
      vehicle: vehicleTitle(row.vehicle_class),
      from: placeText(row.pickup_place_id, row.pickup_text, language),
      to: placeText(row.destination_place_id, row.destination_text, language),
      passengers: row.passenger_count,
      luggage: row.luggage_count,
      flight: row.flight_number,
      traveller: [row.first_name, row.last_name].filter(Boolean).join(' '),
    })),
  }
}

// ---------------------------------------------------------------- one booking

function instantFormatter(language: Language) {
  const format = dateTimeFormat(intlLocale[language], {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: ISTANBUL_TIME_ZONE,
  })
  return (iso: string | null) => (iso ? format.format(new Date(iso)) : null)
}

export async function bookingPageData(context: Context, request: Request, reference: string) {
  await requireStaff(request, rolesThatMay('bookings.view'))
  const record = await bookingRecord(await getDatabase(), reference.toUpperCase())
  if (!record) throw data('Not found', { status: 404, headers: staffPageHeaders })
  const { t, language } = pageContext(context, request)
  const { booking } = record
  const at = instantFormatter(language)
  const money = (minor: number | null, currency: string = booking.currency) =>
    minor === null
      ? null
      : formatMoney(minor / 100, currency, language, { minimumFractionDigits: 2 })
  const split = paymentSplit(booking)
  const pickupDay = pickupCalendarDate(booking.trip_date, booking.trip_time)
  return {
    meta: staffMeta(context, request, t('ops.booking.title', { reference: booking.reference })),
    reference: booking.reference,
    status: booking.status,
    pickupDay,
    trip: {
      date: formatDate(pickupDay, language),
      time: booking.trip_time,
      from: placeText(booking.pickup_place_id, booking.pickup_text, language),
      to: placeText(booking.destination_place_id, booking.destination_text, language),
      km: booking.distance_km,
      vehicle: vehicleTitles(context, request)(booking.vehicle_class),
      passengers: booking.passenger_count,
      luggage: booking.luggage_count,
      flight: booking.flight_number,
      signName: booking.sign_name,
      notes: booking.notes,
      extras: record.extras.map((extra) => ({ code: extra.code, quantity: extra.quantity })),
    },
    traveller: {
      name: [booking.first_name, booking.last_name].filter(Boolean).join(' '),
      email: booking.email,
      phone: booking.phone,
      language: booking.language,
      passengers: record.passengers.map((passenger) =>
        [passenger.first_name, passenger.last_name].join(' '),
      ),
    },
    billing: {
      name: [booking.billing_first_name, booking.billing_last_name].filter(Boolean).join(' '),
      company: booking.billing_company,
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
  }
}
