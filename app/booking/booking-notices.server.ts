import { companyOf } from './booking-company.server'
import { payableMinor } from '~/domain/pricing/promo'
import type { Executor } from '~/booking/booking-store.server'
import { getEnv } from '~/config/env.server'
import { getSiteSettings } from '~/config/site.server'
import { listVehicleClasses } from '~/content/fleet.server'
import type { BookingRow } from '~/db/schema'
import type { TFunction } from 'i18next'
import { pickupCalendarDate } from '~/domain/trip-search'
import { paymentSplit } from '~/domain/booking/payment-split'
import { toLanguage, type Language } from '~/i18n/config'
import { translatorFor } from '~/i18n/fixed-translator.server'
import { queueMail } from '~/messages/queue.server'
import { noticeMail } from '~/mail/notice-mail'
import { LINK_VALID_DAYS_AFTER_PICKUP } from '~/domain/booking/traveller-rules'
import { bookingLink, manageBookingLink } from './booking-access.server'
import { formatDate, formatMoney } from '~/utils/format'
import { returnLine, rideLine, staffReference, travellerReference } from './ride-label'
import { hireOf, rideEndNames, rideEnds } from './booking-view.server'
import { rideReferences } from './return-ride.server'
import { queueTravellerText } from './booking-texts.server'
import { formatPhone } from '~/domain/phone'
import { istanbulClock, istanbulDate } from '~/domain/booking-window'
import { noticeOccasion, type FlightNotice } from '~/domain/flights/flight-notice'
import {
  departureOccasion,
  departureTexts,
  type DepartureNotice,
} from '~/domain/flights/departure-notice'

/**
 * The e-mails a booking's later life sends, queued in the transaction that
 * makes the change (see app/messages/queue.server.ts), each with a dedupe
 * key naming its cause so it goes once:
 *
 * - to the operations mailbox (OPERATIONS_EMAIL), in English, the company's
 *   working language on the staff side: every confirmed booking, every
 *   second charge flagged for refund, every cancellation;
 * - to the traveller, in the booking's language: the cancellation (with what
 *   is refunded), a refund that went through after a first failure, the
 *   booking's link asked for again, and the details they changed online.
 *   Each carries the signed link to the booking and the find-my-booking page.
 *
 * A return ride is a booking of its own whose reference the traveller never
 * saw: their messages name it by the trip's reference, as the return ride;
 * the operations mailbox names both, as the staff pages and the driver do.
 */

/** The staff page of a booking, as a full address for e-mails. */
export function opsBookingUrl(reference: string): string {
  return `${getEnv().PUBLIC_BASE_URL}/ops/bookings/${encodeURIComponent(reference)}`
}

/** The working language of the operations mailbox. */
const OPS_LANGUAGE: Language = 'en'

function money(minor: number, currency: string, language: Language) {
  return formatMoney(minor / 100, currency, language, { minimumFractionDigits: 2 })
}

/** The facts every message about a booking starts with, in `language`, naming it `reference`. */
function tripFacts(booking: BookingRow, language: Language, reference: string): [string, string][] {
  const t = translatorFor(language)
  const site = getSiteSettings()
  const vehicle =
    listVehicleClasses(language, site).find((item) => item.code === booking.vehicle_class)?.title ??
    booking.vehicle_class
  const date = formatDate(pickupCalendarDate(booking.trip_date, booking.trip_time), language)
  return [
    [t('notices.reference'), reference],
    [t('notices.pickup'), t('notices.pickupValue', { date, time: booking.trip_time })],
    [t('notices.route'), rideOf(language, booking)],
    [t('notices.vehicle'), vehicle],
  ]
}

function signOff(language: Language): string[] {
  const t = translatorFor(language)
  return [t('mail.signOff'), t('mail.team', { brand: getSiteSettings().brand })]
}

