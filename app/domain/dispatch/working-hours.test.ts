import { describe, expect, it } from 'vitest'
import {
  clockMinutes,
  clockText,
  dutyFor,
  isValidShift,
  istanbulInstant,
  istanbulWeekTime,
  sortedShifts,
  timeOffAhead,
  type Duty,
  type TimeOffSpan,
  type WeeklyShift,
} from './working-hours'

/** An Istanbul date and time as milliseconds (2027-06-07 is a Monday). */
const at = (date: string, time: string) => istanbulInstant(date, time).getTime()
const hours = (count: number) => count * 3_600_000

const weekdaysNineToSix: WeeklyShift[] = [1, 2, 3, 4, 5].map((weekday) => ({
  weekday: weekday as WeeklyShift['weekday'],
  starts: '09:00',
  ends: '18:00',
}))

function duty(
  start: [string, string],
  lengthHours: number,
  shifts: WeeklyShift[],
  timeOff: TimeOffSpan[] = [],
): Duty {
  const from = at(...start)
  return dutyFor({ start: from, end: from + hours(lengthHours) }, shifts, timeOff)
}

describe('clock times', () => {
  it('reads HH:MM as minutes, 24:00 being the end of the day', () => {
    expect(clockMinutes('00:00')).toBe(0)
    expect(clockMinutes('08:15')).toBe(495)
    expect(clockMinutes('24:00')).toBe(1440)
    expect(clockMinutes('24:15')).toBeNaN()
    expect(clockMinutes('8:00')).toBeNaN()
    expect(clockText(1440)).toBe('24:00')
    expect(clockText(495)).toBe('08:15')
  })

  it('a shift ends after it starts, at 24:00 at the latest, and starts before 24:00', () => {
    expect(isValidShift({ weekday: 1, starts: '08:00', ends: '18:00' })).toBe(true)
    expect(isValidShift({ weekday: 7, starts: '18:00', ends: '24:00' })).toBe(true)
    expect(isValidShift({ weekday: 1, starts: '18:00', ends: '08:00' })).toBe(false)
    expect(isValidShift({ weekday: 1, starts: '08:00', ends: '08:00' })).toBe(false)
    expect(isValidShift({ weekday: 1, starts: '24:00', ends: '24:00' })).toBe(false)
    expect(isValidShift({ weekday: 8 as never, starts: '08:00', ends: '09:00' })).toBe(false)
  })

  it('reads the Istanbul weekday and time of an instant, whatever the server’s zone', () => {
    // 2027-06-06T21:30Z is Monday 00:30 in Istanbul.
    expect(istanbulWeekTime(Date.parse('2027-06-06T21:30:00Z'))).toEqual({
      weekday: 1,
      minute: 30,
    })
    expect(istanbulWeekTime(at('2027-06-13', '23:45'))).toEqual({ weekday: 7, minute: 1425 })
    expect(istanbulInstant('2027-06-07', '24:00').toISOString()).toBe('2027-06-07T21:00:00.000Z')
  })

  it('sorts shifts by weekday, then by start', () => {
    const sorted = sortedShifts([
      { weekday: 2, starts: '14:00', ends: '18:00' },
      { weekday: 1, starts: '09:00', ends: '12:00' },
      { weekday: 2, starts: '06:00', ends: '10:00' },
    ])
    expect(sorted.map((shift) => `${shift.weekday} ${shift.starts}`)).toEqual([
      '1 09:00',
      '2 06:00',
      '2 14:00',
    ])
  })
})

