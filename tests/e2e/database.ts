import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect } from '@playwright/test'
import Database from 'better-sqlite3'

/**
 * The SQLite file of the test server (playwright.config.ts gives each server its
 * own), opened by the tests to check what a journey stored: the real database,
 * not a mock. Tests only read it, except to age a quote they created themselves.
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

/** Every message in the outbox, its quoted-printable line breaks ('=\n') undone. */
export function outboxMessages(): string[] {
  const folder = outboxDir()
  return existsSync(folder)
    ? readdirSync(folder)
        .map((file) => readFileSync(join(folder, file), 'utf8'))
        .map((mail) => mail.replace(/=\r?\n/g, ''))
    : []
}

/** Waits until exactly `expected` outbox messages hold every one of `parts`, and returns them. */
export async function mailsWith(parts: string[], expected: number): Promise<string[]> {
  let found: string[] = []
  await expect
    .poll(() => {
      found = outboxMessages().filter((mail) => parts.every((part) => mail.includes(part)))
      return found.length
    })
    .toBe(expected)
  return found
}

/** The token of the payment-simulator page that paid a booking. */
export function paidToken(reference: string): string {
  const database = openServerDatabase()
  try {
    const row = database
      .prepare(
        `select payment_attempts.token from payment_attempts
           join bookings on bookings.id = payment_attempts.booking_id
          where bookings.reference = ? and payment_attempts.status = 'succeeded'`,
      )
      .get(reference) as { token: string }
    return row.token
  } finally {
    database.close()
  }
}