/** The booking's ride in one line, its ends named as every page names them (or a hire's hours). */
function rideOf(language: Language, booking: BookingRow) {
  return rideLine(translatorFor(language), {
    ...rideEndNames(booking, language),
    hire: hireOf(booking),
  })
}

function travellerName(booking: BookingRow) {
  return [booking.first_name, booking.last_name].filter(Boolean).join(' ')
}

/** Subject line for the operations mailbox: what, reference, pickup and route. */
function opsSubject(key: string, booking: BookingRow, reference: string): string {
  const t = translatorFor(OPS_LANGUAGE)
  const date = formatDate(pickupCalendarDate(booking.trip_date, booking.trip_time), OPS_LANGUAGE)
  return t(key, {
    reference,
    date,
    time: booking.trip_time,
    route: rideOf(OPS_LANGUAGE, booking),
  })
}

async function queueOpsMail(
  trx: Executor,
  booking: BookingRow,
  notice: { dedupeKey: string; kind: string; subjectKey: string; headingKey: string },
  paragraphs: string[],
  extraFacts: [string, string][],
  at: Date,
) {
  const t = translatorFor(OPS_LANGUAGE)
  const site = getSiteSettings()
  const reference = staffReference(t, await rideReferences(trx, booking))
  const mail = noticeMail({
    language: OPS_LANGUAGE,
    brand: site.brand,
    subject: opsSubject(notice.subjectKey, booking, reference),
    heading: t(notice.headingKey, { reference }),
    paragraphs,
    facts: [
      ...tripFacts(booking, OPS_LANGUAGE, reference),
      [t('notices.travellerName'), travellerName(booking)],
      [t('notices.email'), booking.email ?? ''],
      [t('notices.phone'), booking.phone ? formatPhone(booking.phone) : ''],
      ...extraFacts,
    ],
    link: { label: t('notices.ops.link'), url: opsBookingUrl(booking.reference) },
    signOff: [],
  })
  return queueMail(
    trx,
    {
      dedupeKey: notice.dedupeKey,
      kind: notice.kind,
      bookingId: booking.id,
      reference: booking.reference,
      language: OPS_LANGUAGE,
      to: getEnv().OPERATIONS_EMAIL,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    },
    at,
  )
}

/** A booking was paid and confirmed: the operations mailbox hears of it once. */
export async function queueOpsBookingConfirmed(trx: Executor, booking: BookingRow, at: Date) {
  const t = translatorFor(OPS_LANGUAGE)
  const split = paymentSplit(booking)
  const ends = rideEnds(booking, OPS_LANGUAGE)
  // A partner's booking for a guest: dispatch sees whose guest, and how it is settled.
  const company = await companyOf(trx, booking)
  return queueOpsMail(
    trx,
    booking,
    {
      dedupeKey: `ops.confirmed:${booking.id}`,
      kind: 'ops.booking_confirmed',
      subjectKey: 'notices.ops.confirmedSubject',
      headingKey: 'notices.ops.confirmedHeading',
    },
    [t('notices.ops.confirmedText')],
    [
      ...(company
        ? ([
            [
              t('partners.booking.companyRow'),
              `${company.name} (${t(`partners.settlement.${booking.settlement ?? 'card'}`)})`,
            ],
          ] as [string, string][])
        : []),
      [t('notices.total'), money(payableMinor(booking), booking.currency, OPS_LANGUAGE)],
      ...(booking.discount_minor > 0
        ? ([
            [
              t('ops.booking.promo'),
              `${booking.promo_code ?? ''} −${money(booking.discount_minor, booking.currency, OPS_LANGUAGE)}`,
            ],
          ] as [string, string][])
        : []),
      [
        booking.settlement === 'account'
          ? t('partners.booking.chargedToAccount')
          : t('notices.paidByCard'),
        money(split.paidMinor, booking.currency, OPS_LANGUAGE),
      ],
      [t('notices.cashToCollect'), money(split.cashMinor, booking.currency, OPS_LANGUAGE)],
      [t('notices.passengers'), String(booking.passenger_count ?? 1)],
      [t('notices.flight'), booking.flight_number ?? '–'],
      // A trip there and back: its return is a second job to dispatch, on its own day.
      ...(booking.return_date && booking.return_time
        ? ([
            [
              t('booking.return.label'),
              returnLine(
                t,
                {
                  from: ends.destination.name,
                  to: ends.pickup.name,
                  date: booking.return_date,
                  time: booking.return_time,
                },
                OPS_LANGUAGE,
              ),
            ],
          ] as [string, string][])
        : []),
    ],
    at,
  )
}

