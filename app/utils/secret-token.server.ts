import { createHash, randomBytes } from 'node:crypto'

/**
 * The secrets handed to a browser or put in an e-mailed link (a session's
 * token, a sign-in link's token): 256 random bits, base64url. The database
 * keeps only their SHA-256, so a copy of it opens nothing.
 */
export const secretTokenPattern = /^[A-Za-z0-9_-]{43}$/

export function newSecretToken(): string {
  return randomBytes(32).toString('base64url')
}

/** The key a token is stored under: its SHA-256, hex. */
export function secretTokenKey(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}
