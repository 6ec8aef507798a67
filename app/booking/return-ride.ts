import type { BookingRow, NewBooking } from '~/db/schema'
import { bookingTotals } from '~/domain/booking/money'
import type { ExtraQuantities } from '~/domain/booking/extras'
import { returnRideShare } from '~/domain/booking/payment-split'
import { readPriceTerms } from '~/domain/pricing/price-terms'

/**
 * A paid trip there and back becomes two bookings: the outbound keeps the
 * whole payment's record (the trip's total, what the card paid, the invoice),
 * and its return ride is a booking of its own whose columns come from here:
 * the places the other way round, the return's date, time and price
 * snapshot, the same extras (they ride both ways, and are paid on each ride),
 * the traveller's details, and its share of the payment.
 */
export function returnRideColumns(
  outbound: BookingRow,
  extras: ExtraQuantities,
  at: string,
): Omit<NewBooking, 'id' | 'reference' | 'status'> {
  if (!outbound.return_date || !outbound.return_time || outbound.return_vehicle_cents === null) {
    throw new Error(`booking ${outbound.reference} has no return`)
  }
  const totals = bookingTotals(
    { vehicle_cents: outbound.return_vehicle_cents, return_vehicle_cents: null },
    extras,
    outbound,
    readPriceTerms(outbound).extraCents,
  )
  const paidMinor =
    outbound.paid_minor === null
      ? null
      : returnRideShare(outbound.total_minor, totals.total_minor, outbound.paid_minor)
  return {
    language: outbound.language,
    trip_date: outbound.return_date,
    trip_time: outbound.return_time,
    pickup_text: outbound.destination_text,
    destination_text: outbound.pickup_text,
    pickup_place_id: outbound.destination_place_id,
    destination_place_id: outbound.pickup_place_id,
    distance_km: outbound.distance_km,
    distance_source: outbound.distance_source,
    route_minutes: outbound.route_minutes,
    vehicle_class: outbound.vehicle_class,
    pricing_rule: outbound.return_pricing_rule ?? outbound.pricing_rule,
    base_cents: outbound.return_base_cents ?? outbound.base_cents,
    extra_km: outbound.extra_km,
    extra_km_cents: outbound.return_extra_km_cents ?? outbound.extra_km_cents,
    peak: outbound.return_peak,
    vehicle_cents: outbound.return_vehicle_cents,
    ...totals,
    currency: outbound.currency,
    rate: outbound.rate,
    rates_date: outbound.rates_date,
    quote_expires_at: outbound.quote_expires_at,
    created_at: at,
    updated_at: at,
    extras_done_at: outbound.extras_done_at,
    passenger_done_at: outbound.passenger_done_at,
    first_name: outbound.first_name,
    last_name: outbound.last_name,
    email: outbound.email,
    phone: outbound.phone,
    passenger_count: outbound.passenger_count,
    luggage_count: outbound.luggage_count,
    notes: outbound.notes,
    // Its pickup as the passenger step asked it: the address in town, or the
    // flight landing before a pickup at an airport.
    pickup_address: outbound.return_pickup_address,
    flight_number: outbound.return_flight_number,
    sign_name: outbound.sign_name,
    // One code for the trip: the traveller says the same to both drivers.
    pickup_code: outbound.pickup_code,
    billing_first_name: outbound.billing_first_name,
    billing_last_name: outbound.billing_last_name,
    billing_company: outbound.billing_company,
    billing_tax_office: outbound.billing_tax_office,
    billing_tax_number: outbound.billing_tax_number,
    billing_address: outbound.billing_address,
    billing_country: outbound.billing_country,
    billing_city: outbound.billing_city,
    billing_zipcode: outbound.billing_zipcode,
    payment_option: outbound.payment_option,
    terms_accepted_at: outbound.terms_accepted_at,
    payment_id: outbound.payment_id,
    paid_minor: paidMinor,
    confirmed_at: at,
    ride_mode: 'transfer',
    outbound_booking_id: outbound.id,
    // A partner's trip there and back: both rides are the company's.
    company_id: outbound.company_id,
    partner_user_id: outbound.partner_user_id,
    settlement: outbound.settlement,
  }
}
