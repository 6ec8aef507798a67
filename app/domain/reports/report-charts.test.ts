import { describe, expect, it } from 'vitest'
import { chartScale, niceCeiling } from './report-charts'

const bar = (value: number) => ({ label: String(value), value, valueText: String(value) })

describe('niceCeiling', () => {
  it.each([
    [0, 1],
    [-3, 1],
    [0.3, 0.5],
    [1, 1],
    [1.2, 2],
    [2.2, 2.5],
    [3, 5],
    [7, 10],
    [10, 10],
    [11, 20],
    [1_234, 2_000],
    [2_400, 2_500],
    [48_000, 50_000],
    [250, 250],
  ])('%s → %s', (value, nice) => {
    expect(niceCeiling(value)).toBe(nice)
  })
})

describe('chartScale', () => {
  it('ends the axis at a round figure with four steps, each bar a share of it', () => {
    const scale = chartScale([bar(1_234), bar(600), bar(0)])
    expect(scale.max).toBe(2_000)
    expect(scale.ticks.map((tick) => [tick.value, tick.at])).toEqual([
      [0, 0],
      [500, 0.25],
      [1_000, 0.5],
      [1_500, 0.75],
      [2_000, 1],
    ])
    expect(scale.lengths).toEqual([0.617, 0.3, 0])
  })

  it('keeps a fixed scale, one tick per star', () => {
    const scale = chartScale([bar(4.6), bar(2)], 5)
    expect(scale.max).toBe(5)
    expect(scale.ticks.map((tick) => tick.value)).toEqual([0, 1, 2, 3, 4, 5])
    expect(scale.lengths).toEqual([0.92, 0.4])
  })

  it('has an axis for no bars or only zeros, never a division by zero', () => {
    expect(chartScale([]).max).toBe(1)
    expect(chartScale([bar(0)]).lengths).toEqual([0])
  })

  it.each([
    [1, [0, 1]],
    [3, [0, 1, 2, 3, 4, 5]],
    [12, [0, 5, 10, 15, 20]],
    [21, [0, 5, 10, 15, 20, 25]],
    [40, [0, 10, 20, 30, 40, 50]],
  ])('counts up to %s get whole ticks: %o', (largest, ticks) => {
    const scale = chartScale([bar(largest)], undefined, { whole: true })
    expect(scale.ticks.map((tick) => tick.value)).toEqual(ticks)
  })
})
