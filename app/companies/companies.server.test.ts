import { describe, expect, it } from 'vitest'
import { verify } from '@node-rs/argon2'
import type { DatabaseHandle } from '~/db/connect.server'
import type { BookingsTable } from '~/db/schema'
import type { Updateable } from 'kysely'
import { createDraft } from '~/booking/bookings.server'
import { createStaffAccount } from '~/staff/accounts.server'
import { draftInput } from '../../tests/support/booking-fixtures'
import { storageBackends, useMigratedDatabase } from '../../tests/support/database-backends'
import { parseWithZod } from '@conform-to/zod/v4'
import { companySchema } from './company-forms'
import {
  addCompany,
  addPartnerUser,
  changeCompany,
  changePartnerUser,
  findCompany,
  type CompanyInput,
} from './company-store.server'
import { markStatementPaid, monthStatement, statementMonths } from './company-statements.server'

/**
 * Company accounts, their partner users and monthly statements against
 * stored data, on a real SQLite file and on PostgreSQL.
 */
const now = new Date('2026-11-20T08:00:00Z')

/** The form's errors by field, or undefined when it was taken. */
function companyForm(fields: Record<string, string>) {
  const form = new FormData()
  const values = {
    name: 'Pera Palace Travel',
    taxOffice: 'Beyoğlu',
    taxNumber: '4540536920',
    billingAddress: 'Meşrutiyet Caddesi 52, Beyoğlu, İstanbul',
    contactEmail: 'accounts@pera.example',
    rateKind: 'commission',
    ratePercent: '10',
    paymentTerms: 'account',
    creditLimit: '2500',
    ...fields,
  }
  for (const [name, value] of Object.entries(values)) form.set(name, value)
  const submission = parseWithZod(form, { schema: companySchema })
  return { status: submission.status, error: submission.reply().error ?? undefined }
}

describe('the company form', () => {
  it('takes a right VKN or TCKN and says what is wrong with a wrong one', () => {
    expect(companyForm({}).status).toBe('success')
    expect(companyForm({ taxNumber: '172 917 160 60' }).status).toBe('success')
    const short = companyForm({ taxNumber: '454053692' })
    expect(short.status).toBe('error')
    expect(short.error?.taxNumber).toEqual(['opsCompanies.errors.taxNumberLength'])
    const mistyped = companyForm({ taxNumber: '4540536921' })
    expect(mistyped.error?.taxNumber).toEqual(['opsCompanies.errors.taxNumberCheckDigit'])
  })
  it('keeps the percent between 0 and 50', () => {
    expect(companyForm({ ratePercent: '0' }).status).toBe('success')
    expect(companyForm({ ratePercent: '51' }).error?.ratePercent).toEqual([
      'opsCompanies.errors.ratePercentRange',
    ])
  })
})

