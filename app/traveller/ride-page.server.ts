import { findReturnRide } from '~/booking/return-ride.server'
import type { TFunction } from 'i18next'
import type { SiteSettings } from '~/config/site'
import type { BookingHelp } from '~/components/ride/help-lines'
import type { BookingRow } from '~/db/schema'
import { getDatabase } from '~/db/db.server'
import { placeById } from '~/domain/places/gazetteer'
import { exactPlace } from '~/domain/places/place-label'
import { bookingPickupInstant } from '~/domain/trip-search'
import { isPaid } from '~/domain/booking/status'
import { pickupCodeShown } from '~/domain/booking/pickup-code'
import { detailsChange, travellerCancellation } from '~/domain/booking/traveller-rules'
import { freeCancellationEnds } from '~/domain/booking/cancellation'
import { getEnv } from '~/config/env.server'
import { languageSearchParam, type Language } from '~/i18n/config'
import { findOwnBooking, findSharedBooking, sharePath } from '~/booking/booking-access.server'
import { bookingExtras } from '~/booking/bookings.server'
import { presentBooking, type BookingView } from '~/booking/booking-view.server'
import { wasPaidThenCancelled, type PaidBooking } from '~/booking/paid-booking.server'
import { formatInstant } from '~/utils/format'
import { bookingRefund, rideStatus } from './ride-status.server'
import type { MeetingPoint } from './ride-status'

/**
 * What the traveller's pages add to a paid booking: the ride as it goes
 * (timeline, driver and car), where to meet the driver, what may still be
 * changed or cancelled online and until when, the refund of a cancelled
 * booking, the share link and the calendar file. The received page (the
 * owner's) and the shared page (read-only, for someone meeting the traveller)
 * read it here.
 */

export function meetingPointOf(booking: BookingRow, view: BookingView): MeetingPoint {
  const place = placeById(booking.pickup_place_id)
  if (place?.kind === 'airport') {
    const sign =
      booking.sign_name || [booking.first_name, booking.last_name].filter(Boolean).join(' ')
    return {
      kind: 'airport',
      airport: place.airport === 'saw' ? 'saw' : 'ist',
      name: view.trip.pickup.name,
      sign,
    }
  }
  return { kind: 'address', place: exactPlace(view.trip.pickup, view.pickupAddress) }
}

/** The status resource the page polls, for this page's way in and language. */
function statusUrl(path: string, language: Language) {
  const [pathname, query] = path.split('?')
  const params = new URLSearchParams(query)
  params.set(languageSearchParam, language)
  return `${pathname}?${params.toString()}`
}

/** The moment changes and free cancellation end, as the reader's language writes it. */
function onlineDeadline(booking: BookingRow, language: Language) {
  return formatInstant(freeCancellationEnds(bookingPickupInstant(booking)).toISOString(), language)
}

/** What an action just did, as the page shows it after the redirect (`?done=`). */
const doneNotices = ['changed', 'unchanged', 'cancelled'] as const
export type DoneNotice = (typeof doneNotices)[number]

/** What the page offers to cancel: the booking's ride, else a return ride still to come. */
function rideCancellation(booking: BookingRow, returnRide: BookingRow | undefined, now: Date) {
  const own = travellerCancellation(booking.status, bookingPickupInstant(booking), now)
  if (!returnRide || own === 'free' || own === 'too-late') return own
  const back = travellerCancellation(returnRide.status, bookingPickupInstant(returnRide), now)
  return back === 'free' || back === 'too-late' ? back : own
}

export async function ridePageData(
  paid: PaidBooking,
  request: Request,
  language: Language,
  now = new Date(),
) {
  const { booking, view, linkTo } = paid
  const pickup = bookingPickupInstant(booking)
  const done = new URL(request.url).searchParams.get('done')
  const returnRide = await findReturnRide(paid.handle.db, booking.id)
  return {
    status: await rideStatus(paid.handle.db, booking, language),
    /** A trip there and back: the return ride's own status, driver and car. */
    returnStatus: returnRide ? await rideStatus(paid.handle.db, returnRide, language) : null,
    statusUrl: statusUrl(linkTo('/booking-status'), language),
    refreshHref: linkTo('/booking-received'),
    meeting: meetingPointOf(booking, view),
    // Until the passenger is on board: the code has done its work then.
    pickupCode: pickupCodeShown(booking.status) ? booking.pickup_code : null,
    online: {
      change: detailsChange(booking.status, pickup, now),
      // The outbound ride over or cancelled, its return may still be cancelled.
      cancel: rideCancellation(booking, returnRide, now),
      deadline: onlineDeadline(booking, language),
      changeHref: linkTo('/booking-change'),
      cancelHref: linkTo('/booking-cancel'),
    },
    // What a cancelled booking gives back, as its page states it.
    refund: booking.status === 'cancelled' ? await bookingRefund(paid.handle.db, booking) : null,
    shareUrl: `${getEnv().PUBLIC_BASE_URL}${sharePath(booking.id)}`,
    calendarHref: linkTo('/booking-calendar'),
    done: doneNotices.find((notice) => notice === done) ?? null,
  }
}

export type RidePageData = Awaited<ReturnType<typeof ridePageData>>

/**
 * The shared page: the trip, where to meet, the driver and car, and the
 * ride's timeline; nothing about billing, payment or how to reach the
 * traveller. Anyone else (a forged or expired token, a booking never paid)
 * gets undefined: the not-found page.
 */
export async function sharedPageData(
  request: Request,
  language: Language,
  site: SiteSettings,
  now = new Date(),
) {
  const handle = await getDatabase()
  const booking = await findSharedBooking(handle, request, now)
  if (!booking || !(isPaid(booking.status) || wasPaidThenCancelled(booking))) return undefined
  const view = presentBooking(booking, await bookingExtras(handle, booking.id), language, site)
  const url = new URL(request.url)
  return {
    reference: booking.reference,
    trip: {
      from: view.trip.pickup.name,
      to: view.trip.destination.name,
      hire: view.trip.hire,
      date: view.trip.date,
      time: view.trip.time,
      flightNumber: view.flightNumber,
      vehicle: view.vehicle.title,
    },
    meeting: meetingPointOf(booking, view),
    status: await rideStatus(handle.db, booking, language),
    statusUrl: statusUrl(`/booking-status${url.search}`, language),
    refreshHref: `${url.pathname}${url.search}`,
  }
}

/**
 * The ride's status as JSON, for the pages' polling: through the share token,
 * or as the owner (signed link or cookie). Anyone else gets undefined (404).
 */
export async function rideStatusFor(request: Request, language: Language, now = new Date()) {
  const handle = await getDatabase()
  const shared = new URL(request.url).searchParams.has('token')
  const booking = shared
    ? await findSharedBooking(handle, request, now)
    : (await findOwnBooking(handle, request, now))?.booking
  if (!booking || !(isPaid(booking.status) || wasPaidThenCancelled(booking))) return undefined
  return rideStatus(handle.db, booking, language)
}

/** The company's phone, e-mail and WhatsApp (its message naming the booking) for its pages. */
export function bookingHelp(site: SiteSettings, t: TFunction, reference: string): BookingHelp {
  const text = t('received.whatsappMessage', { reference })
  return {
    phone: site.phone,
    email: site.email,
    whatsapp: site.whatsappNumber
      ? `https://wa.me/${site.whatsappNumber}?text=${encodeURIComponent(text)}`
      : null,
  }
}
