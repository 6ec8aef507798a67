import { describe, expect, it } from 'vitest'
import { vehicleClassCodes } from '~/domain/booking/vehicle-classes'
import {
  busyWindow,
  capacityShortfall,
  displayPlate,
  normalisePlate,
  servesClass,
  tripsOverlap,
  tripTiming,
  warningsFingerprint,
  acceptedWarnings,
} from './rules'

describe('booked class or better', () => {
  it('every class serves itself', () => {
    for (const code of vehicleClassCodes) expect(servesClass(code, code)).toBe(true)
  })

  it('a luxury minibus serves every booking', () => {
    for (const code of vehicleClassCodes) expect(servesClass('LUXMNBS', code)).toBe(true)
  })

  it('a more comfortable or larger vehicle serves, a plainer or smaller one does not', () => {
    expect(servesClass('LUXMNVN', 'ECOMNVN')).toBe(true)
    expect(servesClass('ECOMNBS', 'ECOMNVN')).toBe(true)
    expect(servesClass('ECOMNVN', 'LUXMNVN')).toBe(false)
    expect(servesClass('ECOMNVN', 'ECOMNBS')).toBe(false)
    // Bigger but plainer, or plusher but smaller: neither counts as better.
    expect(servesClass('ECOMNBS', 'LUXMNVN')).toBe(false)
    expect(servesClass('LUXMNVN', 'ECOMNBS')).toBe(false)
    expect(servesClass('LUXMNVN', 'LUXMNBS')).toBe(false)
  })
})

describe('overlap of two trips', () => {
  // 60 km: ceil(60 / 50) = 2 hours estimated.
  const morning = tripTiming({
    trip_date: '2027-06-01',
    trip_time: '10:00',
    ride_mode: 'transfer',
    hire_hours: null,
    distance_km: 60,
    route_minutes: null,
  })

  it('a trip is busy from its pickup for its estimate plus the buffer', () => {
    const window = busyWindow(morning, 30)
    expect(new Date(window.start).toISOString()).toBe('2027-06-01T07:00:00.000Z')
    expect(new Date(window.end).toISOString()).toBe('2027-06-01T09:30:00.000Z')
  })

  it('a pickup inside the window overlaps, one at its end does not', () => {
    expect(tripsOverlap(morning, { ...morning, tripTime: '12:15' }, 30)).toBe(true)
    expect(tripsOverlap(morning, { ...morning, tripTime: '12:30' }, 30)).toBe(false)
    // The order of the two trips does not matter.
    expect(tripsOverlap({ ...morning, tripTime: '12:15' }, morning, 30)).toBe(true)
    expect(tripsOverlap({ ...morning, tripTime: '12:30' }, morning, 30)).toBe(false)
  })

  it('the buffer widens the window', () => {
    expect(tripsOverlap(morning, { ...morning, tripTime: '12:15' }, 0)).toBe(false)
    expect(tripsOverlap(morning, { ...morning, tripTime: '12:15' }, 15)).toBe(false)
    expect(tripsOverlap(morning, { ...morning, tripTime: '12:15' }, 16)).toBe(true)
  })

  it('a 00:00 pickup is the midnight ending its date', () => {
    const late = { tripDate: '2027-06-01', tripTime: '23:00', minutes: 60 }
    const midnight = { tripDate: '2027-06-01', tripTime: '00:00', minutes: 60 }
    // 23:00 + 1 h + 30 min runs past midnight.
    expect(tripsOverlap(late, midnight, 30)).toBe(true)
    const earlyThatDay = { tripDate: '2027-06-01', tripTime: '00:15', minutes: 60 }
    expect(tripsOverlap(earlyThatDay, midnight, 30)).toBe(false)
  })

  it('a hire by the hour keeps the car for its hours', () => {
    const hire = tripTiming({
      trip_date: '2027-06-01',
      trip_time: '10:00',
      ride_mode: 'hourly',
      hire_hours: 6,
      distance_km: 90,
      route_minutes: null,
    })
    // 10:00 + 6 h + 30 min: busy until 16:30, whatever the distance planned.
    expect(tripsOverlap(hire, { ...morning, tripTime: '16:15' }, 30)).toBe(true)
    expect(tripsOverlap(hire, { ...morning, tripTime: '16:30' }, 30)).toBe(false)
  })
})

describe('capacity', () => {
  it('passengers over the seats or bags over the room are each a shortfall', () => {
    expect(capacityShortfall({ seats: 4, luggage: 3 }, { passengers: 4, luggage: 3 })).toEqual({
      seats: false,
      luggage: false,
    })
    expect(capacityShortfall({ seats: 4, luggage: 3 }, { passengers: 5, luggage: 4 })).toEqual({
      seats: true,
      luggage: true,
    })
  })

  it('a booking without counts needs one seat and no luggage room', () => {
    expect(
      capacityShortfall({ seats: 1, luggage: 0 }, { passengers: null, luggage: null }),
    ).toEqual({ seats: false, luggage: false })
  })
})

describe('warnings fingerprint', () => {
  it('is the same whatever the order, and differs when a warning is added', () => {
    const driver = {
      kind: 'driverOverlap',
      reference: 'MC-AAAAAA',
      tripDate: '2027-06-01',
      tripTime: '10:00',
    } as const
    const seats = { kind: 'seats', seats: 4, passengers: 6 } as const
    expect(warningsFingerprint([driver, seats])).toBe(warningsFingerprint([seats, driver]))
    expect(warningsFingerprint([driver])).not.toBe(warningsFingerprint([driver, seats]))
    expect(warningsFingerprint([])).toBe('')
  })

  it('reads back as the warnings it was made of, for the audit log', () => {
    const fingerprint = warningsFingerprint([
      { kind: 'vehicleOverlap', reference: 'MC-BBBBBB', tripDate: '2027-06-01', tripTime: '09:00' },
      { kind: 'luggage', luggage: 3, bags: 5 },
      { kind: 'seats', seats: 4, passengers: 6 },
      { kind: 'driverOverlap', reference: 'MC-AAAAAA', tripDate: '2027-06-01', tripTime: '10:00' },
    ])
    expect(acceptedWarnings(fingerprint)).toEqual([
      { kind: 'driverOverlap', reference: 'MC-AAAAAA' },
      { kind: 'luggage', bags: 5, luggage: 3 },
      { kind: 'seats', passengers: 6, seats: 4 },
      { kind: 'vehicleOverlap', reference: 'MC-BBBBBB' },
    ])
    expect(acceptedWarnings('')).toEqual([])
    expect(acceptedWarnings('nonsense,seats:x>1')).toEqual([])
  })
})

describe('plates', () => {
  it('are compared without case, spaces or dashes', () => {
    expect(normalisePlate(' 34 abc-123 ')).toBe('34ABC123')
    expect(normalisePlate('34ABC123')).toBe(normalisePlate('34 Abc 123'))
  })

  it('are shown in the usual groups when they look Turkish, as stored otherwise', () => {
    expect(displayPlate('34ABC123')).toBe('34 ABC 123')
    expect(displayPlate('B-XY-1')).toBe('B-XY-1')
  })
})
