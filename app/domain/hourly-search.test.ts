import { describe, expect, it } from 'vitest'
import { checkHourlySearch, plannedKmOf, readHourlySearch } from './hourly-search'

const now = new Date('2026-11-25T09:00:00+03:00')
const search = { date: '2026-11-26', time: '10:00', pickup: 'Taksim', hours: '4', plannedKm: '' }

describe('hourly search', () => {
  it('reads the form, the planned kilometres optional', () => {
    const values = readHourlySearch(
      new URLSearchParams('mode=hourly&date=2026-11-26&time=10:00&pickup=Taksim&hours=4'),
    )
    expect(values).toEqual(search)
    expect(plannedKmOf(values)).toBeNull()
    expect(plannedKmOf({ ...values, plannedKm: '120' })).toBe(120)
  })

  it('accepts 2 to 12 whole hours', () => {
    expect(checkHourlySearch(search, now)).toBeNull()
    for (const hours of ['2', '12']) expect(checkHourlySearch({ ...search, hours }, now)).toBeNull()
    for (const hours of ['1', '13', '4.5', '-4', 'four', '04 ']) {
      expect(checkHourlySearch({ ...search, hours }, now), hours).toBe('invalidHours')
    }
  })

  it('takes planned kilometres as a whole number up to the limit', () => {
    expect(checkHourlySearch({ ...search, plannedKm: '1000' }, now)).toBeNull()
    for (const plannedKm of ['1001', '12.5', '-5', 'far']) {
      expect(checkHourlySearch({ ...search, plannedKm }, now), plannedKm).toBe('invalidPlannedKm')
    }
  })

  it('asks for every field but the kilometres, then checks the pickup time as a transfer does', () => {
    expect(checkHourlySearch({ ...search, hours: '' }, now)).toBe('fillAll')
    expect(checkHourlySearch({ ...search, pickup: '' }, now)).toBe('fillAll')
    expect(checkHourlySearch({ ...search, date: '2026-11-24' }, now)).toBe('dateInPast')
    expect(checkHourlySearch({ ...search, date: '2026-11-25', time: '10:00' }, now)).toBe('tooSoon')
    expect(checkHourlySearch({ ...search, pickup: 'Taksim\u0000' }, now)).toBe(
      'placeControlCharacters',
    )
  })
})
