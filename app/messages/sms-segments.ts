/**
 * How many SMS parts a text costs. An SMS carries 140 bytes: 160 characters of
 * the GSM 03.38 alphabet (7 bits each), or 70 UTF-16 code units once one
 * character is outside it (UCS-2). A longer text is split into parts that each
 * lose a header: 153 GSM characters or 67 UCS-2 units per part. GSM's escaped
 * characters (€, [, ], {, }, ~, ^, |, \ and form feed) take two places, and a
 * part never splits one of them, nor a UTF-16 surrogate pair.
 *
 * Turkish text with ç only stays GSM (ç is in the basic table, as Ç); ş, ğ, ı,
 * İ, Ş, Ğ and most other Turkish letters make the whole message UCS-2, which is
 * why the Turkish texts are the ones that decide how short a message must be.
 * Providers' national shift tables are not counted on: Twilio does not use them.
 */

/** The GSM 03.38 basic table, one place each. */
const GSM_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
    '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
)
/** The extension table, reached by an escape: two places each. */
const GSM_EXTENDED = new Set('\f^{}\\[~]|€')

export type SmsEncoding = 'GSM-7' | 'UCS-2'

export interface SmsSize {
  encoding: SmsEncoding
  /** Places used: GSM septets, or UCS-2 code units. */
  units: number
  segments: number
}

/** The maximum parts a message of ours may take (two: a long message is split, and costs, per part). */
export const MAX_SMS_SEGMENTS = 2

export function smsEncoding(text: string): SmsEncoding {
  for (const character of text) {
    if (!GSM_BASIC.has(character) && !GSM_EXTENDED.has(character)) return 'UCS-2'
  }
  return 'GSM-7'
}

export function smsSize(text: string): SmsSize {
  const encoding = smsEncoding(text)
  // Each character's places: GSM 1 or 2, UCS-2 1 or 2 (a surrogate pair).
  const places = [...text].map((character) =>
    encoding === 'GSM-7' ? (GSM_EXTENDED.has(character) ? 2 : 1) : character.length,
  )
  const units = places.reduce((sum, size) => sum + size, 0)
  const single = encoding === 'GSM-7' ? 160 : 70
  if (units <= single) return { encoding, units, segments: units === 0 ? 0 : 1 }
  const perPart = encoding === 'GSM-7' ? 153 : 67
  // Fill parts greedily: an escaped character or a pair that does not fit starts the next part.
  let segments = 1
  let used = 0
  for (const size of places) {
    if (used + size > perPart) {
      segments++
      used = 0
    }
    used += size
  }
  return { encoding, units, segments }
}
