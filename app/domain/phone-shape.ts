/**
 * Whether a typed text has the shape of a phone number: an optional `+` or
 * `00`, then 7 to 15 digits (E.164's most), grouped by spaces, dots, dashes or
 * brackets. It knows no country's numbering plan: the browser's form check
 * uses it to answer at once without downloading a phone library's metadata,
 * and the server, which always decides, reads the number fully (toE164 in
 * app/domain/phone.ts). Returns the digits with their `+`, or undefined.
 */
export function plausiblePhone(text: string): string | undefined {
  const compact = text.trim().replace(/[\s.()\-\u2010-\u2015]/g, '')
  const international = compact.replace(/^00/, '+')
  return /^\+?\d{7,15}$/.test(international) ? international : undefined
}

/** A phone check of the forms: the number normalised, or undefined when it cannot be one. */
export type PhoneCheck = (text: string) => string | undefined
