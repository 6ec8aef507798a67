import type { ColumnType, Generated, Insertable, Selectable } from 'kysely'
import type { RideMode } from '~/domain/booking/ride-mode'
import type { BookingStatus } from '~/domain/booking/status'
import type { PaymentOption } from '~/domain/booking/payment-split'
import type { VehicleClassCode } from '~/domain/booking/vehicle-classes'
import type { Currency } from '~/domain/money/currency'
import type { Language } from '~/i18n/config'
import type { StaffRole } from '~/domain/staff/roles'
import type { AuditActorKind } from '~/domain/staff/audit-actions'
import type { UpdatesChannel } from '~/domain/messages/updates-channel'
import type { CompanyRateKind } from '~/domain/billing/company-rates'
import type { FlightPhase } from '~/domain/flights/flight-phase'
import type { PromoKind, PromoRefusal } from '~/domain/pricing/promo'

// The domain owns these unions; the schema types its columns with them.

/**
 * The booking tables, shared by SQLite and PostgreSQL. Money is stored in
 * integer minor units; timestamps are ISO 8601 strings in UTC so both dialects
 * hold and compare them the same way.
 */
export interface BookingsTable {
  /** Unguessable id (128 random bits, base64url); the browser only ever holds a signed copy. */
  id: string
  /** Short public reference for phone support, e.g. MC-7K4Q9P. */
  reference: string
  status: BookingStatus
  language: Language
  /** The trip as the traveller searched it. */
  trip_date: string
  trip_time: string
  pickup_text: string
  destination_text: string
  pickup_place_id: number
  destination_place_id: number
  distance_km: number
  distance_source: string
  /** The provider's driving minutes for the route, when it gave them (migration 0037). */
  route_minutes: ColumnType<number | null, number | null | undefined, number | null>
  vehicle_class: VehicleClassCode
  /** The quote snapshot: every component, in euro cents, as priced on the server. */
  pricing_rule: string
  base_cents: number
  extra_km: number
  extra_km_cents: number
  peak: string | null
  vehicle_cents: number
  extras_cents: number
  total_cents: number
  /** The traveller's currency and the rate locked into the quote. */
  currency: Currency
  rate: string
  rates_date: string
  total_minor: number
  quote_expires_at: string
  created_at: string
  updated_at: ColumnType<string, string, string>
  /** 'Select' from one vehicle page view and class: a repeated click finds the same draft. */
  selection_key: string | null
  /** When each step was last completed; a later step needs the earlier ones. */
  extras_done_at: string | null
  passenger_done_at: string | null
  /** The passenger step. */
  first_name: string | null
  last_name: string | null
  email: string | null
  phone: string | null
  passenger_count: number | null
  luggage_count: number | null
  notes: string | null
  /** Where exactly a pickup that is not an airport is: a street and number, or a hotel. */
  pickup_address: string | null
  /**
   * Until a trip there and back is paid (and becomes two bookings), its return
   * ride's pickup as asked on the passenger step: the exact address of a pickup
   * in town, or the flight landing before a pickup at an airport. The return
   * ride's own booking then holds them as its pickup_address and flight_number.
   */
  return_pickup_address: ColumnType<string | null, string | null | undefined, string | null>
  return_flight_number: ColumnType<string | null, string | null | undefined, string | null>
  /**
   * When the booking lost its personal fields (its traveller deleted their
   * account, or the ten years the books are kept ended), and when the invoice
   * fields kept for those years went too (app/accounts/personal-fields.ts).
   */
  personal_data_erased_at: ColumnType<string | null, string | null | undefined, string | null>
  invoice_fields_removed_at: ColumnType<string | null, string | null | undefined, string | null>
  /** How the traveller wants ride updates besides e-mail: 'whatsapp', 'sms' or 'email' (e-mail only). */
  updates_channel: UpdatesChannel | null
  /** When the traveller chose it, and the words they were shown, in their language. */
  updates_consent_at: string | null
  updates_consent_text: string | null
  flight_number: string | null
  sign_name: string | null
  /**
   * The code the traveller says when they meet their driver; the driver's page
   * checks it before the ride starts. A return ride has its trip's code.
   */
  pickup_code: string | null
  /**
   * A ride to an airport: the flight the traveller is taken to catch, its
   * departure as the provider scheduled it when given (or last announced),
   * and when the evening-before check asked about it again.
   */
  departure_flight: string | null
  departure_scheduled_at: string | null
  departure_checked_at: string | null
  /** Wrong codes a driver has entered for this ride (dispatch hears at the third). */
  pickup_code_misses: ColumnType<number, number | undefined, number>
  billing_first_name: string | null
  billing_last_name: string | null
  billing_company: string | null
  billing_address: string | null
  billing_country: string | null
  billing_city: string | null
  billing_zipcode: string | null
  payment_option: PaymentOption | null
  terms_accepted_at: string | null
  /** Payment: the provider's payment id and what it took, once confirmed. */
  payment_id: string | null
  paid_minor: number | null
  confirmed_at: string | null
  /**
   * When every passenger's name was first given (Complete Reservation), and
   * by whom: a fact about the booking, not a status; null until then.
   */
  names_given_at: string | null
  names_given_by: AuditActorKind | null
  /** The confirmation e-mail: null until confirmed, then 'pending', 'sending', 'sent' or 'failed'. */
  mail_status: BookingMailStatus | null
  mail_attempts: number | null
  mailed_at: string | null
  /** A send's lease: until then no one else sends it (a failed one waits for the retry). */
  mail_claimed_until: string | null
  /** A step's fields as typed, unvalidated, kept across a language switch (JSON). */
  typed_fields: string | null
  /**
   * A transfer, or hire by the hour: then the hours hired, the kilometres the
   * traveller planned (null: within those included), and the pickup stands
   * for the destination too.
   */
  ride_mode: ColumnType<RideMode, RideMode | undefined, RideMode>
  hire_hours: number | null
  planned_km: number | null
  /**
   * A trip there and back, on the outbound booking: the return's pickup date
   * and time and its own price snapshot (euro cents; the extras are the same
   * on both rides). Null for a single ride.
   */
  return_date: string | null
  return_time: string | null
  return_pricing_rule: string | null
  return_base_cents: number | null
  return_extra_km_cents: number | null
  return_peak: string | null
  return_vehicle_cents: number | null
  /** On a return ride's own booking (made when the trip is paid): the outbound booking. */
  outbound_booking_id: string | null
  /** The price list version that priced it (null only for rows older than price lists). */
  price_list_id: number | null
  /** The terms it keeps besides its fares, as JSON (PriceTerms: extras, deposit, hire km). */
  price_terms: ColumnType<string, string | undefined, string>
  /**
   * The promo code the traveller applied (upper-case) and its discount in the
   * booking's minor units, as the server last computed it; what is charged is
   * `total_minor - discount_minor` (app/domain/pricing/promo.ts).
   */
  promo_code: string | null
  discount_minor: ColumnType<number, number | undefined, number>
  /**
   * Why Book Now took the code off (used up meanwhile, expired), until the
   * traveller has been shown it: a Book Now from a page that did not say so
   * starts no payment at the full price. Cleared by Apply, Remove, or Book Now
   * from the page that said so.
   */
  promo_refused: ColumnType<
    PromoRefusal | null,
    PromoRefusal | null | undefined,
    PromoRefusal | null
  >
  /** A booking a partner made for a guest: the company and the partner user. */
  company_id: number | null
  partner_user_id: number | null
  /** How a partner's booking is settled: by card, or on the company's account (null: a traveller's). */
  settlement: CompanyPaymentTerms | null
  /** An invoice to a company: the buyer's tax office and VKN/TCKN, with `billing_company`. */
  billing_tax_office: string | null
  billing_tax_number: string | null
}

