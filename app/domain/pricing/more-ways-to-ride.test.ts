import { describe, expect, it } from 'vitest'
import { places, priceEntry } from '../places/gazetteer'
import { resolvePlace } from '../places/resolve'
import type { Place } from '../places/types'
import { bookableHours, HourlyQuoteError, quoteHourly } from './hourly'
import { builtinPriceList, firstPrices } from './builtin-price-list'
import { quoteClasses } from './quote'
import { earliestReturnPickup, isReturnLateEnough, quoteReturnTrip } from './return-trip'

const place = (text: string): Place => {
  const resolution = resolvePlace(text, places)
  if (resolution.status !== 'found') throw new Error(`${text} did not resolve`)
  return resolution.place
}
const cents = (quotes: { cents: number }[]) => quotes.map((quote) => quote.cents)

describe('hire by the hour', () => {
  it('sells 2 to 12 whole hours', () => {
    expect(bookableHours()).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
    expect(() => quoteHourly({ hours: 1 }, builtinPriceList)).toThrow(HourlyQuoteError)
    expect(() => quoteHourly({ hours: 13 }, builtinPriceList)).toThrow(HourlyQuoteError)
    expect(() => quoteHourly({ hours: 2.5 }, builtinPriceList)).toThrow(HourlyQuoteError)
  })

  it('prices each class at its hourly rate, 15 km an hour included', () => {
    // 4 hours: 35, 50, 65 and 90 EUR an hour.
    expect(cents(quoteHourly({ hours: 4 }, builtinPriceList))).toEqual([14000, 20000, 26000, 36000])
    expect(quoteHourly({ hours: 4 }, builtinPriceList)[1]).toMatchObject({
      code: 'LUXMNVN',
      rule: 'hourly',
      includedKm: 60,
      extraKm: 0,
      extraKmCents: 0,
    })
    // A plan within the included distance costs nothing more.
    expect(cents(quoteHourly({ hours: 4, plannedKm: 60 }, builtinPriceList))).toEqual([
      14000, 20000, 26000, 36000,
    ])
  })

  it('charges 2 EUR a km beyond the included distance of a longer plan', () => {
    // 4 hours include 60 km; 100 km planned: 40 km × 2 EUR.
    expect(cents(quoteHourly({ hours: 4, plannedKm: 100 }, builtinPriceList))).toEqual([
      22000, 28000, 34000, 44000,
    ])
  })

  it('never costs less than a transfer over the same distance, nor the class minimum', () => {
    for (const hours of bookableHours()) {
      const km = hours * builtinPriceList.hourly.includedKmPerHour
      for (const quote of quoteHourly({ hours }, builtinPriceList)) {
        const transfer = Math.max(
          km * builtinPriceList.withinCityKmCents,
          builtinPriceList.classMinimumCents[quote.code],
        )
        expect(quote.cents).toBeGreaterThanOrEqual(transfer)
      }
    }
  })
})

describe('a return trip', () => {
  const saw = place('SAW')
  const sile = place('Şile')
  const leg = (pickup: Place, destination: Place, pickupTime: string) => ({
    pickup,
    destination,
    distanceKm: priceEntry(sile.id)!.distance_from_saw_km,
    pickupTime,
    prices: firstPrices,
  })

  it('prices each leg by its own rules and charges their sum', () => {
    const trip = quoteReturnTrip(leg(saw, sile, '10:00'), leg(sile, saw, '10:00'))
    expect(cents(trip)).toEqual([19800, 25800, 29800, 39800])
    expect(trip[0]!.outbound.cents).toBe(9900)
    expect(trip[0]!.back.cents).toBe(9900)
  })

  it('gives the outbound the peak window of its airport pickup and not the return into it', () => {
    // Out from SAW at 18:00 (peak: × 1.3); back from Şile at 18:00 (no airport pickup, no peak).
    const trip = quoteReturnTrip(leg(saw, sile, '18:00'), leg(sile, saw, '18:00'))
    expect(trip.map((quote) => quote.outbound.cents)).toEqual([12870, 16770, 19370, 25870])
    expect(trip.map((quote) => quote.back.cents)).toEqual([9900, 12900, 14900, 19900])
    expect(trip[0]!.outbound.peak).toBe('saw')
    expect(trip[0]!.back.peak).toBeUndefined()
    expect(cents(trip)).toEqual([22770, 29670, 34270, 45770])
  })

  it('gives each airport pickup its own window: in it going, out of it coming back', () => {
    const out = leg(sile, saw, '15:30')
    const back = leg(saw, sile, '22:30')
    const trip = quoteReturnTrip(out, back)
    expect(trip[0]!.outbound.peak).toBeUndefined()
    expect(trip[0]!.back.peak).toBeUndefined()
    const inPeak = quoteReturnTrip(out, leg(saw, sile, '21:59'))
    expect(inPeak[0]!.back.peak).toBe('saw')
    expect(cents(inPeak)[0]).toBe(9900 + 12870)
  })

  it('is unavailable in a class when a leg is', () => {
    const nowhere = {
      ...leg(saw, sile, '10:00'),
      prices: { ...firstPrices, fareEntry: () => undefined },
    }
    expect(cents(quoteReturnTrip(leg(saw, sile, '10:00'), nowhere))).toEqual([0, 0, 0, 0])
    expect(quoteClasses(nowhere).every((quote) => quote.rule === 'unavailable')).toBe(true)
  })

  it('picks up again only after the estimated arrival and an hour', () => {
    // 70 km: two hours' estimate, then the hour's margin: 13:00 Istanbul (10:00 UTC).
    expect(earliestReturnPickup('2026-12-01', '10:00', 70).toISOString()).toBe(
      '2026-12-01T10:00:00.000Z',
    )
    const out = { date: '2026-12-01', time: '10:00' }
    expect(isReturnLateEnough(out, { date: '2026-12-01', time: '12:59' }, 70)).toBe(false)
    expect(isReturnLateEnough(out, { date: '2026-12-01', time: '13:00' }, 70)).toBe(true)
    expect(isReturnLateEnough(out, { date: '2026-12-03', time: '09:00' }, 70)).toBe(true)
    // A 23:30 outbound of 30 km: an hour's estimate and the margin, 01:30 the next day.
    const late = { date: '2026-12-01', time: '23:30' }
    expect(isReturnLateEnough(late, { date: '2026-12-02', time: '01:29' }, 30)).toBe(false)
    expect(isReturnLateEnough(late, { date: '2026-12-02', time: '01:30' }, 30)).toBe(true)
  })
})
