import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/connect.server'
import { storageBackends, useMigratedDatabase } from '../../tests/support/database-backends'
import { getEnv } from '~/config/env.server'
import { createDraft, savePassengerDetails } from './bookings.server'
import { draftInput, passenger } from '../../tests/support/booking-fixtures'
import { deliverMessage } from '~/messages/queue.server'
import { queueConfirmation } from './confirmation-mail.server'
import { readSignedKey } from './booking-access.server'
import { addDays, istanbulDate } from '~/domain/booking-window'

/** The outbox e-mail of a booking, its quoted-printable soft breaks and escapes undone. */
function mailFor(reference: string): string {
  const outbox = process.env.OUTBOX_DIR!
  const mails = readdirSync(outbox, { withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => readFileSync(join(outbox, entry.name), 'utf8'))
    .filter((mail) => mail.includes(reference))
  expect(mails).toHaveLength(1)
  const bytes = mails[0]!
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
  return Buffer.from(bytes, 'latin1').toString('utf8')
}

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

describe.each(storageBackends())('the confirmation e-mail on $name', (backend) => {
  let handle: DatabaseHandle

  useMigratedDatabase(backend, (opened) => (handle = opened))

  it('links to the invoice and the driver voucher through signed links, in text and HTML', async () => {
    const now = new Date()
    const { booking } = await createDraft(
      handle,
      draftInput(1, addDays(istanbulDate(now), 10)),
      now,
    )
    await savePassengerDetails(handle, booking.id, passenger, now)
    await handle.db
      .updateTable('bookings')
      .set({
        status: 'confirmed',
        payment_option: 'depositCash',
        paid_minor: Math.round(booking.total_minor * 0.3),
        confirmed_at: now.toISOString(),
        mail_status: 'pending',
        mail_attempts: 0,
      })
      .where('id', '=', booking.id)
      .execute()

    const { mailId: id } = await queueConfirmation(handle, booking.id, now)
    expect(await deliverMessage(handle, id!, now)).toBe('sent')
    const mail = mailFor(booking.reference)
    const base = escapeRegExp(getEnv().PUBLIC_BASE_URL.replace(/\/$/, ''))
    for (const [path, label] of [
      ['/invoice', 'Your invoice, to print or save as a PDF'],
      ['/booking-voucher', 'The voucher for your driver, to print or show on your phone'],
    ] as const) {
      const link = `${base}${escapeRegExp(path)}\\?key=([\\w-]+\\.[\\w-]+)`
      // Plain text: the label, then the link on its own line.
      const text = new RegExp(`${escapeRegExp(label)}:\\r?\\n${link}\\r?\\n`).exec(mail)
      expect(text, `${path} in the text part`).not.toBeNull()
      // HTML: the label is the link.
      const html = new RegExp(`<a href="${link}"[^>]*>${escapeRegExp(label)}</a>`).exec(mail)
      expect(html, `${path} in the HTML part`).not.toBeNull()
      // The key opens this booking and no other.
      expect(readSignedKey(text![1]!)).toBe(booking.id)
      expect(html![1]).toBe(text![1])
    }
  })
})
