import { companyOf } from '~/booking/booking-company.server'
import { followsFlights } from '~/adapters/flights/configured.server'
import { checkFlights, goesToAirport } from '~/booking/flight-question.server'
import { data, redirect, type RouterContextProvider } from 'react-router'
import { parseWithZod } from '@conform-to/zod/v4'
import { childSeatCount } from '~/domain/booking/extras'
import { markFormRefused, pageContext } from '~/utils/page-context.server'
import { requireStepBooking } from '~/booking/step-guard.server'
import { DraftUnavailableError, savePassengerDetails } from '~/booking/bookings.server'
import {
  asksPickupAddress,
  presentBooking,
  returnPickupOf,
  vehicleCapacity,
} from '~/booking/booking-view.server'
import { passengerSchema } from '~/booking/booking-forms'
import { updatesChoices, updatesOptions } from '~/booking/updates-options.server'
import { canReceiveSms } from '~/messages/phone-types.server'
import { translatorFor } from '~/i18n/fixed-translator.server'
import type { Language } from '~/i18n/config'
import type { UpdatesChannel } from '~/domain/messages/updates-channel'
import { readNotice } from '~/booking/notices'
import {
  forgetTypedFields,
  switchLanguageKeepingFields,
  typedFieldsOf,
} from '~/booking/typed-fields.server'
import { formatPhone, toE164 } from '~/domain/phone'
import { accountPrefill, savePassengerToAccount } from '~/accounts/prefill.server'

type Context = Readonly<RouterContextProvider>

/**
 * The words the traveller was shown beside the choice they made, in their
 * language, kept with it as their consent.
 */
function consentWords(language: Language, choice: UpdatesChannel): string {
  const t = translatorFor(language)
  const chosen = `${t('booking.passenger.updates.legend')}: ${t(`booking.passenger.updates.${choice}`)}.`
  return choice === 'email' ? chosen : `${chosen} ${t('booking.passenger.updates.hint')}`
}

/**
 * The passenger step (/booking-passenger) as its route answers it: the draft with
 * what was stored and typed before, and the post that saves the details.
 */

export async function passengerPageData(context: Context, request: Request) {
  const { language, site, meta } = pageContext(context, request)
  const { handle, booking, extras } = await requireStepBooking(request, 'passenger')
  // A signed-in traveller's saved details fill what this booking does not hold yet.
  const { signedIn, saved } = await accountPrefill(request)
  const offered = updatesChoices()
  return {
    language,
    /** A partner's booking for a guest: the company's name heads the form. */
    company: (await companyOf(handle.db, booking))?.name ?? null,
    notice: readNotice(request.url),
    view: presentBooking(booking, extras, language, site),
    capacity: vehicleCapacity(booking.vehicle_class),
    childSeats: childSeatCount(extras),
    /** A pickup that is not an airport: its exact address or hotel is asked. */
    asksAddress: asksPickupAddress(booking),
    /** Signed in: the step offers to save these details to the account. */
    signedIn,
    /** How ride updates may be sent: a choice, or e-mail only. */
    updates: updatesOptions(),
    /** Whether anything follows the flight: the step promises it only then. */
    followsFlights: followsFlights(),
    /** A ride to an airport: the flight it is to catch is asked. */
    asksDeparture: goesToAirport(booking),
    /** A trip there and back: its return's pickup, asked like any pickup. */
    returnPickup: returnPickupOf(booking),
    // What was stored before: coming back to this step shows it again, and what
    // was typed before a language switch, not yet saved, over it.
    stored: {
      name: booking.first_name ?? saved.name ?? '',
      lastName: booking.last_name ?? saved.lastName ?? '',
      email: booking.email ?? saved.email ?? '',
      phone: booking.phone ? formatPhone(booking.phone) : (saved.phone ?? ''),
      updates:
        booking.updates_channel && offered.includes(booking.updates_channel)
          ? booking.updates_channel
          : !booking.updates_channel && saved.updates && offered.includes(saved.updates)
            ? saved.updates
            : '',
      passengers: booking.passenger_count ? String(booking.passenger_count) : '',
      luggage: booking.luggage_count ? String(booking.luggage_count) : '',
      notes: booking.notes ?? '',
      flightNumber: booking.flight_number ?? '',
      departureFlight: booking.departure_flight ?? '',
      // An airport pickup saved without a flight was saved as "not arriving by air".
      notByAir:
        !asksPickupAddress(booking) && booking.passenger_done_at && !booking.flight_number
          ? 'on'
          : '',
      signName: booking.sign_name ?? '',
      pickupAddress: booking.pickup_address ?? '',
      returnPickupAddress: booking.return_pickup_address ?? '',
      returnFlightNumber: booking.return_flight_number ?? '',
      // A return's airport pickup saved without a flight was saved as "not arriving by air".
      returnNotByAir:
        returnPickupOf(booking) === 'airport' &&
        booking.passenger_done_at &&
        !booking.return_flight_number
          ? 'on'
          : '',
      ...typedFieldsOf(booking, 'passenger'),
    },
    meta: meta('booking-passenger', { noindex: true }),
  }
}

/** Validated against the booked vehicle's capacity as stored, whatever the browser offered. */
export async function passengerPageAction(context: Context, request: Request) {
  const { handle, booking, extras } = await requireStepBooking(request, 'passenger')
  const formData = await request.formData()
  const switched = await switchLanguageKeepingFields(
    request,
    formData,
    handle,
    booking,
    'passenger',
  )
  if (switched) return switched
  const schema = passengerSchema({
    capacity: vehicleCapacity(booking.vehicle_class),
    childSeats: childSeatCount(extras),
    pickupAddress: asksPickupAddress(booking),
    updates: { ...updatesOptions(), canText: canReceiveSms },
    // The arrival by air is asked exactly where the address is not: at an airport.
    arrivalByAir: !asksPickupAddress(booking),
    returnPickup: returnPickupOf(booking),
    phone: toE164,
  })
  const submission = parseWithZod(formData, { schema })
  if (submission.status !== 'success') {
    markFormRefused(context)
    return data({ result: submission.reply(), flightQuestion: null }, { status: 400 })
  }
  const { language } = pageContext(context, request)
  // A departing flight is kept only for a ride to an airport, whatever was posted.
  const details = goesToAirport(booking)
    ? submission.value
    : { ...submission.value, departureFlight: undefined }
  const flights = await checkFlights(booking, details, language)
  const question = flights.question
  if (question) {
    markFormRefused(context)
    return data(
      {
        result: submission.reply({ fieldErrors: { [question.field]: [question.error] } }),
        flightQuestion: question,
      },
      { status: 400 },
    )
  }
  try {
    await savePassengerDetails(
      handle,
      booking.id,
      details,
      new Date(),
      consentWords(language, details.updates),
      flights.departureScheduledAt,
    )
    await forgetTypedFields(handle, booking)
    await savePassengerToAccount(handle, request, formData, details, new Date())
  } catch (error) {
    if (error instanceof DraftUnavailableError) return redirect('/booking-passenger', 303)
    throw error
  }
  return redirect('/booking-payment', 303)
}
