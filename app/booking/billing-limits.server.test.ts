import { parseWithZod } from '@conform-to/zod/v4'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrateToLatest, type DatabaseHandle } from '~/db/connect.server'
import { storageBackends } from '../../tests/support/database-backends'
import {
  createDraft,
  markExtrasDone,
  savePassengerDetails,
  submitDraft,
} from '~/booking/bookings.server'
import { billingLimits, paymentSchema, type PaymentDetails } from '~/booking/booking-forms'
import { draftInput, passenger } from '../../tests/support/booking-fixtures'
import { buyerFieldLimits } from './field-limits'
import { startFakeIyzico, type FakeIyzico } from '../../tests/support/iyzico-fake-server'
import { createIyzicoProvider } from '~/adapters/payment/iyzico.server'
import { beginPayment, type PaymentContext } from './payments.server'
import { createSimulatorProvider } from '~/adapters/payment/simulator.server'
import type { PaymentProvider } from '~/adapters/payment/provider'
import { noExtras } from '~/domain/booking/extras'

const keys = { apiKey: 'limits-api-key', secretKey: 'limits-secret-key' }

/**
 * Billing details as long as the form takes them (Turkish letters, so every
 * character is two bytes), parsed by the form's own schema: the form's limits
 * and the providers' agree, so Book Now opens a payment page on both databases
 * and iyzico receives no field longer than it takes.
 */
function longestBilling(): PaymentDetails {
  const form = new FormData()
  for (const [field, max] of Object.entries(billingLimits)) form.set(field, 'Ğ'.repeat(max))
  form.set('paymentOption', 'fullCard')
  form.set('acceptTerms', 'on')
  const submission = parseWithZod(form, { schema: paymentSchema })
  expect(submission.status).toBe('success')
  if (submission.status !== 'success') throw new Error('the longest billing form was refused')
  return submission.value
}

describe.each(storageBackends())('billing details at their limits on $name', (backend) => {
  let handle: DatabaseHandle
  let fake: FakeIyzico
  const now = new Date()
  const tripDate = new Date(now.getTime() + 5 * 86_400_000).toISOString().slice(0, 10)

  beforeAll(async () => {
    handle = await backend.open()
    await migrateToLatest(handle.db)
    fake = await startFakeIyzico(keys)
  })
  afterAll(async () => {
    await fake.close()
    await handle.db.destroy()
    await backend.close()
  })

  const context = (provider: PaymentProvider): PaymentContext => ({
    provider,
    callbackUrl: 'http://localhost:3000/payment/callback',
    clientAddress: '2001:db8:85a3:8d3:1319:8a2e:370:7348',
    vehicleTitle: 'Business Luxury Minivan',
    extraTitles: { childSeat: 'Child Seat', boosterSeat: 'Booster seat' },
  })

  /** A booking through every step, Book Now with the longest billing details. */
  async function submittedBooking() {
    const { booking } = await createDraft(handle, draftInput(1, tripDate), now)
    await markExtrasDone(handle, booking.id, now)
    await savePassengerDetails(
      handle,
      booking.id,
      { ...passenger, email: `${'a'.repeat(242)}@example.com`, passengers: 2, luggage: 2 },
      now,
    )
    return submitDraft(handle, booking.id, longestBilling(), now)
  }

  it("opens the simulator's page (its session keeps the whole buyer name)", async () => {
    const booking = await submittedBooking()
    const simulator = createSimulatorProvider({
      database: async () => handle,
      baseUrl: 'http://localhost:3000',
    })
    const begun = await beginPayment(handle, booking.id, noExtras, context(simulator), now)
    expect(begun).toMatchObject({ kind: 'page', reused: false })
    const session = await handle.db
      .selectFrom('simulator_sessions')
      .select('buyer_name')
      .where('conversation_id', '=', booking.reference)
      .executeTakeFirstOrThrow()
    expect(session.buyer_name).toBe(`${'Ğ'.repeat(50)} ${'Ğ'.repeat(50)}`)
  })

  it("opens iyzico's Checkout Form with every buyer and address field within its limits", async () => {
    const booking = await submittedBooking()
    const iyzico = createIyzicoProvider({ ...keys, baseUrl: fake.url })
    const begun = await beginPayment(handle, booking.id, noExtras, context(iyzico), now)
    expect(begun).toMatchObject({ kind: 'page', reused: false })

    const sent = fake.requests.findLast((request) => request.path.includes('initialize'))
    const body = sent?.body as Record<string, Record<string, string>>
    const buyer = body.buyer!
    expect(buyer.name).toHaveLength(billingLimits.fullname)
    expect(buyer.registrationAddress).toHaveLength(billingLimits.address)
    const within = (fields: Record<string, string>, limits: Record<string, number>) => {
      for (const [field, limit] of Object.entries(limits)) {
        expect(fields[field]!.length, field).toBeLessThanOrEqual(limit)
      }
    }
    const { name, surname, email, gsmNumber, city, country, zipCode } = buyerFieldLimits
    within(buyer, {
      name,
      surname,
      email,
      gsmNumber,
      city,
      country,
      zipCode,
      registrationAddress: buyerFieldLimits.address,
    })
    const address = { contactName: buyerFieldLimits.contactName, city, country, zipCode }
    within(body.billingAddress!, { ...address, address: buyerFieldLimits.address })
    within(body.shippingAddress!, { ...address, address: buyerFieldLimits.address })
  })
})
