import { describe, expect, it } from 'vitest'
import {
  hasRecentProof,
  proofView,
  provedAddressOf,
  recentProofEndsAt,
  RECENT_PROOF_MINUTES,
} from './account-proof'

describe('the proofs an account rests on', () => {
  it('gives an address only once a link sent to it was opened, lower-cased and trimmed', () => {
    expect(provedAddressOf({ email: 'ayse@example.com', email_verified_at: null })).toBeUndefined()
    expect(
      provedAddressOf({ email: ' Ayse@Example.com ', email_verified_at: '2026-11-20T08:00:00Z' }),
    ).toBe('ayse@example.com')
  })

  it('counts a proof of the person for the set minutes after it, and none without one', () => {
    const provedAt = '2026-11-20T08:00:00.000Z'
    const at = (minutes: number) => new Date(Date.parse(provedAt) + minutes * 60_000)
    expect(recentProofEndsAt({ proved_at: provedAt })).toEqual(at(RECENT_PROOF_MINUTES))
    expect(hasRecentProof({ proved_at: provedAt }, at(0))).toBe(true)
    expect(hasRecentProof({ proved_at: provedAt }, at(RECENT_PROOF_MINUTES - 0.01))).toBe(true)
    expect(hasRecentProof({ proved_at: provedAt }, at(RECENT_PROOF_MINUTES))).toBe(false)
    expect(hasRecentProof({ proved_at: null }, at(0))).toBe(false)
    expect(hasRecentProof({ proved_at: 'not a date' }, at(0))).toBe(false)
  })

  it("shows the page until when, on Istanbul's clock, and whether a password can confirm", () => {
    const session = { proved_at: '2026-11-20T08:00:00.000Z' }
    const account = { password_hash: '$argon2id$…' }
    expect(proofView(session, account, new Date('2026-11-20T08:05:00Z'))).toEqual({
      recent: true,
      until: '11:10',
      hasPassword: true,
    })
    expect(proofView(session, { password_hash: null }, new Date('2026-11-20T08:10:00Z'))).toEqual({
      recent: false,
      until: null,
      hasPassword: false,
    })
  })
})
