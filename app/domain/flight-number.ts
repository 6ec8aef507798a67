/**
 * A flight number as a traveller types it, read the way airline schedules
 * write it. Pure, so the passenger step's form check in the browser and the
 * server (which asks a flight-status provider about it) read it the same way.
 *
 * A flight number is an airline designator, 1 to 4 digits, and at most one
 * operational suffix letter:
 * - IATA designator: 2 letters or digits, not both digits (TK, PC, U2, 3U);
 * - ICAO designator: 3 letters (THY, PGT).
 * Spaces and dashes anywhere, lower case and full-width characters are
 * forgiven (`tk 1984`, `THY-1984`, `ｔｋ１９８４`). Leading zeros of the number
 * are dropped (`TK0012` is `TK12`): tickets and boarding passes pad the
 * number to four digits, schedules and providers do not, and one flight must
 * have one ident however it was typed. The designator keeps the form it was
 * typed in: `THY1984` stays ICAO, since no table here maps ICAO to IATA
 * codes, and the flight-status provider reads both.
 */

/** The characters a flight-number field takes: the longest ident (8) with room for spaces and dashes. */
export const flightNumberInputMax = 16

export interface FlightNumber {
  /** The airline designator as typed, upper case: `TK`, `U2`, `THY`. */
  designator: string
  /** The flight number without leading zeros: 1 to 9999. */
  number: number
  /** The operational suffix letter (`TK1984A`), or null. */
  suffix: string | null
  /** Which designator: 2 characters (IATA) or 3 letters (ICAO). */
  form: 'iata' | 'icao'
  /** Designator, number and suffix as one word: `TK12`, `THY1984`, `TK1984A`. What is stored and asked about. */
  ident: string
}

/**
 * Why a text is not a flight number; each is the last part of a translation
 * key (`booking.errors.flight.<reason>` or the like), so a page can say what to fix.
 */
export type FlightNumberRefusal =
  /** Nothing but spaces and dashes. */
  | 'empty'
  /** Longer than flightNumberInputMax. */
  | 'too-long'
  /** A character that is not a letter, digit, space or dash (`TK/1984`, `TK.1984`). */
  | 'characters'
  /** Digits only: the airline is missing (`1984`). */
  | 'only-digits'
  /** The start is not an airline designator (`T`, `12AB`, `TKAB12`). */
  | 'designator'
  /** A designator without a number (`TK`, `THY`). */
  | 'no-number'
  /** More than 4 digits (`TK12345`). */
  | 'number-too-long'
  /** A number of zeros only (`TK0000`). */
  | 'number-zero'
  /** More after the number than one suffix letter (`TK1984AB`, `TK19A4`). */
  | 'suffix'

export type FlightNumberResult =
  { ok: true; flight: FlightNumber } | { ok: false; reason: FlightNumberRefusal }

const refused = (reason: FlightNumberRefusal): FlightNumberResult => ({ ok: false, reason })

/** The separators a traveller may type between (or inside) the parts. */
const separators = /[\s\-\u2010-\u2015\u2212]+/g

export function parseFlightNumber(text: string): FlightNumberResult {
  if (text.length > flightNumberInputMax) return refused('too-long')
  // NFKC turns full-width letters and digits (typed with an Asian input method) into ASCII.
  const compact = text.normalize('NFKC').replace(separators, '').toUpperCase()
  if (compact === '') return refused('empty')
  if (!/^[A-Z0-9]+$/.test(compact)) return refused('characters')
  if (/^\d+$/.test(compact)) return refused('only-digits')

  // Three letters can only start an ICAO designator: an IATA one is two
  // characters, and the number after it starts with a digit.
  const form = /^[A-Z]{3}/.test(compact) ? 'icao' : 'iata'
  const designator = compact.slice(0, form === 'icao' ? 3 : 2)
  if (designator.length < 2 || /^\d\d$/.test(designator)) return refused('designator')

  const after = compact.slice(designator.length)
  const digits = /^\d*/.exec(after)?.[0] ?? ''
  const letters = /^[A-Z]*/.exec(after.slice(digits.length))?.[0] ?? ''
  const rest = after.slice(digits.length + letters.length)
  if (digits === '') return refused(letters || rest ? 'designator' : 'no-number')
  if (digits.length > 4) return refused('number-too-long')
  if (rest !== '' || letters.length > 1) return refused('suffix')
  const number = Number(digits)
  if (number === 0) return refused('number-zero')

  const suffix = letters || null
  return {
    ok: true,
    flight: { designator, number, suffix, form, ident: `${designator}${number}${suffix ?? ''}` },
  }
}
