/**
 * The public booking reference (MC-7K4Q9P): its alphabet and its shape. Pure,
 * so the find-my-booking form checks it in the browser as on the server.
 */

/** No 0/O, 1/I/L or 5/S: a reference read over the phone is not mistaken. */
export const REFERENCE_ALPHABET = '2346789ABCDEFGHJKMNPQRTUVWXYZ'

export const referencePattern = new RegExp(`^MC-[${REFERENCE_ALPHABET}]{6}$`)

/**
 * A reference as a traveller may type it (any case, spaces, the dash or the
 * 'MC' left out: 'mc 7k4q9p', '7K4Q9P') in its one written form, 'MC-7K4Q9P'.
 */
export function normalizeReference(typed: string): string {
  const compact = typed.toUpperCase().replace(/[\s-]+/g, '')
  const code = compact.startsWith('MC') && compact.length === 8 ? compact.slice(2) : compact
  return `MC-${code}`
}
