// Turkey's validators alone: the package's index holds every country's (about
// 50 KiB compressed), and this module runs in the browser's form check too.
import * as turkey from 'stdnum/lib/cjs/tr/index.js'

/**
 * Turkish tax numbers on invoices: a company's VKN (vergi kimlik numarası,
 * ten digits) or a sole trader's TCKN (T.C. kimlik numarası, eleven digits,
 * which the tax office accepts in its place). Both end in check digits, so a
 * number mistyped by one digit is refused before it reaches an invoice. The
 * check digits are computed by `stdnum` (python-stdnum's rules, ported), not
 * by hand.
 */
export type TaxNumberKind = 'vkn' | 'tckn'

const validators = {
  vkn: turkey.vkn,
  tckn: turkey.tckimlik,
}

export type TaxNumberProblem = 'required' | 'format' | 'check-digit'

/** The digits of a number as typed: spaces, dots and dashes people group it with are dropped. */
export function compactTaxNumber(text: string): string {
  return text.replace(/[\s.-]/g, '')
}

/** Which kind a number of this length would be, or undefined for neither length. */
export function taxNumberKind(digits: string): TaxNumberKind | undefined {
  if (!/^\d+$/.test(digits)) return undefined
  if (digits.length === 10) return 'vkn'
  if (digits.length === 11) return 'tckn'
  return undefined
}

/**
 * What is wrong with a typed tax number, or undefined when it is a valid VKN
 * or TCKN. `accept` narrows the kinds allowed (a limited company has a VKN,
 * never a TCKN).
 */
export function taxNumberProblem(
  text: string,
  accept: readonly TaxNumberKind[] = ['vkn', 'tckn'],
): TaxNumberProblem | undefined {
  const digits = compactTaxNumber(text)
  if (digits === '') return 'required'
  const kind = taxNumberKind(digits)
  if (!kind || !accept.includes(kind)) return 'format'
  return validators[kind].validate(digits).isValid ? undefined : 'check-digit'
}