/** A second charge on a paid booking was kept and flagged for refund. */
export function queueOpsRefundDue(
  trx: Executor,
  booking: BookingRow,
  charge: { attemptId: number; paymentId: string; amountMinor: number; currency: string },
  at: Date,
  /** Why the charge goes back: a second charge, or a booking whose data was erased. */
  reason: 'second' | 'erased' = 'second',
) {
  const t = translatorFor(OPS_LANGUAGE)
  const key = reason === 'erased' ? 'erasedRefundDue' : 'refundDue'
  return queueOpsMail(
    trx,
    booking,
    {
      dedupeKey: `ops.refund_due:${charge.attemptId}`,
      kind: 'ops.refund_due',
      subjectKey: `notices.ops.${key}Subject`,
      headingKey: `notices.ops.${key}Heading`,
    },
    [t(`notices.ops.${key}Text`)],
    [
      [t('notices.charge'), money(charge.amountMinor, charge.currency, OPS_LANGUAGE)],
      [t('notices.paymentId'), charge.paymentId],
    ],
    at,
  )
}

/**
 * A driver entered a wrong pickup code once too often: the ride cannot start,
 * and the traveller may be with someone who is not our driver. Sent once per
 * ride, at the count that raises the alert.
 */
export function queueOpsPickupCodeAlert(
  trx: Executor,
  booking: BookingRow,
  facts: { misses: number; driver: string },
  at: Date,
) {
  const t = translatorFor(OPS_LANGUAGE)
  return queueOpsMail(
    trx,
    booking,
    {
      dedupeKey: `ops.pickup_code:${booking.id}`,
      kind: 'ops.pickup_code_alert',
      subjectKey: 'notices.ops.codeAlertSubject',
      headingKey: 'notices.ops.codeAlertHeading',
    },
    [t('notices.ops.codeAlertText', { misses: facts.misses })],
    [[t('notices.ops.driver'), facts.driver]],
    at,
  )
}

export interface CancellationFacts {
  by: 'staff' | 'traveller'
  reason: string
  /** What is being given back by card; 0 when nothing is. */
  refundMinor: number
}

/** A booking was cancelled: the operations mailbox hears of it once. */
export function queueOpsCancelled(
  trx: Executor,
  booking: BookingRow,
  facts: CancellationFacts,
  at: Date,
) {
  const t = translatorFor(OPS_LANGUAGE)
  return queueOpsMail(
    trx,
    booking,
    {
      dedupeKey: `ops.cancelled:${booking.id}`,
      kind: 'ops.booking_cancelled',
      subjectKey: 'notices.ops.cancelledSubject',
      headingKey: 'notices.ops.cancelledHeading',
    },
    [t(facts.by === 'staff' ? 'notices.ops.cancelledByStaff' : 'notices.ops.cancelledByTraveller')],
    [
      [t('notices.reason'), facts.reason],
      [
        t('notices.refund'),
        facts.refundMinor > 0
          ? money(facts.refundMinor, booking.currency, OPS_LANGUAGE)
          : t('notices.noRefund'),
      ],
    ],
    at,
  )
}

/**
 * A traveller's words about one booking, in its language. `say` gives a text
 * the reference the traveller knows (the trip's) and, for a return ride, the
 * text's `_returnRide` variant (i18next's context), which says it is the
 * return ride; a text without one reads the same for both rides.
 */
