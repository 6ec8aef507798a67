import { describe, expect, it } from 'vitest'
import { checkReturnSearch, readReturnSearch, returnParams } from './return-search'

const outbound = { date: '2026-12-01', time: '10:00' }
const wanted = (date: string, time: string) => ({ wanted: true, date, time })

describe('the return of a route search', () => {
  it('is read only when Add a return is ticked', () => {
    const ticked = readReturnSearch(
      new URLSearchParams('return=1&returnDate=2026-12-03&returnTime=18:00'),
    )
    expect(ticked).toEqual(wanted('2026-12-03', '18:00'))
    expect(returnParams(ticked)).toEqual({
      return: '1',
      returnDate: '2026-12-03',
      returnTime: '18:00',
    })
    const unticked = readReturnSearch(new URLSearchParams('returnDate=2026-12-03&returnTime=18:00'))
    expect(unticked.wanted).toBe(false)
    expect(returnParams(unticked)).toEqual({})
    expect(checkReturnSearch({ ...unticked, date: 'nonsense' }, outbound, 70)).toBeNull()
  })

  it('asks for both fields, a real date and a time from the list', () => {
    expect(checkReturnSearch(wanted('', '18:00'), outbound, 70)).toBe('returnFillAll')
    expect(checkReturnSearch(wanted('2026-12-03', ''), outbound, 70)).toBe('returnFillAll')
    expect(checkReturnSearch(wanted('2026-13-45', '18:00'), outbound, 70)).toBe('returnInvalidDate')
    expect(checkReturnSearch(wanted('2026-12-03', '18:05'), outbound, 70)).toBe('returnInvalidTime')
  })

  it('starts after the outbound has arrived plus an hour, within 30 days', () => {
    // 70 km: two hours' drive, so 13:00 at the earliest on the same day.
    expect(checkReturnSearch(wanted('2026-12-01', '12:45'), outbound, 70)).toBe('returnTooEarly')
    expect(checkReturnSearch(wanted('2026-12-01', '13:00'), outbound, 70)).toBeNull()
    expect(checkReturnSearch(wanted('2026-11-30', '18:00'), outbound, 70)).toBe('returnTooEarly')
    expect(checkReturnSearch(wanted('2026-12-31', '18:00'), outbound, 70)).toBeNull()
    expect(checkReturnSearch(wanted('2027-01-01', '09:00'), outbound, 70)).toBe('returnTooFar')
  })
})
