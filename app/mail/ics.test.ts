import { describe, expect, it } from 'vitest'
import { bookingCalendarEvent, escapeText, foldLine, utcDateTime } from './ics'

const event = {
  uid: '6f1c2a9e-booking@marmarachauffeur.com',
  start: { date: '2026-06-12', time: '14:30' },
  durationMinutes: 75,
  summary: 'Transfer MC-7K4Q9P: Istanbul Airport → Beşiktaş',
  description: 'Booking MC-7K4Q9P\nVehicle: Mercedes V-Class; 2 passengers, 3 bags',
  location: 'Istanbul Airport (IST), Tayakadın, Arnavutköy',
  organizerName: 'Marmara Chauffeur',
  organizerEmail: 'reservations@marmarachauffeur.com',
  now: new Date('2026-06-01T09:15:42.123Z'),
}

/** Undoes folding (RFC 5545, 3.1): a CRLF followed by one space disappears. */
const unfold = (ics: string) => ics.replace(/\r\n /g, '')
const octets = (line: string) => Buffer.byteLength(line, 'utf8')
const strictUtf8 = new TextDecoder('utf-8', { fatal: true })
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

describe('escapeText', () => {
  it('escapes backslash, semicolon, comma and every kind of line break', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf\rg')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng')
  })
  it('leaves colons and quotes alone (TEXT allows them)', () => {
    expect(escapeText('Gate: "B"')).toBe('Gate: "B"')
  })
})

describe('foldLine', () => {
  it('keeps a line of 75 octets whole and folds the 76th octet onto a continuation', () => {
    expect(foldLine('x'.repeat(75))).toBe('x'.repeat(75))
    expect(foldLine('x'.repeat(76))).toBe(`${'x'.repeat(75)}\r\n x`)
  })

  it('folds long Turkish text at octet boundaries without splitting a character', () => {
    const line = `DESCRIPTION:${'Şoförünüz İstanbul Havalimanı çıkışında ğüşiöç ile bekliyor. '.repeat(6)}`
    const folded = foldLine(line)
    const physical = folded.split('\r\n')
    expect(physical.length).toBeGreaterThan(3)
    for (const [index, part] of physical.entries()) {
      expect(octets(part)).toBeLessThanOrEqual(75)
      if (index > 0) expect(part.startsWith(' ')).toBe(true)
      expect(part).not.toMatch(loneSurrogate)
    }
    // Cut the encoded bytes at each CRLF: every physical line is valid UTF-8 on its
    // own, so no multi-byte sequence was split across a fold.
    const bytes = Buffer.from(folded, 'utf8')
    let from = 0
    for (let index = 0; index <= bytes.length; index++) {
      if (index === bytes.length || (bytes[index] === 0x0d && bytes[index + 1] === 0x0a)) {
        expect(() => strictUtf8.decode(bytes.subarray(from, index))).not.toThrow()
        from = index + 2
      }
    }
    expect(folded.replace(/\r\n /g, '')).toBe(line)
  })

  it('moves a two-octet character that would straddle octet 75 onto the next line', () => {
    // 74 ASCII octets, then 'ş' (2 octets) would end at octet 76.
    const folded = foldLine(`${'a'.repeat(74)}ş`)
    expect(folded).toBe(`${'a'.repeat(74)}\r\n ş`)
  })

  it('never splits an emoji (a surrogate pair, 4 octets)', () => {
    const folded = foldLine(`${'a'.repeat(73)}🚗b`)
    expect(folded).toBe(`${'a'.repeat(73)}\r\n 🚗b`)
  })
})