interface TravellerWords {
  language: Language
  t: TFunction
  /** The booking as the facts name it: the trip's reference, a return ride marked with its own. */
  reference: string
  say: (key: string, values?: Record<string, unknown>) => string
}

async function travellerWords(trx: Executor, booking: BookingRow): Promise<TravellerWords> {
  const language = toLanguage(booking.language)
  const t = translatorFor(language)
  const ride = await rideReferences(trx, booking)
  return {
    language,
    t,
    reference: travellerReference(t, ride),
    say: (key, values) =>
      t(key, {
        reference: ride.returnOf ?? ride.own,
        ...(ride.returnOf ? { context: 'returnRide' } : {}),
        ...values,
      }),
  }
}

interface TravellerNotice {
  /** Names the cause, so the message is queued once. */
  dedupeKey: string
  kind: string
  /** Keys under `notices.traveller`, given the reference and the brand. */
  subjectKey: string
  headingKey: string
  /** The message's own paragraphs, between the greeting and the contact line. */
  paragraphs: string[]
  /** Facts after the trip's (a change's old and new values). */
  facts?: [string, string][]
  /** Whether the message carries the signed link to the booking (not once the links expired). */
  withLink?: boolean
}

/**
 * Queues a message to the traveller, in the booking's language: greeting,
 * the notice's paragraphs, how to reach us, the trip, the signed link to the
 * booking and the way to find it again without that link.
 */
function queueTravellerNotice(
  trx: Executor,
  booking: BookingRow,
  { language, t, reference, say }: TravellerWords,
  notice: TravellerNotice,
  at: Date,
) {
  if (!booking.email) return Promise.resolve(undefined)
  const site = getSiteSettings()
  const mail = noticeMail({
    language,
    brand: site.brand,
    subject: say(`notices.traveller.${notice.subjectKey}`, { brand: site.brand }),
    heading: say(`notices.traveller.${notice.headingKey}`),
    paragraphs: [
      t('notices.traveller.greeting', { name: travellerName(booking) }),
      ...notice.paragraphs,
      t('notices.traveller.contact', { phone: site.phone, email: site.email }),
    ],
    facts: [...tripFacts(booking, language, reference), ...(notice.facts ?? [])],
    ...(notice.withLink === false
      ? {}
      : { link: { label: t('notices.traveller.openBooking'), url: bookingLink(booking.id) } }),
    manage: { label: t('notices.traveller.manageBooking'), url: manageBookingLink() },
    signOff: signOff(language),
  })
  return queueMail(
    trx,
    {
      dedupeKey: notice.dedupeKey,
      kind: notice.kind,
      bookingId: booking.id,
      reference: booking.reference,
      language,
      to: booking.email,
      replyTo: site.email,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    },
    at,
  )
}

/**
 * Tells the traveller, in the booking's language, that the booking is
 * cancelled: by e-mail, and by WhatsApp or SMS if they asked for it.
 */
export async function queueTravellerCancelled(
  trx: Executor,
  booking: BookingRow,
  facts: Pick<CancellationFacts, 'refundMinor'>,
  at: Date,
): Promise<(number | undefined)[]> {
  const words = await travellerWords(trx, booking)
  const { language, t } = words
  const amount = money(facts.refundMinor, booking.currency, language)
  const mailId = await queueTravellerNotice(
    trx,
    booking,
    words,
    {
      dedupeKey: `traveller.cancelled:${booking.id}`,
      kind: 'traveller.cancelled',
      subjectKey: 'cancelledSubject',
      headingKey: 'cancelledHeading',
      paragraphs: [
        words.say('notices.traveller.cancelledText'),
        facts.refundMinor > 0
          ? t('notices.traveller.cancelledRefund', { amount })
          : t('notices.traveller.cancelledNoRefund'),
      ],
    },
    at,
  )
  const textId = await queueTravellerText(
    trx,
    booking,
    facts.refundMinor > 0 ? 'cancelledRefund' : 'cancelled',
    booking.id,
    facts.refundMinor > 0 ? { amount } : {},
    at,
  )
  return [mailId, textId]
}

