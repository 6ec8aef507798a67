import { describe, expect, it, vi } from 'vitest'
import type { DatabaseHandle } from '~/db/connect.server'
import type { CompaniesTable } from '~/db/schema'
import type { Insertable } from 'kysely'
import {
  createDraft,
  findBooking,
  markExtrasDone,
  savePassengerDetails,
  submitDraft,
} from '~/booking/bookings.server'
import { bookAndPay } from '~/booking/book-and-pay.server'
import { cancelBooking } from '~/booking/cancel-booking.server'
import { storageBackends, useMigratedDatabase } from '../../tests/support/database-backends'
import {
  billing,
  draftInput,
  passenger,
  returnDraftInput,
} from '../../tests/support/booking-fixtures'
import { payContext, paymentStep, simulatorFor, tripDate } from '../../tests/support/payment-step'
import { signInPartner, type PartnerSignInAttempt } from './partner-sign-in.server'
import {
  purgeOldPartnerSessions,
  readPartnerSession,
  revokePartnerUserSessions,
} from './partner-sessions.server'
import { chargeToAccount } from './on-account.server'
import { hashPassword } from '~/utils/password-hash.server'

/**
 * Partners against stored data, on a real SQLite file and on PostgreSQL:
 * signing in (limits, disabled users, inactive companies), a guest's booking
 * charged to the company's account at its net rate, two bookings racing for
 * the last of the credit from two connection pools, and the credit given back
 * when a ride is cancelled in time.
 */
