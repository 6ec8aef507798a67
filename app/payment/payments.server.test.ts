import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrateToLatest, type DatabaseHandle } from '~/db/connect.server'
import { storageBackends } from '~/db/test-backends'
import {
  bookingEvents,
  createDraft,
  findBooking,
  markExtrasDone,
  savePassengerDetails,
  setExtraChosen,
  submitDraft,
} from '~/booking/bookings.server'
import type { BookingRow } from '~/db/schema'
import { billing, draftInput, passenger } from '~/booking/test-fixtures'
import { createSimulatorProvider, payOnSimulator, simulatorCards } from './simulator.server'
import {
  initializeRequest,
  settlePayment,
  startPayment,
  type PaymentContext,
} from './payments.server'
import { reconcilePayments } from './maintenance.server'
import type { PaymentProvider } from './provider'

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
    const { booking } = await createDraft(handle, draftInput(1, '2026-11-30'), now)
    await setExtraChosen(handle, booking.id, 'childSeat', true, now)
    await markExtrasDone(handle, booking.id, now)
    await savePassengerDetails(handle, booking.id, { ...passenger, passengers: 2, luggage: 2 }, now)
    return submitDraft(handle, booking.id, { ...billing, paymentOption: option }, now)
  }

  it('asks for the stored amount with basket lines adding up to it', async () => {
    const booking = await submittedBooking('fullCard')
    const request = initializeRequest(booking, ['childSeat'], context())
    expect(request).toMatchObject({
      conversationId: booking.reference,
      basketId: booking.reference,
      currency: 'TRY',
      price: '6723.45',
      paidPrice: '6723.45',
      callbackUrl: 'http://localhost:3000/payment/callback',
    })
    expect(request.basketItems.map((item) => item.price)).toEqual(['6377.39', '346.06'])
    const deposit = initializeRequest({ ...booking, payment_option: 'depositCash' }, [], context())
    expect(deposit.price).toBe('2017.04')
    expect(deposit.basketItems).toHaveLength(1)
  })

  it('confirms a paid booking once, however often the callback comes', async () => {
    const booking = await submittedBooking('depositCash')
    const started = await startPayment(handle, booking, ['childSeat'], context(), now)
    expect(started.ok).toBe(true)
    const token = started.ok ? started.paymentPageUrl.split('/').pop()! : ''
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
    const started = await startPayment(handle, booking, ['childSeat'], context(), now)
    const token = started.ok ? started.paymentPageUrl.split('/').pop()! : ''
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
    const started = await startPayment(handle, booking, ['childSeat'], context(), now)
    const token = started.ok ? started.paymentPageUrl.split('/').pop()! : ''
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
    const paidStart = await startPayment(handle, paid, ['childSeat'], context(), now)
    const paidToken = paidStart.ok ? paidStart.paymentPageUrl.split('/').pop()! : ''
    await payOnSimulator(handle, paidToken, simulatorCards.success, now)

    const abandoned = await submittedBooking('fullCard')
    await startPayment(handle, abandoned, ['childSeat'], context(), now)

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
    }
    const started = await startPayment(
      handle,
      booking,
      ['childSeat'],
      { ...context(), provider: refusing },
      now,
    )
    expect(started).toEqual({ ok: false })
    expect((await findBooking(handle, booking.id))?.status).toBe('payment_failed')
    const attempts = await handle.db
      .selectFrom('payment_attempts')
      .select('id')
      .where('booking_id', '=', booking.id)
      .execute()
    expect(attempts).toHaveLength(0)
  })

  it('never settles an unknown token', async () => {
    expect(await settlePayment(handle, provider, 'made-up-token', now)).toEqual({ kind: 'unknown' })
  })
})
