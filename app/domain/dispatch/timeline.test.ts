import { describe, expect, it } from 'vitest'
import { istanbulInstant } from './working-hours'
import { barsOfDay, freeGaps, minuteText } from './timeline'

const day = '2027-03-10'
const dayStart = istanbulInstant(day, '00:00').getTime()
const ride = (reference: string, from: string, to: string, toDay = day, fromDay = day) => ({
  reference,
  start: istanbulInstant(fromDay, from).getTime(),
  end: istanbulInstant(toDay, to).getTime(),
})

describe('the rides of a day on its time line', () => {
  it('places each ride by its minutes, in order, and leaves out other days', () => {
    const bars = barsOfDay(
      [
        ride('MC-LATE01', '14:00', '16:30'),
        ride('MC-EARLY1', '06:15', '08:00'),
        ride('MC-OTHER1', '10:00', '12:00', '2027-03-12', '2027-03-12'),
      ],
      dayStart,
    )
    expect(bars.map((bar) => [bar.ride.reference, bar.fromMinute, bar.toMinute])).toEqual([
      ['MC-EARLY1', 375, 480],
      ['MC-LATE01', 840, 990],
    ])
    expect(bars.every((bar) => !bar.clashes && !bar.cutBefore && !bar.cutAfter)).toBe(true)
  })

  it('cuts a ride from the evening before at midnight, and one into the next day at its end', () => {
    const bars = barsOfDay(
      [
        ride('MC-NIGHT1', '23:00', '01:30', day, '2027-03-09'),
        ride('MC-LATE02', '22:30', '02:00', '2027-03-11'),
      ],
      dayStart,
    )
    expect(bars.map((bar) => [bar.fromMinute, bar.toMinute, bar.cutBefore, bar.cutAfter])).toEqual([
      [0, 90, true, false],
      [1350, 1440, false, true],
    ])
  })

  it('marks the rides of one row that share a moment; touching ends do not', () => {
    const bars = barsOfDay(
      [
        ride('MC-A00001', '09:00', '11:00'),
        ride('MC-B00002', '10:30', '12:00'),
        ride('MC-C00003', '12:00', '13:00'),
      ],
      dayStart,
    )
    expect(bars.map((bar) => bar.clashes)).toEqual([true, true, false])
  })

  it('shows where a row is free, in words', () => {
    const bars = barsOfDay(
      [
        ride('MC-A00001', '09:00', '11:00'),
        ride('MC-B00002', '10:30', '12:00'),
        ride('MC-C00003', '12:00', '13:00'),
      ],
      dayStart,
    )
    expect(
      freeGaps(bars).map((gap) => `${minuteText(gap.fromMinute)}–${minuteText(gap.toMinute)}`),
    ).toEqual(['00:00–09:00', '13:00–24:00'])
    expect(freeGaps([])).toEqual([{ fromMinute: 0, toMinute: 1440 }])
    expect(freeGaps([{ fromMinute: 0, toMinute: 1440 }])).toEqual([])
  })
})