/**
 * Whether a booking's confirmation e-mail is owed (`pending`) or in the message queue
 * (`queued`); `sending`, `sent` and `failed` are from before the queue took it over.
 */
export type BookingMailStatus = 'pending' | 'sending' | 'queued' | 'sent' | 'failed'

export interface BookingExtrasTable {
  id: Generated<number>
  booking_id: string
  code: string
  quantity: number
  unit_cents: number
}

export interface BookingPassengersTable {
  id: Generated<number>
  booking_id: string
  position: number
  first_name: string
  last_name: string
  /** ISO 3166-1 alpha-2; null until given (migration 0038). */
  nationality: ColumnType<string | null, string | null | undefined, string | null>
  /** The T.C. or passport number, sealed ('passenger-identity'); never stored readable. */
  identity_sealed: ColumnType<string | null, string | null | undefined, string | null>
}

export interface BookingEventsTable {
  id: Generated<number>
  booking_id: string
  from_status: string | null
  to_status: string
  note: string | null
  created_at: string
}

export interface ContactMessagesTable {
  id: Generated<number>
  full_name: string
  email: string
  subject: string
  message: string
  language: string
  sender_hash: string
  /** 'stored' until the mailer hands it on ('sending' meanwhile), then 'sent'. */
  mail_status: string
  created_at: string
  mailed_at: string | null
  /** A send's lease: until then no one else sends it (a failed one waits for the retry). */
  mail_claimed_until: string | null
}

/** Which instance runs a periodic job, until when (SQLite; PostgreSQL uses advisory locks). */
export interface JobLeasesTable {
  name: string
  holder: string
  expires_at: string
}

