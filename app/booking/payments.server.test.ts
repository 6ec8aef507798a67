import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { migrateToLatest, type DatabaseHandle } from '~/db/connect.server'
import { storageBackends } from '../../tests/support/database-backends'
import {
  bookingEvents,
  bookingExtras,
  createDraft,
  findBooking,
  markExtrasDone,
  savePassengerDetails,
  setExtraQuantity,
  submitDraft,
} from '~/booking/bookings.server'
import type { BookingRow } from '~/db/schema'
import { billing, draftInput, passenger } from '../../tests/support/booking-fixtures'
import {
  createSimulatorProvider,
  payOnSimulator,
  simulatorCards,
} from '~/adapters/payment/simulator.server'
import {
  beginPayment,
  initializeRequest,
  settlePayment,
  type PaymentContext,
} from './payments.server'
import { reconcilePayments, refundsDue, runMaintenance } from '~/jobs/maintenance.server'
import { startFakeIyzico } from '../../tests/support/iyzico-fake-server'
import { createIyzicoProvider } from '~/adapters/payment/iyzico.server'
import { repriceForPayment } from '~/booking/reprice.server'
import type { PaymentProvider } from '~/adapters/payment/provider'
import { noExtras } from '~/domain/booking/extras'

const oneChildSeat = { ...noExtras, childSeat: 1 }
import { createStaffAccount } from '~/staff/accounts.server'
import { refundSecondCharge } from './refunds.server'
import { addDays, istanbulDate } from '~/domain/booking-window'

/**
 * A paid booking, stored: the simulator's sessions and our payment attempts on
 * a real SQLite file and on PostgreSQL, through start, card, callback and replay.
 */
