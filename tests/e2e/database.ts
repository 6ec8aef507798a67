import Database from 'better-sqlite3'

/**
 * The SQLite file of the test server (playwright.config.ts gives each server its
 * own), opened by the tests to check what a journey stored: the real database,
 * not a mock. Tests only read it, except to age a quote or a booking they created themselves.
 */
export function openServerDatabase(): Database.Database {
  const port = Number(process.env.E2E_PORT ?? 3210)
  const database = new Database(`data/e2e-${port}.sqlite`, { fileMustExist: true })
  database.pragma('busy_timeout = 5000')
  return database
}

/** The .eml files the test server's mailer wrote (its outbox: no SMTP in the tests). */
export function outboxDir(): string {
  return `data/e2e-outbox-${Number(process.env.E2E_PORT ?? 3210)}`
}