/** Tells the traveller that a refund went through (once it did, after a first failure). */
export async function queueTravellerRefunded(
  trx: Executor,
  booking: BookingRow,
  refund: { id: number; amountMinor: number; currency: string },
  at: Date,
): Promise<(number | undefined)[]> {
  const words = await travellerWords(trx, booking)
  const amount = money(refund.amountMinor, refund.currency, words.language)
  const mailId = await queueTravellerNotice(
    trx,
    booking,
    words,
    {
      dedupeKey: `traveller.refunded:${refund.id}`,
      kind: 'traveller.refunded',
      subjectKey: 'refundedSubject',
      headingKey: 'refundedHeading',
      paragraphs: [words.say('notices.traveller.refundedText', { amount })],
    },
    at,
  )
  const textId = await queueTravellerText(
    trx,
    booking,
    'refunded',
    String(refund.id),
    { amount },
    at,
  )
  return [mailId, textId]
}

/**
 * A message a member of staff wrote to the traveller, by e-mail, with the
 * booking's facts and link around it. `occasion` makes each message its own.
 */
export async function queueTravellerStaffMessage(
  trx: Executor,
  booking: BookingRow,
  message: string,
  occasion: string,
  at: Date,
) {
  const words = await travellerWords(trx, booking)
  return queueTravellerNotice(
    trx,
    booking,
    words,
    {
      dedupeKey: `traveller.staff_message:${occasion}`,
      kind: 'traveller.staff_message',
      subjectKey: 'staffMessageSubject',
      headingKey: 'staffMessageHeading',
      paragraphs: message.split(/\n{2,}/),
    },
    at,
  )
}

/**
 * The signed link of the booking, e-mailed again to the booking's own address
 * when someone gave its reference and that address on the find-my-booking
 * page (`request` names that request, so each is sent once). Once the
 * booking's links have expired, the message says so instead, and how to get
 * a copy of the invoice.
 */
export async function queueTravellerLink(
  trx: Executor,
  booking: BookingRow,
  request: { id: number; expired: boolean },
  at: Date,
) {
  const words = await travellerWords(trx, booking)
  return queueTravellerNotice(
    trx,
    booking,
    words,
    request.expired
      ? {
          dedupeKey: `traveller.link:${booking.id}:${request.id}`,
          kind: 'traveller.link_expired',
          subjectKey: 'linkSubject',
          headingKey: 'linkExpiredHeading',
          paragraphs: [
            words.say('notices.traveller.linkExpiredText', { days: LINK_VALID_DAYS_AFTER_PICKUP }),
          ],
          withLink: false,
        }
      : {
          dedupeKey: `traveller.link:${booking.id}:${request.id}`,
          kind: 'traveller.link',
          subjectKey: 'linkSubject',
          headingKey: 'linkHeading',
          paragraphs: [
            words.say('notices.traveller.linkText'),
            words.t('notices.traveller.linkNotAsked'),
          ],
        },
    at,
  )
}

/** A changed detail as every other page and message writes it: a phone as `+90 532 111 22 22`. */
function detailText(field: string, value: string | null): string | null {
  return value !== null && field === 'phone' ? formatPhone(value) : value
}

/** One changed detail as the traveller reads it: its label, and its old and new values. */
export interface ChangedDetail {
  field: string
  before: string | null
  after: string | null
}

/**
 * Confirms to the traveller the details they changed online, each with its
 * old and new value; the key holds the change's moment, so each change is
 * confirmed once.
 */
