import { describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/connect.server'
import { createStaffAccount } from '~/staff/accounts.server'
import { staffActionsOnBooking } from '~/audit/audit.server'
import { draftInput } from '../../tests/support/booking-fixtures'
import { storageBackends, useMigratedDatabase } from '../../tests/support/database-backends'
import { createDraft } from './bookings.server'
import { sendStaffMessage } from './staff-message.server'

const now = new Date('2026-11-20T08:00:00Z')

describe.each(storageBackends())('staff writing to a traveller on $name', (backend) => {
  let handle: DatabaseHandle
  useMigratedDatabase(backend, (opened) => (handle = opened))

  let counter = 0
  async function paidBooking(updates: 'sms' | 'email', language: 'en' | 'tr' = 'en') {
    const { booking } = await createDraft(handle, draftInput(1, '2026-11-30'), now)
    await handle.db
      .updateTable('bookings')
      .set({
        status: 'confirmed',
        confirmed_at: now.toISOString(),
        first_name: 'Ayşe',
        last_name: 'Yılmaz',
        email: `ayse-${counter++}@example.com`,
        phone: '+905325550190',
        updates_channel: updates,
        language,
      })
      .where('id', '=', booking.id)
      .execute()
    return booking
  }

  async function dispatcher() {
    return createStaffAccount(
      handle,
      {
        email: `dispatch-${counter++}@example.com`,
        name: 'Deniz Ak',
        role: 'dispatcher',
        password: 'a-long-password-1',
      },
      now,
    )
  }

  function messagesOf(bookingId: string) {
    return handle.db
      .selectFrom('outgoing_messages')
      .select(['kind', 'channel', 'recipient', 'subject', 'text_body'])
      .where('booking_id', '=', bookingId)
      .orderBy('id')
      .execute()
  }

  it('texts the traveller by their channel, kept with the booking and in its audit log', async () => {
    const booking = await paidBooking('sms')
    const staff = await dispatcher()
    const message = 'Your driver is ten minutes late because of traffic on the bridge.'
    expect(
      await sendStaffMessage(
        handle,
        { bookingId: booking.id, staffAccountId: staff.id, channel: 'text', message },
        now,
      ),
    ).toEqual({ kind: 'sent', channel: 'text' })
    const [text, ...more] = await messagesOf(booking.id)
    expect(more).toEqual([])
    expect(text).toMatchObject({
      kind: 'text.staffMessage',
      channel: 'sms',
      recipient: '+905325550190',
    })
    expect(text!.text_body).toBe(`Marmara Chauffeur ${booking.reference}: ${message}`)
    const audit = await staffActionsOnBooking(handle.db, booking.id)
    expect(audit.map(({ action, after }) => [action, after])).toEqual([
      ['booking.message_sent', { channel: 'text', message }],
    ])
  })

  it('refuses a text too long for two SMS parts, saying how much to take out, and sends nothing', async () => {
    const booking = await paidBooking('sms', 'tr')
    const staff = await dispatcher()
    const message = 'Şoförünüz köprüdeki trafik yüzünden gecikecek. '.repeat(3)
    const outcome = await sendStaffMessage(
      handle,
      { bookingId: booking.id, staffAccountId: staff.id, channel: 'text', message },
      now,
    )
    expect(outcome.kind).toBe('tooLong')
    // 18 (brand) + 1 + 9 (reference) + 2 + the message, against 134 UCS-2 units.
    const units = 'Marmara Chauffeur '.length + booking.reference.length + 2 + message.trim().length
    expect(outcome).toEqual({ kind: 'tooLong', over: units - 134 })
    expect(await messagesOf(booking.id)).toEqual([])
    expect(await staffActionsOnBooking(handle.db, booking.id)).toEqual([])
  })

  it('e-mails a traveller who chose e-mail only, and refuses a text to them', async () => {
    const booking = await paidBooking('email')
    const staff = await dispatcher()
    const request = {
      bookingId: booking.id,
      staffAccountId: staff.id,
      message: 'Hello.\n\nSee you.',
    }
    expect(await sendStaffMessage(handle, { ...request, channel: 'text' }, now)).toEqual({
      kind: 'noTextChannel',
    })
    expect(await sendStaffMessage(handle, { ...request, channel: 'email' }, now)).toEqual({
      kind: 'sent',
      channel: 'email',
    })
    const [mail] = await messagesOf(booking.id)
    expect(mail).toMatchObject({
      kind: 'traveller.staff_message',
      channel: 'email',
      subject: `A message about your booking ${booking.reference} | Marmara Chauffeur`,
    })
    expect(mail!.text_body).toContain('Hello.\n\nSee you.')
  })
})
