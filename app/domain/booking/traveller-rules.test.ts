import { describe, expect, it } from 'vitest'
import {
  detailsChange,
  isLinkExpired,
  linkExpiresAt,
  LINK_VALID_DAYS_AFTER_PICKUP,
  travellerCancellation,
} from './traveller-rules'

const pickup = new Date('2026-12-10T07:00:00Z')
const hoursBefore = (hours: number) => new Date(pickup.getTime() - hours * 3_600_000)

describe('changing details online', () => {
  it('is open until 24 hours before pickup, that moment included', () => {
    expect(detailsChange('confirmed', pickup, hoursBefore(48))).toBe('open')
    expect(detailsChange('confirmed', pickup, hoursBefore(24))).toBe('open')
    expect(detailsChange('confirmed', pickup, new Date(hoursBefore(24).getTime() + 1))).toBe(
      'too-late',
    )
    expect(detailsChange('confirmed', pickup, hoursBefore(2))).toBe('too-late')
  })
  it('is closed for a booking cancelled, under way or over, however far the pickup', () => {
    for (const status of ['cancelled', 'on_the_way', 'arrived', 'finished', 'no_show'] as const) {
      expect(detailsChange(status, pickup, hoursBefore(100))).toBe('closed')
    }
  })
})

describe('cancelling online', () => {
  it('is free from 24 hours before pickup and earlier, refused closer to it', () => {
    expect(travellerCancellation('confirmed', pickup, hoursBefore(48))).toBe('free')
    expect(travellerCancellation('confirmed', pickup, hoursBefore(24))).toBe('free')
    expect(travellerCancellation('confirmed', pickup, hoursBefore(23.9))).toBe('too-late')
  })
  it('says a cancelled booking is cancelled, and a ride under way or over is closed', () => {
    expect(travellerCancellation('cancelled', pickup, hoursBefore(48))).toBe('cancelled')
    expect(travellerCancellation('on_the_way', pickup, hoursBefore(48))).toBe('closed')
    expect(travellerCancellation('finished', pickup, hoursBefore(-1))).toBe('closed')
  })
})

describe('the signed links of a booking', () => {
  it(`open it until ${LINK_VALID_DAYS_AFTER_PICKUP} days after its pickup, not after`, () => {
    const end = linkExpiresAt(pickup)
    expect(end.toISOString()).toBe('2027-01-09T07:00:00.000Z')
    expect(isLinkExpired(pickup, hoursBefore(24 * 15))).toBe(false)
    expect(isLinkExpired(pickup, new Date(end.getTime() - 1))).toBe(false)
    expect(isLinkExpired(pickup, end)).toBe(true)
  })
})
