import { describe, expect, it } from 'vitest'
import { places } from './gazetteer'
import { resolvePlace } from './resolve'
import { isSamePlace } from './same-place'

function same(pickupText: string, destinationText: string): boolean {
  const pickup = resolvePlace(pickupText, places)
  const destination = resolvePlace(destinationText, places)
  if (pickup.status !== 'found' || destination.status !== 'found') {
    throw new Error(`not both found: ${pickupText} / ${destinationText}`)
  }
  return isSamePlace(pickupText, pickup.place, destinationText, destination.place)
}

describe('the same place at both ends', () => {
  it('is refused for airports, districts and cities alike', () => {
    expect(same('SAW', 'Sabiha Gökçen Airport')).toBe(true)
    expect(same('Kadıköy', 'Kadıköy')).toBe(true)
    expect(same('Kadıköy, İstanbul, Türkiye', 'kadikoy')).toBe(true)
    expect(same('Şile', 'Şile')).toBe(true)
    expect(same('Kocaeli', 'İzmit')).toBe(true)
    expect(same('Bursa, Türkiye', 'Bursa')).toBe(true)
  })

  it('lets two different spots within one district or city be booked', () => {
    expect(same('Moda, Kadıköy', 'Bahariye Caddesi, Kadıköy')).toBe(false)
    expect(same('Moda, Kadıköy', 'Kadıköy')).toBe(false)
    expect(same('Gebze', 'Kartepe')).toBe(false)
    expect(same('Taksim Square', 'Kadıköy')).toBe(false)
  })
})