/** One counted action of a client, for rate limits that hold across instances. */
export interface RateLimitEventsTable {
  id: Generated<number>
  rule: string
  /** A keyed hash of the client's network address, never the address. */
  client_hash: string
  created_at: string
}

export type PaymentAttemptStatus = 'starting' | 'initialized' | 'succeeded' | 'failed' | 'expired'

export interface PaymentAttemptsTable {
  id: Generated<number>
  booking_id: string
  provider: string
  token: string | null
  payment_page_url: string | null
  amount_minor: number
  currency: string
  payment_option: PaymentOption
  /**
   * starting (claimed, the provider not answered yet) → initialized (its page
   * is open) → succeeded | failed | expired. At most one attempt per booking is
   * starting or initialized (a unique index).
   */
  status: PaymentAttemptStatus
  /** The provider's id of the payment this attempt took, once it succeeded. */
  payment_id: string | null
  /**
   * 'due' when this attempt charged a booking that another attempt had already
   * paid; 'refunded' once that charge was given back (payment_refunds holds how).
   */
  refund_status: 'due' | 'refunded' | null
  error_code: string | null
  error_group: string | null
  created_at: string
  expires_at: string
  finished_at: string | null
}

/** The payment simulator's side: what iyzico would hold for a checkout form. */
export interface SimulatorSessionsTable {
  token: string
  conversation_id: string
  basket_id: string
  price: string
  paid_price: string
  currency: string
  callback_url: string
  locale: string
  buyer_name: string
  outcome: 'pending' | 'success' | 'failure'
  payment_id: string | null
  error_code: string | null
  error_message: string | null
  error_group: string | null
  created_at: string
  expires_at: string
}

/** Where a refund stands: claimed before the provider is called, then settled. */
export type RefundStatus = 'requested' | 'succeeded' | 'failed'

/**
 * One refund asked of a provider for one payment attempt. At most one per
 * attempt is requested or succeeded (a partial unique index); failed ones stay
 * as history and a new one may be claimed after them.
 */
export interface PaymentRefundsTable {
  id: Generated<number>
  attempt_id: number
  booking_id: string
  provider: string
  amount_minor: number
  currency: string
  status: RefundStatus
  provider_refund_id: string | null
  error_code: string | null
  error_message: string | null
  /** The member of staff who asked; null when the traveller or the maintenance job did. */
  requested_by: number | null
  /** Who asked: staff (`requested_by` names them), the traveller cancelling online, or the job. */
  requester: ColumnType<RefundRequester, RefundRequester, never>
  created_at: string
  finished_at: string | null
}

/** What the built-in simulator has given back of one of its payments. */
export interface SimulatorRefundsTable {
  id: Generated<number>
  refund_id: string
  payment_id: string
  amount_minor: number
  currency: string
  created_at: string
}

/** A member of staff who signs in at /ops. The e-mail is stored lower-cased. */
export interface StaffAccountsTable {
  id: Generated<number>
  email: string
  name: string
  role: StaffRole
  /** argon2id, in its PHC string form (salt and parameters included). */
  password_hash: string
  disabled_at: string | null
  created_at: string
  updated_at: string
  /** The second factor's TOTP secret (base32); set while setting up, kept once turned on. */
  totp_secret: string | null
  /** When the second factor was turned on; null: the password alone signs in. */
  totp_enabled_at: string | null
  /** The last 30-second step a code was accepted for: no code is accepted twice. */
  totp_last_step: number | null
}

/** One sign-in. The browser holds the token; only its SHA-256 (hex) is stored, as the key. */
export interface StaffSessionsTable {
  id: string
  account_id: number
  created_at: string
  last_seen_at: string
  expires_at: string
  user_agent: string | null
  revoked_at: string | null
}

/** Who asked for a refund (see `PaymentRefundsTable.requester`). */
export type RefundRequester = 'staff' | 'traveller' | 'job'

/**
 * One action on a booking or another record, kept for good: who (`actor`:
 * staff with their `account_id`, or the traveller with none), what (`action`,
 * one of the domain's audit actions), on which booking or other record
 * (`subject`, e.g. `driver:4`), and the changed values before and after, as
 * JSON objects.
 */
export interface StaffAuditTable {
  id: Generated<number>
  actor: ColumnType<AuditActorKind, AuditActorKind, never>
  account_id: number | null
  action: string
  booking_id: string | null
  subject: string | null
  before_json: string | null
  after_json: string | null
  created_at: string
}

/**
 * Where a queued message stands: waiting, being sent (under a lease), handed to
 * its provider (`sent`), then, where the provider reports it, `delivered`,
 * `read` or `undelivered`; `failed` when sending was given up, `stopped` when
 * the recipient had opted out of its channel before it went.
 */
export type OutgoingMessageStatus =
  'pending' | 'sending' | 'sent' | 'delivered' | 'read' | 'undelivered' | 'failed' | 'stopped'

