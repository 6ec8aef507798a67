// Turkey's validators alone (see billing/tax-number.ts for why not the package's index).
import * as turkey from 'stdnum/lib/cjs/tr/index.js'

/**
 * Who a passenger is, as the passenger list filed for a trip names them
 * (docs/compliance.md): their nationality and, for a Turkish citizen, the
 * T.C. identity number (eleven digits ending in two check digits), for
 * anyone else their passport number. Pure: the form, the store and the
 * filing read the same rules.
 */

/** A nationality as an ISO 3166-1 alpha-2 code: 'TR', 'DE', 'RU'. */
export type CountryCode = string

/** Turkish citizens are named by their T.C. number, never a passport. */
export const TURKEY: CountryCode = 'TR'

/** Passport numbers around the world run from 5 to 20 letters and digits. */
export const PASSPORT_MIN = 5
export const PASSPORT_MAX = 20

export type IdentityField = 'nationality' | 'identityNumber' | 'passportNumber'
export type IdentityProblem = 'required' | 'unknown' | 'format' | 'check-digit'

export interface TypedIdentity {
  nationality: string
  identityNumber: string
  passportNumber: string
}

/** A passenger's identity as stored: exactly one of the two numbers. */
export type PassengerIdentity =
  | { nationality: typeof TURKEY; identityNumber: string; passportNumber: null }
  | { nationality: CountryCode; identityNumber: null; passportNumber: string }

/** A number as people type it: the spaces, dots and dashes they group it with dropped. */
export function compactDocumentNumber(text: string): string {
  return text.replace(/[\s.\-/]/g, '').toUpperCase()
}

/** What is wrong with a typed T.C. identity number, or undefined when it is valid. */
export function identityNumberProblem(text: string): IdentityProblem | undefined {
  const digits = compactDocumentNumber(text)
  if (digits === '') return 'required'
  if (!/^\d{11}$/.test(digits) || digits.startsWith('0')) return 'format'
  return turkey.tckimlik.validate(digits).isValid ? undefined : 'check-digit'
}

/**
 * What is wrong with a typed passport number, or undefined. Latin letters
 * and digits only: the number is copied from the passport's machine-readable
 * page, which has no other characters, and the passenger list takes no others.
 */
export function passportNumberProblem(text: string): IdentityProblem | undefined {
  const compact = compactDocumentNumber(text)
  if (compact === '') return 'required'
  if (!/^[A-Z0-9]+$/.test(compact)) return 'format'
  return compact.length < PASSPORT_MIN || compact.length > PASSPORT_MAX ? 'format' : undefined
}

/**
 * A passenger's identity as typed, checked: the stored shape, or each wrong
 * field's problem. A Turkish citizen needs the T.C. number (a passport typed
 * beside it is not kept); anyone else the passport number. `countries` is
 * every code the form offers.
 */
export function checkIdentity(
  typed: TypedIdentity,
  countries: ReadonlySet<CountryCode>,
):
  | { ok: true; identity: PassengerIdentity }
  | { ok: false; problems: Partial<Record<IdentityField, IdentityProblem>> } {
  const nationality = typed.nationality.trim().toUpperCase()
  if (nationality === '') return { ok: false, problems: { nationality: 'required' } }
  if (!countries.has(nationality)) return { ok: false, problems: { nationality: 'unknown' } }
  if (nationality === TURKEY) {
    const problem = identityNumberProblem(typed.identityNumber)
    if (problem) return { ok: false, problems: { identityNumber: problem } }
    return {
      ok: true,
      identity: {
        nationality: TURKEY,
        identityNumber: compactDocumentNumber(typed.identityNumber),
        passportNumber: null,
      },
    }
  }
  const problem = passportNumberProblem(typed.passportNumber)
  if (problem) return { ok: false, problems: { passportNumber: problem } }
  return {
    ok: true,
    identity: {
      nationality,
      identityNumber: null,
      passportNumber: compactDocumentNumber(typed.passportNumber),
    },
  }
}

/** The last characters of a number, for pages that must not show it whole: '•••• 4521'. */
export function maskedNumber(number: string): string {
  return `•••• ${number.slice(-4)}`
}
