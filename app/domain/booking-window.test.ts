import { describe, expect, it } from 'vitest'
import {
  addDays,
  dateWindow,
  istanbulClock,
  istanbulDate,
  istanbulHour,
  timeOptions,
} from './booking-window'

describe('timeOptions', () => {
  it('lists 96 quarter hours from 00:15 to 23:45, then 00:00', () => {
    const options = timeOptions()
    expect(options).toHaveLength(96)
    expect(options[0]).toBe('00:15')
    expect(options[3]).toBe('01:00')
    expect(options[94]).toBe('23:45')
    expect(options[95]).toBe('00:00')
    expect(new Set(options).size).toBe(96)
  })
})

describe('dateWindow', () => {
  it('runs from today to today + 20 days', () => {
    expect(dateWindow(new Date('2026-11-21T10:00:00Z'))).toEqual({
      min: '2026-11-21',
      max: '2026-12-11',
    })
  })

  it('uses the Istanbul date, not the UTC date, around midnight', () => {
    // 21:30 UTC is 00:30 the next day in Istanbul (UTC+3).
    expect(istanbulDate(new Date('2026-11-21T21:30:00Z'))).toBe('2026-11-22')
    expect(istanbulDate(new Date('2026-11-21T20:59:59Z'))).toBe('2026-11-21')
    expect(dateWindow(new Date('2026-11-21T21:00:00Z')).min).toBe('2026-11-22')
  })

  it('crosses month and year ends', () => {
    expect(addDays('2026-12-25', 20)).toBe('2027-01-14')
    expect(addDays('2028-02-20', 10)).toBe('2028-03-01')
  })
})

describe('the Istanbul clock', () => {
  // Istanbul keeps UTC+3 all year.
  it('is UTC plus three, on a 24-hour clock from 00:00 to 23:59', () => {
    expect(istanbulClock(new Date('2026-12-02T14:30:00Z'))).toBe('17:30')
    expect(istanbulClock(new Date('2026-12-02T21:05:00Z'))).toBe('00:05')
    expect(istanbulClock(new Date('2026-12-02T20:59:00Z'))).toBe('23:59')
    expect(istanbulHour(new Date('2026-12-02T15:00:00Z'))).toBe(18)
    expect(istanbulHour(new Date('2026-12-02T21:30:00Z'))).toBe(0)
  })
})