export type MessageChannel = 'email' | 'sms' | 'whatsapp'

/** A message stored whole, waiting to be sent once (see app/messages/queue.server.ts). */
export interface OutgoingMessagesTable {
  id: Generated<number>
  dedupe_key: string
  kind: string
  booking_id: string | null
  /** The reference of the booking it is about (for the outbox file and the logs). */
  reference: string | null
  channel: MessageChannel
  /** An e-mail address, or a phone number in E.164. */
  recipient: string
  language: string
  reply_to: string | null
  /** E-mail only. */
  subject: string | null
  /** The e-mail's text part, or the SMS / WhatsApp text. */
  text_body: string
  /** E-mail only. */
  html_body: string | null
  /** The attachments (calendar files) as a JSON array of {filename, content, contentType}. */
  attachments_json: string | null
  /** WhatsApp: the template's name and variables, as JSON. */
  template_json: string | null
  status: OutgoingMessageStatus
  attempts: Generated<number>
  /** The lease of a send under way, or the pause before the next try. */
  claimed_until: string | null
  /** Why the last try failed, or why the provider could not deliver. */
  error: string | null
  /** The provider's id for the message (Twilio's SID): its delivery reports name it. */
  provider_id: string | null
  /** The provider's own last word on it (queued, sent, delivered, read, undelivered…). */
  provider_status: string | null
  /** An SMS sent instead of an undelivered WhatsApp message: that message's id. */
  fallback_of: number | null
  sent_at: string | null
  status_at: string | null
  created_at: string
}

/** A number that said STOP on a channel: nothing more goes to it there. */
export interface MessageOptOutsTable {
  recipient: string
  channel: MessageChannel
  /** 'inbound' (the recipient wrote STOP) or 'provider' (the provider refused: 21610). */
  source: string
  created_at: string
}

/** A driver of the company; `staff_account_id` links their driver sign-in (see migration 0010). */
export interface DriversTable {
  id: Generated<number>
  name: string
  phone: string
  /** The languages they speak, as typed ('Turkish, English'). */
  languages: string
  licence_number: string
  staff_account_id: number | null
  /** 1 or 0 (SQLite has no boolean): an inactive driver is not offered for new jobs. */
  active: number
  /** How the driver hears of a job offered to them (migration 0034). */
  offer_channel: Generated<OfferChannel>
  /** The car they drive: an offer they accept assigns it with them. */
  usual_vehicle_id: Generated<number | null>
  /** Their T.C. identity number, sealed ('driver-identity'; migration 0039); null: not entered. */
  identity_sealed: ColumnType<string | null, string | null | undefined, string | null>
  /** The sex on their identity card, which the crew list asks (migration 0040); null: not entered. */
  document_sex: ColumnType<
    'female' | 'male' | null,
    'female' | 'male' | null | undefined,
    'female' | 'male' | null
  >
  /** How they are paid (migration 0044; docs/settlements.md); null: not set. */
  pay_rule: ColumnType<DriverPayRule | null, DriverPayRule | null | undefined, DriverPayRule | null>
  /** Kuruş per ride or per hour, or a share's percent (1–100) of each ride's price. */
  pay_amount: ColumnType<number | null, number | null | undefined, number | null>
  created_at: string
  updated_at: string
}

/** How a driver is paid: a sum per ride or per hour (in lira), or a share of each ride's price. */
export type DriverPayRule = 'per_ride' | 'per_hour' | 'share'

/**
 * A period of a driver's rides marked settled by an admin (migration 0044),
 * once per driver and period, with the figures as agreed (JSON, a
 * `Settlement` of app/domain/settlements/settlement.ts).
 */
export interface DriverSettlementsTable {
  id: Generated<number>
  driver_id: number
  /** The first and last Istanbul days, inclusive (YYYY-MM-DD). */
  period_from: string
  period_to: string
  figures: string
  settled_by: number | null
  settled_at: string
  created_at: string
}

/**
 * An exchange rate pinned by an admin (see migration 0023): in force until
 * `expires_at` unless ended sooner (`removed_at`); rows are never deleted.
 */
export interface ExchangeRatePinsTable {
  id: Generated<number>
  currency: Currency
  /** Units of the currency per euro, a decimal string (as a booking's `rate`). */
  rate: string
  expires_at: string
  pinned_by: number
  created_at: string
  removed_at: string | null
  removed_by: number | null
}

/** A vehicle of the fleet; the plate is stored normalised (normalisePlate) and unique. */
export interface VehiclesTable {
  id: Generated<number>
  class_code: VehicleClassCode
  make_model: string
  plate: string
  colour: string | null
  seats: number
  luggage: number
  active: number
  created_at: string
  updated_at: string
}

