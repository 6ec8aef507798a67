import { describe, expect, it } from 'vitest'
import { placeById, places, priceEntry } from '../places/gazetteer'
import { resolvePlace } from '../places/resolve'
import type { Place } from '../places/types'
import { builtinDistance } from '../distance/distance'
import { quoteClasses } from './quote'
import { builtinPriceList, firstPrices } from './builtin-price-list'

const place = (text: string): Place => {
  const resolution = resolvePlace(text, places)
  if (resolution.status !== 'found') throw new Error(`${text} did not resolve`)
  return resolution.place
}

/** Prices in euros for a trip, with the builtin distance unless one is given. */
function euros(from: string, to: string, time: string, distanceKm?: number): number[] {
  const pickup = place(from)
  const destination = place(to)
  const km = distanceKm ?? builtinDistance(pickup, destination, priceEntry, 1.3).km
  return quoteClasses({
    pickup,
    destination,
    distanceKm: km,
    pickupTime: time,
    prices: firstPrices,
  }).map((quote) => quote.cents / 100)
}

describe('the fixed fares, exactly', () => {
  it('airport to airport', () => {
    expect(euros('IGA', 'SAW', '10:00')).toEqual([79, 99, 109, 169])
    expect(euros('Sabiha Gökçen Airport', 'Istanbul Airport', '12:00')).toEqual([79, 99, 109, 169])
  })
  it('Arnavutköy from IGA, Şile from both airports, Silivri from SAW', () => {
    expect(euros('IGA', 'Arnavutköy', '10:00')).toEqual([34, 49, 59, 84])
    expect(euros('Şile', 'IST', '10:00')).toEqual([199, 299, 249, 399])
    expect(euros('SAW', 'Şile', '10:00')).toEqual([99, 129, 149, 199])
    expect(euros('SAW', 'Silivri', '10:00')).toEqual([139, 179, 199, 249])
  })
  it('Çanakkale and the flat far cities', () => {
    expect(euros('IGA', 'Çanakkale', '10:00', 180)).toEqual([299, 349, 399, 499])
    expect(euros('SAW', 'Çanakkale', '10:00', 105)).toEqual([249, 349, 379, 459])
    // Antalya has no base distance: every km is extra, at 1 EUR.
    expect(euros('IGA', 'Antalya', '10:00', 700)).toEqual([870, 900, 930, 960])
  })
})

describe('extra kilometres and peak windows', () => {
  it('adds 1 EUR per km beyond the table distance', () => {
    const tableKm = priceEntry(1033)!.distance_from_saw_km
    expect(euros('SAW', 'Şile', '10:00', tableKm + 10)).toEqual([109, 139, 159, 209])
    expect(euros('SAW', 'Şile', '10:00', tableKm - 5)).toEqual([99, 129, 149, 199])
  })
  it('SAW pickups from 15:00 to 21:59: 1.25 EUR per extra km, then × 1.3', () => {
    const tableKm = priceEntry(1033)!.distance_from_saw_km
    expect(euros('SAW', 'Şile', '14:59')).toEqual([99, 129, 149, 199])
    expect(euros('SAW', 'Şile', '15:00')).toEqual([128.7, 167.7, 193.7, 258.7])
    expect(euros('SAW', 'Şile', '21:59')).toEqual([128.7, 167.7, 193.7, 258.7])
    expect(euros('SAW', 'Şile', '22:00')).toEqual([99, 129, 149, 199])
    // (99 + 10 × 1.25) × 1.3 = 144.95
    expect(euros('SAW', 'Şile', '18:00', tableKm + 10)[0]).toBe(144.95)
  })
  it('IGA and IST pickups from 16:00 to 19:59: 1 EUR per extra km, then × 1.15', () => {
    expect(euros('IGA', 'Arnavutköy', '15:59')).toEqual([34, 49, 59, 84])
    expect(euros('IST', 'Arnavutköy', '16:00')).toEqual([39.1, 56.35, 67.85, 96.6])
    expect(euros('IGA', 'Arnavutköy', '19:59')).toEqual([39.1, 56.35, 67.85, 96.6])
    expect(euros('IGA', 'Arnavutköy', '20:00')).toEqual([34, 49, 59, 84])
  })
  it('applies the peak only to pickups at the airport', () => {
    expect(euros('Şile', 'SAW', '18:00')).toEqual([99, 129, 149, 199])
  })
})

describe('intercity and within one city', () => {
  it('intercity: base plus distance times the class factor, in whole euros', () => {
    expect(euros('Kadıköy', 'Bursa', '10:00', 150)).toEqual([190, 220, 238, 275])
    expect(euros('Bursa', 'Yalova', '10:00', 70)).toEqual([110, 140, 154, 187])
  })
  it('within a city: 2 EUR a km, never below the class minimum', () => {
    expect(euros('Kadıköy', 'Beşiktaş', '10:00', 12)).toEqual([47, 68, 88, 120])
    expect(euros('Kadıköy', 'Sarıyer', '10:00', 40)).toEqual([80, 80, 88, 120])
  })
  it('prices a real district-to-city trip with the builtin distance', () => {
    const prices = euros('Taksim', 'Sapanca', '10:00')
    expect(prices.every((price) => price > 100)).toBe(true)
    expect(prices).toEqual([...prices].sort((a, b) => a - b))
  })
})

describe('unavailable routes', () => {
  it('prices 0 when the airport trip has no table entry', () => {
    const quotes = quoteClasses({
      pickup: place('SAW'),
      destination: place('Kadıköy'),
      distanceKm: 30,
      pickupTime: '10:00',
      prices: { ...firstPrices, fareEntry: () => undefined },
    })
    expect(quotes.map((quote) => [quote.cents, quote.rule])).toEqual([
      [0, 'unavailable'],
      [0, 'unavailable'],
      [0, 'unavailable'],
      [0, 'unavailable'],
    ])
  })
})

describe('extras and the price table', () => {
  it('charges 7 EUR an extra', () => {
    expect(builtinPriceList.extraCents).toEqual({ childSeat: 700, boosterSeat: 700 })
  })
  it('has an entry for every district and city, and none for the airports', () => {
    for (const candidate of places) {
      expect(Boolean(priceEntry(candidate.id))).toBe(candidate.kind !== 'airport')
    }
    expect(placeById(1001)?.name.tr).toBe('Arnavutköy')
  })
})
