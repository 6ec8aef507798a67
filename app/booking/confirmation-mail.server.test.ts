import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/connect.server'
import type { BookingMailStatus } from '~/db/schema'
import { storageBackends, useMigratedDatabase } from '../../tests/support/database-backends'
import { createDraft, savePassengerDetails } from './bookings.server'
import { draftInput, passenger } from '../../tests/support/booking-fixtures'
import { deliverMessage, deliverQueuedMessages } from '~/messages/queue.server'
import { queueConfirmation, queueOwedConfirmations } from './confirmation-mail.server'
import { addDays, istanbulDate } from '~/domain/booking-window'

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
  'confirmation e-mails through the message queue on $name',
  (backend) => {
    let handle: DatabaseHandle
    const now = new Date()

    useMigratedDatabase(backend, (opened) => (handle = opened))

    /** A booking confirmed an hour ago whose e-mail is still to be sent. */
    async function confirmedBooking(mail: { status: BookingMailStatus; claimedUntil?: Date }) {
      const { booking } = await createDraft(
        handle,
        draftInput(1, addDays(istanbulDate(now), 10)),
        minutes(now, -70),
      )
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
      const booking = await handle.db
        .selectFrom('bookings')
        .select('mail_status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
      const queued = await handle.db
        .selectFrom('outgoing_messages')
        .select(['kind', 'status', 'attempts'])
        .where('booking_id', '=', id)
        .execute()
      return { mail_status: booking.mail_status, queued }
    }

    it('queues each confirmation once when the callback and two maintenance runs overlap', async () => {
      const bookings = [
        await confirmedBooking({ status: 'pending' }),
        await confirmedBooking({ status: 'pending' }),
        await confirmedBooking({ status: 'pending' }),
      ]
      await Promise.all([
        queueConfirmation(handle, bookings[0]!.id, now).catch(() => undefined),
        queueOwedConfirmations(handle, now),
        queueOwedConfirmations(handle, now),
      ])
      await deliverQueuedMessages(handle, now)
      for (const booking of bookings) {
        expect(mailsFor(booking.reference)).toHaveLength(1)
        expect(await mailState(booking.id)).toEqual({
          mail_status: 'queued',
          queued: [{ kind: 'traveller.confirmation', status: 'sent', attempts: 1 }],
        })
      }
      // Nothing is owed any more: another run queues nothing.
      expect(await queueOwedConfirmations(handle, now)).toBe(0)
    })

    it('queues a confirmation left half-sent before the queue took over, once', async () => {
      // The old sender's claim: its process stopped mid-send.
      const booking = await confirmedBooking({ status: 'sending', claimedUntil: minutes(now, -1) })
      await Promise.all([queueOwedConfirmations(handle, now), queueOwedConfirmations(handle, now)])
      await deliverQueuedMessages(handle, now)
      expect(mailsFor(booking.reference)).toHaveLength(1)
      expect((await mailState(booking.id)).queued).toHaveLength(1)
    })

    it('leaves alone a confirmation sent, or given up, before the queue took over', async () => {
      const sent = await confirmedBooking({ status: 'sent' })
      const failed = await confirmedBooking({ status: 'failed' })
      expect(await queueOwedConfirmations(handle, now)).toBe(0)
      expect(await queueConfirmation(handle, sent.id, now)).toEqual({})
      expect(await queueConfirmation(handle, failed.id, now)).toEqual({})
      expect(await mailState(sent.id)).toEqual({ mail_status: 'sent', queued: [] })
    })

    it('names the calendar file in the language of the booking, with its reference', async () => {
      const booking = await confirmedBooking({ status: 'pending' })
      await handle.db
        .updateTable('bookings')
        .set({ language: 'tr' })
        .where('id', '=', booking.id)
        .execute()
      const { mailId: id } = await queueConfirmation(handle, booking.id, now)
      expect(await deliverMessage(handle, id!, now)).toBe('sent')
      const [mail] = mailsFor(booking.reference)
      expect(mail).toMatch(new RegExp(`filename="?rezervasyon-${booking.reference}\\.ics"?`))
      expect(mail).not.toContain('booking.ics')
    })
  },
)