/**
 * Who drives a booking, and in what: one row per booking, `version` counting
 * its changes; driver and vehicle are null once the assignment is removed.
 */
export interface BookingAssignmentsTable {
  booking_id: string
  driver_id: number | null
  vehicle_id: number | null
  version: number
  assigned_by: number
  assigned_at: string
  updated_at: string
}

/**
 * What the flight of an airport pickup was last known to do, per booking
 * (app/flights/follow-flights.server.ts), and what was already told about it.
 */
export interface FlightChecksTable {
  booking_id: string
  /** The ident asked about (app/domain/flight-number.ts): `TK1984`. */
  ident: string
  /** The airport the traveller lands at, as asked: 'IST' or 'SAW'. */
  destination: string
  status: FlightPhase
  provider_flight_id: string | null
  scheduled_arrival: string | null
  estimated_arrival: string | null
  actual_arrival: string | null
  terminal: string | null
  gate: string | null
  /** The last ask that got an answer, and when to ask next (null: never again). */
  checked_at: string | null
  next_check_at: string | null
  /** Asks in a row the provider could not answer, and its last reason. */
  failures: ColumnType<number, number | undefined, number>
  last_problem: string | null
  /** The expected arrival last announced as a delay; a new notice needs a further move. */
  notified_delay_arrival: string | null
  notified_cancelled_at: string | null
  notified_diverted_at: string | null
  created_at: string
  updated_at: string
}

/** One change of a followed flight's status or expected arrival (not one row per ask). */
export interface FlightCheckHistoryTable {
  id: Generated<number>
  booking_id: string
  status: FlightPhase
  expected_arrival: string | null
  actual_arrival: string | null
  /** The provider's own words ('En Route / Delayed'). */
  status_text: string | null
  checked_at: string
}

/** A promo code staff made (app/domain/pricing/promo.ts holds its rules). */
export interface PromoCodesTable {
  id: Generated<number>
  /** Upper-case, unique. */
  code: string
  kind: PromoKind
  /** 1–100 for a percent code, else null. */
  percent: number | null
  /** The fixed discount in euro cents, else null. */
  amount_cents: number | null
  /** Istanbul dates (YYYY-MM-DD), both inclusive; null: no bound. */
  valid_from: string | null
  valid_until: string | null
  /** Null: unlimited. */
  max_uses: number | null
  max_uses_per_email: number | null
  /** Comma-separated vehicle class codes / ride kinds; null: any. */
  vehicle_classes: string | null
  ride_kinds: string | null
  min_amount_cents: number | null
  /** 1 or 0: only for an e-mail with no earlier paid booking. */
  first_ride_only: ColumnType<number, number | undefined, number>
  /** 1 or 0: a deactivated code applies to nothing. */
  active: ColumnType<number, number | undefined, number>
  /** Uses held or paid: raised only while below max_uses, given back on expiry. */
  uses: ColumnType<number, number | undefined, number>
  created_by: number | null
  created_at: string
  updated_by: number | null
  updated_at: string
}

/** held (Book Now) → paid, or released (the booking expired or was cancelled unpaid). */
export type PromoRedemptionStatus = 'held' | 'paid' | 'released'

/** One use of a promo code by one booking. */
export interface PromoRedemptionsTable {
  id: Generated<number>
  promo_code_id: number
  booking_id: string
  /** Lower-cased and trimmed: the per-e-mail limit counts by it. */
  email: string
  /** In the booking's currency's minor units. */
  discount_minor: number
  currency: string
  status: PromoRedemptionStatus
  created_at: string
  released_at: string | null
}

/** The company's capacity rules: one row, id 1 (docs/capacity.md). */
export interface CapacitySettingsTable {
  id: number
  fleet_limited: number
  /** 1: the drivers on duty limit sales too (migration 0036). */
  drivers_limited: number
  buffer_before_minutes: number
  buffer_after_minutes: number
  /** The least time between a search and its pickup; never below the terms' two hours. */
  minimum_notice_minutes: number
  /** JSON: vehicle class → the classes whose cars may drive its rides. */
  upgrades_json: string
  /** JSON: vehicle class → { perDay, perHour }, each a number or null. */
  caps_json: string
  updated_by: number | null
  updated_at: string
}

/** Instants between which nothing is sold, with the reason travellers read. */
export interface ClosedPeriodsTable {
  id: Generated<number>
  starts_at: string
  ends_at: string
  reason_en: string
  reason_tr: string
  created_by: number | null
  created_at: string
}

/**
 * Rides staff allow beyond the fleet, on purpose: `extra_rides` more of one
 * class with a pickup from `starts_at` until `ends_at`, and why (staff only).
 */
export interface CapacityAllowancesTable {
  id: Generated<number>
  vehicle_class: VehicleClassCode
  starts_at: string
  ends_at: string
  extra_rides: number
  reason: string
  created_by: number | null
  created_at: string
}

