import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrateToLatest, type DatabaseHandle } from '~/db/connect.server'
import { storageBackends } from '../../tests/support/database-backends'
import { draftInput, hourlyDraftInput } from '../../tests/support/booking-fixtures'
import { createDraft, findBooking, requoteDraft, setExtraQuantity } from '~/booking/bookings.server'
import { builtinPriceList, firstPrices } from '~/domain/pricing/builtin-price-list'
import type { PriceList } from '~/domain/pricing/price-list'
import { paymentSplit } from '~/domain/booking/payment-split'
import { toBookingMinor } from '~/domain/booking/money'
import { readPriceTerms } from '~/domain/pricing/price-terms'
import { hireOf } from '~/booking/booking-view.server'
import { compiled } from './prices-in-force.server'

/** A later list: dearer seats, a smaller deposit, fewer km an hour. */
const later: PriceList = {
  ...builtinPriceList,
  extraCents: { childSeat: 900, boosterSeat: 800 },
  depositPercent: 20,
  hourly: { ...builtinPriceList.hourly, includedKmPerHour: 10 },
}

/**
 * A booking keeps the price list it was quoted by: its version, the extras'
 * prices, the deposit share and the kilometres an hour includes, whatever is
 * published afterwards; a new quote takes the new list's.
 */
describe.each(storageBackends())('a booking’s price snapshot on $name', (backend) => {
  let handle: DatabaseHandle
  const now = new Date('2026-11-22T08:00:00Z')

  beforeAll(async () => {
    handle = await backend.open()
    await migrateToLatest(handle.db)
  })
  afterAll(async () => {
    await handle.db.destroy()
    await backend.close()
  })

  it('keeps its version’s seats and deposit while a later version is in force', async () => {
    const { booking } = await createDraft(handle, draftInput(), now)
    expect(booking.price_list_id).toBe(firstPrices.id)
    // Published meanwhile: the held quote is not touched; a seat added costs the old 7 EUR.
    const withSeat = await setExtraQuantity(handle, booking.id, 'childSeat', 1, now)
    expect(withSeat.total_minor - booking.total_minor).toBe(toBookingMinor(700, booking))
    expect(paymentSplit({ ...withSeat, payment_option: 'depositCash' }).paidMinor).toBe(
      Math.round((withSeat.total_minor * 30) / 100),
    )
  })

  it('takes the later version’s terms when quoted by it, the seats already chosen repriced', async () => {
    const first = (await createDraft(handle, draftInput(2), now)).booking
    await setExtraQuantity(handle, first.id, 'childSeat', 1, now)
    const newer = compiled(9, later)
    const requoted = await requoteDraft(
      handle,
      first.id,
      { ...draftInput(2), prices: newer },
      { passengers: 8, luggage: 8 },
      now,
    )
    expect(requoted.price_list_id).toBe(9)
    expect(readPriceTerms(requoted)).toEqual({
      extraCents: { childSeat: 900, boosterSeat: 800 },
      depositPercent: 20,
      includedKmPerHour: 10,
    })
    expect(requoted.total_minor).toBe(
      toBookingMinor(requoted.vehicle_cents, requoted) + toBookingMinor(900, requoted),
    )
    const seatRow = await handle.db
      .selectFrom('booking_extras')
      .select('unit_cents')
      .where('booking_id', '=', first.id)
      .executeTakeFirstOrThrow()
    expect(seatRow.unit_cents).toBe(900)
    expect(paymentSplit({ ...requoted, payment_option: 'depositCash' }).paidMinor).toBe(
      Math.round((requoted.total_minor * 20) / 100),
    )
  })

  it('keeps the kilometres an hour of hire included when it was quoted', async () => {
    const { booking } = await createDraft(handle, hourlyDraftInput(4), now)
    expect(hireOf((await findBooking(handle, booking.id))!)).toMatchObject({ includedKm: 60 })
    const newer = (
      await createDraft(handle, { ...hourlyDraftInput(4), prices: compiled(9, later) }, now)
    ).booking
    expect(hireOf(newer)).toMatchObject({ includedKm: 40 })
  })
})
