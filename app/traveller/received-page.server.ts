import { data, redirect, type RouterContextProvider } from 'react-router'
import { markFormRefused, pageContext } from '~/utils/page-context.server'
import type { BookingRow } from '~/db/schema'
import { requirePaidBooking } from '~/booking/paid-booking.server'
import { driverVoucher } from '~/booking/booking-view.server'
import {
  completeBooking,
  passengerNationalities,
  storedPassengers,
} from '~/booking/passenger-names.server'
import {
  passengerIdentities,
  passengerNamesFormSchema,
  passengerNamesPost,
  refusedNames,
  type NameErrors,
  type PostedName,
} from '~/booking/passenger-names-form'
import { nationalityCodes, nationalityOptions } from '~/booking/nationalities.server'
import { isAwaitingRide } from '~/domain/booking/status'
import { bookingHelp, ridePageData } from './ride-page.server'
import { isFirstViewAfterPaying } from '~/booking/payment-return.server'
import { formatPhone } from '~/domain/phone'

type Context = Readonly<RouterContextProvider>

/**
 * The booking received page, which is the traveller's ride page once paid
 * (docs/after-payment.md): the ride as it goes, where to meet, what may still
 * be changed or cancelled, the documents and the share link, besides the
 * order summary and passenger names. Only for the browser that made the
 * booking or the holder of the e-mail's signed link; anyone else gets the
 * not-found page, which says nothing about whether the booking exists. A paid
 * booking cancelled since still shows, with its refund. The browser that made
 * a booking not paid yet goes back to the payment step.
 */
const paidBooking = (
  request: Request,
  { language, site }: Pick<ReturnType<typeof pageContext>, 'language' | 'site'>,
) => requirePaidBooking(request, { language, site, unpaid: 'payment-step', includeCancelled: true })

/** At most the booking's passenger count, never below 0. */
const maxPassengers = (booking: BookingRow) => Math.max(booking.passenger_count ?? 0, 0)

export async function receivedPageData(context: Context, request: Request) {
  const page = pageContext(context, request)
  const { language, site, t, meta } = page
  const paid = await paidBooking(request, page)
  const { handle, booking, view, linkTo } = paid
  const stored = await storedPassengers(handle.db, booking.id)
  // A stored number is never shown back: its nationality is, and the field says it was given.
  const names: PostedName[] = (
    stored.length
      ? stored
      : [{ firstname: booking.first_name ?? '', lastname: booking.last_name ?? '', stored: null }]
  ).map(({ stored: identity, ...name }) => ({
    ...name,
    nationality: identity?.nationality ?? '',
    identityNumber: '',
    passportNumber: '',
  }))
  return {
    language,
    view,
    voucher: driverVoucher(booking, view, site),
    links: {
      invoice: linkTo('/invoice'),
      voucher: linkTo('/booking-voucher'),
    },
    help: bookingHelp(site, t, booking.reference),
    order: {
      reference: booking.reference,
      date: booking.trip_date,
      paymentOption: view.payment.option,
      email: booking.email,
    },
    passenger: {
      firstName: booking.first_name,
      lastName: booking.last_name,
      email: booking.email,
      phone: booking.phone ? formatPhone(booking.phone) : booking.phone,
      address: booking.billing_address,
      city: booking.billing_city,
      country: booking.billing_country,
      zipcode: booking.billing_zipcode,
    },
    names,
    /** By position: whether that passenger's number was given (left empty, it is kept). */
    identitiesGiven: stored.map((passenger) => passenger.stored !== null),
    nationalities: nationalityOptions(language),
    max: maxPassengers(booking),
    // The names are given or corrected online only while the ride is still to come.
    namesOpen: isAwaitingRide(booking.status),
    ride: await ridePageData(paid, request, language),
    // Only the view the payment's return lands on says the order went through.
    firstView: await isFirstViewAfterPaying(request, booking.confirmed_at, new Date()),
    completed: new URL(request.url).searchParams.get('completed') === '1',
    // The 'Reservation Completed' dialog opens with the page: the root layout reads it.
    serverDialog: new URL(request.url).searchParams.get('completed') === '1',
    meta: meta('booking-received', { noindex: true }),
  }
}

/**
 * Two buttons: '+ Add Passenger' gives the list one more blank entry (up to the
 * booking's passenger count), 'Complete Reservation' saves the names and records
 * that they were given (the booking stays confirmed), then shows the
 * 'Reservation Completed' dialog.
 */
export async function receivedPageAction(context: Context, request: Request) {
  const { handle, booking, linkTo } = await paidBooking(request, pageContext(context, request))
  const max = maxPassengers(booking)
  const posted = passengerNamesPost(await request.formData())
  const post = passengerNamesFormSchema(max).safeParse(posted)
  if (!post.success) {
    markFormRefused(context)
    // Every wrong field is said at once: the documents' messages beside the names'.
    const refused = refusedNames(posted.names, post.error)
    const identities = passengerIdentities(
      posted.names,
      await passengerNationalities(handle.db, booking.id),
      nationalityCodes(),
    )
    const errors = identities.ok
      ? refused.errors
      : refused.errors.map((nameErrors, index) => ({
          ...identities.errors[index],
          ...nameErrors,
        }))
    return data({ ...refused, errors, limitReached: false }, { status: 400 })
  }
  const { names } = post.data
  if (post.data.intent === 'add') {
    if (names.length >= max) return data({ names, limitReached: true, errors: [] as NameErrors[] })
    const blank = {
      firstname: '',
      lastname: '',
      nationality: '',
      identityNumber: '',
      passportNumber: '',
    }
    return { names: [...names, blank], limitReached: false, errors: [] }
  }
  const identities = passengerIdentities(
    names,
    await passengerNationalities(handle.db, booking.id),
    nationalityCodes(),
  )
  if (!identities.ok) {
    markFormRefused(context)
    // The numbers typed come back as typed, to be corrected; nothing is stored.
    return data({ names, errors: identities.errors, limitReached: false }, { status: 400 })
  }
  const completed = await completeBooking(
    handle,
    booking,
    names.map((name, index) => ({
      firstname: name.firstname,
      lastname: name.lastname,
      identity: identities.identities[index],
    })),
    new Date(),
  )
  // Cancelled or under way meanwhile: the page now says so, and keeps the names as they were.
  if (completed.kind === 'closed') return redirect(linkTo('/booking-received'), 303)
  const url = new URL(request.url)
  url.searchParams.set('completed', '1')
  url.searchParams.delete('done')
  return redirect(`${url.pathname}${url.search}`, 303)
}