describe('bookingCalendarEvent', () => {
  const ics = bookingCalendarEvent(event)
  const lines = unfold(ics).split('\r\n')

  it('uses CRLF line endings only, ends with CRLF and keeps every line within 75 octets', () => {
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true)
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/)
    for (const line of ics.split('\r\n')) expect(octets(line)).toBeLessThanOrEqual(75)
  })

  it('is a PUBLISH calendar with one event and an Istanbul time zone', () => {
    expect(lines.slice(0, 2)).toEqual(['BEGIN:VCALENDAR', 'VERSION:2.0'])
    expect(lines).toContain('PRODID:-//Marmara Chauffeur//Booking confirmation//EN')
    expect(lines).toContain('METHOD:PUBLISH')
    expect(lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(1)
    const zone = lines.slice(lines.indexOf('BEGIN:VTIMEZONE'), lines.indexOf('END:VTIMEZONE') + 1)
    expect(zone).toEqual([
      'BEGIN:VTIMEZONE',
      'TZID:Europe/Istanbul',
      'BEGIN:STANDARD',
      'DTSTART:20160907T000000',
      'TZOFFSETFROM:+0300',
      'TZOFFSETTO:+0300',
      'TZNAME:+03',
      'END:STANDARD',
      'END:VTIMEZONE',
    ])
    // The zone is defined before the event that refers to it.
    expect(lines.indexOf('END:VTIMEZONE')).toBeLessThan(lines.indexOf('BEGIN:VEVENT'))
  })

  it('carries the event fields, escaped', () => {
    expect(lines).toContain('UID:6f1c2a9e-booking@marmarachauffeur.com')
    expect(lines).toContain('DTSTAMP:20260601T091542Z')
    expect(lines).toContain('DTSTART;TZID=Europe/Istanbul:20260612T143000')
    expect(lines).toContain('DTEND;TZID=Europe/Istanbul:20260612T154500')
    expect(lines).toContain('SUMMARY:Transfer MC-7K4Q9P: Istanbul Airport → Beşiktaş')
    expect(lines).toContain(
      'DESCRIPTION:Booking MC-7K4Q9P\\nVehicle: Mercedes V-Class\\; 2 passengers\\, 3 bags',
    )
    expect(lines).toContain('LOCATION:Istanbul Airport (IST)\\, Tayakadın\\, Arnavutköy')
    expect(lines).toContain(
      'ORGANIZER;CN="Marmara Chauffeur":mailto:reservations@marmarachauffeur.com',
    )
  })

  it('reminds two hours before', () => {
    const alarm = lines.slice(lines.indexOf('BEGIN:VALARM'), lines.indexOf('END:VALARM') + 1)
    expect(alarm).toContain('ACTION:DISPLAY')
    expect(alarm).toContain('TRIGGER:-PT2H')
    expect(alarm.some((line) => line.startsWith('DESCRIPTION:'))).toBe(true)
    expect(lines.indexOf('END:VALARM')).toBeLessThan(lines.indexOf('END:VEVENT'))
  })

  it('ends on the next day when the ride passes midnight', () => {
    const late = unfold(
      bookingCalendarEvent({
        ...event,
        start: { date: '2026-12-31', time: '23:30' },
        durationMinutes: 90,
      }),
    )
    expect(late).toContain('DTSTART;TZID=Europe/Istanbul:20261231T233000\r\n')
    expect(late).toContain('DTEND;TZID=Europe/Istanbul:20270101T010000\r\n')
  })

  it('takes a midnight pickup on the date it is given', () => {
    const midnight = bookingCalendarEvent({
      ...event,
      start: { date: '2026-06-13', time: '00:00' },
    })
    expect(unfold(midnight)).toContain('DTSTART;TZID=Europe/Istanbul:20260613T000000\r\n')
  })

  it('refuses an invalid start or duration', () => {
    expect(() =>
      bookingCalendarEvent({ ...event, start: { date: '2026-6-12', time: '14:30' } }),
    ).toThrow()
    expect(() =>
      bookingCalendarEvent({ ...event, start: { date: '2026-06-12', time: '24:00' } }),
    ).toThrow()
    expect(() => bookingCalendarEvent({ ...event, durationMinutes: 0 })).toThrow()
  })

  it('formats DTSTAMP in UTC whatever the milliseconds', () => {
    expect(utcDateTime(new Date('2026-01-02T03:04:05.999Z'))).toBe('20260102T030405Z')
  })
})
