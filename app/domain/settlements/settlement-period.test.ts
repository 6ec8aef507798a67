import { describe, expect, it } from 'vitest'
import { currentWeek, readSettlementPeriod } from './settlement-period'

describe('a settlement’s period', () => {
  it('is the current Istanbul week, Monday to Sunday, unless asked', () => {
    // Monday 30 November 2026, 00:30 in Istanbul (21:30 UTC the day before).
    expect(currentWeek(new Date('2026-11-29T21:30:00Z'))).toEqual({
      from: '2026-11-30',
      to: '2026-12-06',
    })
    // Sunday 6 December 2026, 23:00 in Istanbul: still the same week.
    expect(currentWeek(new Date('2026-12-06T20:00:00Z'))).toEqual({
      from: '2026-11-30',
      to: '2026-12-06',
    })
    expect(readSettlementPeriod(new URLSearchParams(), new Date('2026-12-02T09:00:00Z'))).toEqual({
      ok: true,
      period: { from: '2026-11-30', to: '2026-12-06' },
    })
  })

  it('reads a period asked for, and refuses a wrong day, an end before the start or over a year', () => {
    const now = new Date('2026-12-02T09:00:00Z')
    const read = (from: string, to: string) =>
      readSettlementPeriod(new URLSearchParams({ from, to }), now)
    expect(read('2026-11-01', '2026-11-30')).toEqual({
      ok: true,
      period: { from: '2026-11-01', to: '2026-11-30' },
    })
    expect(read('2026-02-30', '2026-03-01')).toMatchObject({
      ok: false,
      errors: { from: 'invalidDate' },
    })
    expect(read('2026-12-02', '2026-12-01')).toMatchObject({
      ok: false,
      errors: { to: 'beforeFrom' },
    })
    expect(read('2025-01-01', '2026-06-01')).toMatchObject({ ok: false, errors: { to: 'tooLong' } })
  })
})