/** A car out of service between two instants: it is not counted then. */
export interface VehicleBlocksTable {
  id: Generated<number>
  vehicle_id: number
  starts_at: string
  ends_at: string
  note: string
  created_by: number | null
  created_at: string
}

/**
 * One stretch of a driver's weekly working hours (migration 0033): weekday 1
 * (Monday) to 7 (Sunday), 'HH:MM' to 'HH:MM', the end after the start, at
 * most '24:00'. Several rows a day make a split shift; none at all, any time.
 */
export interface DriverHoursTable {
  id: Generated<number>
  driver_id: number
  weekday: number
  starts: string
  ends: string
}

/** A driver's time off between two instants (the end excluded), with a short note. */
export interface DriverTimeOffTable {
  id: Generated<number>
  driver_id: number
  starts_at: string
  ends_at: string
  note: string
  created_by: number | null
  created_at: string
}

/** How a driver hears of an offer: by SMS or WhatsApp through the message queue, or e-mail. */
export type OfferChannel = 'sms' | 'whatsapp' | 'email'

export type JobOfferStatus = 'open' | 'accepted' | 'declined' | 'taken' | 'expired' | 'withdrawn'

/**
 * A ride offered to one driver (migration 0034): open until answered, taken
 * by another, withdrawn, or past `expires_at`. One accepted per booking.
 */
export interface JobOffersTable {
  id: Generated<number>
  booking_id: string
  driver_id: number
  /** The driver's usual car when offered: assigned with them on acceptance. */
  vehicle_id: number
  /** What the driver is paid for the ride, in kuruş; null when not said. */
  pay_minor: number | null
  status: JobOfferStatus
  /** The dispatcher who offered it; null for the automatic mode. */
  offered_by: number | null
  offered_at: string
  expires_at: string
  answered_at: string | null
}

/** How offers work (one row, id 1). */
export interface DispatchSettingsTable {
  id: number
  offer_minutes: number
  /** 1: each new ride is offered to the suggested drivers in turn. */
  auto_offer: number
  updated_by: number | null
  updated_at: string | null
}

/**
 * The latest position of a ride's car while it is on the way or arrived
 * (migration 0035): one row per ride, deleted when the ride ends.
 */
export interface RidePositionsTable {
  booking_id: string
  driver_id: number
  lat: number
  lng: number
  /** Metres, as the phone reports it; null for a place the driver named. */
  accuracy_m: number | null
  source: 'device' | 'place'
  recorded_at: string
}

export interface Database {
  bookings: BookingsTable
  booking_extras: BookingExtrasTable
  booking_passengers: BookingPassengersTable
  booking_events: BookingEventsTable
  contact_messages: ContactMessagesTable
  job_leases: JobLeasesTable
  rate_limit_events: RateLimitEventsTable
  payment_attempts: PaymentAttemptsTable
  simulator_sessions: SimulatorSessionsTable
  staff_accounts: StaffAccountsTable
  staff_sessions: StaffSessionsTable
  staff_audit: StaffAuditTable
  outgoing_messages: OutgoingMessagesTable
  message_opt_outs: MessageOptOutsTable
  drivers: DriversTable
  vehicles: VehiclesTable
  booking_assignments: BookingAssignmentsTable
  payment_refunds: PaymentRefundsTable
  simulator_refunds: SimulatorRefundsTable
  flight_checks: FlightChecksTable
  flight_check_history: FlightCheckHistoryTable
  price_lists: PriceListsTable
  exchange_rate_pins: ExchangeRatePinsTable
  promo_codes: PromoCodesTable
  promo_redemptions: PromoRedemptionsTable
  traveller_accounts: TravellerAccountsTable
  traveller_sessions: TravellerSessionsTable
  traveller_tokens: TravellerTokensTable
  companies: CompaniesTable
  partner_users: PartnerUsersTable
  partner_sessions: PartnerSessionsTable
  company_statements: CompanyStatementsTable
  capacity_settings: CapacitySettingsTable
  closed_periods: ClosedPeriodsTable
  capacity_allowances: CapacityAllowancesTable
  vehicle_blocks: VehicleBlocksTable
  driver_hours: DriverHoursTable
  driver_time_off: DriverTimeOffTable
  job_offers: JobOffersTable
  ride_positions: RidePositionsTable
  dispatch_settings: DispatchSettingsTable
  uetds_filings: UetdsFilingsTable
  uetds_answers: UetdsAnswersTable
  company_settings: CompanySettingsTable
  e_invoices: EInvoicesTable
  ride_reviews: RideReviewsTable
  ride_tips: RideTipsTable
  driver_settlements: DriverSettlementsTable
}

