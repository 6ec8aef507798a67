/**
 * The password rule for staff accounts: long enough to resist guessing, and
 * bounded so no one makes the server hash megabytes.
 */
export const staffPasswordMinLength = 12
export const staffPasswordMaxLength = 256

export type PasswordProblem = 'too-short' | 'too-long'

/** A password's length against a minimum and the common maximum. */
export function passwordLengthProblem(
  password: string,
  minLength: number,
): PasswordProblem | undefined {
  // Counted in characters as people type them, not UTF-16 units.
  const length = [...password].length
  if (length < minLength) return 'too-short'
  if (length > staffPasswordMaxLength) return 'too-long'
  return undefined
}

export function staffPasswordProblem(password: string): PasswordProblem | undefined {
  return passwordLengthProblem(password, staffPasswordMinLength)
}

/**
 * Travellers' passwords: a little shorter than staff's (an account shows
 * one person's bookings, not everyone's), hashed the same way.
 */
export const travellerPasswordMinLength = 10

export function travellerPasswordProblem(password: string): PasswordProblem | undefined {
  return passwordLengthProblem(password, travellerPasswordMinLength)
}

/** E-mails are compared lower-cased and trimmed. */
export function normalizeStaffEmail(email: string): string {
  return email.trim().toLowerCase()
}
