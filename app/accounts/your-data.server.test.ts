import { readFileSync } from 'node:fs'
import { describe, expect, it, vi } from 'vitest'
import type { DatabaseHandle } from '~/db/connect.server'
import type { PaymentProvider } from '~/adapters/payment/provider'
import { payOnSimulator, simulatorCards } from '~/adapters/payment/simulator.server'
import { findBooking, transitionBooking } from '~/booking/bookings.server'
import { bookAndPay } from '~/booking/book-and-pay.server'
import { settlePaymentCallback } from '~/booking/settle-payment.server'
import { lockBooking, updateBooking } from '~/booking/booking-store.server'
import { completeBooking } from '~/booking/passenger-names.server'
import { recordTravellerChange } from '~/booking/traveller-change.server'
import { writeTransaction } from '~/db/write.server'
import { translatorFor } from '~/i18n/fixed-translator.server'
import { bookingRecord, boardBookings } from '~/staff/board.server'
import { boardRowsOf } from '~/staff/ops-pages.server'
import { storageBackends, useMigratedDatabase } from '../../tests/support/database-backends'
import { billing } from '../../tests/support/booking-fixtures'
import {
  draftAtPayment,
  payContext,
  paymentStep,
  simulatorFor,
  tokenOf,
  tripDate,
} from '../../tests/support/payment-step'
import { exportTravellerData } from './your-data.server'
import { yourDataDownloadResponse } from './your-data-download.server'
import { deleteTravellerAccount } from './delete-account.server'
import { refundDuplicateCharges } from '~/jobs/maintenance.server'
import { deleteAccountAction } from './delete-account-action.server'
import { accountingRetentionYears, erasedBookingFields, keptBookingFields } from './personal-fields'

/**
 * A traveller's data against stored bookings, on a real SQLite file and on
 * PostgreSQL: the export holds the account and exactly the bookings of its
 * e-mail (however it was written), and deleting the account erases the
 * fields personal-fields.ts lists, keeps the others, takes the sign-ins
 * with it, refuses while a ride is to come, and leaves other people alone.
 */
