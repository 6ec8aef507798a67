import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/connect.server'
import type { BookingMailStatus } from '~/db/schema'
import { storageBackends, useMigratedDatabase } from '../../tests/support/database-backends'
import { createDraft, savePassengerDetails } from './bookings.server'
import { draftInput, passenger } from '../../tests/support/booking-fixtures'
import { retryConfirmations, sendConfirmation } from './confirmation-mail.server'

/** The outbox e-mails that mention a booking reference. */
function mailsFor(reference: string): string[] {
  const outbox = process.env.OUTBOX_DIR!
  return readdirSync(outbox, { withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => readFileSync(join(outbox, entry.name), 'utf8'))
    .filter((mail) => mail.includes(reference))
}

const minutes = (from: Date, count: number) => new Date(from.getTime() + count * 60_000)

describe.each(storageBackends())(
  'confirmation e-mails claimed with a lease on $name',
  (backend) => {
    let handle: DatabaseHandle
    const now = new Date()

    useMigratedDatabase(backend, (opened) => (handle = opened))

    /** A booking confirmed an hour ago whose e-mail is still to be sent. */
    async function confirmedBooking(mail: { status: BookingMailStatus; claimedUntil?: Date }) {
      const { booking } = await createDraft(handle, draftInput(1, '2026-11-30'), minutes(now, -70))
      await savePassengerDetails(handle, booking.id, passenger, minutes(now, -65))
      await handle.db
        .updateTable('bookings')
        .set({
          status: 'confirmed',
          payment_option: 'fullCard',
          paid_minor: booking.total_minor,
          confirmed_at: minutes(now, -60).toISOString(),
          updated_at: minutes(now, -60).toISOString(),
          mail_status: mail.status,
          mail_attempts: mail.status === 'pending' ? 0 : 1,
          mail_claimed_until: mail.claimedUntil?.toISOString() ?? null,
        })
        .where('id', '=', booking.id)
        .execute()
      return booking
    }

    async function mailState(id: string) {
      return handle.db
        .selectFrom('bookings')
        .select(['mail_status', 'mail_claimed_until', 'mail_attempts'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    }

    it('sends each confirmation once when the callback and two retry runs overlap', async () => {
      const bookings = [
        await confirmedBooking({ status: 'pending' }),
        await confirmedBooking({ status: 'pending' }),
        await confirmedBooking({ status: 'pending' }),
      ]
      await Promise.all([
        sendConfirmation(handle, bookings[0]!.id, now),
        retryConfirmations(handle, now),
        retryConfirmations(handle, now),
      ])
      for (const booking of bookings) {
        expect(mailsFor(booking.reference)).toHaveLength(1)
        expect(await mailState(booking.id)).toEqual({
          mail_status: 'sent',
          mail_claimed_until: null,
          mail_attempts: 1,
        })
      }
    })

    it('leaves a send within its lease alone', async () => {
      // Another instance claimed it and is still talking to the SMTP server.
      const booking = await confirmedBooking({ status: 'sending', claimedUntil: minutes(now, 8) })
      expect(await retryConfirmations(handle, now)).toBe(0)
      expect(await sendConfirmation(handle, booking.id, now)).toBe('skipped')
      expect(mailsFor(booking.reference)).toHaveLength(0)
      expect((await mailState(booking.id)).mail_status).toBe('sending')
    })

    it('names the calendar file in the language of the booking, with its reference', async () => {
      const booking = await confirmedBooking({ status: 'pending' })
      await handle.db
        .updateTable('bookings')
        .set({ language: 'tr' })
        .where('id', '=', booking.id)
        .execute()
      expect(await sendConfirmation(handle, booking.id, now)).toBe('sent')
      const [mail] = mailsFor(booking.reference)
      expect(mail).toMatch(new RegExp(`filename="?rezervasyon-${booking.reference}\\.ics"?`))
      expect(mail).not.toContain('booking.ics')
    })

    it('retries a send whose lease ran out (its process died), once', async () => {
      const booking = await confirmedBooking({ status: 'sending', claimedUntil: minutes(now, -1) })
      await Promise.all([retryConfirmations(handle, now), retryConfirmations(handle, now)])
      expect(mailsFor(booking.reference)).toHaveLength(1)
      expect(await mailState(booking.id)).toEqual({
        mail_status: 'sent',
        mail_claimed_until: null,
        mail_attempts: 2,
      })
    })
  },
)
