import type { BookingsTable } from '~/db/schema'

/**
 * What deleting a traveller's account does to the bookings made with its
 * e-mail, in one place: the code erases exactly `erasedBookingFields` (and
 * the records listed in `erasedRecords`), the privacy policy and
 * docs/accounts.md say the same in words. Turkish tax law (VUK art. 253,
 * TTK art. 82) has a company keep its invoices and the records behind them
 * for ten years, so what an invoice or the books need stays; everything that
 * only served the ride itself goes.
 */

/** Booking columns set to null when the account is deleted, and why they may go. */
export const erasedBookingFields = {
  first_name: 'the lead passenger’s name (the invoice keeps the billing name)',
  last_name: 'the lead passenger’s name (the invoice keeps the billing name)',
  email: 'the contact e-mail (null: nothing can match it again)',
  phone: 'the contact phone number',
  notes: 'the traveller’s notes to the driver',
  flight_number: 'the arriving flight',
  departure_flight: 'the departing flight',
  departure_scheduled_at: 'the departing flight’s time',
  sign_name: 'the name on the driver’s sign',
  // A street and number or a hotel the traveller typed: often a home. The
  // place searched (pickup_text, a district or airport) stays on the invoice.
  pickup_address: 'the exact pickup address, often a home',
  pickup_code: 'the code said to the driver',
  updates_consent_text: 'the words shown when ride updates were chosen',
  typed_fields: 'what was typed on a form and not yet saved',
} as const satisfies Partial<Record<keyof BookingsTable, string>>

export type ErasedBookingField = keyof typeof erasedBookingFields

/** The invoice's buyer: kept for the ten years, then removed (removedInvoiceFields). */
const invoiceBuyerFields = [
  'billing_first_name',
  'billing_last_name',
  'billing_company',
  'billing_tax_office',
  'billing_tax_number',
  'billing_address',
  'billing_city',
  'billing_zipcode',
  'billing_country',
] as const satisfies readonly (keyof BookingsTable)[]

/**
 * Booking columns kept after the account is deleted: what the invoice and the
 * books must show (Turkish tax law: ten years). Every other column is not
 * personal (prices, rates, statuses, timestamps of steps).
 */
export const keptBookingFields = [
  'reference',
  'status',
  'trip_date',
  'trip_time',
  'pickup_text',
  'destination_text',
  'vehicle_class',
  'ride_mode',
  'hire_hours',
  'return_date',
  'return_time',
  'passenger_count',
  'luggage_count',
  'currency',
  'total_minor',
  'discount_minor',
  'promo_code',
  'paid_minor',
  'payment_id',
  'payment_option',
  'confirmed_at',
  'created_at',
  'terms_accepted_at',
  ...invoiceBuyerFields,
] as const satisfies readonly (keyof BookingsTable)[]

/**
 * Records about those bookings that go or are emptied besides the columns:
 * the passengers' names (the billing name stays on the booking), the flight
 * followed for the pickup, the messages sent (their recipient and words;
 * the kind, channel, status and dates stay, as proof that a message went),
 * the e-mail on a promo code's use, and the messages sent through the
 * contact form from the account's e-mail.
 */
export const erasedRecords = [
  'booking_passengers',
  'flight_checks',
  'flight_check_history',
  'outgoing_messages.recipient',
  'outgoing_messages.subject',
  'outgoing_messages.text_body',
  'outgoing_messages.html_body',
  'outgoing_messages.attachments_json',
  'outgoing_messages.template_json',
  'promo_redemptions.email',
  'contact_messages',
] as const

/** What an emptied message's recipient reads: it can be no e-mail address or phone number. */
export const erasedRecipient = 'erased'

/** A promo code use's e-mail once erased: no address has no '@', so no limit ever counts it. */
export const erasedPromoEmail = 'erased'

/** How long the kept fields are kept: ten years from the end of the year of the invoice. */
export const accountingRetentionYears = 10

/**
 * The kept fields that name or identify someone, removed when those ten years
 * end (the maintenance job, app/jobs/invoice-retention.server.ts); what stays
 * is an anonymous ride: its dates, class, counts and amounts. The places
 * searched stay as the served place's own name, never as typed.
 */
export const removedInvoiceFields = [
  ...invoiceBuyerFields,
  'payment_id',
] as const satisfies readonly (typeof keptBookingFields)[number][]

/** The erased columns as an update: each set to null. */
export function erasedBookingValues(): Record<ErasedBookingField, null> {
  return Object.fromEntries(Object.keys(erasedBookingFields).map((name) => [name, null])) as Record<
    ErasedBookingField,
    null
  >
}