/**
 * A paid ride's electronic invoice through Paraşüt (migration 0041;
 * app/compliance/e-invoicing.server.ts): each step's id as Paraşüt gave it.
 */
export interface EInvoicesTable {
  booking_id: string
  contact_id: string | null
  invoice_id: string | null
  /** e_archive or e_invoice, once decided (the buyer's VKN registered for e-Fatura or not). */
  kind: 'e_archive' | 'e_invoice' | null
  job_id: string | null
  job_started_at: string | null
  document_id: string | null
  /** The official PDF (base64), kept: Paraşüt's address for it lasts an hour. */
  pdf: string | null
  issued_at: string | null
  cancelled_at: string | null
  /** Paraşüt refused to cancel it (past its cancellation time): staff issue the return. */
  cancel_refused: string | null
  failures: Generated<number>
  next_try_at: string | null
  claimed_until: string | null
  last_outcome: 'ok' | 'refused' | 'unanswered' | null
  last_step: string | null
  last_message: string | null
  last_at: string | null
  created_at: string
  updated_at: string
}

/**
 * A ride's passenger list as filed with the Ministry's U-ETDS (migration
 * 0040; app/compliance/uetds-filing.server.ts): the service's references,
 * a hash of each part it accepted, and the retry clock.
 */
export interface UetdsFilingsTable {
  booking_id: string
  trip_reference: string | null
  group_reference: string | null
  /** sha256 of each part's canonical text (app/domain/compliance/trip-filing.ts) as accepted. */
  trip_hash: string | null
  group_hash: string | null
  crew_hash: string | null
  passengers_hash: string | null
  /** The crew's identity numbers as filed, a JSON list sealed ('driver-identity'). */
  crew_sealed: string | null
  /** The passengers' tickets as filed (JSON list): a change cancels them by these. */
  tickets: string | null
  /** The printable trip document (base64 PDF) the driver carries. */
  document_pdf: string | null
  document_at: string | null
  /** When every part was first accepted. */
  filed_at: string | null
  /** When the service took its cancellation (a cancelled ride or a no-show). */
  cancelled_at: string | null
  /** Without the service: the reference staff typed after filing by hand. */
  manual_reference: string | null
  manual_by: number | null
  manual_at: string | null
  /** Failed calls in a row (refused or unanswered), and when to try again. */
  failures: Generated<number>
  next_try_at: string | null
  /** An instance filing it now holds it until then. */
  claimed_until: string | null
  last_outcome: 'ok' | 'refused' | 'unanswered' | null
  last_operation: string | null
  last_code: number | null
  last_message: string | null
  last_at: string | null
  created_at: string
  updated_at: string
}

/** Every answer U-ETDS gave, newest last: what dispatch reads when a filing is refused. */
export interface UetdsAnswersTable {
  id: Generated<number>
  booking_id: string
  operation: string
  outcome: 'ok' | 'refused' | 'unanswered'
  code: number | null
  message: string
  reference: string | null
  created_at: string
}

/** A setting of the company's own an admin keeps (its licence number, its details). */
export interface CompanySettingsTable {
  name: string
  value: string
  updated_by: number | null
  updated_at: Generated<string>
}

/** A traveller's own account (never a staff member's: those are staff_accounts). */
export interface TravellerAccountsTable {
  id: Generated<number>
  /** Lower-cased and trimmed, unique. */
  email: string
  /** argon2id; null only for an account that has never set a password. */
  password_hash: string | null
  /** When a link sent to the e-mail was opened; until then no booking is shown. */
  email_verified_at: string | null
  /** The language its e-mails are written in. */
  language: Language
  /** Passenger and billing details kept for the next booking (JSON), or null. */
  saved_details: string | null
  created_at: string
  updated_at: string
}

export interface TravellerSessionsTable {
  /** SHA-256 of the token the browser holds. */
  id: string
  account_id: number
  /** 1: kept after the browser closes ("Remember me"); 0: a browser-session cookie. */
  remember: ColumnType<number, number | undefined, number>
  created_at: string
  last_seen_at: string
  expires_at: string
  user_agent: string | null
  revoked_at: string | null
  /**
   * When the holder last proved who they are (password or e-mailed link):
   * set at sign-in and by confirming again; null for sessions older than it.
   */
  proved_at: string | null
}

export type TravellerTokenPurpose = 'verify' | 'sign-in' | 'reset'

/** A link sent by e-mail: used once, before it expires. */
export interface TravellerTokensTable {
  /** SHA-256 of the token in the link. */
  id: string
  account_id: number
  purpose: TravellerTokenPurpose
  created_at: string
  expires_at: string
  used_at: string | null
}

export type { CompanyRateKind }
/** How a company pays: by card at booking, or on account against its credit limit. */
export type CompanyPaymentTerms = 'card' | 'account'

