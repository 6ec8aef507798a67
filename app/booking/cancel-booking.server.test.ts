import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { DatabaseHandle } from '~/db/connect.server'
import { bookingPickupInstant } from '~/domain/trip-search'
import { findBooking } from '~/booking/bookings.server'
import { payOnSimulator, simulatorCards } from '~/adapters/payment/simulator.server'
import { createIyzicoProvider } from '~/adapters/payment/iyzico.server'
import type { PaymentProvider } from '~/adapters/payment/provider'
import { createStaffAccount } from '~/staff/accounts.server'
import { staffActionsOnBooking } from '~/audit/audit.server'
import { storageBackends, useMigratedDatabase } from '../../tests/support/database-backends'
import { billing } from '../../tests/support/booking-fixtures'
import { startFakeIyzico, type FakeIyzico } from '../../tests/support/iyzico-fake-server'
import { draftAtPayment, payContext, simulatorFor } from '../../tests/support/payment-step'
import { bookAndPay } from './book-and-pay.server'
import { settlePaymentCallback } from './settle-payment.server'
import { cancelBooking } from './cancel-booking.server'
import { claimRefund, refundByJob, retryRefund } from './refunds.server'
import { writeTransaction } from '~/db/write.server'
import { lockBooking } from './booking-store.server'
import {
  MAX_UNREACHABLE_REFUND_TRIES,
  retryUnreachableRefunds,
  runMaintenance,
} from '~/jobs/maintenance.server'
import { bookingStatuses, canTransition } from '~/domain/booking/status'

const keys = { apiKey: 'cancel-test-api-key', secretKey: 'cancel-test-secret-key' }

/**
 * Staff cancellation with a refund, stored: on a real SQLite file and on
 * PostgreSQL, with the real simulator and the fake iyzico server behind the
 * real iyzipay client.
 */
