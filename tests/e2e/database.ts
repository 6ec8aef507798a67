import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect } from '@playwright/test'
import Database from 'better-sqlite3'

/**
 * The SQLite file of the test server (playwright.config.ts gives each server its
 * own), opened by the tests to check what a journey stored: the real database,
 * not a mock. Tests only read it, except to age a quote, a booking or a sign-in they
 * created themselves.
 */
export function openServerDatabase(port = Number(process.env.E2E_PORT ?? 3210)): Database.Database {
  const database = new Database(`data/e2e-${port}.sqlite`, { fileMustExist: true })
  database.pragma('busy_timeout = 5000')
  return database
}

/** The .eml files the test server's mailer wrote (its outbox: no SMTP in the tests). */
export function outboxDir(): string {
  return `data/e2e-outbox-${Number(process.env.E2E_PORT ?? 3210)}`
}

/** Quoted-printable runs (=C3=97) as the UTF-8 text they encode. */
function decodeQuotedRuns(text: string): string {
  return text.replace(/(=[0-9A-F]{2})+/g, (run) =>
    Buffer.from(
      run
        .split('=')
        .slice(1)
        .map((hex) => parseInt(hex, 16)),
    ).toString('utf8'),
  )
}

/**
 * Every message in the outbox as searchable text: its quoted-printable line
 * breaks ('=\n') undone and its encoded characters decoded, so "Child Seat × 2"
 * or "Şile" can be looked for as written. Headers are kept as they are.
 */
export function outboxMessages(): string[] {
  const folder = outboxDir()
  return existsSync(folder)
    ? readdirSync(folder)
        .filter((file) => file.endsWith('.eml'))
        .map((file) => readFileSync(join(folder, file), 'utf8'))
        .map((mail) => decodeQuotedRuns(mail.replace(/=\r?\n/g, '')))
    : []
}

/** Undoes the transfer encodings of an e-mail: encoded words, quoted-printable, base64 parts. */
export function decodeMail(raw: string): { subject: string; body: string; attachments: string[] } {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/)
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ')
  const words = (value: string) =>
    value.replace(/=\?utf-8\?([qb])\?([^?]*)\?=\s*/gi, (_, kind: string, text: string) =>
      kind.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (__, hex: string) =>
                String.fromCharCode(parseInt(hex, 16)),
              ),
            'latin1',
          ).toString('utf8'),
    )
  const subject = words(/^Subject: (.*)$/im.exec(unfolded)?.[1] ?? '')
  const quoted = decodeQuotedRuns(rest.join('\n\n').replace(/=\r?\n/g, ''))
  const attachments = [...raw.matchAll(/filename\*?=(?:utf-8'')?"?([^";\r\n]+)"?/gi)].map((match) =>
    decodeURIComponent(match[1]!),
  )
  return { subject, body: quoted, attachments }
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

/**
 * A ride's pickup code, as its traveller would say it at the kerb: read from
 * the server's database by tests whose traveller's page is not open.
 */
export function pickupCodeOf(reference: string): string {
  const database = openServerDatabase()
  try {
    const row = database
      .prepare('select pickup_code from bookings where reference = ?')
      .get(reference) as { pickup_code: string }
    return row.pickup_code
  } finally {
    database.close()
  }
}

/**
 * The driver marking a ride finished, as the ride steps store it (its status
 * and the event), for specs of what comes after a ride.
 */
export function markFinished(reference: string) {
  const database = openServerDatabase()
  try {
    const booking = database
      .prepare('select id, status from bookings where reference = ?')
      .get(reference) as { id: string; status: string }
    const at = new Date().toISOString()
    database.prepare(`update bookings set status = 'finished' where id = ?`).run(booking.id)
    database
      .prepare(
        `insert into booking_events (booking_id, from_status, to_status, note, created_at)
         values (?, ?, 'finished', null, ?)`,
      )
      .run(booking.id, booking.status, at)
  } finally {
    database.close()
  }
}
