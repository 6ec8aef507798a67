import { describe, expect, it } from 'vitest'
import { STUCK_AFTER_PX, UNSTUCK_BEFORE_PX, headerStuckAt } from './header-stuck'

describe('headerStuckAt', () => {
  it('sticks only past STUCK_AFTER_PX when it was not stuck', () => {
    expect(headerStuckAt(0, false)).toBe(false)
    expect(headerStuckAt(STUCK_AFTER_PX, false)).toBe(false)
    expect(headerStuckAt(STUCK_AFTER_PX + 1, false)).toBe(true)
  })

  it('stays stuck between the two thresholds, so a small move back does not flip it', () => {
    for (const scrollY of [STUCK_AFTER_PX + 1, STUCK_AFTER_PX, STUCK_AFTER_PX - 12]) {
      expect(headerStuckAt(scrollY, true)).toBe(true)
    }
    expect(headerStuckAt(UNSTUCK_BEFORE_PX, true)).toBe(true)
    expect(headerStuckAt(UNSTUCK_BEFORE_PX - 1, true)).toBe(false)
  })

  it('stays unstuck between the two thresholds when it was not stuck', () => {
    expect(headerStuckAt(UNSTUCK_BEFORE_PX + 10, false)).toBe(false)
  })
})