describe.each(storageBackends())('staff cancellation and refunds on $name', (backend) => {
  let handle: DatabaseHandle
  let simulator: PaymentProvider
  let fake: FakeIyzico
  let iyzico: PaymentProvider
  let dispatcherId: number
  // Real time: the simulator dates its sessions by the clock.
  const now = new Date()

  useMigratedDatabase(backend, (opened) => {
    handle = opened
    simulator = simulatorFor(handle)
  })
  beforeAll(async () => {
    fake = await startFakeIyzico(keys)
    iyzico = createIyzicoProvider({ ...keys, baseUrl: fake.url, timeoutMs: 2_000 })
  })
  afterAll(async () => {
    await fake.close()
  })

  async function dispatcher() {
    dispatcherId ??= (
      await createStaffAccount(
        handle,
        {
          email: `selin.${backend.name.toLowerCase()}@example.com`,
          name: 'Selin Demir',
          role: 'dispatcher',
          password: 'a-long-password-1',
        },
        now,
      )
    ).id
    return dispatcherId
  }

  /** A booking paid in full through `provider` and confirmed by its callback. */
  async function paidBooking(
    provider: PaymentProvider,
    paymentOption: 'fullCard' | 'depositCash' = 'fullCard',
  ) {
    const step = await draftAtPayment(handle, now)
    const begun = await bookAndPay(
      step,
      { intent: 'book', details: { ...billing, paymentOption } },
      payContext(provider),
      now,
    )
    if (begun.kind !== 'page') throw new Error(`no payment page: ${begun.kind}`)
    const url = new URL(begun.paymentPageUrl)
    const token = url.searchParams.get('token') ?? url.pathname.split('/').pop()!
    if (provider === simulator) await payOnSimulator(handle, token, simulatorCards.success, now)
    else fake.setPaymentOutcome(token, 'success')
    const settled = await settlePaymentCallback(handle, provider, token, now, vi.fn())
    expect(settled).toEqual({ kind: 'confirmed' })
    return (await findBooking(handle, step.booking.id))!
  }

  const mailsOf = (bookingId: string) =>
    handle.db
      .selectFrom('outgoing_messages')
      .select(['kind', 'recipient', 'subject', 'text_body'])
      .where('booking_id', '=', bookingId)
      .orderBy('id')
      .execute()

  const refundsOf = (bookingId: string) =>
    handle.db
      .selectFrom('payment_refunds')
      .select(['status', 'amount_minor', 'requested_by', 'error_code', 'provider_refund_id'])
      .where('booking_id', '=', bookingId)
      .orderBy('id')
      .execute()

  it('tells the operations mailbox of a confirmed booking once, with its staff page', async () => {
    const booking = await paidBooking(simulator)
    const mails = await mailsOf(booking.id)
    expect(mails).toEqual([
      expect.objectContaining({
        kind: 'ops.booking_confirmed',
        recipient: 'reservations@marmarachauffeur.com',
        subject: expect.stringContaining(booking.reference),
        text_body: expect.stringContaining(`/ops/bookings/${booking.reference}`),
      }),
    ])
    expect(mails[0]!.subject).toContain('Sabiha Gökçen Airport (SAW) → Şile')
    // The callback again, and the job's reconciliation: no second message.
    const token = await handle.db
      .selectFrom('payment_attempts')
      .select('token')
      .where('booking_id', '=', booking.id)
      .executeTakeFirstOrThrow()
    await settlePaymentCallback(handle, simulator, token.token!, now, vi.fn())
    expect(await mailsOf(booking.id)).toHaveLength(1)
  })

  it('cancels a paid booking and refunds the card in full, audited and mailed', async () => {
    const booking = await paidBooking(simulator)
    const staff = await dispatcher()
    const result = await cancelBooking(
      handle,
      simulator,
      {
        bookingId: booking.id,
        by: { kind: 'staff', accountId: staff },
        reason: 'Flight cancelled',
        refund: true,
        clientAddress: '203.0.113.9',
      },
      now,
    )
    expect(result).toMatchObject({
      kind: 'cancelled',
      refundMinor: booking.paid_minor,
      refund: { kind: 'succeeded' },
    })
    expect(await findBooking(handle, booking.id)).toMatchObject({ status: 'cancelled' })
    expect(await refundsOf(booking.id)).toEqual([
      expect.objectContaining({
        status: 'succeeded',
        amount_minor: booking.paid_minor,
        requested_by: staff,
      }),
    ])
    const simulated = await handle.db
      .selectFrom('simulator_refunds')
      .select('amount_minor')
      .where('payment_id', '=', booking.payment_id!)
      .execute()
    expect(simulated).toEqual([{ amount_minor: booking.paid_minor }])
    const audit = await staffActionsOnBooking(handle.db, booking.id)
    expect(audit.map((entry) => entry.action)).toEqual(['booking.cancelled', 'booking.refunded'])
    expect(audit[0]).toMatchObject({
      staffName: 'Selin Demir',
      before: { status: 'confirmed' },
      after: { status: 'cancelled', reason: 'Flight cancelled' },
    })
    const mails = await mailsOf(booking.id)
    expect(mails.map((mail) => mail.kind)).toEqual([
      'ops.booking_confirmed',
      'traveller.cancelled',
      'ops.booking_cancelled',
    ])
    expect(mails[1]).toMatchObject({ recipient: 'ayse@example.com' })
    expect(mails[1]!.text_body).toMatch(/We are refunding .+ to the card/)
    // A cancelled booking is not cancelled again, and nothing more is refunded.
    expect(
      await cancelBooking(
        handle,
        simulator,
        {
          bookingId: booking.id,
          by: { kind: 'staff', accountId: staff },
          reason: 'again',
          refund: true,
          clientAddress: '203.0.113.9',
        },
        now,
      ),
    ).toEqual({ kind: 'already-cancelled' })
    expect(await refundsOf(booking.id)).toHaveLength(1)
  })

  it('claims the refund once when two cancellations arrive together', async () => {
    const booking = await paidBooking(simulator)
    const staff = await dispatcher()
    const cancel = (reason: string) =>
      cancelBooking(
        handle,
        simulator,
        {
          bookingId: booking.id,
          by: { kind: 'staff', accountId: staff },
          reason,
          refund: true,
          clientAddress: '::1',
        },
        now,
      )
    const results = await Promise.all([cancel('first tab'), cancel('second tab')])
    expect(results.map((result) => result.kind).sort()).toEqual(['already-cancelled', 'cancelled'])
    expect(await refundsOf(booking.id)).toEqual([expect.objectContaining({ status: 'succeeded' })])
    const audit = await staffActionsOnBooking(handle.db, booking.id)
    expect(audit.filter((entry) => entry.action === 'booking.cancelled')).toHaveLength(1)
    const mails = await mailsOf(booking.id)
    expect(mails.filter((mail) => mail.kind === 'traveller.cancelled')).toHaveLength(1)
  })

  it('lets the traveller cancel online 24 hours or more ahead, refunded in full, audited as theirs', async () => {
    const booking = await paidBooking(simulator)
    const result = await cancelBooking(
      handle,
      simulator,
      { bookingId: booking.id, by: { kind: 'traveller' }, clientAddress: '203.0.113.9' },
      now,
    )
    expect(result).toMatchObject({
      kind: 'cancelled',
      refundMinor: booking.paid_minor,
      refund: { kind: 'succeeded' },
    })
    expect(await findBooking(handle, booking.id)).toMatchObject({ status: 'cancelled' })
    const refunds = await handle.db
      .selectFrom('payment_refunds')
      .select(['status', 'amount_minor', 'requested_by', 'requester'])
      .where('booking_id', '=', booking.id)
      .execute()
    expect(refunds).toEqual([
      {
        status: 'succeeded',
        amount_minor: booking.paid_minor,
        requested_by: null,
        requester: 'traveller',
      },
    ])
    const simulated = await handle.db
      .selectFrom('simulator_refunds')
      .select('amount_minor')
      .where('payment_id', '=', booking.payment_id!)
      .execute()
    expect(simulated).toEqual([{ amount_minor: booking.paid_minor }])
    const audit = await staffActionsOnBooking(handle.db, booking.id)
    expect(audit.map(({ action, actor, staffName }) => ({ action, actor, staffName }))).toEqual([
      { action: 'booking.cancelled', actor: 'traveller', staffName: null },
      { action: 'booking.refunded', actor: 'traveller', staffName: null },
    ])
    const mails = await mailsOf(booking.id)
    expect(mails.map((mail) => mail.kind)).toEqual([
      'ops.booking_confirmed',
      'traveller.cancelled',
      'ops.booking_cancelled',
    ])
    expect(mails[1]!.text_body).toMatch(/We are refunding .+ to the card/)
    expect(mails[2]!.text_body).toContain('The traveller cancelled this booking.')
  })

  it('refunds a deposit booking its deposit, what the card paid', async () => {
    const booking = await paidBooking(simulator, 'depositCash')
    expect(booking.paid_minor).toBeLessThan(booking.total_minor)
    const result = await cancelBooking(
      handle,
      simulator,
      { bookingId: booking.id, by: { kind: 'traveller' }, clientAddress: '::1' },
      now,
    )
    expect(result).toMatchObject({ kind: 'cancelled', refundMinor: booking.paid_minor })
    expect(await refundsOf(booking.id)).toEqual([
      expect.objectContaining({ status: 'succeeded', amount_minor: booking.paid_minor }),
    ])
  })

  it('does not let the traveller cancel under 24 hours before pickup, and changes nothing', async () => {
    const booking = await paidBooking(simulator)
    const pickup = bookingPickupInstant(booking)
    const lateNow = new Date(pickup.getTime() - 23 * 3_600_000)
    expect(
      await cancelBooking(
        handle,
        simulator,
        { bookingId: booking.id, by: { kind: 'traveller' }, clientAddress: '::1' },
        lateNow,
      ),
    ).toEqual({ kind: 'too-late' })
    expect(await findBooking(handle, booking.id)).toMatchObject({ status: 'confirmed' })
    expect(await refundsOf(booking.id)).toEqual([])
    expect(await staffActionsOnBooking(handle.db, booking.id)).toEqual([])
    expect((await mailsOf(booking.id)).map((mail) => mail.kind)).toEqual(['ops.booking_confirmed'])
  })

  it('cancels once when the traveller and a dispatcher cancel together', async () => {
    const booking = await paidBooking(simulator)
    const staff = await dispatcher()
    const results = await Promise.all([
      cancelBooking(
        handle,
        simulator,
        { bookingId: booking.id, by: { kind: 'traveller' }, clientAddress: '::1' },
        now,
      ),
      cancelBooking(
        handle,
        simulator,
        {
          bookingId: booking.id,
          by: { kind: 'staff', accountId: staff },
          reason: 'Called to cancel',
          refund: true,
          clientAddress: '::1',
        },
        now,
      ),
    ])
    expect(results.map((result) => result.kind).sort()).toEqual(['already-cancelled', 'cancelled'])
    expect(await refundsOf(booking.id)).toEqual([expect.objectContaining({ status: 'succeeded' })])
    const audit = await staffActionsOnBooking(handle.db, booking.id)
    expect(audit.filter((entry) => entry.action === 'booking.cancelled')).toHaveLength(1)
  })

  it('cancels without a refund when staff choose none, and says so in Turkish', async () => {
    const booking = await paidBooking(simulator)
    // A traveller who booked in Turkish is written to in Turkish.
    await handle.db
      .updateTable('bookings')
      .set({ language: 'tr' })
      .where('id', '=', booking.id)
      .execute()
    const result = await cancelBooking(
      handle,
      simulator,
      {
        bookingId: booking.id,
        by: { kind: 'staff', accountId: await dispatcher() },
        reason: 'No-show policy',
        refund: false,
        clientAddress: '::1',
      },
      now,
    )
    expect(result).toEqual({ kind: 'cancelled', refundMinor: 0, refund: { kind: 'none' } })
    expect(await refundsOf(booking.id)).toEqual([])
    const mails = await mailsOf(booking.id)
    const travellers = mails.find((mail) => mail.kind === 'traveller.cancelled')
    expect(travellers?.subject).toContain('rezervasyonunuz iptal edildi')
    expect(travellers?.text_body).toContain('Bu iptal için iade yapılmayacaktır.')
    // The operations mailbox reads English whatever the traveller's language.
    expect(mails.find((mail) => mail.kind === 'ops.booking_cancelled')?.text_body).toContain(
      'Refund: No refund',
    )
  })

  it('records a refund iyzico refused, and refunds it when staff try again', async () => {
    const booking = await paidBooking(iyzico)
    const staff = await dispatcher()
    // Past iyzico's end of day the payment can no longer be cancelled, only refunded.
    fake.settleDay()
    fake.setNextRefundFailure({ errorCode: '5093', errorMessage: 'İade şu an yapılamıyor' })
    const result = await cancelBooking(
      handle,
      iyzico,
      {
        bookingId: booking.id,
        by: { kind: 'staff', accountId: staff },
        reason: 'Traveller asked',
        refund: true,
        clientAddress: '::1',
      },
      now,
    )
    expect(result).toMatchObject({
      kind: 'cancelled',
      refund: { kind: 'failed', errorCode: '5093' },
    })
    expect(await findBooking(handle, booking.id)).toMatchObject({ status: 'cancelled' })
    expect(fake.refunds.get(booking.payment_id!)).toBeUndefined()
    const attempt = await handle.db
      .selectFrom('payment_attempts')
      .select('id')
      .where('booking_id', '=', booking.id)
      .where('status', '=', 'succeeded')
      .executeTakeFirstOrThrow()
    const retry = (accountId: number) =>
      retryRefund(
        handle,
        iyzico,
        {
          bookingId: booking.id,
          attemptId: attempt.id,
          staffAccountId: accountId,
          clientAddress: '::1',
        },
        now,
      )
    // Two retries at once: one refund is claimed, the other finds nothing to retry.
    const retries = await Promise.all([retry(staff), retry(staff)])
    expect(retries.map((r) => r.kind).sort()).toEqual(['nothing-to-retry', 'retried'])
    expect(retries.find((r) => r.kind === 'retried')).toMatchObject({
      outcome: { kind: 'succeeded' },
    })
    expect(fake.refunds.get(booking.payment_id!)).toBe(booking.paid_minor)
    expect(await refundsOf(booking.id)).toEqual([
      expect.objectContaining({ status: 'failed', error_code: '5093' }),
      expect.objectContaining({ status: 'succeeded', provider_refund_id: expect.any(String) }),
    ])
    const audit = await staffActionsOnBooking(handle.db, booking.id)
    expect(audit.map((entry) => entry.action)).toEqual([
      'booking.cancelled',
      'booking.refund_failed',
      'booking.refunded',
    ])
    // The traveller hears that the refund went through after all.
    const mails = await mailsOf(booking.id)
    expect(mails.map((mail) => mail.kind)).toContain('traveller.refunded')
    expect(await retry(staff)).toEqual({ kind: 'nothing-to-retry' })
  })

  it("voids a payment iyzico took the same day, and tells the booking's log so", async () => {
    const booking = await paidBooking(iyzico)
    const result = await cancelBooking(
      handle,
      iyzico,
      {
        bookingId: booking.id,
        by: { kind: 'staff', accountId: await dispatcher() },
        reason: 'Traveller asked',
        refund: true,
        clientAddress: '::1',
      },
      now,
    )
    expect(result).toMatchObject({ kind: 'cancelled', refund: { kind: 'succeeded' } })
    expect(fake.cancelled.has(booking.payment_id!)).toBe(true)
    expect(fake.refunds.get(booking.payment_id!)).toBeUndefined()
    expect(await refundsOf(booking.id)).toEqual([
      expect.objectContaining({
        status: 'succeeded',
        amount_minor: booking.paid_minor,
        provider_refund_id: expect.stringMatching(/cancel$/),
      }),
    ])
    const notes = await handle.db
      .selectFrom('booking_events')
      .select('note')
      .where('booking_id', '=', booking.id)
      .execute()
    expect(notes.map((event) => event.note)).toContainEqual(
      expect.stringMatching(/^same-day cancel of [\d.]+ \w{3} made/),
    )
    const audit = await staffActionsOnBooking(handle.db, booking.id)
    expect(audit.find((entry) => entry.action === 'booking.refunded')).toMatchObject({
      after: expect.objectContaining({ method: 'cancel' }),
    })
  })

  it('tries again by itself a refund the provider could not be reached for, up to five times', async () => {
    const booking = await paidBooking(iyzico)
    // The tries below run into the next hour, which may be the next day: settled
    // now, the payment is refunded whatever the hour, never cancelled.
    fake.settleDay()
    // iyzico out of reach: nothing listens on this port.
    const unreachable = createIyzicoProvider({
      ...keys,
      baseUrl: 'http://127.0.0.1:9',
      timeoutMs: 500,
    })
    const result = await cancelBooking(
      handle,
      unreachable,
      {
        bookingId: booking.id,
        by: { kind: 'staff', accountId: await dispatcher() },
        reason: 'Traveller asked',
        refund: true,
        clientAddress: '::1',
      },
      now,
    )
    expect(result).toMatchObject({
      kind: 'cancelled',
      refund: { kind: 'failed', errorCode: 'NETWORK' },
    })
    const minutes = (count: number) => new Date(now.getTime() + count * 60_000)
    // Within the pause the job leaves it; after it, still unreachable: one more failure.
    expect(await retryUnreachableRefunds(handle, unreachable, minutes(10))).toEqual({
      refunded: 0,
      refundFailed: 0,
    })
    expect(await retryUnreachableRefunds(handle, unreachable, minutes(31))).toEqual({
      refunded: 0,
      refundFailed: 1,
    })
    // iyzico answers again: the next run refunds it, once.
    expect(await retryUnreachableRefunds(handle, iyzico, minutes(62))).toEqual({
      refunded: 1,
      refundFailed: 0,
    })
    expect(fake.refunds.get(booking.payment_id!)).toBe(booking.paid_minor)
    expect((await refundsOf(booking.id)).map((refund) => refund.status)).toEqual([
      'failed',
      'failed',
      'succeeded',
    ])
    expect(await retryUnreachableRefunds(handle, iyzico, minutes(200))).toEqual({
      refunded: 0,
      refundFailed: 0,
    })
  })

  it('leaves a refund to a person after five tries the provider never answered', async () => {
    const booking = await paidBooking(iyzico)
    const unreachable = createIyzicoProvider({
      ...keys,
      baseUrl: 'http://127.0.0.1:9',
      timeoutMs: 500,
    })
    await cancelBooking(
      handle,
      unreachable,
      {
        bookingId: booking.id,
        by: { kind: 'staff', accountId: await dispatcher() },
        reason: 'Traveller asked',
        refund: true,
        clientAddress: '::1',
      },
      now,
    )
    for (let run = 1; run <= 6; run++) {
      await retryUnreachableRefunds(
        handle,
        unreachable,
        new Date(now.getTime() + run * 31 * 60_000),
      )
    }
    expect(await refundsOf(booking.id)).toHaveLength(MAX_UNREACHABLE_REFUND_TRIES)
  })

  it('reports a refund whose process died, and does not send it again', async () => {
    const booking = await paidBooking(simulator)
    const claimedAt = new Date(now.getTime() - 11 * 60_000)
    // A refund claimed eleven minutes ago whose answer was never recorded.
    await writeTransaction(handle, async (trx) => {
      await lockBooking(trx, booking.id)
      const attempt = await trx
        .selectFrom('payment_attempts')
        .select(['id', 'booking_id', 'provider', 'payment_id', 'amount_minor', 'currency'])
        .where('booking_id', '=', booking.id)
        .where('status', '=', 'succeeded')
        .executeTakeFirstOrThrow()
      expect(
        await claimRefund(
          trx,
          attempt,
          { kind: 'staff', accountId: await dispatcher() },
          claimedAt,
        ),
      ).toBeDefined()
      // The same attempt cannot be claimed twice.
      expect(await claimRefund(trx, attempt, refundByJob, claimedAt)).toBeUndefined()
    })
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true)
    const report = await runMaintenance(handle, simulator, now).finally(() => stderr.mockRestore())
    expect(report.ran && report.refundsUnsettled).toBeGreaterThanOrEqual(1)
    expect(await refundsOf(booking.id)).toEqual([expect.objectContaining({ status: 'requested' })])
    const simulated = await handle.db
      .selectFrom('simulator_refunds')
      .select('id')
      .where('payment_id', '=', booking.payment_id!)
      .execute()
    expect(simulated).toEqual([])
  })

  it('keeps a cancelled booking cancelled: no status leads out of it', () => {
    for (const status of bookingStatuses) {
      expect(canTransition('cancelled', status)).toBe(false)
      expect(canTransition('cancelled', status, 'late-payment')).toBe(false)
    }
  })

  it('cancels a booking whose passengers are all named, and not one whose car is on its way', async () => {
    const request = async (bookingId: string) =>
      cancelBooking(
        handle,
        simulator,
        {
          bookingId,
          by: { kind: 'staff', accountId: await dispatcher() },
          reason: 'the traveller called',
          refund: true,
          clientAddress: '::1',
        },
        now,
      )
    const named = await paidBooking(simulator)
    await handle.db
      .updateTable('bookings')
      .set({ names_given_at: now.toISOString(), names_given_by: 'traveller' })
      .where('id', '=', named.id)
      .execute()
    expect((await request(named.id)).kind).not.toBe('not-cancellable')
    expect((await findBooking(handle, named.id))?.status).toBe('cancelled')

    const underWay = await paidBooking(simulator)
    await handle.db
      .updateTable('bookings')
      .set({ status: 'on_the_way' })
      .where('id', '=', underWay.id)
      .execute()
    expect(await request(underWay.id)).toEqual({ kind: 'not-cancellable' })
    expect((await findBooking(handle, underWay.id))?.status).toBe('on_the_way')
  })

  it('refunds under 24 hours before pickup only with an override reason', async () => {
    const booking = await paidBooking(simulator)
    const late = new Date(bookingPickupInstant(booking).getTime() - 2 * 3_600_000)
    const cancel = async (refundOverride: string | null) =>
      cancelBooking(
        handle,
        simulator,
        {
          bookingId: booking.id,
          by: { kind: 'staff', accountId: await dispatcher() },
          reason: 'the flight was cancelled',
          refund: true,
          refundOverride,
          clientAddress: '::1',
        },
        late,
      )
    expect(await cancel(null)).toEqual({ kind: 'override-required' })
    expect(await cancel('  ')).toEqual({ kind: 'override-required' })
    // Refused: nothing changed, nothing claimed.
    expect((await findBooking(handle, booking.id))?.status).toBe('confirmed')
    expect(await refundsOf(booking.id)).toEqual([])

    const done = await cancel('airline cancelled TK1984')
    expect(done).toMatchObject({ kind: 'cancelled', refund: { kind: 'succeeded' } })
    expect((await refundsOf(booking.id)).map((refund) => refund.status)).toEqual(['succeeded'])
    const audit = (await staffActionsOnBooking(handle.db, booking.id)).find(
      (entry) => entry.action === 'booking.cancelled',
    )
    expect(audit?.after).toMatchObject({ override: 'airline cancelled TK1984' })
  })

  it('refuses to cancel a booking that is not confirmed', async () => {
    const step = await draftAtPayment(handle, now)
    expect(
      await cancelBooking(
        handle,
        simulator,
        {
          bookingId: step.booking.id,
          by: { kind: 'staff', accountId: await dispatcher() },
          reason: 'x',
          refund: true,
          clientAddress: '::1',
        },
        now,
      ),
    ).toEqual({ kind: 'not-cancellable' })
  })
})
