import { describe, expect, it } from 'vitest'
import { rideMinutes } from './ride-mode'

describe('how long a ride keeps the car', () => {
  it('is the estimated driving time of a transfer, in whole hours', () => {
    expect(
      rideMinutes({
        ride_mode: 'transfer',
        hire_hours: null,
        distance_km: 52,
        route_minutes: null,
      }),
    ).toBe(120)
    expect(
      rideMinutes({
        ride_mode: 'transfer',
        hire_hours: null,
        distance_km: 10,
        route_minutes: null,
      }),
    ).toBe(60)
  })

  it("is the route's driving minutes when the distance provider gave them", () => {
    const ride = { ride_mode: 'transfer' as const, hire_hours: null, distance_km: 52 }
    expect(rideMinutes({ ...ride, route_minutes: 47 })).toBe(47)
    // A provider's 0 is no answer: the estimate stands.
    expect(rideMinutes({ ...ride, route_minutes: 0 })).toBe(120)
    expect(
      rideMinutes({ ride_mode: 'hourly', hire_hours: 3, distance_km: 52, route_minutes: 47 }),
    ).toBe(180)
  })

  it('is the hours hired for a hire by the hour, whatever its distance', () => {
    expect(
      rideMinutes({ ride_mode: 'hourly', hire_hours: 4, distance_km: 60, route_minutes: null }),
    ).toBe(240)
    expect(
      rideMinutes({ ride_mode: 'hourly', hire_hours: 12, distance_km: 20, route_minutes: null }),
    ).toBe(720)
  })
})
