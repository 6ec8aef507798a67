import { payableMinor } from '~/domain/pricing/promo'
import type { BookingRow } from '~/db/schema'
import type { SiteSettings } from '~/config/site'
import type { Language } from '~/i18n/config'
import { placeById } from '~/domain/places/gazetteer'
import { placeLabel } from '~/domain/places/place-label'
import { estimatedHours, pickupCalendarDate } from '~/domain/trip-search'
import { listVehicleClasses } from '~/content/fleet.server'
import { rideCount, toBookingMinor } from '~/domain/booking/money'
import { vehicleClasses, type VehicleClassCode } from '~/domain/booking/vehicle-classes'
import { extraLines, type ExtraQuantities } from '~/domain/booking/extras'
import { readPriceTerms } from '~/domain/pricing/price-terms'
import { paymentSplit } from '~/domain/booking/payment-split'
import { rideSplit } from '~/domain/booking/ride-split'
import { formatPhone } from '~/domain/phone'
import type { ReturnPickup } from './booking-forms'

/** The seats and suitcases of a vehicle class, from the domain's catalogue. */
export function vehicleCapacity(code: VehicleClassCode) {
  const { passengers, luggage } = vehicleClasses[code]
  return { passengers, luggage }
}

/** Whether a booking's pickup is an airport: one spot, where the driver meets the flight. */
function fromAirport(booking: Pick<BookingRow, 'pickup_place_id'>): boolean {
  return placeById(booking.pickup_place_id)?.kind === 'airport'
}

type RideEndColumns = Pick<
  BookingRow,
  'pickup_place_id' | 'pickup_text' | 'destination_place_id' | 'destination_text'
>

/**
 * A ride's two ends as every page, e-mail, message and file names them: as the
 * traveller chose them ('Taksim'), never only the district they are priced as,
 * and an airport by its own name in `language` ('Istanbul Airport (IST)').
 */
export function rideEnds(booking: RideEndColumns, language: Language) {
  return {
    pickup: placeLabel(placeById(booking.pickup_place_id), booking.pickup_text, language),
    destination: placeLabel(
      placeById(booking.destination_place_id),
      booking.destination_text,
      language,
    ),
  }
}

/** A ride's two ends by name (rideEnds), as a route line takes them: `from → to`. */
export function rideEndNames(booking: RideEndColumns, language: Language) {
  const { pickup, destination } = rideEnds(booking, language)
  return { from: pickup.name, to: destination.name }
}

/**
 * Whether the passenger step asks for the pickup's exact address or hotel:
 * anywhere but an airport, where the searched place is a whole district.
 */
export function asksPickupAddress(booking: Pick<BookingRow, 'pickup_place_id'>): boolean {
  return !fromAirport(booking)
}

/**
 * How the passenger step asks a return ride's pickup, which is the outbound's
 * destination: like any pickup, its exact address in town, or the flight
 * landing before it at an airport.
 */
export function returnPickupOf(
  booking: Pick<BookingRow, 'return_date' | 'destination_place_id'>,
): ReturnPickup {
  if (!booking.return_date) return 'none'
  return fromAirport({ pickup_place_id: booking.destination_place_id }) ? 'airport' : 'address'
}

/**
 * A trip's return ride, from the destination back to the pickup, with its
 * pickup's exact address or arriving flight once given; null for one way.
 */
export function returnRideOf(booking: BookingRow, language: Language) {
  if (!booking.return_date || !booking.return_time || booking.return_vehicle_cents === null)
    return null
  const { pickup, destination } = rideEnds(booking, language)
  return {
    pickup: destination,
    destination: pickup,
    from: destination.name,
    to: pickup.name,
    date: pickupCalendarDate(booking.return_date, booking.return_time),
    time: booking.return_time,
    pickupAddress: booking.return_pickup_address,
    flightNumber: booking.return_flight_number,
    vehicleMinor: toBookingMinor(booking.return_vehicle_cents, booking),
  }
}

/**
 * What every step shows of a stored booking: the trip, the vehicle, the extras
 * and the amounts in the traveller's currency at the locked rate. Everything
 * comes from the database row, nothing from the request.
 */