export interface CompaniesTable {
  id: Generated<number>
  name: string
  tax_office: string
  /** A VKN (10 digits) or, for a sole trader, a TCKN (11), check digits verified. */
  tax_number: string
  billing_address: string
  contact_email: string
  rate_kind: CompanyRateKind
  /** Whole per cent: the commission, or how far net rates are below ours. */
  rate_percent: ColumnType<number, number | undefined, number>
  payment_terms: CompanyPaymentTerms
  /** Euro cents. `credit_used_cents` never passes `credit_limit_cents`. */
  credit_limit_cents: ColumnType<number, number | undefined, number>
  credit_used_cents: ColumnType<number, number | undefined, number>
  active: ColumnType<number, number | undefined, number>
  created_by: number | null
  created_at: string
  updated_by: number | null
  updated_at: string
}

export interface PartnerUsersTable {
  id: Generated<number>
  company_id: number
  /** Lower-cased and trimmed, unique. */
  email: string
  name: string
  password_hash: string
  disabled_at: string | null
  created_at: string
  updated_at: string
}

export interface PartnerSessionsTable {
  /** SHA-256 of the token the browser holds. */
  id: string
  user_id: number
  created_at: string
  last_seen_at: string
  expires_at: string
  user_agent: string | null
  revoked_at: string | null
}

/** A company's month, once staff acted on it. */
export interface CompanyStatementsTable {
  id: Generated<number>
  company_id: number
  /** YYYY-MM, the Istanbul month. */
  month: string
  paid_at: string | null
  marked_paid_by: number | null
  created_at: string
}

/** A draft being edited, a published version, or one withdrawn before it applied. */
/** Staff's decision about a review: not looked at yet, shown on the site, or kept off it. */
export type ReviewStatus = 'new' | 'published' | 'hidden'

/** A traveller's review of a finished ride (migration 0042; app/reviews/). */
export interface RideReviewsTable {
  booking_id: string
  /** The ride's driver when it was reviewed; null for a ride driven by no recorded driver. */
  driver_id: number | null
  vehicle_class: string
  /** 1 to 5 each. */
  driver_stars: number
  car_stars: number
  punctuality_stars: number
  comment: string | null
  /** 1 when the traveller let the site publish it (with their first name and initial). */
  publish_consent: number
  /** How a published review is signed: "Anna K." */
  author_name: string
  /** The language it was written in (the booking's). */
  language: string
  status: ColumnType<ReviewStatus, ReviewStatus | undefined, ReviewStatus>
  moderated_by: number | null
  moderated_at: string | null
  created_at: string
}

export type RideReviewRow = Selectable<RideReviewsTable>

export type TipMethod = 'card' | 'cash'
/**
 * pending (the provider's page is open) → paid | failed; a paid card tip →
 * refunding (staff's refund claimed it) → refunded, or back to paid if refused.
 */
export type TipStatus = 'pending' | 'paid' | 'failed' | 'refunding' | 'refunded'

/** A tip for the driver of a ride (migration 0043; app/tips/). */
export interface RideTipsTable {
  id: Generated<number>
  booking_id: string
  driver_id: number | null
  method: TipMethod
  amount_minor: number
  currency: string
  status: TipStatus
  /** A card tip: the provider, its checkout token and, once paid, its payment id. */
  provider: string | null
  token: string | null
  payment_id: string | null
  error_code: string | null
  /** A cash tip: the driver's account that reported it. */
  reported_by: number | null
  paid_at: string | null
  refund_id: string | null
  refunded_at: string | null
  refunded_by: number | null
  /** The provider's refusal of the last refund tried. */
  refund_error: string | null
  created_at: string
}

export type RideTipRow = Selectable<RideTipsTable>

export type PriceListStatus = 'draft' | 'published' | 'withdrawn'

export interface PriceListsTable {
  id: Generated<number>
  status: PriceListStatus
  /** The whole list as JSON (PriceList in app/domain/pricing/price-list.ts). */
  body: string
  /** What changed, in the admin's words. */
  note: ColumnType<string, string | undefined, string>
  /** The version a draft was started from. */
  based_on: number | null
  /** From when a published version is in force (ISO 8601, UTC); null for a draft. */
  applies_from: string | null
  created_by: number | null
  created_at: string
  updated_by: number | null
  updated_at: string
  published_by: number | null
  published_at: string | null
}

export type PriceListRow = Selectable<PriceListsTable>

export type BookingRow = Selectable<BookingsTable>
export type NewBooking = Insertable<BookingsTable>
export type FlightCheckRow = Selectable<FlightChecksTable>
export type PromoCodeRow = Selectable<PromoCodesTable>
export type TravellerAccountRow = Selectable<TravellerAccountsTable>
export type CompanyRow = Selectable<CompaniesTable>
export type PartnerUserRow = Selectable<PartnerUsersTable>
