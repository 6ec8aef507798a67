import type { DatabaseHandle } from '../../app/db/connect.server'
import type { PaymentProvider } from '../../app/adapters/payment/provider'
import { createSimulatorProvider } from '../../app/adapters/payment/simulator.server'
import { getSiteSettings } from '../../app/config/site.server'
import {
  bookingExtras,
  createDraft,
  type DraftInput,
  findBooking,
  markExtrasDone,
  savePassengerDetails,
  setExtraQuantity,
} from '../../app/booking/bookings.server'
import type { StepBooking } from '../../app/booking/step-guard.server'
import type { PassengerDetails } from '../../app/booking/booking-forms'
import type { BookAndPayContext } from '../../app/booking/book-and-pay.server'
import { draftInput, passenger } from './booking-fixtures'

/**
 * For the use-case tests of Book Now and the pages after it: a booking walked
 * through the steps to the payment step, and the context Book Now pays with,
 * on the real payment simulator over the test's own database.
 */

/** A trip date `days` from `now` (negative: already gone), as the search form writes it. */
export const tripDate = (now: Date, days: number) =>
  new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10)

export function simulatorFor(handle: DatabaseHandle): PaymentProvider {
  return createSimulatorProvider({
    database: async () => handle,
    baseUrl: 'http://localhost:3000',
  })
}

export function payContext(provider: PaymentProvider): BookAndPayContext {
  return {
    provider,
    callbackUrl: 'http://localhost:3000/payment/callback',
    clientAddress: '127.0.0.1',
    language: 'en',
    site: getSiteSettings(),
    extraTitles: { childSeat: 'Child Seat', boosterSeat: 'Booster seat' },
  }
}

/** The booking as the payment step's guard hands it over, read again from the database. */
export async function paymentStep(handle: DatabaseHandle, id: string): Promise<StepBooking> {
  const booking = await findBooking(handle, id)
  if (!booking) throw new Error(`no booking ${id}`)
  return { handle, booking, extras: await bookingExtras(handle, id) }
}

/** A draft (SAW → Şile unless `input` says otherwise) with a child seat and the passenger's details: ready for Book Now. */
export async function draftAtPayment(
  handle: DatabaseHandle,
  now: Date,
  date = tripDate(now, 5),
  input: DraftInput = draftInput(1, date),
  /** Passenger details beside the usual ones (a pickup's address, a return's flight). */
  details: Partial<PassengerDetails> = {},
): Promise<StepBooking> {
  const { booking } = await createDraft(handle, input, now)
  await setExtraQuantity(handle, booking.id, 'childSeat', 1, now)
  await markExtrasDone(handle, booking.id, now)
  await savePassengerDetails(
    handle,
    booking.id,
    { ...passenger, passengers: 2, luggage: 2, ...details },
    now,
  )
  return paymentStep(handle, booking.id)
}

/** The simulator's token in the address of its payment page. */
export const tokenOf = (paymentPageUrl: string) => paymentPageUrl.split('/').pop()!