describe.each(storageBackends())('company accounts on $name', (backend) => {
  let handle: DatabaseHandle
  let admin: number
  let taxNumbers = 0
  useMigratedDatabase(backend, (opened) => (handle = opened))

  // Valid VKNs (check digits right), one per company the tests add.
  const vkns = ['4540536920', '1234567890', '7654321093', '8765432107', '1357924685']
  async function adminId() {
    if (!admin) {
      admin = (
        await createStaffAccount(
          handle,
          {
            email: 'admin@example.com',
            name: 'Ayla Admin',
            role: 'admin',
            password: 'a-long-password-1',
          },
          now,
        )
      ).id
    }
    return admin
  }

  function input(changes: Partial<CompanyInput> = {}): CompanyInput {
    return {
      name: 'Hotel Bosphorus',
      taxOffice: 'Beşiktaş',
      taxNumber: vkns[taxNumbers++ % vkns.length]!,
      billingAddress: 'Çırağan Caddesi 1',
      contactEmail: 'accounts@bosphorus.example',
      rateKind: 'commission',
      ratePercent: 10,
      paymentTerms: 'account',
      creditLimitCents: 250_000,
      active: true,
      ...changes,
    }
  }

  async function auditRows(subject: string) {
    return handle.db
      .selectFrom('staff_audit')
      .selectAll()
      .where('subject', '=', subject)
      .orderBy('id')
      .execute()
  }

  it('adds a company, refuses its tax number twice, and audits each change', async () => {
    const by = await adminId()
    const first = input({ taxNumber: '4540536920' })
    const added = await addCompany(handle, first, by, now)
    expect(added.ok).toBe(true)
    if (!added.ok) return
    expect(await addCompany(handle, { ...first, name: 'Copy' }, by, now)).toEqual({
      ok: false,
      refusal: 'taxNumberTaken',
    })
    const other = await addCompany(handle, input({ taxNumber: '17291716060' }), by, now)
    expect(other.ok).toBe(true)
    if (!other.ok) return
    // Changing another company to the first one's number is refused too.
    expect(await changeCompany(handle, other.id, first, by, now)).toEqual({
      ok: false,
      refusal: 'taxNumberTaken',
    })
    const later = new Date('2026-11-21T08:00:00Z')
    expect(
      await changeCompany(
        handle,
        added.id,
        { ...first, ratePercent: 12, active: false },
        by,
        later,
      ),
    ).toEqual({ ok: true, id: added.id })
    const row = await findCompany(handle.db, added.id)
    expect(row).toMatchObject({ rate_percent: 12, active: 0, tax_number: '4540536920' })
    const audit = await auditRows(`company:${added.id}`)
    expect(audit.map((entry) => entry.action)).toEqual(['company.added', 'company.changed'])
    expect(JSON.parse(audit[1]!.before_json!)).toEqual({ ratePercent: 10, active: true })
    expect(JSON.parse(audit[1]!.after_json!)).toEqual({ ratePercent: 12, active: false })
    expect(audit[1]!.account_id).toBe(by)
    // Saved unchanged: nothing written, nothing logged.
    await changeCompany(handle, added.id, { ...first, ratePercent: 12, active: false }, by, later)
    expect(await auditRows(`company:${added.id}`)).toHaveLength(2)
  })

  it('adds partner users; disabling one or a new password ends their sessions', async () => {
    const by = await adminId()
    const company = await addCompany(handle, input({ taxNumber: '1234567890' }), by, now)
    if (!company.ok) throw new Error('not added')
    const user = await addPartnerUser(
      handle,
      company.id,
      { name: 'Deniz Front Desk', email: ' Deniz@Hotel.example ', password: 'front-desk-pass-1' },
      by,
      now,
    )
    if (!user.ok) throw new Error('not added')
    expect(
      await addPartnerUser(
        handle,
        company.id,
        { name: 'Again', email: 'deniz@hotel.example', password: 'front-desk-pass-2' },
        by,
        now,
      ),
    ).toEqual({ ok: false, refusal: 'emailTaken' })
    const stored = await handle.db
      .selectFrom('partner_users')
      .selectAll()
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow()
    expect(stored.email).toBe('deniz@hotel.example')
    expect(stored.password_hash).toMatch(/^\$argon2id\$/)
    expect(await verify(stored.password_hash, 'front-desk-pass-1')).toBe(true)

    const session = (id: string) => ({
      id,
      user_id: user.id,
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
      expires_at: '2026-12-20T08:00:00.000Z',
      user_agent: null,
      revoked_at: null,
    })
    await handle.db
      .insertInto('partner_sessions')
      .values([session('s1'), session('s2')])
      .execute()
    const disabledAt = new Date('2026-11-20T09:00:00Z')
    expect(
      await changePartnerUser(handle, company.id, user.id, { kind: 'disable' }, by, disabledAt),
    ).toEqual({ ok: true, sessionsEnded: 2 })
    const sessions = await handle.db
      .selectFrom('partner_sessions')
      .select(['id', 'revoked_at'])
      .where('user_id', '=', user.id)
      .orderBy('id')
      .execute()
    expect(sessions).toEqual([
      { id: 's1', revoked_at: disabledAt.toISOString() },
      { id: 's2', revoked_at: disabledAt.toISOString() },
    ])
    // Another company's page cannot reach this user.
    const other = await addCompany(handle, input({ taxNumber: '7654321093' }), by, now)
    if (!other.ok) throw new Error('not added')
    expect(await changePartnerUser(handle, other.id, user.id, { kind: 'enable' }, by, now)).toEqual(
      { ok: false, refusal: 'notFound' },
    )

    await changePartnerUser(handle, company.id, user.id, { kind: 'enable' }, by, now)
    await handle.db.insertInto('partner_sessions').values(session('s3')).execute()
    await changePartnerUser(
      handle,
      company.id,
      user.id,
      { kind: 'resetPassword', password: 'new-front-desk-pass' },
      by,
      now,
    )
    const after = await handle.db
      .selectFrom('partner_users')
      .selectAll()
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow()
    expect(after.disabled_at).toBeNull()
    expect(await verify(after.password_hash, 'new-front-desk-pass')).toBe(true)
    const third = await handle.db
      .selectFrom('partner_sessions')
      .select('revoked_at')
      .where('id', '=', 's3')
      .executeTakeFirstOrThrow()
    expect(third.revoked_at).toBe(now.toISOString())
    const audit = await auditRows(`company:${company.id}`)
    expect(audit.map((entry) => entry.action)).toEqual([
      'company.added',
      'partner_user.added',
      'partner_user.disabled',
      'partner_user.enabled',
      'partner_user.password_reset',
    ])
  })

  describe('statements', () => {
    let seq = 0
    /** A confirmed booking of the company picked up on `date`, with `columns` set. */
    async function ride(
      companyId: number,
      date: string,
      amountCents: number,
      columns: Updateable<BookingsTable> = {},
    ) {
      const { booking } = await createDraft(handle, draftInput(1, date), now, {
        selectionKey: `statement-${++seq}`,
      })
      await handle.db
        .updateTable('bookings')
        .set({
          status: 'confirmed',
          currency: 'EUR',
          rate: '1',
          total_minor: amountCents + 500,
          discount_minor: 500,
          confirmed_at: now.toISOString(),
          company_id: companyId,
          // Charged to the account: what chargeToAccount records as paid.
          settlement: 'account',
          paid_minor: amountCents,
          first_name: 'Guest',
          last_name: `Number ${seq}`,
          ...columns,
        })
        .where('id', '=', booking.id)
        .execute()
      return booking
    }

    async function cancelledAt(bookingId: string, at: string) {
      await handle.db
        .updateTable('bookings')
        .set({ status: 'cancelled' })
        .where('id', '=', bookingId)
        .execute()
      await handle.db
        .insertInto('booking_events')
        .values({
          booking_id: bookingId,
          from_status: 'confirmed',
          to_status: 'cancelled',
          note: null,
          created_at: at,
        })
        .execute()
    }

    it('adds up a commission company’s month and gives its credit back once', async () => {
      const by = await adminId()
      const added = await addCompany(
        handle,
        input({ taxNumber: '8765432107', ratePercent: 10 }),
        by,
        now,
      )
      if (!added.ok) throw new Error('not added')
      const id = added.id
      await handle.db
        .updateTable('companies')
        .set({ credit_used_cents: 50_000 })
        .where('id', '=', id)
        .execute()
      // December 2026: two rides on account, one by card, and cancellations.
      await ride(id, '2026-12-03', 12_345)
      await ride(id, '2026-12-10', 20_000)
      await ride(id, '2026-12-11', 8_000, { settlement: 'card', paid_minor: 8_000 })
      // On account, cancelled the day before pickup without a refund: the charge stays.
      const late = await ride(id, '2026-12-20', 6_000)
      await cancelledAt(late.id, '2026-12-19T12:00:00.000Z')
      // On account, cancelled days ahead: the cancellation took the charge off
      // the account (releaseAccountCharge), so nothing is kept.
      const early = await ride(id, '2026-12-21', 7_000, { paid_minor: 0 })
      await cancelledAt(early.id, '2026-12-10T12:00:00.000Z')
      // By card, cancelled with 3000 of its 9000 refunded: 6000 kept.
      const card = await ride(id, '2026-12-22', 9_000, {
        settlement: 'card',
        paid_minor: 9_000,
        payment_id: 'pay-1',
      })
      await cancelledAt(card.id, '2026-12-21T12:00:00.000Z')
      const attempt = await handle.db
        .insertInto('payment_attempts')
        .values({
          booking_id: card.id,
          provider: 'simulator',
          token: null,
          payment_page_url: null,
          amount_minor: 9_000,
          currency: 'EUR',
          payment_option: 'fullCard',
          status: 'succeeded',
          payment_id: 'pay-1',
          refund_status: null,
          error_code: null,
          error_group: null,
          created_at: now.toISOString(),
          expires_at: now.toISOString(),
          finished_at: now.toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      await handle.db
        .insertInto('payment_refunds')
        .values({
          attempt_id: attempt.id,
          booking_id: card.id,
          provider: 'simulator',
          amount_minor: 3_000,
          currency: 'EUR',
          status: 'succeeded',
          provider_refund_id: 'r-1',
          error_code: null,
          error_message: null,
          requested_by: by,
          requester: 'staff',
          created_at: now.toISOString(),
          finished_at: now.toISOString(),
        })
        .execute()
      // Not in the month: November, January, another company, a draft never confirmed.
      await ride(id, '2026-11-30', 1_000)
      await ride(id, '2027-01-01', 1_000)
      await ride(id, '2026-12-05', 1_000, { confirmed_at: null, status: 'awaiting_payment' })
      // A pickup at 00:00 on 30 November is on 1 December.
      await ride(id, '2026-11-30', 2_000, { trip_time: '00:00' })

      const company = (await findCompany(handle.db, id))!
      const statement = await monthStatement(handle.db, company, '2026-12', 'en')
      expect(statement.rides.map((line) => line.amountCents)).toEqual([
        2_000, 12_345, 20_000, 8_000,
      ])
      expect(statement.rides.map((line) => line.commissionCents)).toEqual([200, 1_235, 2_000, 800])
      expect(statement.cancellations.map((line) => line.keptCents)).toEqual([6_000, 0, 6_000])
      expect(statement.totals).toEqual({
        ridesCents: 42_345,
        onAccountDueCents: 2_000 + 12_345 + 20_000 + 6_000,
        paidByCardCents: 8_000 + 6_000,
        commissionCents: 4_235,
        keptCents: 12_000,
        balanceCents: 40_345 - 4_235,
      })
      expect(statement.paidAt).toBeNull()
      expect(await statementMonths(handle.db, id, '2026-11')).toEqual([
        '2027-01',
        '2026-12',
        '2026-11',
      ])

      const paidAt = new Date('2027-01-05T10:00:00Z')
      expect(await markStatementPaid(handle, id, '2026-12', by, paidAt)).toEqual({
        kind: 'marked',
        releasedCents: 40_345,
      })
      expect((await findCompany(handle.db, id))!.credit_used_cents).toBe(50_000 - 40_345)
      // A second mark gives nothing back again.
      expect(await markStatementPaid(handle, id, '2026-12', by, paidAt)).toEqual({
        kind: 'alreadyPaid',
      })
      expect((await findCompany(handle.db, id))!.credit_used_cents).toBe(9_655)
      const paid = await monthStatement(handle.db, company, '2026-12', 'en')
      expect(paid.paidAt).toBe(paidAt.toISOString())
      expect(paid.paidBy).toBe('Ayla Admin')
      const audit = await auditRows(`company:${id}`)
      expect(audit.at(-1)).toMatchObject({ action: 'company.statement_paid', account_id: by })
      expect(JSON.parse(audit.at(-1)!.after_json!)).toMatchObject({
        month: '2026-12',
        onAccountDueCents: 40_345,
        creditUsedCents: 9_655,
      })
      // More due than is in use: the credit in use stops at 0.
      await handle.db
        .updateTable('companies')
        .set({ credit_used_cents: 500 })
        .where('id', '=', id)
        .execute()
      expect(await markStatementPaid(handle, id, '2027-01', by, paidAt)).toEqual({
        kind: 'marked',
        releasedCents: 500,
      })
      expect((await findCompany(handle.db, id))!.credit_used_cents).toBe(0)
    })

    it('names each ride’s places as every page does, in the reader’s language', async () => {
      const by = await adminId()
      const added = await addCompany(handle, input({ taxNumber: '3850063352' }), by, now)
      if (!added.ok) throw new Error('not added')
      // Typed loosely by the traveller; the gazetteer's places are what the statement names.
      await ride(added.id, '2026-12-03', 10_000, {
        pickup_text: 'sabiha',
        destination_text: 'sile',
      })
      const company = (await findCompany(handle.db, added.id))!
      const [english] = (await monthStatement(handle.db, company, '2026-12', 'en')).rides
      expect([english!.from, english!.to]).toEqual(['Sabiha Gökçen Airport (SAW)', 'Şile'])
      const [turkish] = (await monthStatement(handle.db, company, '2026-12', 'tr')).rides
      expect(turkish!.from).toBe('Sabiha Gökçen Havalimanı (SAW)')
    })

    it('gives a net-rate company no commission: its balance is what is due on account', async () => {
      const by = await adminId()
      const added = await addCompany(
        handle,
        input({ taxNumber: '1357924685', rateKind: 'net', ratePercent: 15 }),
        by,
        now,
      )
      if (!added.ok) throw new Error('not added')
      await ride(added.id, '2026-12-03', 10_000)
      await ride(added.id, '2026-12-04', 5_000, { settlement: 'card', paid_minor: 5_000 })
      const statement = await monthStatement(
        handle.db,
        (await findCompany(handle.db, added.id))!,
        '2026-12',
        'en',
      )
      expect(statement.rides.map((line) => line.commissionCents)).toEqual([0, 0])
      expect(statement.totals).toMatchObject({
        ridesCents: 15_000,
        onAccountDueCents: 10_000,
        paidByCardCents: 5_000,
        commissionCents: 0,
        balanceCents: 10_000,
      })
    })
  })
})