export async function queueTravellerDetailsChanged(
  trx: Executor,
  booking: BookingRow,
  changes: ChangedDetail[],
  at: Date,
) {
  const words = await travellerWords(trx, booking)
  const { t } = words
  const none = t('notices.traveller.empty')
  return queueTravellerNotice(
    trx,
    booking,
    words,
    {
      dedupeKey: `traveller.changed:${booking.id}:${at.toISOString()}`,
      kind: 'traveller.details_changed',
      subjectKey: 'changedSubject',
      headingKey: 'changedHeading',
      paragraphs: [words.say('notices.traveller.changedText')],
      facts: changes.map((change) => [
        t(`notices.traveller.fields.${change.field}`),
        t('notices.traveller.changeValue', {
          before: detailText(change.field, change.before) ?? none,
          after: detailText(change.field, change.after) ?? none,
        }),
      ]),
    },
    at,
  )
}

/** A moment as the notices write it, in Istanbul time: "2 December 2026, 16:10". */
function momentText(at: Date, language: Language): string {
  return translatorFor(language)('notices.pickupValue', {
    date: formatDate(istanbulDate(at), language),
    time: istanbulClock(at),
  })
}

const flightKeys = {
  delayed: { kind: 'delay', name: 'flightDelayed' },
  cancelled: { kind: 'cancelled', name: 'flightCancelled' },
  diverted: { kind: 'diverted', name: 'flightDiverted' },
} as const

/** The values a flight notice's words are written with, in `language`. */
function flightValues(notice: FlightNotice, language: Language) {
  return notice.kind === 'delayed'
    ? {
        flight: notice.flight,
        landing: momentText(notice.landing, language),
        pickup: momentText(notice.pickup, language),
        minutes: notice.minutes,
      }
    : notice.kind === 'diverted'
      ? { flight: notice.flight, airport: notice.airport }
      : { flight: notice.flight }
}

/**
 * A followed flight is late, cancelled or diverted: the operations mailbox
 * hears of it once per change (docs/flights.md).
 */
export function queueOpsFlightNotice(
  trx: Executor,
  booking: BookingRow,
  notice: FlightNotice,
  facts: { driver: string | null },
  at: Date,
) {
  const t = translatorFor(OPS_LANGUAGE)
  const keys = flightKeys[notice.kind]
  return queueOpsMail(
    trx,
    booking,
    {
      dedupeKey: `ops.flight.${keys.kind}:${noticeOccasion(booking.id, notice)}`,
      kind: `ops.flight_${keys.kind}`,
      subjectKey: `notices.ops.${keys.name}Subject`,
      headingKey: `notices.ops.${keys.name}Heading`,
    },
    [
      t(
        // A delay told before that has gone again: the booked pickup stands.
        notice.kind === 'delayed' && notice.minutes === 0
          ? 'notices.ops.flightOnTimeText'
          : `notices.ops.${keys.name}Text`,
        flightValues(notice, OPS_LANGUAGE),
      ),
    ],
    [
      [t('notices.flight'), notice.flight],
      [t('notices.ops.flightStatus'), notice.statusText ?? '–'],
      ...(notice.kind === 'delayed'
        ? ([[t('notices.ops.expectedLanding'), momentText(notice.landing, OPS_LANGUAGE)]] as [
            string,
            string,
          ][])
        : []),
      [t('notices.ops.driver'), facts.driver ?? '–'],
    ],
    at,
  )
}

/**
 * Tells the traveller, in the booking's language, what their flight's change
 * means for the pickup: by e-mail, and by WhatsApp or SMS if they asked for it.
 */
