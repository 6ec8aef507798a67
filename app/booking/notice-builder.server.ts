import type { TFunction } from 'i18next'
import type { Executor } from '~/booking/booking-store.server'
import { getEnv } from '~/config/env.server'
import { getSiteSettings } from '~/config/site.server'
import { listVehicleClasses } from '~/content/fleet.server'
import type { BookingRow } from '~/db/schema'
import { pickupCalendarDate } from '~/domain/trip-search'
import { formatPhone } from '~/domain/phone'
import { istanbulClock, istanbulDate } from '~/domain/booking-window'
import { toLanguage, type Language } from '~/i18n/config'
import { translatorFor } from '~/i18n/fixed-translator.server'
import { noticeMail } from '~/mail/notice-mail'
import { queueMail } from '~/messages/queue.server'
import type { TextKind, TextValues } from '~/messages/ride-texts'
import { formatDate, formatMoney } from '~/utils/format'
import { bookingLink, manageBookingLink } from './booking-access.server'
import { queueTravellerText } from './booking-texts.server'
import { hireOf, rideEndNames } from './booking-view.server'
import { rideReferences } from './return-ride.server'
import { rideLine, staffReference, travellerReference } from './ride-label'

/**
 * The one builder behind every e-mail a booking's later life sends (the
 * occasions are in booking-notices.server.ts). An occasion says only what is
 * its own: its dedupe key and kind, the name of its subject and heading keys,
 * its paragraphs and extra facts, and for a traveller the WhatsApp/SMS twin.
 * Everything else is the same for every occasion of an audience:
 *
 * - the operations mailbox reads English, the company's working language on
 *   the staff side, with the ride's staff reference (a return ride names its
 *   trip too), the traveller's contact details and a link to the staff page;
 * - the traveller reads the booking's language, is greeted by name, told how
 *   to reach us, and given the signed link to the booking and the
 *   find-my-booking page. A return ride is a booking of its own whose
 *   reference the traveller never saw: it is named by the trip's reference,
 *   and its texts take their `_returnRide` variant (i18next's context).
 */

export type Audience = 'ops' | 'traveller'

/** The words of one notice, in its reader's language. */
export interface NoticeWords {
  language: Language
  t: TFunction
  /** The booking as the facts name it, for this reader. */
  reference: string
  /**
   * A text with the reference its reader knows (and, for a traveller's
   * return ride, the text's `_returnRide` variant where it has one).
   */
  say: (key: string, values?: Record<string, unknown>) => string
  /** An amount as every notice writes it: "€45.00". */
  money: (minor: number, currency: string) => string
  /** A moment in Istanbul time: "2 December 2026, 16:10". */
  moment: (at: Date) => string
}

export interface Notice {
  /** Names the cause, so the notice is queued once. */
  dedupeKey: string
  kind: string
  /** Its subject and heading are `notices.<audience>.<name>Subject` and `…Heading`. */
  name: string
  /** When its subject is another notice's (`<subjectName>Subject`). */
  subjectName?: string
  /** The notice's own paragraphs (a traveller's go between greeting and contact line). */
  paragraphs: string[]
  /** Facts after the trip's (and, for operations, the traveller's contact details). */
  facts?: [string, string][]
  /** Whether a traveller's notice carries the booking's signed link (not once the links expired). */
  withLink?: boolean
  /** A traveller's notice leading to another page of the booking than its ride page. */
  link?: { label: string; url: string }
  /**
   * A request rather than news (a review): sent once, by the text channel the
   * traveller chose when they chose one, by e-mail otherwise, never both.
   */
  oneChannel?: boolean
}

/** The WhatsApp or SMS twin of a traveller's notice, for those who asked for one. */
export interface NoticeText {
  kind: TextKind
  /** Makes the text its own (the booking's id, a refund's, a flight change's). */
  occasion: string
  values: Omit<TextValues, 'brand' | 'reference'>
}

/** The working language of the operations mailbox. */
const OPS_LANGUAGE: Language = 'en'

/** The staff page of a booking, as a full address for e-mails. */
export function opsBookingUrl(reference: string): string {
  return `${getEnv().PUBLIC_BASE_URL}/ops/bookings/${encodeURIComponent(reference)}`
}

function money(minor: number, currency: string, language: Language) {
  return formatMoney(minor / 100, currency, language, { minimumFractionDigits: 2 })
}

function momentText(at: Date, language: Language): string {
  return translatorFor(language)('notices.pickupValue', {
    date: formatDate(istanbulDate(at), language),
    time: istanbulClock(at),
  })
}

