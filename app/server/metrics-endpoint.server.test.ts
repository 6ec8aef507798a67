import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { bearerMatches } from './metrics-endpoint.server'

const token = 'a-metrics-token-of-32-characters'
const tokenDigest = createHash('sha256').update(token).digest()

describe('the metrics endpoint’s token check', () => {
  it('takes the token as a Bearer credential, the scheme in any case', () => {
    expect(bearerMatches(`Bearer ${token}`, tokenDigest)).toBe(true)
    expect(bearerMatches(`bearer ${token}`, tokenDigest)).toBe(true)
    expect(bearerMatches(`BEARER  ${token} `, tokenDigest)).toBe(true)
  })

  it('refuses no header, another scheme, a wrong token, and a part or an extension of it', () => {
    for (const header of [
      undefined,
      '',
      'Bearer',
      'Bearer ',
      token,
      `Basic ${Buffer.from(`prometheus:${token}`).toString('base64')}`,
      `Token ${token}`,
      'Bearer a-metrics-token-of-32-characterz',
      `Bearer ${token.slice(0, -1)}`,
      `Bearer ${token}x`,
      `Bearer ${token} ${token}`,
    ]) {
      expect([header, bearerMatches(header, tokenDigest)]).toEqual([header, false])
    }
  })

  it('refuses an empty token even against the digest of an empty one', () => {
    const emptyDigest = createHash('sha256').update('').digest()
    expect(bearerMatches('Bearer ', emptyDigest)).toBe(false)
    expect(bearerMatches(undefined, emptyDigest)).toBe(false)
  })
})
