import { istanbulClock } from '~/domain/booking-window'

/**
 * The two proofs an account's powers rest on, as pure rules.
 *
 * 1. **The address.** Anyone can register anyone's e-mail address with a
 *    password of their own, so an account says nothing about the bookings,
 *    messages or details held under its address until a link sent to that
 *    address is opened. Every read or erasure by address takes a
 *    `ProvedAddress`, which only `provedAddressOf` makes: a query for an
 *    unproved account's address cannot be written.
 * 2. **The person, recently.** A signed-in browser may be a shared or
 *    unattended one. Downloading everything held or deleting the account
 *    needs the holder to have proved who they are (the password typed, or a
 *    link from the mailbox opened) within the last few minutes; otherwise
 *    the account page asks again first.
 */

declare const provedAddress: unique symbol

/** An account's e-mail address, proved by a link sent to it; lower-cased and trimmed. */
export type ProvedAddress = string & { readonly [provedAddress]: true }

/** The account's address once proved; undefined before. */
export function provedAddressOf(account: {
  email: string
  email_verified_at: string | null
}): ProvedAddress | undefined {
  return account.email_verified_at
    ? (account.email.trim().toLowerCase() as ProvedAddress)
    : undefined
}

/** How long a proof of the person lets them download or delete their data. */
export const RECENT_PROOF_MINUTES = 10

/** When the session's last proof stops counting as recent; undefined without one. */
export function recentProofEndsAt(session: { proved_at: string | null }): Date | undefined {
  if (!session.proved_at) return undefined
  const provedAt = Date.parse(session.proved_at)
  if (Number.isNaN(provedAt)) return undefined
  return new Date(provedAt + RECENT_PROOF_MINUTES * 60_000)
}

/** Whether the session's holder proved who they are recently enough at `now`. */
export function hasRecentProof(session: { proved_at: string | null }, now: Date): boolean {
  const endsAt = recentProofEndsAt(session)
  return endsAt !== undefined && now.getTime() < endsAt.getTime()
}

/**
 * What the account page shows of the holder's proof: whether they proved who
 * they are recently enough to download or delete their data, until when
 * (on the Istanbul clock), and whether they can confirm again with a
 * password (or only with a sign-in link).
 */
export interface ProofView {
  recent: boolean
  until: string | null
  hasPassword: boolean
}

export function proofView(
  session: { proved_at: string | null },
  account: { password_hash: string | null },
  now: Date,
): ProofView {
  const endsAt = recentProofEndsAt(session)
  const recent = hasRecentProof(session, now)
  return {
    recent,
    until: recent && endsAt ? istanbulClock(endsAt) : null,
    hasPassword: account.password_hash !== null,
  }
}