describe('on duty for a ride', () => {
  const monday = '2027-06-07'
  const friday = '2027-06-11'

  it.each([
    // [what, start date, start time, length in hours, expected]
    ['inside the hours', monday, '10:00', 2, { onDuty: true }],
    ['exactly the whole shift', monday, '09:00', 9, { onDuty: true }],
    [
      'starting before the hours',
      monday,
      '08:00',
      2,
      { onDuty: false, reason: 'notWorking', weekday: 1, time: '08:00' },
    ],
    [
      'ending after the hours',
      friday,
      '17:00',
      2,
      { onDuty: false, reason: 'notWorking', weekday: 5, time: '18:00' },
    ],
    [
      'entirely after the hours',
      friday,
      '20:00',
      1,
      { onDuty: false, reason: 'notWorking', weekday: 5, time: '20:00' },
    ],
    [
      'on a day without hours',
      '2027-06-12',
      '10:00',
      1,
      { onDuty: false, reason: 'notWorking', weekday: 6, time: '10:00' },
    ],
  ] as const)('%s', (_, date, time, length, expected) => {
    expect(duty([date, time], length, weekdaysNineToSix)).toMatchObject(expected)
  })

  it('a ride in the gap of a split shift is refused, one in either part is not', () => {
    const split: WeeklyShift[] = [
      { weekday: 3, starts: '07:00', ends: '11:00' },
      { weekday: 3, starts: '15:00', ends: '20:00' },
    ]
    const wednesday = '2027-06-09'
    expect(duty([wednesday, '08:00'], 2, split)).toEqual({ onDuty: true })
    expect(duty([wednesday, '16:00'], 3, split)).toEqual({ onDuty: true })
    expect(duty([wednesday, '10:00'], 2, split)).toMatchObject({
      onDuty: false,
      reason: 'notWorking',
      time: '11:00',
    })
    expect(duty([wednesday, '12:00'], 1, split)).toMatchObject({ time: '12:00' })
    // Two parts that touch make one stretch.
    const touching: WeeklyShift[] = [
      { weekday: 3, starts: '07:00', ends: '11:00' },
      { weekday: 3, starts: '11:00', ends: '14:00' },
    ]
    expect(duty([wednesday, '10:00'], 3, touching)).toEqual({ onDuty: true })
  })

  it('a ride across midnight needs hours on both days that join', () => {
    const nights: WeeklyShift[] = [
      { weekday: 1, starts: '18:00', ends: '24:00' },
      { weekday: 2, starts: '00:00', ends: '02:00' },
    ]
    expect(duty([monday, '23:00'], 3, nights)).toEqual({ onDuty: true })
    // One hour past the Tuesday part.
    expect(duty([monday, '23:00'], 4, nights)).toMatchObject({
      onDuty: false,
      reason: 'notWorking',
      weekday: 2,
      time: '02:00',
    })
    // Monday's hours alone end at midnight.
    expect(duty([monday, '23:00'], 2, nights.slice(0, 1))).toMatchObject({
      weekday: 2,
      time: '00:00',
    })
    // Sunday 23:00 into Monday: the week wraps round.
    const sundayNight: WeeklyShift[] = [
      { weekday: 7, starts: '22:00', ends: '24:00' },
      { weekday: 1, starts: '00:00', ends: '03:00' },
    ]
    expect(duty(['2027-06-13', '23:00'], 2, sundayNight)).toEqual({ onDuty: true })
  })

  it('time off overlapping the ride refuses it, even inside the hours', () => {
    const dayOff = {
      startsAt: istanbulInstant(monday, '00:00').toISOString(),
      endsAt: istanbulInstant(monday, '24:00').toISOString(),
    }
    expect(duty([monday, '10:00'], 2, weekdaysNineToSix, [dayOff])).toEqual({
      onDuty: false,
      reason: 'timeOff',
      ...dayOff,
    })
    // Overlapping only its last hour, or its first.
    const afternoon = {
      startsAt: istanbulInstant(monday, '11:00').toISOString(),
      endsAt: istanbulInstant(monday, '13:00').toISOString(),
    }
    expect(duty([monday, '10:00'], 2, weekdaysNineToSix, [afternoon])).toMatchObject({
      reason: 'timeOff',
    })
    expect(duty([monday, '12:00'], 2, weekdaysNineToSix, [afternoon])).toMatchObject({
      reason: 'timeOff',
    })
    // Touching ends do not overlap: off until 10:00, a ride from 10:00 is fine.
    const morning = {
      startsAt: istanbulInstant(monday, '06:00').toISOString(),
      endsAt: istanbulInstant(monday, '10:00').toISOString(),
    }
    expect(duty([monday, '10:00'], 2, weekdaysNineToSix, [morning])).toEqual({ onDuty: true })
    // The next day's time off is not this ride's.
    const tuesdayOff = {
      startsAt: istanbulInstant('2027-06-08', '00:00').toISOString(),
      endsAt: istanbulInstant('2027-06-08', '24:00').toISOString(),
    }
    expect(duty([monday, '10:00'], 2, weekdaysNineToSix, [tuesdayOff])).toEqual({ onDuty: true })
  })

  it('with no hours entered a driver works any time, unless on time off', () => {
    expect(duty([monday, '03:00'], 5, [])).toEqual({ onDuty: true })
    expect(duty(['2027-06-13', '22:00'], 4, [])).toEqual({ onDuty: true })
    const off = {
      startsAt: istanbulInstant(monday, '04:00').toISOString(),
      endsAt: istanbulInstant(monday, '05:00').toISOString(),
    }
    expect(duty([monday, '03:00'], 5, [], [off])).toMatchObject({
      onDuty: false,
      reason: 'timeOff',
    })
  })

  it('names the moment it fails on by its Istanbul instant', () => {
    const result = duty([friday, '17:00'], 2, weekdaysNineToSix)
    expect(result.onDuty === false && result.reason === 'notWorking' && result.at).toBe(
      at(friday, '18:00'),
    )
  })
})

describe('time off ahead', () => {
  it('keeps the spans not yet over, soonest first', () => {
    const now = at('2027-06-07', '12:00')
    const span = (from: string, until: string) => ({
      startsAt: istanbulInstant('2027-06-07', from).toISOString(),
      endsAt: istanbulInstant('2027-06-07', until).toISOString(),
    })
    const over = span('08:00', '12:00')
    const running = span('11:00', '13:00')
    const later = span('18:00', '20:00')
    expect(timeOffAhead([later, over, running], now)).toEqual([running, later])
  })
})
