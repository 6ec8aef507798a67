import { describe, expect, it } from 'vitest'
import { staffReturnPath } from './guard.server'

describe('where sign-in returns to', () => {
  it('keeps pages under /ops', () => {
    expect(staffReturnPath('/ops')).toBe('/ops')
    expect(staffReturnPath('/ops?day=2026-12-01')).toBe('/ops?day=2026-12-01')
    expect(staffReturnPath('/ops/bookings/MC-7K4Q9P')).toBe('/ops/bookings/MC-7K4Q9P')
  })
  it('sends anything else to the board', () => {
    for (const value of [
      undefined,
      '',
      '/',
      '/opsx',
      '/booking-received',
      '//evil.test/ops',
      'https://evil.test/ops',
      '/ops//evil.test',
      '/ops/\\evil.test',
      '/ops/\nx',
    ]) {
      expect(staffReturnPath(value)).toBe('/ops')
    }
  })
})
