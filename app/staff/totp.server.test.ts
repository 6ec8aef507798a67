import { describe, expect, it } from 'vitest'
import { acceptedTotpStep, newTotpSecret, totpCodeAt, totpUri } from './totp.server'

const now = new Date('2026-11-20T08:00:10Z')
const step = Math.floor(now.getTime() / 30_000)
const seconds = (count: number) => new Date(now.getTime() + count * 1000)

describe('TOTP codes', () => {
  const secret = newTotpSecret()

  it('makes a base32 secret and the address an authenticator app reads', () => {
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(totpUri(secret, 'ayse@example.com', 'Marmara Chauffeur')).toBe(
      `otpauth://totp/Marmara%20Chauffeur:ayse%40example.com?issuer=Marmara%20Chauffeur&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    )
  })

  it('accepts the code of this step and of the steps either side, not further', () => {
    expect(acceptedTotpStep(secret, totpCodeAt(secret, now), now, null)).toBe(step)
    expect(acceptedTotpStep(secret, totpCodeAt(secret, seconds(-30)), now, null)).toBe(step - 1)
    expect(acceptedTotpStep(secret, totpCodeAt(secret, seconds(30)), now, null)).toBe(step + 1)
    expect(acceptedTotpStep(secret, totpCodeAt(secret, seconds(-90)), now, null)).toBeUndefined()
  })

  it('accepts no code twice, nor one older than the last accepted', () => {
    const code = totpCodeAt(secret, now)
    expect(acceptedTotpStep(secret, code, now, step)).toBeUndefined()
    expect(acceptedTotpStep(secret, totpCodeAt(secret, seconds(-30)), now, step)).toBeUndefined()
    expect(acceptedTotpStep(secret, totpCodeAt(secret, seconds(30)), now, step)).toBe(step + 1)
  })

  it('takes a code typed with a space, and refuses anything but six digits', () => {
    const code = totpCodeAt(secret, now)
    expect(acceptedTotpStep(secret, `${code.slice(0, 3)} ${code.slice(3)}`, now, null)).toBe(step)
    expect(acceptedTotpStep(secret, '12345', now, null)).toBeUndefined()
    expect(acceptedTotpStep(secret, 'abcdef', now, null)).toBeUndefined()
  })
})