describe.each(storageBackends())('a traveller’s data on $name', (backend) => {
  let handle: DatabaseHandle
  let simulator: PaymentProvider
  // Real time: the simulator dates its sessions by the clock.
  const now = new Date()
  let accounts = 0

  useMigratedDatabase(backend, (opened) => {
    handle = opened
    simulator = simulatorFor(handle)
  })

  /**
   * An account with one sign-in and one e-mailed link, as the account pages
   * make them; its address proved unless `proved` is false.
   */
  async function account(email: string, { proved = true } = {}) {
    const at = now.toISOString()
    const { id } = await handle.db
      .insertInto('traveller_accounts')
      .values({
        email,
        password_hash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2g',
        email_verified_at: proved ? at : null,
        language: 'en',
        saved_details: JSON.stringify({ phone: '+905321234567' }),
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const n = ++accounts
    await handle.db
      .insertInto('traveller_sessions')
      .values({
        id: `session-${n}`.padEnd(64, '0'),
        account_id: id,
        created_at: at,
        last_seen_at: at,
        expires_at: new Date(now.getTime() + 86_400_000).toISOString(),
        user_agent: 'Firefox',
        revoked_at: null,
      })
      .execute()
    await handle.db
      .insertInto('traveller_tokens')
      .values({
        id: `token-${n}`.padEnd(64, '0'),
        account_id: id,
        purpose: 'verify',
        created_at: at,
        expires_at: at,
        used_at: at,
      })
      .execute()
    return id
  }

  /**
   * A booking paid on the simulator for `email`, picked up `days` from today,
   * with a hotel pickup address, a sign, passenger names and company billing.
   */
  async function paidBooking(email: string, days: number) {
    const step = await draftAtPayment(handle, now, tripDate(now, days))
    await writeTransaction(handle, async (trx) => {
      const booking = await lockBooking(trx, step.booking.id)
      await updateBooking(
        trx,
        booking!,
        { email, pickup_address: 'Pera Palace Hotel', sign_name: 'AYSE Y' },
        now.toISOString(),
      )
    })
    const begun = await bookAndPay(
      await paymentStep(handle, step.booking.id),
      {
        intent: 'book',
        details: {
          ...billing,
          invoiceToCompany: true,
          company: 'Yılmaz Ltd',
          taxOffice: 'Kadıköy',
          taxNumber: '4540536920',
        },
      },
      payContext(simulator),
      now,
    )
    if (begun.kind !== 'page') throw new Error(begun.kind)
    await payOnSimulator(handle, tokenOf(begun.paymentPageUrl), simulatorCards.success, now)
    await settlePaymentCallback(handle, simulator, tokenOf(begun.paymentPageUrl), now, vi.fn())
    const paid = (await findBooking(handle, step.booking.id))!
    expect(paid.status).toBe('confirmed')
    await completeBooking(
      handle,
      paid,
      [
        {
          firstname: 'Ayşe',
          lastname: 'Yılmaz',
          identity: { nationality: 'TR', identityNumber: '10000000146', passportNumber: null },
        },
        { firstname: 'Mehmet', lastname: 'Kaya' },
      ],
      now,
    )
    // A change the traveller made: the audit log holds the values.
    await writeTransaction(handle, async (trx) => {
      const booking = await lockBooking(trx, paid.id)
      await recordTravellerChange(
        trx,
        booking!,
        { before: { phone: '+905321234567' }, after: { phone: '+905329876543' } },
        now,
      )
    })
    return (await findBooking(handle, paid.id))!
  }

  /** A paid booking whose ride was yesterday and is over (the driver marked it). */
  async function finishedBooking(email: string) {
    const booking = await paidBooking(email, -3)
    for (const status of ['on_the_way', 'arrived', 'on_board', 'finished'] as const) {
      await transitionBooking(handle, booking.id, status, now)
    }
    return (await findBooking(handle, booking.id))!
  }

  /** A message sent through the contact form from `email`. */
  async function contactMessage(email: string) {
    await handle.db
      .insertInto('contact_messages')
      .values({
        full_name: 'Ayşe Yılmaz',
        email,
        subject: 'Child seat',
        message: 'Do you have a seat for a two-year-old?',
        language: 'en',
        sender_hash: 'hash',
        mail_status: 'sent',
        created_at: now.toISOString(),
        mailed_at: null,
      })
      .execute()
  }

  const contactMessagesOf = (email: string) =>
    handle.db.selectFrom('contact_messages').select('email').where('email', '=', email).execute()

  it('exports the account, its sign-ins and only the bookings of its e-mail', async () => {
    const id = await account('export.me@example.com')
    const mine = await paidBooking('Export.Me@Example.com ', 4)
    const other = await paidBooking('someone.else@example.com', 4)
    await contactMessage('EXPORT.me@example.com')
    await contactMessage('someone.else@example.com')
    const exported = (await exportTravellerData(handle, id, now))!
    expect(exported.account).toMatchObject({
      email: 'export.me@example.com',
      language: 'en',
      hasPassword: true,
      savedDetails: { phone: '+905321234567' },
    })
    expect(JSON.stringify(exported)).not.toContain('argon2id')
    expect(exported.signIns).toEqual([
      expect.objectContaining({ browser: 'Firefox', endedAt: null }),
    ])
    expect(exported.bookings.map((booking) => booking.reference)).toEqual([mine.reference])
    expect(JSON.stringify(exported)).not.toContain(other.reference)
    const [booking] = exported.bookings
    expect(booking).toMatchObject({
      status: 'confirmed',
      ride: { pickupAddress: 'Pera Palace Hotel', arrivingFlight: 'TK1984', nameOnSign: 'AYSE Y' },
      contact: { firstName: 'Ayşe', email: 'Export.Me@Example.com ', phone: '+905321234567' },
      // The traveller's own copy holds the documents given, opened.
      passengerNames: [
        {
          firstName: 'Ayşe',
          lastName: 'Yılmaz',
          nationality: 'TR',
          identityNumber: '10000000146',
          passportNumber: null,
        },
        { firstName: 'Mehmet', lastName: 'Kaya' },
      ],
      billing: { company: 'Yılmaz Ltd', taxOffice: 'Kadıköy', taxNumber: '4540536920' },
      amounts: { currency: 'TRY', totalMinor: mine.total_minor, paidMinor: mine.paid_minor },
    })
    expect(booking!.extras).toEqual([
      { extra: 'childSeat', quantity: 1, unitPriceEuroCents: expect.any(Number) },
    ])
    expect(booking!.payments).toEqual([
      expect.objectContaining({ status: 'succeeded', paymentId: mine.payment_id }),
    ])
    expect(booking!.statusChanges.at(-1)).toMatchObject({ to: 'confirmed' })
    // The e-mail about the change went to the traveller: its words are theirs to see.
    expect(booking!.messagesSent.length).toBeGreaterThan(0)
    expect(exported.contactMessages).toEqual([
      expect.objectContaining({ email: 'EXPORT.me@example.com', subject: 'Child seat' }),
    ])

    const response = await yourDataDownloadResponse(handle, id, now)
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    expect(response.headers.get('Content-Disposition')).toMatch(
      /^attachment; filename="marmara-chauffeur-data-\d{4}-\d{2}-\d{2}\.json"$/,
    )
    expect((await response.json()).bookings[0].reference).toBe(mine.reference)
    expect((await yourDataDownloadResponse(handle, id + 1000, now)).status).toBe(404)
  })

  it('deletes the account and erases the listed fields, keeping what accounting needs', async () => {
    const id = await account('erase.me@example.com')
    const over = await finishedBooking('ERASE.me@example.com')
    const cancelled = await paidBooking('erase.me@example.com', 6)
    await transitionBooking(handle, cancelled.id, 'cancelled', now)
    const someoneElse = await finishedBooking('keep.me@example.com')
    await contactMessage('Erase.Me@example.com')
    await contactMessage('keep.me@example.com')

    expect(await deleteTravellerAccount(handle, id, now)).toEqual({
      kind: 'deleted',
      erasedBookings: 2,
    })
    for (const table of ['traveller_accounts', 'traveller_sessions', 'traveller_tokens'] as const) {
      const column = table === 'traveller_accounts' ? 'id' : 'account_id'
      expect(
        await handle.db.selectFrom(table).select(column).where(column, '=', id).execute(),
      ).toEqual([])
    }

    for (const before of [over, cancelled]) {
      const after = (await findBooking(handle, before.id))!
      for (const field of Object.keys(erasedBookingFields)) {
        expect(after[field as keyof typeof after], field).toBeNull()
      }
      for (const field of keptBookingFields) {
        if (field === 'status') continue
        expect(after[field], field).toEqual(before[field])
      }
      expect(after).toMatchObject({
        billing_first_name: 'Ayşe',
        billing_company: 'Yılmaz Ltd',
        billing_tax_number: '4540536920',
        billing_address: 'Bağdat Caddesi 1',
      })
      expect(
        await handle.db
          .selectFrom('booking_passengers')
          .select('id')
          .where('booking_id', '=', before.id)
          .execute(),
      ).toEqual([])
      const messages = await handle.db
        .selectFrom('outgoing_messages')
        .select(['recipient', 'text_body', 'html_body', 'subject'])
        .where('booking_id', '=', before.id)
        .execute()
      expect(messages.length).toBeGreaterThan(0)
      for (const message of messages) {
        expect(message).toEqual({
          recipient: 'erased',
          text_body: '',
          html_body: null,
          subject: null,
        })
      }
      const audit = await handle.db
        .selectFrom('staff_audit')
        .select(['action', 'before_json', 'after_json'])
        .where('booking_id', '=', before.id)
        .execute()
      const text = JSON.stringify(audit)
      expect(text).not.toContain('+90532')
      expect(text).not.toContain('erase.me')
      expect(audit.map((entry) => entry.action)).toContain('booking.personal_data_erased')
    }

    expect(await contactMessagesOf('Erase.Me@example.com')).toEqual([])
    expect(await contactMessagesOf('keep.me@example.com')).toHaveLength(1)

    // Other people's bookings are untouched.
    const other = (await findBooking(handle, someoneElse.id))!
    expect(other).toEqual({ ...someoneElse, updated_at: other.updated_at })
    expect(other).toMatchObject({ email: 'keep.me@example.com', phone: '+905321234567' })

    // The board and the staff booking page still read the erased booking.
    const record = (await bookingRecord(handle, over.reference))!
    expect(record.booking.email).toBeNull()
    expect(record.passengers).toEqual([])
    const rows = boardRowsOf(
      await boardBookings(handle, { from: over.trip_date, to: over.trip_date }),
      { language: 'en', t: translatorFor('en'), vehicleTitle: (code) => code },
    )
    const row = rows.find((candidate) => candidate.reference === over.reference)!
    expect(row).toMatchObject({ traveller: '', email: null, phone: null, flight: null })
    expect(row.route).toContain('→')
  })

  it('exports nothing for an account whose address is not proved, and deletes it alone', async () => {
    const id = await account('unproved@example.com', { proved: false })
    const past = await finishedBooking('Unproved@example.com')
    const toCome = await paidBooking('unproved@example.com', 5)
    await contactMessage('unproved@example.com')
    expect(await exportTravellerData(handle, id, now)).toBeUndefined()
    expect((await yourDataDownloadResponse(handle, id, now)).status).toBe(404)

    const beforePast = await findBooking(handle, past.id)
    const beforeToCome = await findBooking(handle, toCome.id)
    // No ride to come is named or stands in the way: the account alone goes.
    expect(await deleteTravellerAccount(handle, id, now)).toEqual({
      kind: 'deleted',
      erasedBookings: 0,
    })
    expect(await findBooking(handle, past.id)).toEqual(beforePast)
    expect(await findBooking(handle, toCome.id)).toEqual(beforeToCome)
    expect(await contactMessagesOf('unproved@example.com')).toHaveLength(1)
    const gone = await handle.db
      .selectFrom('traveller_accounts')
      .select('id')
      .where('id', '=', id)
      .execute()
    expect(gone).toEqual([])
    const sessions = await handle.db
      .selectFrom('traveller_sessions')
      .select('id')
      .where('account_id', '=', id)
      .execute()
    expect(sessions).toEqual([])
  })

  it('refunds a payment landing after the account was deleted, tells operations, confirms nothing', async () => {
    const id = await account('late@example.com')
    const step = await draftAtPayment(handle, now, tripDate(now, 5))
    await writeTransaction(handle, async (trx) => {
      const booking = await lockBooking(trx, step.booking.id)
      await updateBooking(trx, booking!, { email: 'late@example.com' }, now.toISOString())
    })
    // The payment page is still open in a tab.
    const begun = await bookAndPay(
      await paymentStep(handle, step.booking.id),
      { intent: 'book', details: { ...billing, paymentOption: 'fullCard' } },
      payContext(simulator),
      now,
    )
    if (begun.kind !== 'page') throw new Error(begun.kind)
    // The booking expired unpaid (no ride to come), and its traveller deleted the account.
    await transitionBooking(handle, step.booking.id, 'expired', now, 'unpaid')
    expect(await deleteTravellerAccount(handle, id, now)).toEqual({
      kind: 'deleted',
      erasedBookings: 1,
    })
    await payOnSimulator(handle, tokenOf(begun.paymentPageUrl), simulatorCards.success, now)
    await settlePaymentCallback(handle, simulator, tokenOf(begun.paymentPageUrl), now, vi.fn())

    const booking = (await findBooking(handle, step.booking.id))!
    expect(booking.status).not.toBe('confirmed')
    expect(booking).toMatchObject({ email: null, confirmed_at: null, mail_status: null })
    expect(booking.personal_data_erased_at).not.toBeNull()
    const mails = await handle.db
      .selectFrom('outgoing_messages')
      .select(['kind', 'subject'])
      .where('booking_id', '=', booking.id)
      .where('status', '!=', 'stopped')
      .execute()
    expect(mails).toEqual([
      {
        kind: 'ops.refund_due',
        subject: expect.stringContaining('paid after its data was erased'),
      },
    ])
    // The next maintenance run gives the charge back through the provider.
    expect(await refundDuplicateCharges(handle, simulator, now)).toEqual({
      refunded: 1,
      refundFailed: 0,
    })
  })

  it('refuses while a paid ride is to come, and changes nothing', async () => {
    const id = await account('soon@example.com')
    const past = await finishedBooking('soon@example.com')
    const toCome = await paidBooking('soon@example.com', 5)
    const result = await deleteTravellerAccount(handle, id, now)
    expect(result).toEqual({
      kind: 'ride-to-come',
      reference: toCome.reference,
      date: toCome.trip_date,
      time: '10:00',
    })
    expect(await findBooking(handle, past.id)).toMatchObject({ email: 'soon@example.com' })
    expect(
      await handle.db
        .selectFrom('traveller_sessions')
        .select('id')
        .where('account_id', '=', id)
        .execute(),
    ).toHaveLength(1)

    // Through the form: the refusal is the confirmation field's, with the ride's reference.
    const form = new FormData()
    form.set('confirmEmail', 'SOON@example.com')
    const answer = await deleteAccountAction(
      handle,
      { id, email: 'soon@example.com' },
      form,
      'en',
      now,
    )
    expect(answer).toMatchObject({ kind: 'refused', typed: 'SOON@example.com' })
    if (answer.kind !== 'refused') throw new Error(answer.kind)
    expect(answer.errors.confirmEmail![0]).toMatch(/^yourData\.errors\.rideToCome\?/)
    expect(answer.errors.confirmEmail![0]).toContain(toCome.reference)

    // Once the ride is cancelled, the account goes.
    await transitionBooking(handle, toCome.id, 'cancelled', now)
    expect(
      await deleteAccountAction(handle, { id, email: 'soon@example.com' }, form, 'en', now),
    ).toEqual({
      kind: 'deleted',
      erasedBookings: 2,
    })
  })

  it('refuses a confirmation that is not the account’s e-mail', async () => {
    const id = await account('careful@example.com')
    const form = new FormData()
    form.set('confirmEmail', 'careful@example.org')
    expect(
      await deleteAccountAction(handle, { id, email: 'careful@example.com' }, form, 'tr', now),
    ).toEqual({
      kind: 'refused',
      typed: 'careful@example.org',
      errors: { confirmEmail: ['yourData.errors.confirmMismatch'] },
    })
    form.set('confirmEmail', '  ')
    expect(
      await deleteAccountAction(handle, { id, email: 'careful@example.com' }, form, 'tr', now),
    ).toMatchObject({ errors: { confirmEmail: ['yourData.errors.confirmRequired'] } })
    expect(
      await handle.db
        .selectFrom('traveller_accounts')
        .select('id')
        .where('id', '=', id)
        .executeTakeFirst(),
    ).toEqual({ id })
  })
})

describe('the privacy policy', () => {
  it('says what deleting an account erases and keeps, in both languages', () => {
    const policy = JSON.parse(readFileSync('content/legal/privacy-policy.json', 'utf8')) as Record<
      'en' | 'tr',
      { sections: { heading: string }[] }
    >
    const section = (language: 'en' | 'tr', heading: RegExp) =>
      JSON.stringify(policy[language].sections.find((candidate) => heading.test(candidate.heading)))
    const en = section('en', /Your Account/)
    const tr = section('tr', /Hesabınız/)
    for (const words of ['phone', 'flight', 'notes', 'sign', 'pickup address', 'passengers']) {
      expect(en).toContain(words)
    }
    for (const words of ['telefon', 'uçuş', 'not', 'tabela', 'alış adresi', 'yolcu']) {
      expect(tr).toContain(words)
    }
    expect(en).toContain(
      `${accountingRetentionYears === 10 ? 'ten' : accountingRetentionYears} years`,
    )
    expect(tr).toContain('on yıl')
    for (const kept of ['tax office', 'tax number', 'billing name', 'payment identifiers']) {
      expect(en).toContain(kept)
    }
    expect(tr).toContain('vergi dairesi')
  })
})
