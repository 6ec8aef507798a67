import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * Twilio signs every request it makes to us (delivery reports, inbound
 * messages) in `X-Twilio-Signature`: the base64 HMAC-SHA1, keyed with the
 * account's auth token, of the full public URL it called followed by each POST
 * parameter's name and value, sorted by name. The URL is the one Twilio was
 * given (PUBLIC_BASE_URL + path + query), not the one the proxy passed on.
 */
export function twilioSignature(
  authToken: string,
  url: string,
  params: Iterable<[string, string]>,
): string {
  const sorted = [...params].sort(([a, aValue], [b, bValue]) =>
    a === b ? compare(aValue, bValue) : compare(a, b),
  )
  const payload = sorted.reduce((text, [name, value]) => text + name + value, url)
  return createHmac('sha1', authToken).update(payload, 'utf8').digest('base64')
}

/** Plain code-unit order, as Twilio's libraries sort (not the locale's). */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

/** Whether `signature` is Twilio's for this URL and these parameters. */
export function isTwilioSignatureValid(
  authToken: string,
  signature: string | null,
  url: string,
  params: Iterable<[string, string]>,
): boolean {
  if (!signature || !authToken) return false
  const expected = Buffer.from(twilioSignature(authToken, url, params))
  const given = Buffer.from(signature)
  return expected.length === given.length && timingSafeEqual(expected, given)
}
