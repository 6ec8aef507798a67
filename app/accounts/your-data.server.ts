import type { DatabaseHandle } from '~/db/connect.server'
import type { BookingRow } from '~/db/schema'
import type { Executor } from '~/db/executor'
import { bookingsWithEmail, sameEmail, travellerAccount } from './traveller-bookings.server'
import { provedAddressOf } from './account-proof'
import { passengerRecords } from '~/booking/passenger-names.server'

/**
 * Everything held about a traveller with an account, as one JSON-able object
 * for "Download my data" (KVKK art. 11: a person may learn what is processed
 * about them): the account, its sign-ins, every booking made with its e-mail
 * with what belongs to it (passengers, extras, payments, refunds, status
 * changes, messages sent), promo code uses and messages sent through the
 * contact form. Names say what each value is in plain words; amounts are in
 * the currency's minor units (cents, kuruş) as stored, beside the currency.
 * Secrets are left out: the password's hash, the sign-in tokens, the
 * payment provider's page tokens. An account whose address is not proved
 * exports nothing (undefined, as a gone account): what is held under an
 * address is not its data until it shows the address is its own.
 */
export async function exportTravellerData(handle: DatabaseHandle, accountId: number, now: Date) {
  const db = handle.db
  const account = await travellerAccount(db, accountId)
  const address = account && provedAddressOf(account)
  if (!account || !address) return undefined
  const [sessions, bookings, contactMessages] = await Promise.all([
    db
      .selectFrom('traveller_sessions')
      .select(['created_at', 'last_seen_at', 'expires_at', 'user_agent', 'revoked_at', 'remember'])
      .where('account_id', '=', accountId)
      .orderBy('created_at')
      .execute(),
    bookingsWithEmail(db, address).execute(),
    db
      .selectFrom('contact_messages')
      .select(['full_name', 'email', 'subject', 'message', 'created_at'])
      .where(...sameEmail(address))
      .orderBy('created_at')
      .execute(),
  ])
  return {
    exportedAt: now.toISOString(),
    account: {
      email: account.email,
      createdAt: account.created_at,
      emailVerifiedAt: account.email_verified_at,
      language: account.language,
      hasPassword: account.password_hash !== null,
      savedDetails: parseSaved(account.saved_details),
    },
    signIns: sessions.map((session) => ({
      startedAt: session.created_at,
      lastSeenAt: session.last_seen_at,
      expiresAt: session.expires_at,
      browser: session.user_agent,
      endedAt: session.revoked_at,
      rememberedAfterBrowserCloses: session.remember === 1,
    })),
    bookings: await Promise.all(bookings.map((booking) => bookingData(db, booking))),
    contactMessages: contactMessages.map((message) => ({
      name: message.full_name,
      email: message.email,
      subject: message.subject,
      message: message.message,
      sentAt: message.created_at,
    })),
  }
}

export type TravellerDataExport = NonNullable<Awaited<ReturnType<typeof exportTravellerData>>>

/** Saved details are JSON written by the account pages; a value that is not is shown as text. */
function parseSaved(saved: string | null): unknown {
  if (saved === null) return null
  try {
    return JSON.parse(saved) as unknown
  } catch {
    return saved
  }
}

