import { describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/connect.server'
import { openDatabase } from '~/db/connect.server'
import { createDraft, findBooking } from '~/booking/bookings.server'
import { readSignedKey } from '~/booking/booking-access.server'
import { staffActionsOnBooking } from '~/audit/audit.server'
import { draftInput } from '../../tests/support/booking-fixtures'
import { storageBackends, useMigratedDatabase } from '../../tests/support/database-backends'
import {
  findBookingAddressRule,
  findBookingReferenceRule,
  requestBookingLink,
} from './find-booking.server'

const now = new Date('2026-11-20T08:00:00Z')
const minutesLater = (minutes: number) => new Date(now.getTime() + minutes * 60_000)

describe.each(storageBackends())('find my booking on $name', (backend) => {
  let handle: DatabaseHandle
  useMigratedDatabase(backend, (opened) => (handle = opened))

  let counter = 0
  /** A booking paid (or not) for `email`, picked up on `date` at 10:00. */
  async function booking(
    email: string,
    {
      status = 'confirmed',
      date = '2026-11-25',
    }: { status?: 'confirmed' | 'awaiting_payment' | 'cancelled'; date?: string } = {},
  ) {
    const { booking } = await createDraft(handle, draftInput(1, date), now)
    await handle.db
      .updateTable('bookings')
      .set({
        status,
        first_name: 'Ayşe',
        last_name: 'Yılmaz',
        email,
        confirmed_at: status === 'awaiting_payment' ? null : now.toISOString(),
      })
      .where('id', '=', booking.id)
      .execute()
    return (await findBooking(handle, booking.id))!
  }

  /** Each call from its own address, unless one is given: only the reference's limit counts. */
  const ask = (
    reference: string,
    email: string,
    at = now,
    clientAddress = `198.51.100.${counter++ % 250}`,
  ) => requestBookingLink({ reference, email, clientAddress }, at, handle)

  const mailsOf = (bookingId: string) =>
    handle.db
      .selectFrom('outgoing_messages')
      .select(['kind', 'recipient', 'subject', 'text_body', 'html_body'])
      .where('booking_id', '=', bookingId)
      .orderBy('id')
      .execute()

  it('mails the signed link to the booking’s own address when reference and e-mail match', async () => {
    const paid = await booking('Ayse.Yilmaz@example.com')
    // Typed as a traveller may: lower case, spaces, another case of the address.
    const outcome = await ask(` ${paid.reference.toLowerCase()} `, ' ayse.yilmaz@EXAMPLE.com ')
    expect(outcome).toEqual({ kind: 'answered' })
    const [mail, ...others] = await mailsOf(paid.id)
    expect(others).toEqual([])
    expect(mail).toMatchObject({ kind: 'traveller.link', recipient: 'Ayse.Yilmaz@example.com' })
    expect(mail!.subject).toContain(paid.reference)
    const key = /\/booking-received\?key=([\w.-]+)/.exec(mail!.text_body)?.[1]
    expect(readSignedKey(key ?? null)).toBe(paid.id)
    expect(mail!.text_body).toContain('/manage-booking')
    // Staff see that the link was asked for, by the traveller.
    const audit = await staffActionsOnBooking(handle.db, paid.id)
    expect(audit).toEqual([
      expect.objectContaining({ actor: 'traveller', staffName: null, action: 'booking.link_sent' }),
    ])
  })

  it('answers the same and sends nothing for a wrong e-mail, an unknown reference or an unpaid booking', async () => {
    const paid = await booking('mehmet@example.com')
    const unpaid = await booking('mehmet@example.com', { status: 'awaiting_payment' })
    expect(await ask(paid.reference, 'someone.else@example.com')).toEqual({ kind: 'answered' })
    expect(await ask('MC-ZZZZZZ', 'mehmet@example.com')).toEqual({ kind: 'answered' })
    expect(await ask(unpaid.reference, 'mehmet@example.com')).toEqual({ kind: 'answered' })
    expect(await mailsOf(paid.id)).toEqual([])
    expect(await mailsOf(unpaid.id)).toEqual([])
    expect(await staffActionsOnBooking(handle.db, paid.id)).toEqual([])
  })

  it('sends a cancelled booking its link, and after the links expired says how to get the invoice', async () => {
    const cancelled = await booking('can@example.com', { status: 'cancelled' })
    await ask(cancelled.reference, 'can@example.com')
    expect((await mailsOf(cancelled.id)).map((mail) => mail.kind)).toEqual(['traveller.link'])
    // Picked up long ago: 30 days after the pickup its links no longer open it.
    const old = await booking('deniz@example.com', { date: '2026-10-01' })
    await ask(old.reference, 'deniz@example.com')
    const [expired] = await mailsOf(old.id)
    expect(expired).toMatchObject({
      kind: 'traveller.link_expired',
      recipient: 'deniz@example.com',
    })
    expect(expired!.text_body).not.toContain('key=')
    expect(expired!.text_body).toContain('30 days after the ride')
  })

  it(`limits one reference to ${findBookingReferenceRule.max} requests an hour, from any address`, async () => {
    const paid = await booking('elif@example.com')
    for (let index = 0; index < findBookingReferenceRule.max; index++) {
      expect(await ask(paid.reference, 'wrong@example.com', minutesLater(index))).toEqual({
        kind: 'answered',
      })
    }
    // Even the right address is refused now, from yet another address and another instance.
    const other = backend.url ? openDatabase(backend.url) : handle
    try {
      const refused = await requestBookingLink(
        { reference: paid.reference, email: 'elif@example.com', clientAddress: '203.0.113.77' },
        minutesLater(10),
        other,
      )
      expect(refused).toEqual({ kind: 'rate-limited' })
    } finally {
      if (other !== handle) await other.db.destroy()
    }
    expect(await mailsOf(paid.id)).toEqual([])
    // An hour after the first request its place is free again.
    expect(await ask(paid.reference, 'elif@example.com', minutesLater(61))).toEqual({
      kind: 'answered',
    })
    expect(await mailsOf(paid.id)).toHaveLength(1)
  })

  it('limits one client address, whatever references it tries', async () => {
    const address = '192.0.2.44'
    const { max } = findBookingAddressRule()
    for (let index = 0; index < max; index++) {
      expect(await ask(`MC-${'ABCDEFGHJK'[index]}23456`, 'x@example.com', now, address)).toEqual({
        kind: 'answered',
      })
    }
    expect(await ask('MC-MNPQRT', 'x@example.com', minutesLater(1), address)).toEqual({
      kind: 'rate-limited',
    })
    expect(await ask('MC-MNPQRT', 'x@example.com', minutesLater(16), address)).toEqual({
      kind: 'answered',
    })
  })
})
