/**
 * The calendar file attached to the confirmation e-mail (RFC 5545). Pure: the
 * caller passes "now" and the booking's Istanbul local start.
 *
 * Istanbul has kept a fixed UTC+03:00 all year since September 2016, so the
 * VTIMEZONE holds one STANDARD rule and local times can be added to without
 * any daylight-saving arithmetic.
 */
import { ISTANBUL_TIME_ZONE } from '~/domain/booking-window'

export interface BookingCalendarEventInput {
  /** Globally unique and stable per booking, e.g. `<booking id>@<site host>`. */
  uid: string
  /**
   * Istanbul local pickup. '00:00' arrives here already moved to the real
   * calendar date (a pickup at '00:00' is the midnight at the end of its date).
   */
  start: { date: string; time: string }
  durationMinutes: number
  summary: string
  description: string
  location: string
  organizerName: string
  organizerEmail: string
  now: Date
}

/** The attachment's content type: UTF-8 text, published (not an invitation to answer). */
export const ICS_CONTENT_TYPE = 'text/calendar; charset=utf-8; method=PUBLISH'

const CRLF = '\r\n'
const MAX_LINE_OCTETS = 75
const REMINDER = '-PT2H'

/** TEXT values: backslash, semicolon, comma and line breaks are escaped (RFC 5545, 3.3.11). */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
}

/** Octets of one code point in UTF-8 (no Buffer: this module also runs in browsers). */
function utf8Length(codePoint: number): number {
  if (codePoint < 0x80) return 1
  if (codePoint < 0x800) return 2
  if (codePoint < 0x10000) return 3
  return 4
}

/**
 * Folds one content line so that no physical line is longer than 75 octets
 * (without its CRLF). Each continuation starts with one space, which counts.
 * Splits only between characters, never inside a UTF-8 sequence.
 */
export function foldLine(line: string): string {
  const parts: string[] = []
  let current = ''
  let currentOctets = 0
  let limit = MAX_LINE_OCTETS
  // for…of walks code points, so a surrogate pair is never split either.
  for (const character of line) {
    const octets = utf8Length(character.codePointAt(0) ?? 0)
    if (currentOctets + octets > limit) {
      parts.push(current)
      current = ''
      currentOctets = 0
      limit = MAX_LINE_OCTETS - 1
    }
    current += character
    currentOctets += octets
  }
  parts.push(current)
  return parts.join(CRLF + ' ')
}

/** 'YYYY-MM-DD' + 'HH:MM' → 'YYYYMMDDTHHMMSS' (floating digits, read with a TZID). */
function localDateTime(date: string, time: string): string {
  return `${date.replace(/-/g, '')}T${time.replace(':', '')}00`
}

/** A Date's UTC instant as 'YYYYMMDDTHHMMSSZ'. */
export function utcDateTime(instant: Date): string {
  return instant
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '')
}

/** Adds minutes to an Istanbul local date and time (no DST there since 2016). */
function addLocalMinutes(date: string, time: string, minutes: number) {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  const [hour, minute] = time.split(':').map(Number) as [number, number]
  // UTC is used as a plain calendar here: the offset is fixed, so no zone is involved.
  const end = new Date(Date.UTC(year, month - 1, day, hour, minute + minutes))
  const iso = end.toISOString()
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) }
}

/** A parameter value: quoted, with the characters a quoted value cannot hold removed. */
function paramValue(value: string): string {
  return `"${value.replace(/["\r\n]/g, '')}"`
}

function assertValidStart({ date, time }: BookingCalendarEventInput['start']) {
  const dateOk = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/.test(date)
  const timeOk = /^([01]\d|2[0-3]):[0-5]\d$/.test(time)
  if (!dateOk || !timeOk) throw new Error(`Invalid calendar start: ${date} ${time}`)
}

/** The VCALENDAR text of one booking, CRLF line endings, folded, ready to attach. */
export function bookingCalendarEvent(input: BookingCalendarEventInput): string {
  return bookingCalendarEvents([input])
}

/**
 * The VCALENDAR text of a booking's rides (two for a trip there and back),
 * one event each, with the calendar's header taken from the first.
 */
export function bookingCalendarEvents(inputs: BookingCalendarEventInput[]): string {
  const first = inputs[0]
  if (!first) throw new Error('a calendar file needs an event')
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${escapeText(first.organizerName)}//Booking confirmation//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VTIMEZONE',
    `TZID:${ISTANBUL_TIME_ZONE}`,
    'BEGIN:STANDARD',
    'DTSTART:20160907T000000',
    'TZOFFSETFROM:+0300',
    'TZOFFSETTO:+0300',
    'TZNAME:+03',
    'END:STANDARD',
    'END:VTIMEZONE',
    ...inputs.flatMap(eventLines),
    'END:VCALENDAR',
  ]
  return lines.map(foldLine).join(CRLF) + CRLF
}

function eventLines(input: BookingCalendarEventInput): string[] {
  assertValidStart(input.start)
  if (!Number.isInteger(input.durationMinutes) || input.durationMinutes <= 0) {
    throw new Error(`Invalid duration: ${input.durationMinutes}`)
  }
  const { date, time } = input.start
  const end = addLocalMinutes(date, time, input.durationMinutes)
  return [
    'BEGIN:VEVENT',
    `UID:${escapeText(input.uid)}`,
    `DTSTAMP:${utcDateTime(input.now)}`,
    `DTSTART;TZID=${ISTANBUL_TIME_ZONE}:${localDateTime(date, time)}`,
    `DTEND;TZID=${ISTANBUL_TIME_ZONE}:${localDateTime(end.date, end.time)}`,
    `SUMMARY:${escapeText(input.summary)}`,
    `DESCRIPTION:${escapeText(input.description)}`,
    `LOCATION:${escapeText(input.location)}`,
    `ORGANIZER;CN=${paramValue(input.organizerName)}:mailto:${input.organizerEmail.replace(/[\s\r\n]/g, '')}`,
    'STATUS:CONFIRMED',
    'SEQUENCE:0',
    'TRANSP:OPAQUE',
    'BEGIN:VALARM',
    'ACTION:DISPLAY',
    `DESCRIPTION:${escapeText(input.summary)}`,
    `TRIGGER:${REMINDER}`,
    'END:VALARM',
    'END:VEVENT',
  ]
}
