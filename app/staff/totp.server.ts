import { Secret, TOTP } from 'otpauth'
import { renderSVG } from 'uqr'

/**
 * Time-based one-time codes (RFC 6238, the authenticator apps' default: SHA-1,
 * 6 digits, 30 seconds), through `otpauth`. A code is accepted in its own step
 * and one step either side, for phones whose clocks drift a little.
 */
const PERIOD_SECONDS = 30
const WINDOW_STEPS = 1

export const totpCodePattern = /^\d{6}$/

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32
}

function totp(secret: string, label = 'staff', issuer = 'staff') {
  return new TOTP({
    issuer,
    label,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
  })
}

/** The otpauth:// address an authenticator app reads from the QR code. */
export function totpUri(secret: string, email: string, issuer: string): string {
  return totp(secret, email, issuer).toString()
}

/** The QR code of that address, as an SVG document to put inline in the page. */
export function totpQrSvg(uri: string): string {
  return renderSVG(uri, { border: 2 })
}

/** The code for `at` (tests, and nothing else, need to make one). */
export function totpCodeAt(secret: string, at: Date): string {
  return totp(secret).generate({ timestamp: at.getTime() })
}

/**
 * The time step `code` is valid for at `now`, or undefined when it is wrong
 * or was already used (its step is not after `lastStep`).
 */
export function acceptedTotpStep(
  secret: string,
  code: string,
  now: Date,
  lastStep: number | null,
): number | undefined {
  const token = code.replace(/\s/g, '')
  if (!totpCodePattern.test(token)) return undefined
  const delta = totp(secret).validate({ token, timestamp: now.getTime(), window: WINDOW_STEPS })
  if (delta === null) return undefined
  const step = Math.floor(now.getTime() / 1000 / PERIOD_SECONDS) + delta
  return lastStep !== null && step <= lastStep ? undefined : step
}
