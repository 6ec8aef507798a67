import { describe, expect, it } from 'vitest'
import {
  PLACE_TEXT_MAX,
  checkTripSearch,
  estimatedHours,
  bookingPickupInstant,
  pickupInstant,
  readTripSearch,
} from './trip-search'

// 10:00 in Istanbul on 21 November 2026.
const now = new Date('2026-11-21T07:00:00Z')
const valid = { date: '2026-11-22', time: '10:00', pickup: 'SAW', destination: 'Şile' }

describe('checkTripSearch', () => {
  it('accepts a complete search in the window', () => {
    expect(checkTripSearch(valid, now)).toBeNull()
  })
  it('asks for every field', () => {
    for (const field of ['date', 'time', 'pickup', 'destination'] as const) {
      expect(checkTripSearch({ ...valid, [field]: '' }, now)).toBe('fillAll')
    }
  })
  it('refuses dates outside today … today + 20 and unknown times', () => {
    expect(checkTripSearch({ ...valid, date: '2026-11-20' }, now)).toBe('dateInPast')
    expect(checkTripSearch({ ...valid, date: '2026-12-11' }, now)).toBeNull()
    expect(checkTripSearch({ ...valid, date: '2026-12-12' }, now)).toBe('dateTooFar')
    expect(checkTripSearch({ ...valid, date: '2026-13-01' }, now)).toBe('invalidDate')
    expect(checkTripSearch({ ...valid, time: '10:05' }, now)).toBe('invalidTime')
  })
  it('needs two hours of notice', () => {
    expect(checkTripSearch({ ...valid, date: '2026-11-21', time: '11:45' }, now)).toBe('tooSoon')
    expect(checkTripSearch({ ...valid, date: '2026-11-21', time: '12:00' }, now)).toBeNull()
  })
  it('needs the company’s longer notice when it sets one, never less than two hours', () => {
    const at = (time: string, notice: number) =>
      checkTripSearch({ ...valid, date: '2026-11-21', time }, now, notice)
    expect(at('15:45', 360)).toBe('tooSoon')
    expect(at('16:00', 360)).toBeNull()
    // A shorter notice than the terms' is not one the site may apply.
    expect(at('11:00', 30)).toBe('tooSoon')
  })
})

describe('pickupInstant', () => {
  it('reads Istanbul time and treats 00:00 as the end of the chosen day', () => {
    expect(pickupInstant('2026-11-22', '10:00').toISOString()).toBe('2026-11-22T07:00:00.000Z')
    expect(pickupInstant('2026-11-22', '00:00').toISOString()).toBe('2026-11-22T21:00:00.000Z')
  })

  it("is read the same way from a stored booking's date and time", () => {
    const ride = { trip_date: '2026-11-22', trip_time: '00:00' }
    expect(bookingPickupInstant(ride).toISOString()).toBe('2026-11-22T21:00:00.000Z')
  })
})

describe('estimatedHours', () => {
  it('divides by 50 km/h and rounds up', () => {
    expect(estimatedHours(50)).toBe(1)
    expect(estimatedHours(51)).toBe(2)
    expect(estimatedHours(180)).toBe(4)
    expect(estimatedHours(0)).toBe(1)
  })
})

describe('readTripSearch', () => {
  it('normalises the values and keeps them whole', () => {
    const values = readTripSearch(
      new URLSearchParams({ pickup: '  Kadiko\u0308y\t', destination: 'x'.repeat(500) }),
    )
    expect(values.pickup).toBe('Kadiköy')
    expect(values.destination).toHaveLength(500)
    expect(values.date).toBe('')
  })
})

describe('checkTripSearch on the place texts', () => {
  it(`takes ${PLACE_TEXT_MAX} characters and refuses one more, never cut`, () => {
    const long = 'ş'.repeat(PLACE_TEXT_MAX)
    expect(checkTripSearch({ ...valid, pickup: long }, now)).toBeNull()
    expect(checkTripSearch({ ...valid, destination: `${long}x` }, now)).toBe('placeTooLong')
  })
  it('refuses NUL and other control characters, which PostgreSQL would not store', () => {
    for (const text of ['SAW\u0000', 'SAW\u0001', 'Şile\u009b']) {
      const read = readTripSearch(new URLSearchParams({ ...valid, pickup: text }))
      expect(checkTripSearch(read, now)).toBe('placeControlCharacters')
    }
  })
})
