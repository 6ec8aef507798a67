import { companyOf } from './booking-company.server'
import { payableMinor } from '~/domain/pricing/promo'
import type { Executor } from '~/booking/booking-store.server'
import type { BookingRow } from '~/db/schema'
import { getSiteSettings } from '~/config/site.server'
import { paymentSplit } from '~/domain/booking/payment-split'
import { LINK_VALID_DAYS_AFTER_PICKUP } from '~/domain/booking/traveller-rules'
import { formatPhone } from '~/domain/phone'
import { istanbulClock } from '~/domain/booking-window'
import { noticeOccasion, type FlightNotice } from '~/domain/flights/flight-notice'
import {
  departureOccasion,
  departureTexts,
  type DepartureNotice,
} from '~/domain/flights/departure-notice'
import { returnRideFacts } from './ride-label'
import { returnRideOf } from './booking-view.server'
import { queueOpsNotice, queueTravellerNotice, type NoticeWords } from './notice-builder.server'

export { opsBookingUrl } from './notice-builder.server'

/**
 * The occasions a booking's later life writes about, each queued in the
 * transaction that makes the change (see app/messages/queue.server.ts) with
 * a dedupe key naming its cause, so it goes once. Each says only what is its
 * own; notice-builder.server.ts writes the rest the same way for all.
 *
 * - to the operations mailbox: every confirmed booking, every second charge
 *   flagged for refund, every cancellation, a pickup code entered wrongly
 *   too often, and every change to a followed flight;
 * - to the traveller: the cancellation (with what is refunded), a refund that
 *   went through after a first failure, a message from staff, the booking's
 *   link asked for again, the details they changed online, and their flight's
 *   changes; by WhatsApp or SMS as well where they asked for it.
 */

/** Facts that are only there when `value` is. */
function factsIf<T>(
  value: T | null | undefined | false | 0,
  facts: (value: T) => [string, string][],
): [string, string][] {
  return value ? facts(value) : []
}

