import { describe, expect, it } from 'vitest'
import { rideMinutes } from './ride-mode'

describe('how long a ride keeps the car', () => {
  it('is the estimated driving time of a transfer, in whole hours', () => {
    expect(rideMinutes({ ride_mode: 'transfer', hire_hours: null, distance_km: 52 })).toBe(120)
    expect(rideMinutes({ ride_mode: 'transfer', hire_hours: null, distance_km: 10 })).toBe(60)
  })

  it('is the hours hired for a hire by the hour, whatever its distance', () => {
    expect(rideMinutes({ ride_mode: 'hourly', hire_hours: 4, distance_km: 60 })).toBe(240)
    expect(rideMinutes({ ride_mode: 'hourly', hire_hours: 12, distance_km: 20 })).toBe(720)
  })
})