describe.each(storageBackends())('payments on $name', (backend) => {
  let handle: DatabaseHandle
  let provider: PaymentProvider
  // Real time: the simulator dates its sessions by the clock, as iyzico does.
  const now = new Date()

  beforeAll(async () => {
    handle = await backend.open()
    await migrateToLatest(handle.db)
    provider = createSimulatorProvider({
      database: async () => handle,
      baseUrl: 'http://localhost:3000',
    })
  })
  afterAll(async () => {
    await handle.db.destroy()
    await backend.close()
  })

  const context = (): PaymentContext => ({
    provider,
    callbackUrl: 'http://localhost:3000/payment/callback',
    clientAddress: '127.0.0.1',
    vehicleTitle: 'Business Luxury Minivan',
    extraTitles: { childSeat: 'Child Seat', boosterSeat: 'Booster seat' },
  })

  /** A booking through every step up to Book Now, in lira, with a child seat. */
  async function submittedBooking(option: 'fullCard' | 'depositCash'): Promise<BookingRow> {
    const { booking } = await createDraft(
      handle,
      draftInput(1, addDays(istanbulDate(now), 10)),
      now,
    )
    await setExtraQuantity(handle, booking.id, 'childSeat', 1, now)
    await markExtrasDone(handle, booking.id, now)
    await savePassengerDetails(handle, booking.id, { ...passenger, passengers: 2, luggage: 2 }, now)
    return submitDraft(handle, booking.id, { ...billing, paymentOption: option }, now)
  }

  /** Book Now on a submitted booking: the token of the simulator page it opened. */
  async function startedToken(booking: BookingRow): Promise<string> {
    const begun = await beginPayment(handle, booking.id, oneChildSeat, context(), now)
    expect(begun).toMatchObject({ kind: 'page', reused: false })
    return begun.kind === 'page' ? begun.paymentPageUrl.split('/').pop()! : ''
  }

  it('asks for the stored amount with basket lines adding up to it', async () => {
    const booking = await submittedBooking('fullCard')
    const request = initializeRequest(booking, oneChildSeat, context())
    expect(request).toMatchObject({
      conversationId: booking.reference,
      basketId: booking.reference,
      currency: 'TRY',
      amountMinor: 672345,
      callbackUrl: 'http://localhost:3000/payment/callback',
    })
    expect(request.basketItems.map((item) => item.amountMinor)).toEqual([637739, 34606])
    const deposit = initializeRequest(
      { ...booking, payment_option: 'depositCash' },
      noExtras,
      context(),
    )
    expect(deposit.amountMinor).toBe(201704)
    expect(deposit.basketItems).toHaveLength(1)
  })

  it('confirms a paid booking once, however often the callback comes', async () => {
    const booking = await submittedBooking('depositCash')
    const token = await startedToken(booking)
    await payOnSimulator(handle, token, simulatorCards.success, now)

    const [first, second] = await Promise.all([
      settlePayment(handle, provider, token, now),
      settlePayment(handle, provider, token, now),
    ])
    expect([first.kind, second.kind]).toEqual(['confirmed', 'confirmed'])
    const firsts = [first, second].filter(
      (outcome) => outcome.kind === 'confirmed' && outcome.first,
    )
    expect(firsts).toHaveLength(1)
    expect(await findBooking(handle, booking.id)).toMatchObject({
      status: 'confirmed',
      paid_minor: 201704,
      payment_option: 'depositCash',
      mail_status: 'pending',
    })
    expect((await findBooking(handle, booking.id))?.payment_id).toMatch(/^\d{8}$/)
    expect((await bookingEvents(handle, booking.id)).map((event) => event.to_status)).toEqual([
      'draft',
      'awaiting_payment',
      'confirmed',
    ])
  })

  it('fails a declined card and lets the traveller try again', async () => {
    const booking = await submittedBooking('fullCard')
    const token = await startedToken(booking)
    await payOnSimulator(handle, token, simulatorCards.declined, now)
    expect(await settlePayment(handle, provider, token, now)).toMatchObject({
      kind: 'failed',
      errorGroup: 'NOT_SUFFICIENT_FUNDS',
    })
    expect((await findBooking(handle, booking.id))?.status).toBe('payment_failed')
    const attempt = await handle.db
      .selectFrom('payment_attempts')
      .selectAll()
      .where('token', '=', token)
      .executeTakeFirstOrThrow()
    expect(attempt).toMatchObject({ status: 'failed', error_code: '10051' })
  })

  it('refuses a success that does not match the amount asked for', async () => {
    const booking = await submittedBooking('fullCard')
    const token = await startedToken(booking)
    // The provider took less than the booking costs (a tampered checkout).
    await handle.db
      .updateTable('simulator_sessions')
      .set({ price: '1.00', paid_price: '1.00' })
      .where('token', '=', token)
      .execute()
    await payOnSimulator(handle, token, simulatorCards.success, now)
    expect((await settlePayment(handle, provider, token, now)).kind).toBe('failed')
    expect((await findBooking(handle, booking.id))?.status).toBe('payment_failed')
  })

  it('reconciles a payment whose callback never came, and ends one nobody paid', async () => {
    const paid = await submittedBooking('fullCard')
    const paidToken = await startedToken(paid)
    await payOnSimulator(handle, paidToken, simulatorCards.success, now)

    const abandoned = await submittedBooking('fullCard')
    await startedToken(abandoned)

    const soon = new Date(now.getTime() + 5 * 60_000)
    const early = await reconcilePayments(handle, provider, soon)
    expect(early.confirmed).toBeGreaterThanOrEqual(1)
    expect((await findBooking(handle, paid.id))?.status).toBe('confirmed')
    expect((await findBooking(handle, abandoned.id))?.status).toBe('awaiting_payment')

    const late = new Date(now.getTime() + 31 * 60_000)
    await reconcilePayments(handle, provider, late)
    expect((await findBooking(handle, abandoned.id))?.status).toBe('payment_failed')
    expect((await findBooking(handle, paid.id))?.status).toBe('confirmed')
  })

  it('leaves the booking retryable when the provider will not start a payment', async () => {
    const booking = await submittedBooking('fullCard')
    const refusing: PaymentProvider = {
      name: 'iyzico',
      initialize: async () => ({ ok: false, errorCode: 'NETWORK' }),
      retrieve: async () => ({ status: 'failure', errorCode: 'NETWORK' }),
      refund: async () => ({ ok: false, errorCode: 'NETWORK' }),
    }
    const begun = await beginPayment(
      handle,
      booking.id,
      oneChildSeat,
      { ...context(), provider: refusing },
      now,
    )
    expect(begun).toEqual({ kind: 'not-started' })
    expect((await findBooking(handle, booking.id))?.status).toBe('payment_failed')
    const attempts = await handle.db
      .selectFrom('payment_attempts')
      .select(['status', 'error_code'])
      .where('booking_id', '=', booking.id)
      .execute()
    expect(attempts).toEqual([{ status: 'failed', error_code: 'NETWORK' }])
  })

  it('opens one payment page per booking however many Book Now requests arrive at once', async () => {
    const booking = await submittedBooking('fullCard')
    const begun = await Promise.all(
      Array.from({ length: 5 }, () =>
        beginPayment(handle, booking.id, oneChildSeat, context(), now),
      ),
    )
    const pages = new Set(begun.map((result) => result.kind === 'page' && result.paymentPageUrl))
    expect(begun.every((result) => result.kind === 'page')).toBe(true)
    expect(pages.size).toBe(1)
    const sessions = await handle.db
      .selectFrom('simulator_sessions')
      .select('token')
      .where('basket_id', '=', booking.reference)
      .execute()
    expect(sessions).toHaveLength(1)
  })

  /**
   * A booking paid twice: a second page for it opened as a race before the
   * one-live-attempt rule could, initialized at the provider and recorded as
   * no longer live, and both pages paid. Nothing is settled yet.
   */
  async function paidTwice(booking: BookingRow) {
    const firstToken = await startedToken(booking)
    const second = await provider.initialize(initializeRequest(booking, oneChildSeat, context()))
    if (!second.ok) throw new Error('the simulator refused to start')
    await handle.db
      .insertInto('payment_attempts')
      .values({
        booking_id: booking.id,
        provider: provider.name,
        token: second.token,
        payment_page_url: second.paymentPageUrl,
        amount_minor: booking.total_minor,
        currency: 'TRY',
        payment_option: 'fullCard',
        status: 'expired',
        payment_id: null,
        refund_status: null,
        created_at: now.toISOString(),
        expires_at: now.toISOString(),
      })
      .execute()
    await payOnSimulator(handle, firstToken, simulatorCards.success, now)
    await payOnSimulator(handle, second.token, simulatorCards.success, now)
    return { firstToken, secondToken: second.token }
  }

  it('keeps a second charge on a paid booking as its own attempt, flagged for refund', async () => {
    const booking = await submittedBooking('fullCard')
    const { firstToken, secondToken } = await paidTwice(booking)

    const first = await settlePayment(handle, provider, firstToken, now)
    expect(first).toMatchObject({ kind: 'confirmed', first: true })
    const paid = await findBooking(handle, booking.id)
    const logged: string[] = []
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      logged.push(String(chunk))
      return true
    })
    const duplicate = await settlePayment(handle, provider, secondToken, now).finally(() =>
      stderr.mockRestore(),
    )
    expect(logged.join('')).toContain('"event":"payment.duplicate_charge"')
    // No second confirmation, so no second e-mail; the booking keeps the first payment.
    expect(duplicate).toMatchObject({ kind: 'confirmed', first: false })
    expect(await findBooking(handle, booking.id)).toEqual(paid)
    const attempts = await handle.db
      .selectFrom('payment_attempts')
      .select(['token', 'status', 'payment_id', 'refund_status'])
      .where('booking_id', '=', booking.id)
      .orderBy('id')
      .execute()
    expect(attempts).toEqual([
      { token: firstToken, status: 'succeeded', payment_id: paid?.payment_id, refund_status: null },
      {
        token: secondToken,
        status: 'succeeded',
        payment_id: expect.stringMatching(/^\d{8}$/),
        refund_status: 'due',
      },
    ])
    expect(attempts[1]?.payment_id).not.toBe(paid?.payment_id)
    const events = await bookingEvents(handle, booking.id)
    expect(events.at(-1)).toMatchObject({ from_status: 'confirmed', to_status: 'confirmed' })
    expect(events.at(-1)?.note).toContain('flagged for refund')
    expect(events.filter((event) => event.to_status === 'confirmed')).toHaveLength(2)
    const due = await refundsDue(handle)
    expect(due).toContainEqual(
      expect.objectContaining({ reference: booking.reference, paymentId: attempts[1]?.payment_id }),
    )
    // The operations mailbox is told once, with the booking's staff page.
    const opsMails = await handle.db
      .selectFrom('outgoing_messages')
      .select(['kind', 'text_body'])
      .where('booking_id', '=', booking.id)
      .where('kind', '=', 'ops.refund_due')
      .execute()
    expect(opsMails).toHaveLength(1)
    expect(opsMails[0]?.text_body).toContain(`/ops/bookings/${booking.reference}`)
    // The job refunds it through the provider that took it, as nobody's request.
    const report = await runMaintenance(handle, provider, now)
    expect(report.ran && report.refunded).toBeGreaterThanOrEqual(1)
    expect(await refundsDue(handle)).not.toContainEqual(
      expect.objectContaining({ reference: booking.reference }),
    )
    const refunds = await handle.db
      .selectFrom('payment_refunds')
      .select(['status', 'requested_by', 'amount_minor'])
      .where('booking_id', '=', booking.id)
      .execute()
    expect(refunds).toEqual([
      { status: 'succeeded', requested_by: null, amount_minor: booking.total_minor },
    ])
    const simulated = await handle.db
      .selectFrom('simulator_refunds')
      .select('amount_minor')
      .where('payment_id', '=', attempts[1]!.payment_id!)
      .execute()
    expect(simulated).toEqual([{ amount_minor: booking.total_minor }])
    // The first payment is untouched; a second run refunds nothing more.
    expect(await findBooking(handle, booking.id)).toMatchObject({ status: 'confirmed' })
    await runMaintenance(handle, provider, now)
    expect(
      await handle.db
        .selectFrom('payment_refunds')
        .select('id')
        .where('booking_id', '=', booking.id)
        .execute(),
    ).toHaveLength(1)
    const afterJob = await bookingEvents(handle, booking.id)
    expect(afterJob.at(-1)?.note).toContain('refund of')
    // A replayed callback for the second charge changes nothing more.
    expect(await settlePayment(handle, provider, secondToken, now)).toMatchObject({
      kind: 'confirmed',
      first: false,
    })
    expect(await bookingEvents(handle, booking.id)).toHaveLength(afterJob.length)
  })

  it('lets staff refund a second charge in one action, once, before the job gets to it', async () => {
    const booking = await submittedBooking('fullCard')
    const { firstToken, secondToken } = await paidTwice(booking)
    await settlePayment(handle, provider, firstToken, now)
    await settlePayment(handle, provider, secondToken, now)
    const staff = await createStaffAccount(
      handle,
      {
        email: `refunds.${backend.name.toLowerCase()}.${Date.now()}@example.com`,
        name: 'Deniz Aydın',
        role: 'dispatcher',
        password: 'a-long-password-1',
      },
      now,
    )
    const attempts = await handle.db
      .selectFrom('payment_attempts')
      .select(['id', 'payment_id', 'refund_status'])
      .where('booking_id', '=', booking.id)
      .where('status', '=', 'succeeded')
      .orderBy('id')
      .execute()
    const [paid, charge] = attempts
    expect(charge?.refund_status).toBe('due')
    const refund = (attemptId: number) =>
      refundSecondCharge(
        handle,
        provider,
        { bookingId: booking.id, attemptId, staffAccountId: staff.id, clientAddress: '::1' },
        now,
      )

    // The booking's own payment is not a second charge: nothing is refunded.
    expect(await refund(paid!.id)).toEqual({ kind: 'nothing-to-retry' })
    // A double click: one refund is made, the other finds nothing to do.
    const clicks = await Promise.all([refund(charge!.id), refund(charge!.id)])
    expect(clicks.map((click) => click.kind).sort()).toEqual(['nothing-to-retry', 'retried'])
    expect(clicks.find((click) => click.kind === 'retried')).toMatchObject({
      outcome: { kind: 'succeeded' },
    })
    const refunds = await handle.db
      .selectFrom('payment_refunds')
      .select(['attempt_id', 'status', 'requested_by', 'amount_minor'])
      .where('booking_id', '=', booking.id)
      .execute()
    expect(refunds).toEqual([
      {
        attempt_id: charge!.id,
        status: 'succeeded',
        requested_by: staff.id,
        amount_minor: booking.total_minor,
      },
    ])
    // The job then has nothing left to refund, and the booking keeps its payment.
    await runMaintenance(handle, provider, now)
    expect(
      await handle.db
        .selectFrom('simulator_refunds')
        .select('payment_id')
        .where('payment_id', 'in', [paid!.payment_id!, charge!.payment_id!])
        .execute(),
    ).toEqual([{ payment_id: charge!.payment_id }])
    expect(await findBooking(handle, booking.id)).toMatchObject({ status: 'confirmed' })
    expect(await refund(charge!.id)).toEqual({ kind: 'nothing-to-retry' })
  })

  it('starts one iyzico checkout form when Book Now requests race a slow provider', async () => {
    const keys = { apiKey: 'race-api-key', secretKey: 'race-secret-key' }
    const fake = await startFakeIyzico(keys)
    fake.setDelay(400)
    try {
      const iyzico = createIyzicoProvider({ ...keys, baseUrl: fake.url })
      const booking = await submittedBooking('depositCash')
      const ask = () =>
        beginPayment(handle, booking.id, oneChildSeat, { ...context(), provider: iyzico }, now)
      // A double click: the second arrives while the first waits on the provider.
      const first = ask()
      await new Promise((resolve) => setTimeout(resolve, 50))
      const results = await Promise.all([first, ask(), ask()])
      expect(results.map((result) => result.kind)).toEqual(['page', 'page', 'page'])
      expect(new Set(results.map((r) => r.kind === 'page' && r.paymentPageUrl)).size).toBe(1)
      expect(fake.requests.filter((r) => r.path.includes('initialize'))).toHaveLength(1)
      expect(fake.sessions.size).toBe(1)
    } finally {
      await fake.close()
    }
  })

  /** A booking for a trip ten days ahead, so it can still be priced again today. */
  async function submittedBookingAhead(): Promise<BookingRow> {
    const date = new Date(now.getTime() + 10 * 86_400_000).toISOString().slice(0, 10)
    const { booking } = await createDraft(handle, draftInput(1, date), now)
    await setExtraQuantity(handle, booking.id, 'childSeat', 1, now)
    await markExtrasDone(handle, booking.id, now)
    await savePassengerDetails(handle, booking.id, passenger, now)
    return submitDraft(handle, booking.id, billing, now)
  }

  it('starts no payment once the held price ran out, and prices the same booking again', async () => {
    const booking = await submittedBookingAhead()
    const later = new Date(now.getTime() + 45 * 60_000)
    expect(await beginPayment(handle, booking.id, oneChildSeat, context(), later)).toEqual({
      kind: 'quote-expired',
    })
    const failed = await findBooking(handle, booking.id)
    expect(failed?.status).toBe('payment_failed')
    // Book Now again without re-pricing is refused the same way, never a silent loop.
    await expect(submitDraft(handle, booking.id, billing, later)).rejects.toMatchObject({
      reason: 'expired',
    })

    const changedBilling = { ...billing, city: 'Kadıköy', paymentOption: 'fullCard' as const }
    const repriced = await repriceForPayment(handle, failed!, changedBilling, later)
    expect(repriced.kind).toBe('repriced')
    const stored = await findBooking(handle, booking.id)
    expect(stored).toMatchObject({
      status: 'payment_failed',
      first_name: passenger.name,
      billing_city: 'Kadıköy',
      payment_option: 'fullCard',
      vehicle_class: booking.vehicle_class,
    })
    expect(stored!.quote_expires_at > later.toISOString()).toBe(true)
    expect(stored!.total_minor).toBeGreaterThan(0)
    expect(await bookingExtras(handle, booking.id)).toEqual({ childSeat: 1, boosterSeat: 0 })
    const events = await bookingEvents(handle, booking.id)
    expect(events.at(-1)?.note).toMatch(/^priced again: \d+ → \d+ TRY$/)

    // At the new price the payment starts, for the new total.
    await submitDraft(handle, booking.id, changedBilling, later)
    const begun = await beginPayment(handle, booking.id, oneChildSeat, context(), later)
    expect(begun.kind).toBe('page')
    const attempt = await handle.db
      .selectFrom('payment_attempts')
      .select(['amount_minor', 'status'])
      .where('booking_id', '=', booking.id)
      .where('status', '=', 'initialized')
      .executeTakeFirstOrThrow()
    expect(attempt.amount_minor).toBe(stored!.total_minor)
  })

  it('refuses to price again a trip that can no longer be booked online', async () => {
    const booking = await submittedBookingAhead()
    const pastPickup = new Date(now.getTime() + 11 * 86_400_000)
    await beginPayment(handle, booking.id, noExtras, context(), pastPickup)
    const failed = await findBooking(handle, booking.id)
    expect(await repriceForPayment(handle, failed!, billing, pastPickup)).toEqual({
      kind: 'unavailable',
    })
    expect((await findBooking(handle, booking.id))?.total_minor).toBe(booking.total_minor)
  })

  it('never settles an unknown token', async () => {
    expect(await settlePayment(handle, provider, 'made-up-token', now)).toEqual({ kind: 'unknown' })
  })
})