async function bookingData(db: Executor, booking: BookingRow) {
  const [passengers, extras, payments, refunds, events, messages, promoUses] = await Promise.all([
    // Their own data: each passenger's document number opened for the traveller's copy.
    passengerRecords(db, booking.id),
    db
      .selectFrom('booking_extras')
      .select(['code', 'quantity', 'unit_cents'])
      .where('booking_id', '=', booking.id)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('payment_attempts')
      .select(['amount_minor', 'currency', 'payment_option', 'status', 'payment_id', 'created_at'])
      .where('booking_id', '=', booking.id)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('payment_refunds')
      .select(['amount_minor', 'currency', 'status', 'created_at', 'finished_at'])
      .where('booking_id', '=', booking.id)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('booking_events')
      .select(['from_status', 'to_status', 'created_at'])
      .where('booking_id', '=', booking.id)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('outgoing_messages')
      .select(['kind', 'channel', 'recipient', 'subject', 'text_body', 'status', 'created_at'])
      .select('sent_at')
      .where('booking_id', '=', booking.id)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('promo_redemptions')
      .innerJoin('promo_codes', 'promo_codes.id', 'promo_redemptions.promo_code_id')
      .select([
        'promo_codes.code',
        'promo_redemptions.discount_minor',
        'promo_redemptions.currency',
        'promo_redemptions.status',
        'promo_redemptions.created_at',
      ])
      .where('promo_redemptions.booking_id', '=', booking.id)
      .orderBy('promo_redemptions.id')
      .execute(),
  ])
  return {
    reference: booking.reference,
    status: booking.status,
    language: booking.language,
    createdAt: booking.created_at,
    ride: {
      kind: booking.ride_mode,
      pickupDate: booking.trip_date,
      pickupTime: booking.trip_time,
      from: booking.pickup_text,
      to: booking.destination_text,
      pickupAddress: booking.pickup_address,
      hoursHired: booking.hire_hours,
      plannedKm: booking.planned_km,
      returnDate: booking.return_date,
      returnTime: booking.return_time,
      vehicleClass: booking.vehicle_class,
      distanceKm: booking.distance_km,
      arrivingFlight: booking.flight_number,
      departingFlight: booking.departure_flight,
      nameOnSign: booking.sign_name,
      passengers: booking.passenger_count,
      luggage: booking.luggage_count,
      notes: booking.notes,
    },
    contact: {
      firstName: booking.first_name,
      lastName: booking.last_name,
      email: booking.email,
      phone: booking.phone,
      rideUpdatesBy: booking.updates_channel,
      rideUpdatesChosenAt: booking.updates_consent_at,
      rideUpdatesWording: booking.updates_consent_text,
    },
    passengerNames: passengers.map((passenger) => ({
      firstName: passenger.firstname,
      lastName: passenger.lastname,
      ...(passenger.identity
        ? {
            nationality: passenger.identity.nationality,
            identityNumber: passenger.identity.identityNumber,
            passportNumber: passenger.identity.passportNumber,
          }
        : {}),
    })),
    namesGivenAt: booking.names_given_at,
    extras: extras.map((extra) => ({
      extra: extra.code,
      quantity: extra.quantity,
      unitPriceEuroCents: extra.unit_cents,
    })),
    billing: {
      firstName: booking.billing_first_name,
      lastName: booking.billing_last_name,
      company: booking.billing_company,
      taxOffice: booking.billing_tax_office,
      taxNumber: booking.billing_tax_number,
      address: booking.billing_address,
      city: booking.billing_city,
      postcode: booking.billing_zipcode,
      country: booking.billing_country,
    },
    amounts: {
      currency: booking.currency,
      totalMinor: booking.total_minor,
      discountMinor: booking.discount_minor,
      promoCode: booking.promo_code,
      paidMinor: booking.paid_minor,
      paymentOption: booking.payment_option,
      termsAcceptedAt: booking.terms_accepted_at,
      confirmedAt: booking.confirmed_at,
    },
    payments: payments.map((payment) => ({
      amountMinor: payment.amount_minor,
      currency: payment.currency,
      option: payment.payment_option,
      status: payment.status,
      paymentId: payment.payment_id,
      startedAt: payment.created_at,
    })),
    refunds: refunds.map((refund) => ({
      amountMinor: refund.amount_minor,
      currency: refund.currency,
      status: refund.status,
      askedAt: refund.created_at,
      finishedAt: refund.finished_at,
    })),
    promoCodeUses: promoUses.map((use) => ({
      code: use.code,
      discountMinor: use.discount_minor,
      currency: use.currency,
      status: use.status,
      at: use.created_at,
    })),
    statusChanges: events.map((event) => ({
      from: event.from_status,
      to: event.to_status,
      at: event.created_at,
    })),
    messagesSent: messages.map((message) => ({
      kind: message.kind,
      channel: message.channel,
      to: message.recipient,
      subject: message.subject,
      text: message.text_body,
      status: message.status,
      queuedAt: message.created_at,
      sentAt: message.sent_at,
    })),
  }
}
