import type { Executor } from '~/db/executor'
import type { BookingRow } from '~/db/schema'
import { getSiteSettings } from '~/config/site.server'
import { translatorFor } from '~/i18n/fixed-translator.server'
import { intlLocale, toLanguage, type Language } from '~/i18n/config'
import { phoneChannelOf } from '~/domain/messages/updates-channel'
import { ISTANBUL_TIME_ZONE } from '~/domain/booking-window'
import { rideText, type RideText, type TextKind, type TextValues } from '~/messages/ride-texts'
import type { PhoneChannel } from '~/adapters/messaging/messenger'
import { queueMessage } from '~/messages/queue.server'
import { shortBookingLink } from './booking-access.server'
import { rideReferences } from './return-ride.server'

/**
 * The ride updates a traveller asked for by WhatsApp or SMS (the passenger
 * step's choice), beside the e-mails, which always go. Each is queued in the
 * caller's transaction, once per `occasion`; nothing is queued for a traveller
 * who chose e-mail only, or whose booking has no phone.
 */
export async function queueTravellerText(
  trx: Executor,
  booking: BookingRow,
  kind: TextKind,
  occasion: string,
  values: Omit<TextValues, 'brand' | 'reference'>,
  at: Date,
): Promise<number | undefined> {
  const text = await travellerText(trx, booking, kind, values)
  return text ? queueComposedText(trx, booking, text, occasion, at) : undefined
}

/** A text to a booking's traveller, written but not yet queued. */
export interface ComposedText extends RideText {
  channel: PhoneChannel
  language: Language
  /** The values it was written with (the brand and the reference the traveller knows). */
  values: TextValues
}

/**
 * Writes a text for the booking's traveller in their language, by the channel
 * they chose; undefined when they chose e-mail only or gave no number.
 */
export async function travellerText(
  trx: Executor,
  booking: BookingRow,
  kind: TextKind,
  given: Omit<TextValues, 'brand' | 'reference'>,
): Promise<ComposedText | undefined> {
  const channel = phoneChannelOf(booking.updates_channel)
  if (!channel || !booking.phone) return undefined
  const language = toLanguage(booking.language)
  const t = translatorFor(language)
  const ride = await rideReferences(trx, booking)
  const values: TextValues = {
    brand: getSiteSettings().brand,
    // A return ride is named by the trip's reference, the one the traveller knows.
    reference: ride.returnOf ? t('texts.returnRide', { reference: ride.returnOf }) : ride.own,
    ...given,
  }
  return { ...rideText(t, language, kind, values), channel, language, values }
}

/** Queues a written text to the booking's traveller, once per `occasion`. */
export function queueComposedText(
  trx: Executor,
  booking: BookingRow,
  text: ComposedText,
  occasion: string,
  at: Date,
): Promise<number | undefined> {
  return queueMessage(
    trx,
    {
      channel: text.channel,
      dedupeKey: `text.${text.kind}:${occasion}`,
      kind: `text.${text.kind}`,
      bookingId: booking.id,
      reference: booking.reference,
      language: text.language,
      to: booking.phone!,
      text: text.text,
      template: text.template,
    },
    at,
  )
}

/** A pickup's day as a text message says it: short, in the reader's language ('3 Dec'). */
export function textDate(isoDate: string, language: Language): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number]
  return new Intl.DateTimeFormat(intlLocale[language], {
    day: 'numeric',
    month: 'short',
    timeZone: ISTANBUL_TIME_ZONE,
  }).format(new Date(Date.UTC(year, month - 1, day, 12)))
}

/** The link a text gives to the ride page: the trip's, for a return ride. */
export async function textLink(trx: Executor, booking: BookingRow): Promise<string> {
  const ride = await rideReferences(trx, booking)
  return shortBookingLink(ride.returnOf ?? ride.own)
}
