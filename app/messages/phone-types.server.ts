import { parsePhoneNumberFromString } from 'libphonenumber-js/max'

/**
 * Whether a number can receive SMS and WhatsApp: a mobile number, or one the
 * numbering plan cannot tell apart from a mobile (the US and Canada), or a
 * personal number that forwards to one. Landlines, toll-free, premium and
 * shared-cost numbers cannot. This needs the library's full metadata (its
 * number types), about 50 KiB compressed, so it stays on the server: the
 * browser's check knows only whether a number is valid.
 */
const TEXTABLE = new Set(['MOBILE', 'FIXED_LINE_OR_MOBILE', 'PERSONAL_NUMBER'])

export function canReceiveSms(e164: string): boolean {
  const type = parsePhoneNumberFromString(e164)?.getType()
  return type !== undefined && TEXTABLE.has(type)
}
