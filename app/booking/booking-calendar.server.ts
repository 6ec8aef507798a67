import { getEnv } from '~/config/env.server'
import { exactPlace } from '~/domain/places/place-label'
import type { SiteSettings } from '~/config/site'
import type { BookingRow } from '~/db/schema'
import { pickupCalendarDate } from '~/domain/trip-search'
import { rideMinutes } from '~/domain/booking/ride-mode'
import { bookingCalendarEvents } from '~/mail/ics'
import { bookingLink } from './booking-access.server'
import type { BookingView } from './booking-view.server'
import { rideLine } from './ride-label'
import { translatorFor } from '~/i18n/fixed-translator.server'
import { toLanguage } from '~/i18n/config'

/**
 * The booking's calendar file (.ics): attached to the confirmation e-mail and
 * downloaded from the traveller's booking page. One event per ride (a trip
 * there and back has two), from pickup for the ride's length (the estimated
 * drive, or the hours hired), with the booking's signed link; the UIDs are
 * stable per booking and ride, so a second download updates the same entries.
 */
export function bookingCalendarFile(
  booking: BookingRow,
  view: BookingView,
  site: SiteSettings,
  now: Date,
): string {
  const env = getEnv()
  const host = new URL(env.PUBLIC_BASE_URL).host
  const t = translatorFor(toLanguage(booking.language))
  const event = (ride: {
    uid: string
    date: string
    time: string
    minutes: number
    from: string
    to: string
    location: string
  }) => ({
    uid: ride.uid,
    start: { date: ride.date, time: ride.time },
    durationMinutes: ride.minutes,
    summary: `${site.brand}: ${rideLine(t, { from: ride.from, to: ride.to, hire: view.trip.hire })} (${booking.reference})`,
    description: `${view.vehicle.title}. ${bookingLink(booking.id)}`,
    location: ride.location,
    organizerName: site.brand,
    organizerEmail: site.email,
    now,
  })
  const back = view.trip.back
  return bookingCalendarEvents([
    event({
      uid: `${booking.id}@${host}`,
      date: pickupCalendarDate(booking.trip_date, booking.trip_time),
      time: booking.trip_time,
      minutes: rideMinutes(booking),
      from: view.trip.pickup.name,
      to: view.trip.destination.name,
      location: exactPlace(view.trip.pickup, view.pickupAddress),
    }),
    ...(back
      ? [
          event({
            uid: `${booking.id}-return@${host}`,
            date: back.date,
            time: back.time,
            minutes: rideMinutes(booking),
            from: back.pickup.name,
            to: back.destination.name,
            location: exactPlace(back.pickup, back.pickupAddress),
          }),
        ]
      : []),
  ])
}
