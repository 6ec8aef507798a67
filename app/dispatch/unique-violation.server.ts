/**
 * Whether a database error is a unique constraint refusing a duplicate, on
 * either database: the check before an insert can lose a race with another
 * request, and the constraint then has the last word.
 */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE'
}
