import { data, redirect, type RouterContextProvider } from 'react-router'
import { getEnv } from '~/config/env.server'
import { getDatabase } from '~/db/db.server'
import { istanbulClock } from '~/domain/booking-window'
import { bookingPickupInstant } from '~/domain/trip-search'
import { isAwaitingRide, isPaid } from '~/domain/booking/status'
import { wasPaidThenCancelled } from '~/booking/paid-booking.server'
import { signedBookingKey } from '~/booking/booking-access.server'
import { documentsMissing } from '~/booking/documents-reminder.server'
import { isFreeCancellation } from '~/domain/booking/cancellation'
import { rideLine } from '~/booking/ride-label'
import { placeById } from '~/domain/places/gazetteer'
import { placeLabel, placeWithArea } from '~/domain/places/place-label'
import { clientAddressContext } from '~/utils/client-address.server'
import { formWasRefused, markFormRefused, pageContext } from '~/utils/page-context.server'
import { refuseCrossOrigin, retryAfter } from '~/utils/same-origin.server'
import { formatMoney } from '~/utils/format'
import { logger } from '~/utils/logger.server'
import { listVehicleClasses } from '~/content/fleet.server'
import {
  currentPartner,
  partnerPageHeaders,
  partnerSignInPath,
  requirePartner,
} from './partner-guard.server'
import { revokePartnerSession } from './partner-sessions.server'
import { signInPartner } from './partner-sign-in.server'
import {
  clearedPartnerCookieHeader,
  partnerCookieHeader,
  readPartnerToken,
} from './partner-cookie.server'
import { companyBookings } from './company-bookings.server'
import { searchFormOptions } from '~/booking/search-form-options'
import { pricesInForce } from '~/pricing/prices-in-force.server'

/**
 * What the /partners pages do: a company's people sign in, see their
 * company's bookings and book for a guest through the storefront's steps.
 */

type Context = Readonly<RouterContextProvider>

function partnerMeta(context: Context, request: Request, title: string) {
  const { t, site } = pageContext(context, request)
  return {
    title: `${formWasRefused(context) ? t('meta.errorPrefix') : ''}${title} | ${site.brand}`,
  }
}

export async function partnerSignInPageData(context: Context, request: Request) {
  if (await currentPartner(request)) throw redirect('/partners', { headers: partnerPageHeaders })
  const { t } = pageContext(context, request)
  const url = new URL(request.url)
  return data(
    {
      meta: partnerMeta(context, request, t('partners.signIn.title')),
      signedOut: url.searchParams.get('signedOut') === '1',
    },
    { headers: partnerPageHeaders },
  )
}

/** One answer for every refusal about an account; only the address's own limit is named. */
export async function partnerSignInAction(context: Context, request: Request) {
  refuseCrossOrigin(request)
  const form = await request.formData()
  const field = (name: string) => {
    const value = form.get(name)
    return typeof value === 'string' ? value : ''
  }
  const email = field('email').slice(0, 254)
  const outcome = await signInPartner(
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
  if (outcome.signedIn) {
    return redirect('/partners', {
      status: 303,
      headers: { ...partnerPageHeaders, 'Set-Cookie': await partnerCookieHeader(outcome.token) },
    })
  }
  markFormRefused(context)
  if (outcome.reason === 'address-locked') {
    return data(
      { failed: true as const, email, retryAt: istanbulClock(outcome.retryAt) },
      {
        status: 429,
        headers: { ...partnerPageHeaders, 'Retry-After': retryAfter(outcome.retryAt) },
      },
    )
  }
  return data({ failed: true as const, email }, { status: 400, headers: partnerPageHeaders })
}

export async function partnerSignOutAction(request: Request) {
  refuseCrossOrigin(request)
  const token = await readPartnerToken(request)
  if (token) await revokePartnerSession(await getDatabase(), token, new Date())
  logger.info('partner.signed_out')
  return redirect(`${partnerSignInPath}?signedOut=1`, {
    status: 303,
    headers: { ...partnerPageHeaders, 'Set-Cookie': await clearedPartnerCookieHeader() },
  })
}

/** A signed link to one of a booking's own pages (the ride page, voucher, cancel). */
function bookingPagePath(path: string, bookingId: string) {
  return `${path}?key=${encodeURIComponent(signedBookingKey(bookingId))}`
}

/** The company's bookings, upcoming first by pickup, then the past ones, latest first. */
export async function partnerHomeData(context: Context, request: Request) {
  const partner = await requirePartner(request)
  const { t, language, site } = pageContext(context, request)
  const now = new Date()
  const titles = new Map(listVehicleClasses(language, site).map((item) => [item.code, item.title]))
  const handle = await getDatabase()
  const rows = await companyBookings(handle, partner.company.id)
  // The passenger list filed before each ride needs every guest's document: the partner gives them.
  const missing = new Set<string>()
  for (const row of rows) {
    if (isAwaitingRide(row.status) && (await documentsMissing(handle.db, row))) missing.add(row.id)
  }
  const bookings = rows
    .filter((row) => isPaid(row.status) || wasPaidThenCancelled(row))
    .map((row) => {
      const pickup = bookingPickupInstant(row)
      const open = isAwaitingRide(row.status)
      return {
        reference: row.reference,
        pickup: pickup.toISOString(),
        date: row.trip_date,
        time: row.trip_time,
        route: rideLine(t, {
          from: placeWithArea(
            placeLabel(placeById(row.pickup_place_id), row.pickup_text, language),
          ),
          to: placeWithArea(
            placeLabel(placeById(row.destination_place_id), row.destination_text, language),
          ),
          hire: row.ride_mode === 'hourly' && row.hire_hours ? { hours: row.hire_hours } : null,
        }),
        vehicle: titles.get(row.vehicle_class) ?? row.vehicle_class,
        guest: [row.first_name, row.last_name].filter(Boolean).join(' '),
        status: row.status,
        settlement: row.settlement ?? 'card',
        amount: formatMoney((row.total_minor - row.discount_minor) / 100, row.currency, language),
        bookedBy: row.partner_user_name,
        documentsNeeded: missing.has(row.id),
        ridePath: bookingPagePath('/booking-received', row.id),
        voucherPath:
          row.status === 'cancelled' ? null : bookingPagePath('/booking-voucher', row.id),
        cancelPath:
          open && isFreeCancellation(pickup, now)
            ? bookingPagePath('/booking-cancel', row.id)
            : null,
        upcoming: pickup.getTime() >= now.getTime() && row.status !== 'cancelled',
      }
    })
  const upcoming = bookings
    .filter((b) => b.upcoming)
    .sort((a, b) => a.pickup.localeCompare(b.pickup))
  const past = bookings.filter((b) => !b.upcoming).sort((a, b) => b.pickup.localeCompare(a.pickup))
  const { company } = partner
  return data(
    {
      meta: partnerMeta(context, request, t('partners.home.title', { company: company.name })),
      company: {
        name: company.name,
        paymentTerms: company.payment_terms,
        rateKind: company.rate_kind,
        ratePercent: company.rate_percent,
        creditLeft:
          company.payment_terms === 'account'
            ? formatMoney(
                Math.max(company.credit_limit_cents - company.credit_used_cents, 0) / 100,
                'EUR',
                language,
              )
            : null,
      },
      user: { name: partner.user.name },
      search: searchFormOptions(language, now, (await pricesInForce().inForce(now)).list),
      upcoming,
      past,
    },
    { headers: partnerPageHeaders },
  )
}
