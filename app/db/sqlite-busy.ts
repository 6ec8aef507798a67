/**
 * Whether a SQLite error means "another connection holds a lock: try again".
 * better-sqlite3 reports extended result codes, so besides plain SQLITE_BUSY
 * a connection can see SQLITE_BUSY_RECOVERY (another process is rebuilding a
 * new file's WAL index, which happens when several start on it at once) and
 * SQLITE_BUSY_SNAPSHOT; all of them read "database is locked" and all pass.
 */
export function isSqliteBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' && /^SQLITE_BUSY(_|$)/.test(code)
}
