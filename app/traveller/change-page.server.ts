import { followsFlights } from '~/adapters/flights/configured.server'
import { data, redirect } from 'react-router'
import { parseWithZod } from '@conform-to/zod/v4'
import { bookingHelp } from './ride-page.server'
import { markFormRefused, pageContext } from '~/utils/page-context.server'
import { requirePaidBooking } from '~/booking/paid-booking.server'
import { asksPickupAddress, rideEnds, vehicleCapacity } from '~/booking/booking-view.server'
import { findReturnRide } from '~/booking/return-ride.server'
import { isAwaitingRide } from '~/domain/booking/status'
import type { DatabaseHandle } from '~/db/connect.server'
import type { BookingRow } from '~/db/schema'
import { bookingExtras } from '~/booking/bookings.server'
import { childSeatCount } from '~/domain/booking/extras'
import { passengerNames } from '~/booking/passenger-names.server'
import { detailsChange } from '~/domain/booking/traveller-rules'
import { bookingPickupInstant, pickupCalendarDate } from '~/domain/trip-search'
import { detailsFormSchema } from './details-form'
import { changeBookingDetails } from './change-details.server'
import type { RouterContextProvider } from 'react-router'
import { formatPhone, toE164 } from '~/domain/phone'

type Context = Readonly<RouterContextProvider>

/**
 * Change details: the traveller's own form for the phone, the flight, the
 * sign, the notes, the counts and the passengers' names of their paid
 * booking, until 24 hours before pickup. Only its owner (signed link or
 * cookie) sees it. The date, the time and the route are changed by phone.
 */
const ownBooking = (request: Request, page: ReturnType<typeof pageContext>) =>
  requirePaidBooking(request, { language: page.language, site: page.site, includeCancelled: true })

/**
 * A return ride still to come: its pickup, asked on this form by the rules of
 * any pickup (its address in town, its arriving flight at an airport).
 */
async function returnPickupOfTrip(handle: DatabaseHandle, booking: BookingRow) {
  const ride = await findReturnRide(handle.db, booking.id)
  if (!ride || !isAwaitingRide(ride.status)) return null
  return { ride, kind: asksPickupAddress(ride) ? ('address' as const) : ('airport' as const) }
}

export async function changePageData(context: Context, request: Request) {
  const page = pageContext(context, request)
  const { handle, booking, view, linkTo } = await ownBooking(request, page)
  const extras = await bookingExtras(handle, booking.id)
  const returnPickup = await returnPickupOfTrip(handle, booking)
  return {
    meta: page.meta('booking-change', { noindex: true }),
    language: page.language,
    reference: booking.reference,
    /** Whether anything follows the flight: the form promises it only then. */
    followsFlights: followsFlights(),
    date: view.trip.date,
    time: view.trip.time,
    state: detailsChange(booking.status, bookingPickupInstant(booking), new Date()),
    capacity: vehicleCapacity(booking.vehicle_class),
    childSeats: childSeatCount(extras),
    fromAirport: view.trip.fromAirport,
    /** A pickup that is not an airport: its exact address, changed here too. */
    pickupAddress: asksPickupAddress(booking) ? { place: view.trip.pickup.name } : null,
    /** A return ride still to come: how its pickup is asked, where and when. */
    returnPickup: returnPickup
      ? {
          kind: returnPickup.kind,
          place: rideEnds(returnPickup.ride, page.language).pickup.name,
          date: pickupCalendarDate(returnPickup.ride.trip_date, returnPickup.ride.trip_time),
          time: returnPickup.ride.trip_time,
        }
      : null,
    stored: {
      phone: booking.phone ? formatPhone(booking.phone) : '',
      flightNumber: booking.flight_number ?? '',
      signName: booking.sign_name ?? '',
      notes: booking.notes ?? '',
      pickupAddress: booking.pickup_address ?? '',
      returnPickupAddress: returnPickup?.ride.pickup_address ?? '',
      returnFlightNumber: returnPickup?.ride.flight_number ?? '',
      passengers: booking.passenger_count ? String(booking.passenger_count) : '',
      luggage: booking.luggage_count ? String(booking.luggage_count) : '',
      names: await passengerNames(handle.db, booking.id),
    },
    backHref: linkTo('/booking-received'),
    help: bookingHelp(page.site, page.t, booking.reference),
  }
}

/** Validated against the booked vehicle's capacity as stored, whatever the browser offered. */
export async function changePageAction(context: Context, request: Request) {
  const page = pageContext(context, request)
  const { handle, booking, linkTo } = await ownBooking(request, page)
  const schema = detailsFormSchema(
    {
      capacity: vehicleCapacity(booking.vehicle_class),
      childSeats: childSeatCount(await bookingExtras(handle, booking.id)),
      pickupAddress: asksPickupAddress(booking),
      returnPickup: (await returnPickupOfTrip(handle, booking))?.kind ?? 'none',
    },
    toE164,
  )
  const submission = parseWithZod(await request.formData(), { schema })
  // Adding or removing a name row without JavaScript: the form comes back with it.
  if (submission.status === undefined) return data({ result: submission.reply() })
  if (submission.status !== 'success') {
    markFormRefused(context)
    return data({ result: submission.reply() }, { status: 400 })
  }
  const outcome = await changeBookingDetails(handle, booking.id, submission.value, new Date())
  if (outcome.kind === 'changed' || outcome.kind === 'unchanged') {
    return redirect(linkTo(`/booking-received?done=${outcome.kind}`), 303)
  }
  // The pickup came within 24 hours, or the booking was cancelled, while the form was open.
  markFormRefused(context)
  return data(
    { result: submission.reply({ formErrors: [`traveller.change.errors.${outcome.kind}`] }) },
    { status: outcome.kind === 'over-capacity' ? 400 : 409 },
  )
}
