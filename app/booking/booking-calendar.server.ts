import { getEnv } from '~/config/env.server'
import type { SiteSettings } from '~/config/site'
import type { BookingRow } from '~/db/schema'
import { pickupCalendarDate } from '~/domain/trip-search'
import { rideMinutes } from '~/domain/booking/ride-mode'
import { bookingCalendarEvent } from '~/mail/ics'
import { bookingLink } from './booking-access.server'
import type { BookingView } from './booking-view.server'
import { rideLine } from './ride-label'
import { translatorFor } from '~/i18n/fixed-translator.server'
import { toLanguage } from '~/i18n/config'

/**
 * The booking's calendar file (.ics): attached to the confirmation e-mail and
 * downloaded from the traveller's booking page. One event, from pickup for
 * the ride's length (the estimated drive, or the hours hired), with the
 * booking's signed link; its UID is stable per booking, so a second download
 * updates the same calendar entry.
 */
export function bookingCalendarFile(
  booking: BookingRow,
  view: BookingView,
  site: SiteSettings,
  now: Date,
): string {
  const env = getEnv()
  return bookingCalendarEvent({
    uid: `${booking.id}@${new URL(env.PUBLIC_BASE_URL).host}`,
    start: {
      date: pickupCalendarDate(booking.trip_date, booking.trip_time),
      time: booking.trip_time,
    },
    durationMinutes: rideMinutes(booking),
    summary: `${site.brand}: ${rideLine(translatorFor(toLanguage(booking.language)), {
      from: view.trip.pickup.name,
      to: view.trip.destination.name,
      hire: view.trip.hire,
    })} (${booking.reference})`,
    description: `${view.vehicle.title}. ${bookingLink(booking.id)}`,
    location: booking.pickup_text,
    organizerName: site.brand,
    organizerEmail: site.email,
    now,
  })
}
