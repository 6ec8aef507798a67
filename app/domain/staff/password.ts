/**
 * The password rule for staff accounts: long enough to resist guessing, and
 * bounded so no one makes the server hash megabytes.
 */
export const staffPasswordMinLength = 12
export const staffPasswordMaxLength = 256

export type PasswordProblem = 'too-short' | 'too-long'

export function staffPasswordProblem(password: string): PasswordProblem | undefined {
  // Counted in characters as people type them, not UTF-16 units.
  const length = [...password].length
  if (length < staffPasswordMinLength) return 'too-short'
  if (length > staffPasswordMaxLength) return 'too-long'
  return undefined
}

/** E-mails are compared lower-cased and trimmed. */
export function normalizeStaffEmail(email: string): string {
  return email.trim().toLowerCase()
}
