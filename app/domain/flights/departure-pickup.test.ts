import { describe, expect, it } from 'vitest'
import advice from './airport-advice.json'
import { departurePickup, isDomestic } from './departure-pickup'

const at = (iso: string) => new Date(iso)

describe('the pickup that catches a departing flight', () => {
  it('names where its figures come from, for both airports', () => {
    expect(advice.source).toMatch(/airlines/)
    expect(Object.keys(advice.airports).sort()).toEqual(['IST', 'SAW'])
  })

  it('tells a domestic flight by its destination in Turkey', () => {
    expect(isDomestic('LTAI')).toBe(true)
    expect(isDomestic('EGLL')).toBe(false)
    // Unknown: planned as international, the earlier of the two.
    expect(isDomestic(null)).toBe(false)
  })

  it('leaves IST international: 3 hours before, the drive at its speed, on five minutes', () => {
    // Leaves 12:00 Istanbul (09:00Z); at the airport by 09:00; 40 km at 50 km/h = 48 min.
    expect(
      departurePickup({
        airport: 'IST',
        departure: at('2026-11-28T09:00:00Z'),
        destinationIcao: 'EGLL',
        distanceKm: 40,
      }),
    ).toEqual({
      pickup: at('2026-11-28T05:10:00Z'),
      adviceMinutes: 180,
      driveMinutes: 48,
      domestic: false,
    })
  })

  it('leaves SAW domestic in its peak window: 2 hours before, the drive slowed by its peak rule', () => {
    // Leaves 20:00 Istanbul; at SAW by 18:00, inside 15:00-21:59: 50 km is 60 min x 1.3 = 78.
    expect(
      departurePickup({
        airport: 'SAW',
        departure: at('2026-11-28T17:00:00Z'),
        destinationIcao: 'LTAI',
        distanceKm: 50,
      }),
    ).toEqual({
      pickup: at('2026-11-28T13:40:00Z'),
      adviceMinutes: 120,
      driveMinutes: 78,
      domestic: true,
    })
  })

  it('drives at the plain speed to IST outside its peak window', () => {
    // Leaves at midnight: at IST by 22:00 Istanbul, after its 16:00-19:59 window.
    const late = departurePickup({
      airport: 'IST',
      departure: at('2026-11-28T21:00:00Z'),
      destinationIcao: 'LTFJ',
      distanceKm: 50,
    })
    expect(late).toMatchObject({ driveMinutes: 60, adviceMinutes: 120 })
    expect(late.pickup).toEqual(at('2026-11-28T18:00:00Z'))
  })
})
