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

/** A chat with the number on WhatsApp (its click-to-chat link), or undefined for no number. */
export function whatsappLink(phone: string): string | undefined {
  const e164 = toE164(phone)
  return e164 ? `https://wa.me/${e164.slice(1)}` : undefined
}

/**
 * How one side of a ride reaches the other (the traveller their driver, the
 * driver their traveller): the number shown grouped, and a WhatsApp chat.
 * Only while the ride is to come or under way: once it has ended neither sees
 * the other's number.
 */
export function rideContact(
  phone: string | null | undefined,
  rideEnded: boolean,
): { phone: string; whatsapp: string | undefined } | null {
  if (!phone || rideEnded) return null
  return { phone: formatPhone(toE164(phone) ?? phone), whatsapp: whatsappLink(phone) }
}
