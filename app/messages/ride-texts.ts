import { MAX_SMS_SEGMENTS, smsSize } from './sms-segments'

/**
 * The short texts sent by SMS and WhatsApp, in the reader's language, from
 * the `texts.*` translations. Each must fit two SMS parts (docs/messages.md):
 * the fixed words are written short, and when a value typed by someone
 * (a place, a name, a meeting point, a staff message) would push a text over,
 * the longest such value is cut, with "..." (not "…", which is outside the
 * GSM alphabet and would make an English text UCS-2, halving its room).
 *
 * On WhatsApp a message the company starts must use an approved template; its
 * variables are the same values, in the order `templateVariables` gives.
 */
export const textKinds = [
  'confirmed',
  'driverAssigned',
  'onTheWay',
  'arrived',
  'reminder',
  'changed',
  'cancelled',
  'cancelledRefund',
  'refunded',
  'driverJob',
  'driverOffer',
  'staffMessage',
  'flightDelayed',
  'flightCancelled',
  'flightDiverted',
  'departureMoved',
  'departureCancelled',
  'driverFlightDelayed',
  'driverFlightCancelled',
  'driverFlightDiverted',
  'documentsMissing',
  'reviewRequest',
] as const
export type TextKind = (typeof textKinds)[number]

export interface TextValues {
  brand: string
  /** The reference the reader knows (a return ride: the trip's, marked as the return). */
  reference: string
  date?: string
  time?: string
  pickup?: string
  destination?: string
  link?: string
  driver?: string
  car?: string
  plate?: string
  phone?: string
  meetingPoint?: string
  amount?: string
  message?: string
  /** The ride's pickup code, which the traveller's driver must know. */
  code?: string
  /** The flight the traveller lands with (its ident: TK1984). */
  flight?: string
  /** When the flight a ride to the airport catches now leaves (HH:MM, Istanbul). */
  departure?: string
  /** Until when a driver may accept a job offered to them (HH:MM, Istanbul). */
  until?: string
}

/** Each kind's values in the order its WhatsApp template numbers them ({{1}}, {{2}}…). */
export const templateVariables: Record<TextKind, (keyof TextValues)[]> = {
  confirmed: ['reference', 'date', 'time', 'link'],
  driverAssigned: ['reference', 'driver', 'car', 'plate', 'phone', 'code'],
  onTheWay: ['reference', 'driver', 'car', 'plate', 'phone'],
  arrived: ['reference', 'driver', 'meetingPoint', 'phone', 'code'],
  reminder: ['reference', 'time', 'pickup', 'link'],
  changed: ['reference', 'link'],
  cancelled: ['reference'],
  cancelledRefund: ['reference', 'amount'],
  refunded: ['reference', 'amount'],
  driverJob: ['reference', 'date', 'time', 'pickup', 'destination', 'link'],
  driverOffer: ['reference', 'date', 'time', 'pickup', 'until', 'link'],
  staffMessage: ['reference', 'message'],
  flightDelayed: ['reference', 'flight', 'time'],
  flightCancelled: ['reference', 'flight', 'phone'],
  flightDiverted: ['reference', 'flight', 'phone'],
  departureMoved: ['reference', 'flight', 'departure', 'time'],
  departureCancelled: ['reference', 'flight', 'phone'],
  driverFlightDelayed: ['reference', 'flight', 'date', 'time', 'link'],
  driverFlightCancelled: ['reference', 'flight', 'link'],
  driverFlightDiverted: ['reference', 'flight', 'link'],
  documentsMissing: ['reference', 'time', 'link'],
  reviewRequest: ['reference', 'link'],
}

/** Values people typed or chose, which may be cut to make a text fit; the rest never are. */
const cuttable: (keyof TextValues)[] = [
  'message',
  'meetingPoint',
  'pickup',
  'destination',
  'driver',
  'car',
  'brand',
]
const ellipsis = '...'
/** No cut value gets shorter than this: a place still reads as one. */
const shortestCut = 12

export interface RideText {
  kind: TextKind
  text: string
  /** The WhatsApp template's name (kind and language) and its variables. */
  template: { name: string; variables: string[] }
}

type Translate = (key: string, values: Record<string, string>) => string

export function rideText(
  t: Translate,
  language: string,
  kind: TextKind,
  given: TextValues,
): RideText {
  const values: TextValues = { ...given }
  const render = () => t(`texts.${kind}`, values as unknown as Record<string, string>)
  let text = render()
  while (smsSize(text).segments > MAX_SMS_SEGMENTS) {
    const longest = cuttable
      .filter((name) => (values[name]?.length ?? 0) > shortestCut)
      .sort((a, b) => values[b]!.length - values[a]!.length)[0]
    if (!longest) break
    const value = values[longest]!
    const over = Math.max(1, Math.ceil((value.length - shortestCut) / 4))
    const kept = value.slice(0, Math.max(shortestCut - ellipsis.length, value.length - over - 3))
    values[longest] = `${kept.trimEnd()}${ellipsis}`
    text = render()
  }
  return {
    kind,
    text,
    template: {
      name: `${kind}.${language}`,
      variables: templateVariables[kind].map((name) => values[name] ?? ''),
    },
  }
}
