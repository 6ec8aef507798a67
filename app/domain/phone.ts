import { parsePhoneNumberFromString } from 'libphonenumber-js/min'

/**
 * Phone numbers as the company stores and dials them: E.164 (`+905325550100`).
 * A number written without a country code is read as Turkish, the way a
 * traveller in Istanbul writes it (`0532 555 01 00`). Shared by the server and
 * the browser's form check, so it uses the library's small metadata, which
 * knows each country's lengths and prefixes; whether a number can take an SMS
 * needs the full metadata and is the server's check (app/messages/phone-types.server.ts).
 */
export const defaultPhoneCountry = 'TR'

/** The number in E.164, or undefined when it cannot be a phone number. */
export function toE164(text: string): string | undefined {
  const number = parsePhoneNumberFromString(text.trim(), defaultPhoneCountry)
  return number?.isValid() ? number.number : undefined
}

/** How a stored number is shown to people: `+90 532 555 01 00`. */
export function formatPhone(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164
}