async function wordsFor(
  trx: Executor,
  booking: BookingRow,
  audience: Audience,
): Promise<NoticeWords> {
  const language = audience === 'ops' ? OPS_LANGUAGE : toLanguage(booking.language)
  const t = translatorFor(language)
  const ride = await rideReferences(trx, booking)
  const common = {
    language,
    t,
    money: (minor: number, currency: string) => money(minor, currency, language),
    moment: (at: Date) => momentText(at, language),
  }
  if (audience === 'ops') {
    const reference = staffReference(t, ride)
    return { ...common, reference, say: (key, values) => t(key, { reference, ...values }) }
  }
  return {
    ...common,
    reference: travellerReference(t, ride),
    say: (key, values) =>
      t(key, {
        reference: ride.returnOf ?? ride.own,
        ...(ride.returnOf ? { context: 'returnRide' } : {}),
        ...values,
      }),
  }
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

/** The facts every notice about a booking starts with. */
function tripFacts(booking: BookingRow, words: NoticeWords): [string, string][] {
  const { t, language } = words
  const vehicle =
    listVehicleClasses(language, getSiteSettings()).find(
      (item) => item.code === booking.vehicle_class,
    )?.title ?? booking.vehicle_class
  const date = formatDate(pickupCalendarDate(booking.trip_date, booking.trip_time), language)
  return [
    [t('notices.reference'), words.reference],
    [t('notices.pickup'), t('notices.pickupValue', { date, time: booking.trip_time })],
    ...(booking.pickup_address
      ? ([[t('notices.pickupAddress'), booking.pickup_address]] as [string, string][])
      : []),
    [t('notices.route'), rideOf(language, booking)],
    [t('notices.vehicle'), vehicle],
  ]
}

/**
 * Queues a notice to the operations mailbox: the occasion's words, the trip,
 * who travels and how to reach them, and the booking's staff page.
 */
export async function queueOpsNotice(
  trx: Executor,
  booking: BookingRow,
  occasion: (words: NoticeWords) => Notice,
  at: Date,
): Promise<number | undefined> {
  const words = await wordsFor(trx, booking, 'ops')
  const notice = occasion(words)
  const { t } = words
  const mail = noticeMail({
    language: words.language,
    brand: getSiteSettings().brand,
    subject: words.say(`notices.ops.${notice.name}Subject`, {
      date: formatDate(pickupCalendarDate(booking.trip_date, booking.trip_time), words.language),
      time: booking.trip_time,
      route: rideOf(words.language, booking),
    }),
    heading: words.say(`notices.ops.${notice.name}Heading`),
    paragraphs: notice.paragraphs,
    facts: [
      ...tripFacts(booking, words),
      [t('notices.travellerName'), travellerName(booking)],
      [t('notices.email'), booking.email ?? ''],
      [t('notices.phone'), booking.phone ? formatPhone(booking.phone) : ''],
      ...(notice.facts ?? []),
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
      language: words.language,
      to: getEnv().OPERATIONS_EMAIL,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    },
    at,
  )
}

/**
 * Queues a notice to the traveller, in the booking's language: greeting, the
 * occasion's paragraphs, how to reach us, the trip, the signed link to the
 * booking and the way to find it again without that link; and its WhatsApp
 * or SMS twin when the occasion has one. Answers the ids queued (a booking
 * without an e-mail address, or a traveller who chose e-mail only, has none).
 */
export async function queueTravellerNotice(
  trx: Executor,
  booking: BookingRow,
  occasion: (words: NoticeWords) => Notice & { text?: NoticeText },
  at: Date,
): Promise<(number | undefined)[]> {
  const words = await wordsFor(trx, booking, 'traveller')
  const { text, ...notice } = occasion(words)
  if (notice.oneChannel && text) {
    const textId = await queueTravellerText(trx, booking, text.kind, text.occasion, text.values, at)
    if (textId !== undefined) return [textId]
  }
  const mailId = booking.email
    ? await queueTravellerMail(trx, booking, booking.email, words, notice, at)
    : undefined
  if (!text || notice.oneChannel) return [mailId]
  const textId = await queueTravellerText(trx, booking, text.kind, text.occasion, text.values, at)
  return [mailId, textId]
}

function queueTravellerMail(
  trx: Executor,
  booking: BookingRow,
  to: string,
  words: NoticeWords,
  notice: Notice,
  at: Date,
) {
  const { t, language } = words
  const site = getSiteSettings()
  const mail = noticeMail({
    language,
    brand: site.brand,
    subject: words.say(`notices.traveller.${notice.subjectName ?? notice.name}Subject`, {
      brand: site.brand,
    }),
    heading: words.say(`notices.traveller.${notice.name}Heading`),
    paragraphs: [
      t('notices.traveller.greeting', { name: travellerName(booking) }),
      ...notice.paragraphs,
      t('notices.traveller.contact', { phone: site.phone, email: site.email }),
    ],
    facts: [...tripFacts(booking, words), ...(notice.facts ?? [])],
    ...(notice.withLink === false
      ? {}
      : {
          link: notice.link ?? {
            label: t('notices.traveller.openBooking'),
            url: bookingLink(booking.id),
          },
        }),
    manage: { label: t('notices.traveller.manageBooking'), url: manageBookingLink() },
    signOff: [t('mail.signOff'), t('mail.team', { brand: site.brand })],
  })
  return queueMail(
    trx,
    {
      dedupeKey: notice.dedupeKey,
      kind: notice.kind,
      bookingId: booking.id,
      reference: booking.reference,
      language,
      to,
      replyTo: site.email,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    },
    at,
  )
}