export function presentBooking(
  booking: BookingRow,
  extras: ExtraQuantities,
  language: Language,
  site: SiteSettings,
) {
  const vehicle = listVehicleClasses(language, site).find(
    (candidate) => candidate.code === booking.vehicle_class,
  )
  const capacity = vehicleCapacity(booking.vehicle_class)
  const rides = rideCount(booking)
  const terms = readPriceTerms(booking)
  const { pickup, destination } = rideEnds(booking, language)
  return {
    reference: booking.reference,
    status: booking.status,
    currency: booking.currency,
    trip: {
      pickup,
      /** Flight tracking and the meet & greet sign matter when the pickup is an airport. */
      fromAirport: fromAirport(booking),
      destination,
      date: pickupCalendarDate(booking.trip_date, booking.trip_time),
      time: booking.trip_time,
      km: booking.distance_km,
      hours: estimatedHours(booking.distance_km),
      /** Hire by the hour: the hours and the kilometres included; null for a transfer. */
      hire: hireOf(booking),
      /** A trip there and back: the return ride, from the destination back to the pickup. */
      back: returnRideOf(booking, language),
    },
    vehicle: {
      code: booking.vehicle_class,
      title: vehicle?.title ?? booking.vehicle_class,
      image: vehicle?.image ?? '',
      passengers: capacity.passengers,
      luggage: capacity.luggage,
    },
    vehicleMinor: toBookingMinor(booking.vehicle_cents, booking),
    /** How many rides the price pays: 2 for a trip there and back, whose extras go both ways. */
    rides,
    /** Each chosen extra: how many, the price of one, and of the line on every ride, at the locked rate. */
    extras: extraLines(extras).map(({ code, quantity }) => {
      const unitMinor = toBookingMinor(terms.extraCents[code], booking)
      return { code, quantity, unitMinor, minor: quantity * unitMinor * rides }
    }),
    totalMinor: booking.total_minor,
    /** A promo code's discount, and the total less it: what the card and the driver are owed. */
    promo:
      booking.discount_minor > 0
        ? { code: booking.promo_code, discountMinor: booking.discount_minor }
        : null,
    payableMinor: payableMinor(booking),
    // The deposit share the booking was quoted with: what its pages and invoice state.
    payment: {
      ...paymentSplit(booking),
      depositPercent: terms.depositPercent,
      /** A partner's ride charged to the company's account: no card took it. */
      onAccount: booking.settlement === 'account',
    },
    passengers: booking.passenger_count,
    luggage: booking.luggage_count,
    flightNumber: booking.flight_number,
    signName: booking.sign_name,
    /** Where exactly the driver collects the traveller (not an airport): street and number, or hotel. */
    pickupAddress: booking.pickup_address,
  }
}

export type BookingView = ReturnType<typeof presentBooking>

/** A hire by the hour as the pages show it: its hours, the kilometres included and planned. */
export function hireOf(booking: BookingRow) {
  if (booking.ride_mode !== 'hourly' || !booking.hire_hours) return null
  return {
    hours: booking.hire_hours,
    includedKm: booking.hire_hours * readPriceTerms(booking).includedKmPerHour,
    plannedKm: booking.planned_km,
  }
}

/**
 * The voucher the traveller shows the driver: who to meet (the name on the
 * sign, or else the lead passenger's, which is what the driver's sign shows
 * when none was given), where, when, how many, and what to collect in cash.
 */
export function driverVoucher(booking: BookingRow, view: BookingView, site: SiteSettings) {
  const rideCash = rideSplit(booking).cashMinor
  const traveller = [booking.first_name, booking.last_name]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ')
  return {
    brand: site.brand,
    phone: site.phone,
    reference: view.reference,
    signName: view.signName?.trim() || traveller,
    /** Said to the driver when they meet; the driver's page checks it. */
    pickupCode: booking.pickup_code,
    traveller,
    travellerPhone: booking.phone ? formatPhone(booking.phone) : booking.phone,
    from: view.trip.pickup.name,
    /** Where exactly the driver collects the traveller, when the pickup is not an airport. */
    pickupAddress: view.pickupAddress,
    to: view.trip.destination.name,
    hire: view.trip.hire,
    date: view.trip.date,
    time: view.trip.time,
    /** A trip there and back: the return ride, whose driver collects its own cash. */
    back: view.trip.back
      ? {
          from: view.trip.back.from,
          to: view.trip.back.to,
          date: view.trip.back.date,
          time: view.trip.back.time,
          pickupAddress: view.trip.back.pickupAddress,
          flightNumber: view.trip.back.flightNumber,
          cashMinor: view.payment.cashMinor - rideCash,
        }
      : null,
    vehicle: view.vehicle.title,
    extras: view.extras.map(({ code, quantity }) => ({ code, quantity })),
    flightNumber: view.flightNumber,
    passengers: view.passengers,
    luggage: view.luggage,
    currency: view.currency,
    /** What the (outbound) ride's driver collects in cash. */
    cashMinor: rideCash,
  }
}

export type DriverVoucherFacts = ReturnType<typeof driverVoucher>