describe.each(storageBackends())('partners on $name', (backend) => {
  let handle: DatabaseHandle
  const now = new Date()
  let companies = 0
  const password = 'front desk password 1'
  let passwordHash: string

  useMigratedDatabase(backend, (opened) => {
    handle = opened
  })

  /** A company (a unique tax number per test) with one partner user. */
  async function company(values: Partial<Insertable<CompaniesTable>> = {}) {
    passwordHash ??= await hashPassword(password)
    const n = ++companies
    const at = now.toISOString()
    const row = await handle.db
      .insertInto('companies')
      .values({
        name: `Hotel ${n}`,
        tax_office: 'Beyoğlu',
        tax_number: String(4540536900 + n),
        billing_address: `İstiklal Caddesi ${n}, Beyoğlu, İstanbul`,
        contact_email: `accounts${n}@hotel.example`,
        rate_kind: 'net',
        rate_percent: 10,
        payment_terms: 'account',
        credit_limit_cents: 100_000,
        created_by: null,
        created_at: at,
        updated_by: null,
        updated_at: at,
        ...values,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const user = await handle.db
      .insertInto('partner_users')
      .values({
        company_id: row.id,
        email: `desk${n}@hotel.example`,
        name: `Desk ${n}`,
        password_hash: passwordHash,
        created_at: at,
        updated_at: at,
      })
      .returning(['id', 'email'])
      .executeTakeFirstOrThrow()
    return { id: row.id, user }
  }

  const attempt = (
    email: string,
    typed = password,
    address = '10.0.0.1',
  ): PartnerSignInAttempt => ({
    email,
    password: typed,
    clientAddress: address,
    userAgent: 'vitest',
    secret: 'test-secret',
  })

  /** A guest's booking made by a partner, at the payment step, in euros. */
  async function guestBooking(owner: { id: number; user: { id: number } }, days = 5) {
    const { booking } = await createDraft(
      handle,
      { ...draftInput(1, tripDate(now, days)), currency: 'EUR' },
      now,
      { partner: { companyId: owner.id, userId: owner.user.id } },
    )
    await markExtrasDone(handle, booking.id, now)
    await savePassengerDetails(handle, booking.id, passenger, now)
    return paymentStep(handle, booking.id)
  }

  const creditUsed = async (companyId: number) =>
    (
      await handle.db
        .selectFrom('companies')
        .select('credit_used_cents')
        .where('id', '=', companyId)
        .executeTakeFirstOrThrow()
    ).credit_used_cents

  describe('sign-in', () => {
    it('signs a partner in with their company, and refuses a wrong password alike for all', async () => {
      const owner = await company()
      const outcome = await signInPartner(handle, attempt(owner.user.email.toUpperCase()), now)
      expect(outcome.signedIn).toBe(true)
      const token = outcome.signedIn ? outcome.token : ''
      const signedIn = await readPartnerSession(handle, token, now)
      expect(signedIn).toMatchObject({ user: { id: owner.user.id }, company: { id: owner.id } })
      expect(
        await signInPartner(handle, attempt(owner.user.email, 'wrong password 1'), now),
      ).toEqual({
        signedIn: false,
        reason: 'refused',
      })
      expect(await signInPartner(handle, attempt('nobody@hotel.example'), now)).toEqual({
        signedIn: false,
        reason: 'refused',
      })
    })

    it('locks an e-mail after five failures, even for the right password', async () => {
      const owner = await company()
      for (let n = 0; n < 5; n++) {
        await signInPartner(handle, attempt(owner.user.email, `wrong ${n}`, `10.1.0.${n}`), now)
      }
      expect(
        await signInPartner(handle, attempt(owner.user.email, password, '10.1.0.9'), now),
      ).toEqual({
        signedIn: false,
        reason: 'refused',
      })
    })

    it('ends the sessions of a disabled user and of an inactive company', async () => {
      const owner = await company()
      const first = await signInPartner(
        handle,
        attempt(owner.user.email, password, '10.2.0.1'),
        now,
      )
      const token = first.signedIn ? first.token : ''
      await handle.db
        .updateTable('companies')
        .set({ active: 0 })
        .where('id', '=', owner.id)
        .execute()
      expect(await readPartnerSession(handle, token, now)).toBeUndefined()
      expect(
        (await signInPartner(handle, attempt(owner.user.email, password, '10.2.0.2'), now))
          .signedIn,
      ).toBe(false)
      await handle.db
        .updateTable('companies')
        .set({ active: 1 })
        .where('id', '=', owner.id)
        .execute()
      expect(await readPartnerSession(handle, token, now)).toBeDefined()
      await revokePartnerUserSessions(handle.db, owner.user.id, now)
      expect(await readPartnerSession(handle, token, now)).toBeUndefined()
      // A month unused, the maintenance job deletes the row.
      const later = new Date(now.getTime() + 31 * 86_400_000)
      expect(await purgeOldPartnerSessions(handle, later)).toBeGreaterThanOrEqual(1)
      const left = await handle.db
        .selectFrom('partner_sessions')
        .select('id')
        .where('user_id', '=', owner.user.id)
        .execute()
      expect(left).toEqual([])
    })
  })

  describe('booking on account', () => {
    it('confirms a guest’s ride at the net rate, charged to the account with the company as buyer', async () => {
      const owner = await company()
      const step = await guestBooking(owner)
      expect(step.booking).toMatchObject({
        company_id: owner.id,
        partner_user_id: owner.user.id,
        settlement: 'card',
      })
      await submitDraft(handle, step.booking.id, billing, now)
      const sent = vi.fn()
      const result = await chargeToAccount(handle, step.booking.id, now, sent)
      expect(result.kind).toBe('confirmed')
      const booking = (await findBooking(handle, step.booking.id))!
      const net = Math.round(booking.total_minor * 0.1)
      expect(booking).toMatchObject({
        status: 'confirmed',
        settlement: 'account',
        discount_minor: net,
        paid_minor: booking.total_minor - net,
        billing_tax_office: 'Beyoğlu',
        payment_id: null,
      })
      const stored = await handle.db
        .selectFrom('companies')
        .select(['name', 'tax_number'])
        .where('id', '=', owner.id)
        .executeTakeFirstOrThrow()
      expect(booking).toMatchObject({
        billing_company: stored.name,
        billing_tax_number: stored.tax_number,
      })
      expect(await creditUsed(owner.id)).toBe(booking.total_minor - net)
      expect(sent).toHaveBeenCalledWith(handle, booking.id)
      const opsMail = await handle.db
        .selectFrom('outgoing_messages')
        .select('text_body')
        .where('booking_id', '=', booking.id)
        .where('kind', '=', 'ops.booking_confirmed')
        .executeTakeFirstOrThrow()
      expect(opsMail.text_body).toContain(stored.name)
      expect(opsMail.text_body).toContain('on account')
    })

    it('refuses a company paying by card, and a ride beyond the credit left', async () => {
      const byCard = await company({ payment_terms: 'card' })
      const step = await guestBooking(byCard)
      await submitDraft(handle, step.booking.id, billing, now)
      expect((await chargeToAccount(handle, step.booking.id, now, vi.fn())).kind).toBe(
        'not-on-account',
      )

      const small = await company({ credit_limit_cents: 1000 })
      const big = await guestBooking(small)
      await submitDraft(handle, big.booking.id, billing, now)
      expect(await chargeToAccount(handle, big.booking.id, now, vi.fn())).toMatchObject({
        kind: 'credit-exceeded',
        leftCents: 1000,
      })
      expect(await creditUsed(small.id)).toBe(0)
      expect((await findBooking(handle, big.booking.id))!.status).toBe('awaiting_payment')
    })

    it('leaves a trip there and back to the card, whose one charge the two rides share', async () => {
      const owner = await company()
      const { booking } = await createDraft(
        handle,
        { ...returnDraftInput(1, tripDate(now, 10), tripDate(now, 12)), currency: 'EUR' },
        now,
        { partner: { companyId: owner.id, userId: owner.user.id } },
      )
      await markExtrasDone(handle, booking.id, now)
      await savePassengerDetails(handle, booking.id, passenger, now)
      await submitDraft(handle, booking.id, billing, now)
      expect((await chargeToAccount(handle, booking.id, now, vi.fn())).kind).toBe('unavailable')
      expect(await creditUsed(owner.id)).toBe(0)
    })

    it('gives the last of the credit to one of two bookings racing on two connections', async () => {
      const owner = await company()
      const [first, second] = [await guestBooking(owner, 6), await guestBooking(owner, 7)]
      const amount = first.booking.total_minor - Math.round(first.booking.total_minor * 0.1)
      expect(second.booking.total_minor).toBe(first.booking.total_minor)
      // Room for one ride and a little more, never for two.
      await handle.db
        .updateTable('companies')
        .set({ credit_limit_cents: amount + amount - 1 })
        .where('id', '=', owner.id)
        .execute()
      for (const step of [first, second]) await submitDraft(handle, step.booking.id, billing, now)
      const other = await backend.openAnother()
      try {
        const results = await Promise.all([
          chargeToAccount(handle, first.booking.id, now, vi.fn()),
          chargeToAccount(other, second.booking.id, now, vi.fn()),
        ])
        expect(results.map((result) => result.kind).sort()).toEqual([
          'confirmed',
          'credit-exceeded',
        ])
      } finally {
        await other.db.destroy()
      }
      expect(await creditUsed(owner.id)).toBe(amount)
    })

    it('gives the credit back when the ride is cancelled in time, and keeps nothing of it', async () => {
      const owner = await company()
      const step = await guestBooking(owner, 8)
      await submitDraft(handle, step.booking.id, billing, now)
      await chargeToAccount(handle, step.booking.id, now, vi.fn())
      expect(await creditUsed(owner.id)).toBeGreaterThan(0)
      const cancelled = await cancelBooking(
        handle,
        simulatorFor(handle),
        { bookingId: step.booking.id, clientAddress: '127.0.0.1', by: { kind: 'traveller' } },
        now,
      )
      expect(cancelled).toMatchObject({
        kind: 'cancelled',
        refundMinor: 0,
        refund: { kind: 'none' },
      })
      expect(await creditUsed(owner.id)).toBe(0)
      expect(await findBooking(handle, step.booking.id)).toMatchObject({
        status: 'cancelled',
        paid_minor: 0,
      })
    })
  })

  describe('paying by card', () => {
    it('takes the net rate off the card payment and invoices the company', async () => {
      const owner = await company({ payment_terms: 'card', rate_percent: 20 })
      const step = await guestBooking(owner, 9)
      const provider = simulatorFor(handle)
      const result = await bookAndPay(
        step,
        { intent: 'book', details: { ...billing, paymentOption: 'fullCard' } },
        payContext(provider),
        now,
      )
      expect(result.kind).toBe('page')
      const booking = (await findBooking(handle, step.booking.id))!
      expect(booking.discount_minor).toBe(Math.round(booking.total_minor * 0.2))
      expect(booking).toMatchObject({ billing_tax_office: 'Beyoğlu', settlement: 'card' })
      const attempt = await handle.db
        .selectFrom('payment_attempts')
        .select(['amount_minor', 'currency'])
        .where('booking_id', '=', booking.id)
        .executeTakeFirstOrThrow()
      expect(attempt).toEqual({
        amount_minor: booking.total_minor - booking.discount_minor,
        currency: 'EUR',
      })
    })
  })
})
