import type { Executor } from '~/booking/booking-store.server'
import { exactPlace } from '~/domain/places/place-label'
import type { BookingRow } from '~/db/schema'
import { getSiteSettings } from '~/config/site.server'
import { translatorFor } from '~/i18n/fixed-translator.server'
import { toLanguage } from '~/i18n/config'
import { presentBooking } from '~/booking/booking-view.server'
import { bookingLink, manageBookingLink } from '~/booking/booking-access.server'
import { displayPlate } from '~/domain/dispatch/rules'
import { queueMail, queueMessage } from '~/messages/queue.server'
import { rideText } from '~/messages/ride-texts'
import { formatPhone, toE164 } from '~/domain/phone'
import { getEnv } from '~/config/env.server'
import { queueTravellerText, textDate, textLink } from '~/booking/booking-texts.server'
import { driverDetailsMail, type DriverDetailsKind } from '~/mail/driver-details-mail'
import type { AssignedPair } from './assignment.server'
import { noExtras } from '~/domain/booking/extras'
import { rideReferences } from '~/booking/return-ride.server'
import { travellerReference } from '~/booking/ride-label'

/**
 * Where the driver meets the traveller, in the booking's language: at an
 * airport, in the arrivals hall with a name sign; anywhere else, at the
 * pickup address as booked.
 */
export function meetingPoint(booking: BookingRow, language = toLanguage(booking.language)) {
  const t = translatorFor(language)
  const view = presentBooking(booking, noExtras, language, getSiteSettings())
  const sign =
    booking.sign_name || [booking.first_name, booking.last_name].filter(Boolean).join(' ')
  const place = exactPlace(view.trip.pickup, view.pickupAddress)
  return view.trip.fromAirport
    ? t('dispatchMail.meetAirport', { airport: view.trip.pickup.name, sign })
    : t('dispatchMail.meetAddress', { place })
}

/**
 * Queues the driver-details e-mail of a booking in the caller's transaction.
 * `dedupeKey` names the occasion (`assignment:<booking>:<version>`,
 * `reminder:<booking>`), so each goes once. Returns the queued id, or
 * undefined when the booking has no e-mail or the message was queued before.
 */
export async function queueDriverDetailsMail(
  trx: Executor,
  booking: BookingRow,
  pair: AssignedPair | null,
  kind: DriverDetailsKind,
  dedupeKey: string,
  now: Date,
): Promise<number | undefined> {
  if (!booking.email) return undefined
  const language = toLanguage(booking.language)
  const t = translatorFor(language)
  const site = getSiteSettings()
  const view = presentBooking(booking, noExtras, language, site)
  const mail = driverDetailsMail(
    {
      kind,
      language,
      // A return ride is named by the trip's reference, the one the traveller knows.
      reference: travellerReference(t, await rideReferences(trx, booking)),
      brand: site.brand,
      link: bookingLink(booking.id),
      manageLink: manageBookingLink(),
      travellerName: [booking.first_name, booking.last_name].filter(Boolean).join(' '),
      date: view.trip.date,
      time: booking.trip_time,
      pickup: view.trip.pickup.name,
      destination: view.trip.destination.name,
      hireHours: view.trip.hire?.hours,
      meetingPoint: meetingPoint(booking, language),
      driver: pair ? { name: pair.driver.name, phone: pair.driver.phone } : null,
      vehicle: pair
        ? {
            makeModel: pair.vehicle.make_model,
            colour: pair.vehicle.colour,
            plate: displayPlate(pair.vehicle.plate),
          }
        : null,
      pickupCode: booking.pickup_code,
      phone: site.phone,
      email: site.email,
    },
    t,
  )
  return queueMail(
    trx,
    {
      dedupeKey,
      kind: `traveller.${kind}`,
      bookingId: booking.id,
      reference: booking.reference,
      language,
      to: booking.email,
      replyTo: site.email,
      ...mail,
    },
    now,
  )
}

/**
 * The texts that go with the driver-details e-mail: to the traveller who asked
 * for WhatsApp or SMS (their driver, a driver taken off, the day-before
 * reminder), and, on an assignment, to the driver by SMS: the job and the
 * link to their jobs page, which opens on their phone without an app. Each
 * once per `occasion`, in the caller's transaction; the ids, to send at once.
 */
export async function queueDriverDetailsTexts(
  trx: Executor,
  booking: BookingRow,
  pair: AssignedPair | null,
  kind: DriverDetailsKind,
  occasion: string,
  now: Date,
): Promise<(number | undefined)[]> {
  const language = toLanguage(booking.language)
  const view = presentBooking(booking, noExtras, language, getSiteSettings())
  const link = await textLink(trx, booking)
  if (kind === 'withdrawn') {
    return [await queueTravellerText(trx, booking, 'changed', occasion, { link }, now)]
  }
  if (kind === 'reminder') {
    const values = { time: booking.trip_time, pickup: view.trip.pickup.name, link }
    return [await queueTravellerText(trx, booking, 'reminder', occasion, values, now)]
  }
  if (!pair) return []
  const driverValues = {
    driver: pair.driver.name,
    car: [pair.vehicle.make_model, pair.vehicle.colour].filter(Boolean).join(', '),
    plate: displayPlate(pair.vehicle.plate),
    phone: formatPhone(toE164(pair.driver.phone) ?? pair.driver.phone),
    code: booking.pickup_code ?? '',
  }
  return [
    await queueTravellerText(trx, booking, 'driverAssigned', occasion, driverValues, now),
    await queueDriverJobText(trx, booking, pair, occasion, now),
  ]
}

/** The language a driver is written to in: Turkish, unless they do not speak it. */
export function driverLanguage(driver: { languages: string }): 'tr' | 'en' {
  return /turk|türk/i.test(driver.languages) ? 'tr' : 'en'
}

/** The SMS to a driver given a job, in Turkish unless they do not speak it. */
async function queueDriverJobText(
  trx: Executor,
  booking: BookingRow,
  pair: AssignedPair,
  occasion: string,
  now: Date,
): Promise<number | undefined> {
  const to = toE164(pair.driver.phone)
  if (!to) return undefined
  const language = driverLanguage(pair.driver)
  const view = presentBooking(booking, noExtras, language, getSiteSettings())
  const t = translatorFor(language)
  const text = rideText(t, language, 'driverJob', {
    brand: getSiteSettings().brand,
    reference: booking.reference,
    date: textDate(booking.trip_date, language),
    time: booking.trip_time,
    pickup: exactPlace(view.trip.pickup, view.pickupAddress),
    destination: view.trip.destination.name,
    link: `${getEnv().PUBLIC_BASE_URL}/ops/jobs`,
  })
  return queueMessage(
    trx,
    {
      channel: 'sms',
      dedupeKey: `text.driverJob:${occasion}`,
      kind: 'text.driverJob',
      bookingId: booking.id,
      reference: booking.reference,
      language,
      to,
      text: text.text,
    },
    now,
  )
}