/** A booking was paid and confirmed: the operations mailbox hears of it once. */
export async function queueOpsBookingConfirmed(trx: Executor, booking: BookingRow, at: Date) {
  // A partner's booking for a guest: dispatch sees whose guest, and how it is settled.
  const company = await companyOf(trx, booking)
  return queueOpsNotice(
    trx,
    booking,
    ({ t, money, language }) => {
      const split = paymentSplit(booking)
      return {
        dedupeKey: `ops.confirmed:${booking.id}`,
        kind: 'ops.booking_confirmed',
        name: 'confirmed',
        paragraphs: [t('notices.ops.confirmedText')],
        facts: [
          ...factsIf(company, ({ name }) => [
            [
              t('partners.booking.companyRow'),
              `${name} (${t(`partners.settlement.${booking.settlement ?? 'card'}`)})`,
            ],
          ]),
          [t('notices.total'), money(payableMinor(booking), booking.currency)],
          ...factsIf(booking.discount_minor > 0, () => [
            [
              t('ops.booking.promo'),
              `${booking.promo_code ?? ''} −${money(booking.discount_minor, booking.currency)}`,
            ],
          ]),
          [
            booking.settlement === 'account'
              ? t('partners.booking.chargedToAccount')
              : t('notices.paidByCard'),
            money(split.paidMinor, booking.currency),
          ],
          [t('notices.cashToCollect'), money(split.cashMinor, booking.currency)],
          [t('notices.passengers'), String(booking.passenger_count ?? 1)],
          [t('notices.flight'), booking.flight_number ?? '–'],
          // A trip there and back: its return is a second job to dispatch, on its own day.
          ...factsIf(returnRideOf(booking, language), (back) => returnRideFacts(t, back, language)),
        ],
      }
    },
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
  const name = reason === 'erased' ? 'erasedRefundDue' : 'refundDue'
  return queueOpsNotice(
    trx,
    booking,
    ({ t, money }) => ({
      dedupeKey: `ops.refund_due:${charge.attemptId}`,
      kind: 'ops.refund_due',
      name,
      paragraphs: [t(`notices.ops.${name}Text`)],
      facts: [
        [t('notices.charge'), money(charge.amountMinor, charge.currency)],
        [t('notices.paymentId'), charge.paymentId],
      ],
    }),
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
  return queueOpsNotice(
    trx,
    booking,
    ({ t }) => ({
      dedupeKey: `ops.pickup_code:${booking.id}`,
      kind: 'ops.pickup_code_alert',
      name: 'codeAlert',
      paragraphs: [t('notices.ops.codeAlertText', { misses: facts.misses })],
      facts: [[t('notices.ops.driver'), facts.driver]],
    }),
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
  return queueOpsNotice(
    trx,
    booking,
    ({ t, money }) => ({
      dedupeKey: `ops.cancelled:${booking.id}`,
      kind: 'ops.booking_cancelled',
      name: 'cancelled',
      paragraphs: [
        t(
          facts.by === 'staff'
            ? 'notices.ops.cancelledByStaff'
            : 'notices.ops.cancelledByTraveller',
        ),
      ],
      facts: [
        [t('notices.reason'), facts.reason],
        [
          t('notices.refund'),
          facts.refundMinor > 0
            ? money(facts.refundMinor, booking.currency)
            : t('notices.noRefund'),
        ],
      ],
    }),
    at,
  )
}

/**
 * Tells the traveller, in the booking's language, that the booking is
 * cancelled: by e-mail, and by WhatsApp or SMS if they asked for it.
 */
export function queueTravellerCancelled(
  trx: Executor,
  booking: BookingRow,
  facts: Pick<CancellationFacts, 'refundMinor'>,
  at: Date,
): Promise<(number | undefined)[]> {
  return queueTravellerNotice(
    trx,
    booking,
    ({ t, say, money }) => {
      const amount = money(facts.refundMinor, booking.currency)
      const refunded = facts.refundMinor > 0
      return {
        dedupeKey: `traveller.cancelled:${booking.id}`,
        kind: 'traveller.cancelled',
        name: 'cancelled',
        paragraphs: [
          say('notices.traveller.cancelledText'),
          refunded
            ? t('notices.traveller.cancelledRefund', { amount })
            : t('notices.traveller.cancelledNoRefund'),
        ],
        text: {
          kind: refunded ? 'cancelledRefund' : 'cancelled',
          occasion: booking.id,
          values: refunded ? { amount } : {},
        },
      }
    },
    at,
  )
}

/** Tells the traveller that a refund went through (once it did, after a first failure). */
export function queueTravellerRefunded(
  trx: Executor,
  booking: BookingRow,
  refund: { id: number; amountMinor: number; currency: string },
  at: Date,
): Promise<(number | undefined)[]> {
  return queueTravellerNotice(
    trx,
    booking,
    ({ say, money }) => {
      const amount = money(refund.amountMinor, refund.currency)
      return {
        dedupeKey: `traveller.refunded:${refund.id}`,
        kind: 'traveller.refunded',
        name: 'refunded',
        paragraphs: [say('notices.traveller.refundedText', { amount })],
        text: { kind: 'refunded', occasion: String(refund.id), values: { amount } },
      }
    },
    at,
  )
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
  const [mailId] = await queueTravellerNotice(
    trx,
    booking,
    () => ({
      dedupeKey: `traveller.staff_message:${occasion}`,
      kind: 'traveller.staff_message',
      name: 'staffMessage',
      paragraphs: message.split(/\n{2,}/),
    }),
    at,
  )
  return mailId
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
  const dedupeKey = `traveller.link:${booking.id}:${request.id}`
  const [mailId] = await queueTravellerNotice(
    trx,
    booking,
    ({ t, say }) =>
      request.expired
        ? {
            dedupeKey,
            kind: 'traveller.link_expired',
            name: 'linkExpired',
            subjectName: 'link',
            paragraphs: [
              say('notices.traveller.linkExpiredText', { days: LINK_VALID_DAYS_AFTER_PICKUP }),
            ],
            withLink: false,
          }
        : {
            dedupeKey,
            kind: 'traveller.link',
            name: 'link',
            paragraphs: [say('notices.traveller.linkText'), t('notices.traveller.linkNotAsked')],
          },
    at,
  )
  return mailId
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
  const [mailId] = await queueTravellerNotice(
    trx,
    booking,
    ({ t, say }) => {
      const none = t('notices.traveller.empty')
      return {
        dedupeKey: `traveller.changed:${booking.id}:${at.toISOString()}`,
        kind: 'traveller.details_changed',
        name: 'changed',
        paragraphs: [say('notices.traveller.changedText')],
        facts: changes.map((change) => [
          t(`notices.traveller.fields.${change.field}`),
          t('notices.traveller.changeValue', {
            before: detailText(change.field, change.before) ?? none,
            after: detailText(change.field, change.after) ?? none,
          }),
        ]),
      }
    },
    at,
  )
  return mailId
}

const flightKeys = {
  delayed: { kind: 'delay', name: 'flightDelayed' },
  cancelled: { kind: 'cancelled', name: 'flightCancelled' },
  diverted: { kind: 'diverted', name: 'flightDiverted' },
} as const

/** The values a flight notice's words are written with. */
function flightValues(notice: FlightNotice, { moment }: NoticeWords) {
  return notice.kind === 'delayed'
    ? {
        flight: notice.flight,
        landing: moment(notice.landing),
        pickup: moment(notice.pickup),
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
  const keys = flightKeys[notice.kind]
  return queueOpsNotice(
    trx,
    booking,
    (words) => {
      const { t } = words
      return {
        dedupeKey: `ops.flight.${keys.kind}:${noticeOccasion(booking.id, notice)}`,
        kind: `ops.flight_${keys.kind}`,
        name: keys.name,
        paragraphs: [
          t(
            // A delay told before that has gone again: the booked pickup stands.
            notice.kind === 'delayed' && notice.minutes === 0
              ? 'notices.ops.flightOnTimeText'
              : `notices.ops.${keys.name}Text`,
            flightValues(notice, words),
          ),
        ],
        facts: [
          [t('notices.flight'), notice.flight],
          [t('notices.ops.flightStatus'), notice.statusText ?? '–'],
          ...factsIf(notice.kind === 'delayed' && notice, (delayed) => [
            [t('notices.ops.expectedLanding'), words.moment(delayed.landing)],
          ]),
          [t('notices.ops.driver'), facts.driver ?? '–'],
        ],
      }
    },
    at,
  )
}

/**
 * Tells the traveller, in the booking's language, what their flight's change
 * means for the pickup: by e-mail, and by WhatsApp or SMS if they asked for it.
 */
export function queueTravellerFlightNotice(
  trx: Executor,
  booking: BookingRow,
  notice: FlightNotice,
  at: Date,
): Promise<(number | undefined)[]> {
  const keys = flightKeys[notice.kind]
  const occasion = noticeOccasion(booking.id, notice)
  return queueTravellerNotice(
    trx,
    booking,
    (words) => ({
      dedupeKey: `traveller.flight.${keys.kind}:${occasion}`,
      kind: `traveller.flight_${keys.kind}`,
      name: keys.name,
      paragraphs: [words.say(`notices.traveller.${keys.name}Text`, flightValues(notice, words))],
      text: {
        kind: keys.name,
        occasion,
        values:
          notice.kind === 'delayed'
            ? { flight: notice.flight, time: istanbulClock(notice.landing) }
            : { flight: notice.flight, phone: getSiteSettings().phone },
      },
    }),
    at,
  )
}

const departureKeys = {
  moved: { kind: 'moved', name: 'departureMoved' },
  cancelled: { kind: 'cancelled', name: 'departureCancelled' },
} as const

/** The values a departure notice's words are written with. */
function departureValues(notice: DepartureNotice, { moment }: NoticeWords) {
  return notice.kind === 'moved'
    ? {
        flight: notice.flight,
        departure: moment(notice.departure),
        previous: moment(notice.previous),
        pickup: moment(notice.pickup),
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
  const keys = departureKeys[notice.kind]
  return queueOpsNotice(
    trx,
    booking,
    (words) => ({
      dedupeKey: `ops.departure.${keys.kind}:${departureOccasion(booking.id, notice)}`,
      kind: `ops.departure_${keys.kind}`,
      name: keys.name,
      paragraphs: [words.t(`notices.ops.${keys.name}Text`, departureValues(notice, words))],
      facts: [
        [words.t('notices.flight'), notice.flight],
        ...factsIf(notice.kind === 'moved' && notice, (moved) => [
          [words.t('notices.ops.departure'), words.moment(moved.departure)],
        ]),
      ],
    }),
    at,
  )
}

/**
 * Tells the traveller, in the booking's language, that their flight leaves
 * at another time (and the pickup that would suit it: the booked one stays
 * unless they change it) or is cancelled: by e-mail, and by WhatsApp or SMS
 * if they asked for it.
 */
export function queueTravellerDepartureNotice(
  trx: Executor,
  booking: BookingRow,
  notice: DepartureNotice,
  at: Date,
): Promise<(number | undefined)[]> {
  const keys = departureKeys[notice.kind]
  const occasion = departureOccasion(booking.id, notice)
  return queueTravellerNotice(
    trx,
    booking,
    (words) => ({
      dedupeKey: `traveller.departure.${keys.kind}:${occasion}`,
      kind: `traveller.departure_${keys.kind}`,
      name: keys.name,
      paragraphs: [words.say(`notices.traveller.${keys.name}Text`, departureValues(notice, words))],
      text: {
        kind: departureTexts[notice.kind],
        occasion,
        values:
          notice.kind === 'moved'
            ? {
                flight: notice.flight,
                departure: istanbulClock(notice.departure),
                time: istanbulClock(notice.pickup),
              }
            : { flight: notice.flight, phone: getSiteSettings().phone },
      },
    }),
    at,
  )
}
