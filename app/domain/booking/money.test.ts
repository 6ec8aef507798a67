import { builtinPriceList } from '~/domain/pricing/builtin-price-list'
import { describe, expect, it } from 'vitest'
import { bookingTotals, rideCount, shownPriceMinor, toBookingMinor } from './money'

const lira = { currency: 'TRY' as const, rate: '49.4371', rates_date: '2026-11-20' }
const euro = { currency: 'EUR' as const, rate: '1', rates_date: '2026-11-20' }
const oneRide = { vehicle_cents: 12900, return_vehicle_cents: null }

describe('booking money at the locked rate', () => {
  it('converts euro cents with the rate stored in the booking', () => {
    expect(toBookingMinor(12900, lira)).toBe(637739)
    expect(toBookingMinor(12900, euro)).toBe(12900)
  })

  it('adds 7 EUR per seat and totals the converted lines', () => {
    expect(
      bookingTotals(oneRide, { childSeat: 1, boosterSeat: 1 }, euro, builtinPriceList.extraCents),
    ).toEqual({
      extras_cents: 1400,
      total_cents: 14300,
      total_minor: 14300,
    })
    const totals = bookingTotals(
      oneRide,
      { childSeat: 1, boosterSeat: 0 },
      lira,
      builtinPriceList.extraCents,
    )
    expect(totals.total_minor).toBe(toBookingMinor(12900, lira) + toBookingMinor(700, lira))
  })

  it('charges each seat of a quantity, each converted as the line shows it', () => {
    expect(
      bookingTotals(oneRide, { childSeat: 2, boosterSeat: 1 }, euro, builtinPriceList.extraCents),
    ).toEqual({
      extras_cents: 2100,
      total_cents: 15000,
      total_minor: 15000,
    })
    const totals = bookingTotals(
      oneRide,
      { childSeat: 2, boosterSeat: 0 },
      lira,
      builtinPriceList.extraCents,
    )
    expect(totals.total_minor).toBe(toBookingMinor(12900, lira) + 2 * toBookingMinor(700, lira))
  })
})

describe('a trip there and back', () => {
  const thereAndBack = { vehicle_cents: 12900, return_vehicle_cents: 15480 }

  it('charges both rides and the extras on each ride', () => {
    expect(rideCount(thereAndBack)).toBe(2)
    expect(rideCount(oneRide)).toBe(1)
    expect(
      bookingTotals(
        thereAndBack,
        { childSeat: 2, boosterSeat: 0 },
        euro,
        builtinPriceList.extraCents,
      ),
    ).toEqual({
      extras_cents: 2800,
      total_cents: 12900 + 15480 + 2800,
      total_minor: 12900 + 15480 + 2800,
    })
  })

  it('totals the converted lines of both rides in another currency', () => {
    const totals = bookingTotals(
      thereAndBack,
      { childSeat: 1, boosterSeat: 0 },
      lira,
      builtinPriceList.extraCents,
    )
    expect(totals.total_minor).toBe(
      toBookingMinor(12900, lira) + toBookingMinor(15480, lira) + 2 * toBookingMinor(700, lira),
    )
  })
})

describe('the shown price', () => {
  it('is the class quote at the day’s rate, as the vehicle card shows and Select compares', () => {
    const rates = {
      date: '2026-11-20',
      source: 'builtin' as const,
      rates: { EUR: 1, USD: 1.0512, GBP: 0.8311, TRY: 49.4371 },
    }
    expect(shownPriceMinor({ cents: 12900 }, 'EUR', rates)).toBe(12900)
    expect(shownPriceMinor({ cents: 12900 }, 'TRY', rates)).toBe(637739)
    expect(shownPriceMinor({ cents: 12900 }, 'GBP', rates)).toBe(10721)
  })
})
