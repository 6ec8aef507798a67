import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  fingerprint,
  keyRing,
  matchesFingerprint,
  seal,
  unseal,
  UnsealableError,
} from './sealed-text.server'

const newKey = () => randomBytes(32).toString('base64url')

describe('sealed text', () => {
  const ring = keyRing({ PERSONAL_DATA_KEYS: [newKey()], SESSION_SECRET: ['unused-secret-1234'] })

  it('opens what it sealed, and shows nothing of it', () => {
    const sealed = seal('10000000146', 'passenger-identity', ring)
    expect(sealed).toMatch(/^s1\.[\w-]{8}\.[\w-]+\.[\w-]+\.[\w-]+$/)
    expect(sealed).not.toContain('10000000146')
    expect(unseal(sealed, 'passenger-identity', ring)).toBe('10000000146')
    // A fresh IV each time: equal numbers do not give equal values.
    expect(seal('10000000146', 'passenger-identity', ring)).not.toBe(sealed)
  })

  it('refuses a value altered, moved to another purpose, or of a key not in the ring', () => {
    const sealed = seal('C01X00T47', 'passenger-identity', ring)
    const parts = sealed.split('.')
    const body = Buffer.from(parts[3]!, 'base64url')
    body[0] = body[0]! ^ 1
    const altered = [...parts.slice(0, 3), body.toString('base64url'), parts[4]].join('.')
    expect(() => unseal(altered, 'passenger-identity', ring)).toThrow(UnsealableError)
    expect(() => unseal(sealed, 'driver-identity', ring)).toThrow(UnsealableError)
    const other = keyRing({ PERSONAL_DATA_KEYS: [newKey()], SESSION_SECRET: [] })
    expect(() => unseal(sealed, 'passenger-identity', other)).toThrow(/not in the ring/)
    expect(() => unseal('C01X00T47', 'passenger-identity', ring)).toThrow(/not a sealed value/)
  })

  it('fingerprints a text without showing it, and knows it again after a rotation', () => {
    const text = '[{"identityNumber":"10000000146"}]'
    const taken = fingerprint(text, 'uetds-filing', ring)
    expect(taken).toMatch(/^[\w-]{8}\.[\w-]{43}$/)
    expect(taken).not.toContain('10000000146')
    // The same text gives the same fingerprint (that is its use), another text or purpose not.
    expect(fingerprint(text, 'uetds-filing', ring)).toBe(taken)
    expect(matchesFingerprint(taken, text, 'uetds-filing', ring)).toBe(true)
    expect(matchesFingerprint(taken, text.replace('6', '7'), 'uetds-filing', ring)).toBe(false)
    expect(matchesFingerprint(taken, text, 'another-purpose', ring)).toBe(false)
    expect(matchesFingerprint(null, text, 'uetds-filing', ring)).toBe(false)
    const rotated = [...keyRing({ PERSONAL_DATA_KEYS: [newKey()], SESSION_SECRET: [] }), ...ring]
    expect(matchesFingerprint(taken, text, 'uetds-filing', rotated)).toBe(true)
    const unrelated = keyRing({ PERSONAL_DATA_KEYS: [newKey()], SESSION_SECRET: [] })
    expect(matchesFingerprint(taken, text, 'uetds-filing', unrelated)).toBe(false)
  })

  it('rotates: a new first key seals, the old one still opens', () => {
    const [old] = keyRing({ PERSONAL_DATA_KEYS: [newKey()], SESSION_SECRET: [] })
    const before = seal('U12345678', 'passenger-identity', [old!])
    const rotated = [...keyRing({ PERSONAL_DATA_KEYS: [newKey()], SESSION_SECRET: [] }), old!]
    expect(unseal(before, 'passenger-identity', rotated)).toBe('U12345678')
    expect(seal('U12345678', 'passenger-identity', rotated).split('.')[1]).toBe(rotated[0]!.id)
  })

  it('derives its keys from the session secrets when none is set, old secrets still opening', () => {
    const before = keyRing({ PERSONAL_DATA_KEYS: [], SESSION_SECRET: ['first-secret-123456'] })
    const sealed = seal('10000000146', 'passenger-identity', before)
    const after = keyRing({
      PERSONAL_DATA_KEYS: [],
      SESSION_SECRET: ['second-secret-123456', 'first-secret-123456'],
    })
    expect(unseal(sealed, 'passenger-identity', after)).toBe('10000000146')
    expect(after[0]!.id).not.toBe(before[0]!.id)
  })
})