export async function queueTravellerFlightNotice(
  trx: Executor,
  booking: BookingRow,
  notice: FlightNotice,
  at: Date,
): Promise<(number | undefined)[]> {
  const words = await travellerWords(trx, booking)
  const keys = flightKeys[notice.kind]
  const occasion = noticeOccasion(booking.id, notice)
  const mailId = await queueTravellerNotice(
    trx,
    booking,
    words,
    {
      dedupeKey: `traveller.flight.${keys.kind}:${occasion}`,
      kind: `traveller.flight_${keys.kind}`,
      subjectKey: `${keys.name}Subject`,
      headingKey: `${keys.name}Heading`,
      paragraphs: [
        words.say(`notices.traveller.${keys.name}Text`, flightValues(notice, words.language)),
      ],
    },
    at,
  )
  const textId = await queueTravellerText(
    trx,
    booking,
    keys.name,
    occasion,
    notice.kind === 'delayed'
      ? { flight: notice.flight, time: istanbulClock(notice.landing) }
      : { flight: notice.flight, phone: getSiteSettings().phone },
    at,
  )
  return [mailId, textId]
}

const departureKeys = {
  moved: { kind: 'moved', name: 'departureMoved' },
  cancelled: { kind: 'cancelled', name: 'departureCancelled' },
} as const

/** The values a departure notice's words are written with, in `language`. */
function departureValues(notice: DepartureNotice, language: Language) {
  return notice.kind === 'moved'
    ? {
        flight: notice.flight,
        departure: momentText(notice.departure, language),
        previous: momentText(notice.previous, language),
        pickup: momentText(notice.pickup, language),
      }
    : { flight: notice.flight }
}

/**
 * The flight a ride to the airport catches moved or is cancelled, as the
 * evening-before check heard: the operations mailbox hears of it once per
 * change (docs/flights.md, "Departures").
 */
export function queueOpsDepartureNotice(
  trx: Executor,
  booking: BookingRow,
  notice: DepartureNotice,
  at: Date,
) {
  const t = translatorFor(OPS_LANGUAGE)
  const keys = departureKeys[notice.kind]
  return queueOpsMail(
    trx,
    booking,
    {
      dedupeKey: `ops.departure.${keys.kind}:${departureOccasion(booking.id, notice)}`,
      kind: `ops.departure_${keys.kind}`,
      subjectKey: `notices.ops.${keys.name}Subject`,
      headingKey: `notices.ops.${keys.name}Heading`,
    },
    [t(`notices.ops.${keys.name}Text`, departureValues(notice, OPS_LANGUAGE))],
    [
      [t('notices.flight'), notice.flight],
      ...(notice.kind === 'moved'
        ? ([[t('notices.ops.departure'), momentText(notice.departure, OPS_LANGUAGE)]] as [
            string,
            string,
          ][])
        : []),
    ],
    at,
  )
}

/**
 * Tells the traveller, in the booking's language, that their flight leaves
 * at another time (and the pickup that would suit it: the booked one stays
 * unless they change it) or is cancelled: by e-mail, and by WhatsApp or SMS
 * if they asked for it.
 */
export async function queueTravellerDepartureNotice(
  trx: Executor,
  booking: BookingRow,
  notice: DepartureNotice,
  at: Date,
): Promise<(number | undefined)[]> {
  const words = await travellerWords(trx, booking)
  const keys = departureKeys[notice.kind]
  const occasion = departureOccasion(booking.id, notice)
  const mailId = await queueTravellerNotice(
    trx,
    booking,
    words,
    {
      dedupeKey: `traveller.departure.${keys.kind}:${occasion}`,
      kind: `traveller.departure_${keys.kind}`,
      subjectKey: `${keys.name}Subject`,
      headingKey: `${keys.name}Heading`,
      paragraphs: [
        words.say(`notices.traveller.${keys.name}Text`, departureValues(notice, words.language)),
      ],
    },
    at,
  )
  const textId = await queueTravellerText(
    trx,
    booking,
    departureTexts[notice.kind],
    occasion,
    notice.kind === 'moved'
      ? {
          flight: notice.flight,
          departure: istanbulClock(notice.departure),
          time: istanbulClock(notice.pickup),
        }
      : { flight: notice.flight, phone: getSiteSettings().phone },
    at,
  )
  return [mailId, textId]
}
