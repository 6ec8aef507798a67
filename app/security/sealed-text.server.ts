import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
} from 'node:crypto'
import { getEnv } from '~/config/env.server'

/**
 * Text sealed at rest with AES-256-GCM (docs/compliance.md, "Identity
 * numbers"): what a stolen database copy or backup must not give away, the
 * passengers' T.C. and passport numbers. A sealed value reads
 * `s1.<key id>.<iv>.<ciphertext>.<tag>` (base64url): the key id names which
 * key of the ring sealed it, so keys rotate without re-sealing at once, and
 * each value is bound to its purpose (the GCM's additional data), so one
 * cannot be copied into another kind of field and opened there.
 *
 * The ring is PERSONAL_DATA_KEYS (the first seals, all open); unset, a key is
 * derived from each SESSION_SECRET (HKDF-SHA-256), which keeps a site with no
 * new setting working and its values readable while an old secret stays listed.
 */

export type SealPurpose = 'passenger-identity' | 'driver-identity'

interface RingKey {
  id: string
  key: Buffer
}

const VERSION = 's1'

function keyId(key: Buffer): string {
  return createHash('sha256').update(key).digest('base64url').slice(0, 8)
}

function derivedKey(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'sealed-text', 'personal data v1', 32))
}

/** The keys, the sealing one first, from the settings given (the process's by default). */
export function keyRing(
  settings: { PERSONAL_DATA_KEYS: string[]; SESSION_SECRET: string[] } = getEnv(),
): RingKey[] {
  const keys =
    settings.PERSONAL_DATA_KEYS.length > 0
      ? settings.PERSONAL_DATA_KEYS.map((key) => Buffer.from(key, 'base64url'))
      : settings.SESSION_SECRET.map(derivedKey)
  return keys.map((key) => ({ id: keyId(key), key }))
}

export function seal(text: string, purpose: SealPurpose, ring: RingKey[] = keyRing()): string {
  const [sealing] = ring
  if (!sealing) throw new Error('No key to seal with')
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', sealing.key, iv)
  cipher.setAAD(Buffer.from(purpose))
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()])
  return [VERSION, sealing.id, iv, body, cipher.getAuthTag()]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.')
}

/** A sealed value that cannot be opened: its key is gone, or it was altered or moved. */
export class UnsealableError extends Error {
  constructor(reason: string) {
    super(`sealed value cannot be opened: ${reason}`)
    this.name = 'UnsealableError'
  }
}

export function unseal(sealed: string, purpose: SealPurpose, ring: RingKey[] = keyRing()): string {
  const [version, id, iv, body, tag, ...rest] = sealed.split('.')
  if (version !== VERSION || !id || !iv || !body || !tag || rest.length > 0) {
    throw new UnsealableError('not a sealed value')
  }
  const ringKey = ring.find((candidate) => candidate.id === id)
  if (!ringKey) throw new UnsealableError('its key is not in the ring')
  try {
    const decipher = createDecipheriv('aes-256-gcm', ringKey.key, Buffer.from(iv, 'base64url'))
    decipher.setAAD(Buffer.from(purpose))
    decipher.setAuthTag(Buffer.from(tag, 'base64url'))
    return Buffer.concat([
      decipher.update(Buffer.from(body, 'base64url')),
      decipher.final(),
    ]).toString('utf8')
  } catch {
    throw new UnsealableError('altered, or sealed for another purpose')
  }
}

/**
 * A keyed fingerprint of a text holding personal data (`<key id>.<HMAC>`):
 * enough to tell later whether the same text comes again, never enough to
 * find the text by trying every identity number, as a bare hash would allow.
 * It names its key, so a rotated ring still compares old fingerprints.
 */
export function fingerprint(text: string, purpose: string, ring: RingKey[] = keyRing()): string {
  const [sealing] = ring
  if (!sealing) throw new Error('No key to fingerprint with')
  return `${sealing.id}.${fingerprintWith(sealing.key, text, purpose)}`
}

/** Whether a text is the one a stored fingerprint was taken of. */
export function matchesFingerprint(
  stored: string | null,
  text: string,
  purpose: string,
  ring: RingKey[] = keyRing(),
): boolean {
  if (!stored) return false
  const [id, mac] = stored.split('.')
  const ringKey = ring.find((candidate) => candidate.id === id)
  return ringKey !== undefined && fingerprintWith(ringKey.key, text, purpose) === mac
}

function fingerprintWith(key: Buffer, text: string, purpose: string): string {
  const macKey = Buffer.from(hkdfSync('sha256', key, 'fingerprint', purpose, 32))
  return createHmac('sha256', macKey).update(text, 'utf8').digest('base64url')
}
