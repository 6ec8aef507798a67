import { hash, verify } from '@node-rs/argon2'
import { staffPasswordMaxLength } from '~/domain/staff/password'

/**
 * Passwords of every kind of account (staff, travellers): argon2id with the
 * library's defaults (19 MiB, 2 passes, 1 lane: the OWASP minimum), which
 * keeps a sign-in near 50 ms. The PHC string carries the parameters and salt,
 * so stronger settings later still verify old hashes.
 */
export function hashPassword(password: string): Promise<string> {
  return hash(password)
}

/**
 * Verified when the e-mail is unknown, so that an unknown e-mail takes as long
 * as a wrong password and the answer time tells nothing. (The hash of a random
 * password no one knows.)
 */
export const unknownAccountHash =
  '$argon2id$v=19$m=19456,t=2,p=1$rGhEW9J5NXfd+a0XGGPLFw$FrQcuWddgUEQaYW2aUmO4xAgqPWCX0JUZDc5eXxCeWE'

/** Whether `password` matches a stored hash; a malformed hash matches nothing. */
export async function passwordMatches(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}

/**
 * Whether a password typed at a sign-in matches the account's stored hash.
 * What is typed is cut to a bound first (no password is longer, and argon2
 * need not hash a megabyte), and without a hash (an unknown e-mail, an
 * account with no password) the dummy hash is verified, so every refusal
 * takes as long as a wrong password; then nothing matches.
 */
export async function typedPasswordMatches(
  storedHash: string | null | undefined,
  typed: string,
): Promise<boolean> {
  const bounded = typed.slice(0, staffPasswordMaxLength * 4)
  const matches = await passwordMatches(storedHash ?? unknownAccountHash, bounded)
  return matches && Boolean(storedHash)
}
