import { describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/connect.server'
import { draftInput } from '../../tests/support/booking-fixtures'
import { storageBackends, useMigratedDatabase } from '../../tests/support/database-backends'
import { createDraft } from './bookings.server'
import { completeBooking } from './passenger-names.server'
import { documentsReminderKey, queueDocumentsReminders } from './documents-reminder.server'
import { findBooking } from './bookings.server'

// 3 December 2026, 10:00 in Istanbul is 07:00Z.
const dayBefore = (hours: number) =>
  new Date(Date.parse('2026-12-03T07:00:00Z') - hours * 3_600_000)
const tckn = { nationality: 'TR', identityNumber: '10000000146', passportNumber: null } as const
const passport = { nationality: 'DE', identityNumber: null, passportNumber: 'C01X00T47' } as const

/**
 * The reminder for passengers' documents, with a clock, on both databases:
 * within a day of the pickup, once, only while some are missing, by e-mail
 * with the signed link and by the traveller's text channel, never with a number.
 */
describe.each(storageBackends())('passenger documents reminders on $name', (backend) => {
  let handle: DatabaseHandle
  useMigratedDatabase(backend, (opened) => (handle = opened))

  let counter = 0
  async function booking(
    status: 'confirmed' | 'cancelled' = 'confirmed',
    date = '2026-12-03',
    channel: 'sms' | null = null,
  ) {
    const { booking: draft } = await createDraft(handle, draftInput(1, date), dayBefore(72))
    await handle.db
      .updateTable('bookings')
      .set({
        status,
        first_name: 'Ayşe',
        last_name: 'Yılmaz',
        email: `documents-${counter++}@example.com`,
        phone: '+905321234567',
        updates_channel: channel,
        passenger_count: 2,
        luggage_count: 2,
      })
      .where('id', '=', draft.id)
      .execute()
    return (await findBooking(handle, draft.id))!
  }

  const messagesFor = (bookingId: string) =>
    handle.db
      .selectFrom('outgoing_messages')
      .select(['kind', 'channel', 'dedupe_key', 'subject', 'text_body'])
      .where('booking_id', '=', bookingId)
      .orderBy('id')
      .execute()

  it('reminds within a day of the pickup, once, by e-mail and the text channel chosen', async () => {
    const missing = await booking('confirmed', '2026-12-03', 'sms')
    // A day and a half before: not yet.
    expect(await queueDocumentsReminders(handle, dayBefore(36))).toEqual([])
    const queued = await queueDocumentsReminders(handle, dayBefore(23))
    const messages = await messagesFor(missing.id)
    expect(queued).toHaveLength(2)
    expect(messages.map((message) => [message.kind, message.channel])).toEqual([
      ['traveller.documents_reminder', 'email'],
      ['text.documentsMissing', 'sms'],
    ])
    expect(messages[0]!.dedupe_key).toBe(documentsReminderKey(missing.id))
    expect(messages[0]!.subject).toMatch(/^Passenger documents needed for MC-/)
    expect(messages[0]!.text_body).toContain('/booking-received?key=')
    expect(messages[1]!.text_body).toMatch(/passport or T\.C\. number: http\S+\/r\//)
    // A Turkish booking reads Turkish, the text within two SMS parts of UCS-2.
    const turkish = await booking('confirmed', '2026-12-03', 'sms')
    await handle.db
      .updateTable('bookings')
      .set({ language: 'tr' })
      .where('id', '=', turkish.id)
      .execute()
    await queueDocumentsReminders(handle, dayBefore(22.5))
    const [mail, text] = await messagesFor(turkish.id)
    expect(mail!.subject).toMatch(/^MC-\S+ için yolcu belgeleri gerekli/)
    expect(mail!.text_body).toContain('T.C. kimlik numarasını')
    expect(text!.text_body).toMatch(/saat 10:00\. Yolcuların pasaport\/T\.C\. no\. eksik: http/)
    // Asked again in the same hour and later: nothing more.
    expect(await queueDocumentsReminders(handle, dayBefore(22))).toEqual([])
    expect(await messagesFor(missing.id)).toHaveLength(2)
    expect(await messagesFor(turkish.id)).toHaveLength(2)
  })

  it('says nothing when every passenger’s document is given, or the booking is cancelled', async () => {
    const given = await booking()
    await completeBooking(
      handle,
      given,
      [
        { firstname: 'Ayşe', lastname: 'Yılmaz', identity: tckn },
        { firstname: 'Hans', lastname: 'Müller', identity: passport },
      ],
      dayBefore(30),
    )
    const half = await booking()
    await completeBooking(
      handle,
      half,
      [{ firstname: 'Ayşe', lastname: 'Yılmaz', identity: tckn }],
      dayBefore(30),
    )
    const cancelled = await booking('cancelled')
    await queueDocumentsReminders(handle, dayBefore(20))
    expect(await messagesFor(given.id)).toEqual([])
    expect(await messagesFor(cancelled.id)).toEqual([])
    // One of two passengers given: still missing.
    const reminder = await messagesFor(half.id)
    expect(reminder.map((message) => message.kind)).toEqual(['traveller.documents_reminder'])
    expect(reminder[0]!.text_body).not.toContain('10000000146')
  })
})
