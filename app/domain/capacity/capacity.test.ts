import { describe, expect, it } from 'vitest'
import { timeOptions } from '~/domain/booking-window'
import type { VehicleClassCode } from '~/domain/booking/vehicle-classes'
import {
  availability,
  defaultCapacityRules,
  overbooked,
  ridesWithACar,
  nearestFreeTimes,
  occupancy,
  type CapacityRide,
  type CapacityRules,
  type DutyDriver,
  type FleetCar,
} from './capacity'

const HOUR = 3_600_000
/** 4 December 2026, 18:00 in Istanbul. */
const six = Date.parse('2026-12-04T18:00:00+03:00')

function ride(
  at: number,
  { vehicleClass = 'ECOMNVN', minutes = 60, hourly = false, day = '2026-12-04' } = {} as {
    vehicleClass?: VehicleClassCode
    minutes?: number
    hourly?: boolean
    day?: string
  },
): CapacityRide {
  const hour = Number(
    new Intl.DateTimeFormat('en-GB', { hour: '2-digit', timeZone: 'Europe/Istanbul' }).format(at),
  )
  return { vehicleClass, pickupAt: at, day, hour, minutes, hourly }
}

const cars = (vehicleClass: VehicleClassCode, count: number): FleetCar[] =>
  Array.from({ length: count }, () => ({ vehicleClass, blocked: [] }))

const limited: CapacityRules = { ...defaultCapacityRules, fleetLimited: true }

describe('occupancy', () => {
  it.each([
    // buffer before, the drive there and back, buffer after
    ['a one-hour transfer', ride(six), [-0.5, 2.25]],
    ['a three-hour transfer', ride(six, { minutes: 180 }), [-0.5, 6.25]],
    // a hire ends where it began: no empty drive back
    ['a four-hour hire', ride(six, { minutes: 240, hourly: true }), [-0.5, 4.25]],
  ])('%s', (_, candidate, [from, to]) => {
    const held = occupancy(candidate, limited)
    expect([(held.start - six) / HOUR, (held.end - six) / HOUR]).toEqual([from, to])
  })
})

describe('availability', () => {
  it.each<[string, CapacityRide[], FleetCar[], CapacityRules, string]>([
    ['no fleet limit: today’s behaviour', [ride(six), ride(six)], [], defaultCapacityRules, 'free'],
    ['a free car', [ride(six)], cars('ECOMNVN', 2), limited, 'free'],
    ['every car taken at that time', [ride(six), ride(six)], cars('ECOMNVN', 2), limited, 'fleet'],
    // 15:00 + 30 min before = 14:30 … 15:00 + 2 h + 15 min = 17:15, before 17:30
    [
      'a ride that is back before this one leaves',
      [ride(six - 3 * HOUR)],
      cars('ECOMNVN', 1),
      limited,
      'free',
    ],
    // 16:00 → 18:15 overlaps 17:30
    ['a ride still on the road', [ride(six - 2 * HOUR)], cars('ECOMNVN', 1), limited, 'fleet'],
    // the next ride's buffer before starts at 19:30, inside this one's 17:30 → 20:15
    [
      'a later ride that needs the car first',
      [ride(six + 2 * HOUR)],
      cars('ECOMNVN', 1),
      limited,
      'fleet',
    ],
    [
      'another class’s ride does not count',
      [ride(six, { vehicleClass: 'LUXMNVN' })],
      cars('ECOMNVN', 1),
      limited,
      'free',
    ],
    [
      'a car blocked for service is not there',
      [],
      [{ vehicleClass: 'ECOMNVN', blocked: [{ start: six - HOUR, end: six + HOUR }] }],
      limited,
      'fleet',
    ],
    [
      'a service block that begins while the ride is on the road',
      [],
      [{ vehicleClass: 'ECOMNVN', blocked: [{ start: six + HOUR, end: six + 3 * HOUR }] }],
      limited,
      'fleet',
    ],
    [
      'a service block that ends before the ride',
      [],
      [{ vehicleClass: 'ECOMNVN', blocked: [{ start: six - 5 * HOUR, end: six - HOUR }] }],
      limited,
      'free',
    ],
    [
      'an upgrade: a business car may drive an eco ride',
      [ride(six)],
      [...cars('ECOMNVN', 1), ...cars('LUXMNVN', 1)],
      { ...limited, upgrades: { ECOMNVN: ['LUXMNVN'] } },
      'free',
    ],
    [
      'no upgrade allowed: the business car stays for business',
      [ride(six)],
      [...cars('ECOMNVN', 1), ...cars('LUXMNVN', 1)],
      limited,
      'fleet',
    ],
    [
      'the upgrade car is already driving a business ride',
      [ride(six), ride(six, { vehicleClass: 'LUXMNVN' })],
      [...cars('ECOMNVN', 1), ...cars('LUXMNVN', 1)],
      { ...limited, upgrades: { ECOMNVN: ['LUXMNVN'] } },
      'fleet',
    ],
    [
      'a cap per day, reached',
      [ride(six - 5 * HOUR), ride(six + 3 * HOUR)],
      [],
      { ...defaultCapacityRules, caps: { ECOMNVN: { perDay: 2, perHour: null } } },
      'perDay',
    ],
    [
      'a cap per day, another day',
      [ride(six - 5 * HOUR, { day: '2026-12-03' })],
      [],
      { ...defaultCapacityRules, caps: { ECOMNVN: { perDay: 1, perHour: null } } },
      'free',
    ],
    [
      'a cap per hour, reached',
      [ride(six + 0.5 * HOUR)],
      [],
      { ...defaultCapacityRules, caps: { ECOMNVN: { perDay: null, perHour: 1 } } },
      'perHour',
    ],
    [
      'a cap per hour, the next hour',
      [ride(six + HOUR)],
      [],
      { ...defaultCapacityRules, caps: { ECOMNVN: { perDay: null, perHour: 1 } } },
      'free',
    ],
  ])('%s', (_, sold, fleet, rules, expected) => {
    const answer = availability(ride(six), sold, fleet, rules)
    expect(answer.kind === 'full' ? answer.limit : answer.kind).toBe(expected)
  })

  it('moves a ride to another upgrade car to make room for a class only one car can drive', () => {
    // The eco ride, counted first, takes the business car; the business ride then
    // moves it on to the bus, which eco may also use, and takes the business car.
    const upgrades = { ECOMNVN: ['LUXMNVN' as const, 'ECOMNBS' as const] }
    const demand = { ECOMNVN: 1, LUXMNVN: 1, ECOMNBS: 0, LUXMNBS: 0 }
    expect(
      ridesWithACar(demand, { ECOMNVN: 0, LUXMNVN: 1, ECOMNBS: 1, LUXMNBS: 0 }, upgrades),
    ).toBe(2)
    // An upgrade goes one way: business rides never take eco cars.
    expect(
      ridesWithACar(
        { ECOMNVN: 0, LUXMNVN: 2, ECOMNBS: 0, LUXMNBS: 0 },
        { ECOMNVN: 2, LUXMNVN: 0, ECOMNBS: 0, LUXMNBS: 0 },
        upgrades,
      ),
    ).toBe(0)
  })

  it('does not let an overbooked class make another class full', () => {
    // Two eco rides on one eco car (a staff overbooking): a business ride still fits its car.
    const sold = [ride(six), ride(six)]
    const fleet = [...cars('ECOMNVN', 1), ...cars('LUXMNVN', 1)]
    expect(availability(ride(six, { vehicleClass: 'LUXMNVN' }), sold, fleet, limited)).toEqual({
      kind: 'free',
    })
    expect(availability(ride(six), sold, fleet, limited)).toEqual({ kind: 'full', limit: 'fleet' })
  })

  it('closes the periods staff closed, with their reason', () => {
    const reason = { en: 'Closed for the marathon', tr: 'Maraton nedeniyle kapalı' }
    const rules = {
      ...defaultCapacityRules,
      closedPeriods: [{ start: six - HOUR, end: six + HOUR, reason }],
    }
    expect(availability(ride(six), [], [], rules)).toEqual({ kind: 'closed', reason })
    expect(availability(ride(six + HOUR), [], [], rules)).toEqual({ kind: 'free' })
  })
})

describe('nearestFreeTimes', () => {
  const times = timeOptions()
  it('offers the two free times before and after, in the order of the day', () => {
    const busy = new Set(['17:30', '17:45', '18:00', '18:15'])
    expect(nearestFreeTimes(times, '18:00', (time) => !busy.has(time))).toEqual([
      '17:00',
      '17:15',
      '18:30',
      '18:45',
    ])
  })
  it('offers nothing further than four hours away', () => {
    expect(
      nearestFreeTimes(times, '18:00', (time) => time === '23:00' || time === '08:00'),
    ).toEqual([])
  })
  it('reads 00:00 as the midnight ending the day', () => {
    expect(nearestFreeTimes(times, '23:45', (time) => time === '00:00')).toEqual(['00:00'])
  })
})

describe('overbooked', () => {
  const sold = (
    id: string,
    at: number,
    confirmedAt: string,
    vehicleClass: VehicleClassCode = 'ECOMNVN',
  ) => ({
    ...ride(at, { vehicleClass }),
    id,
    confirmedAt,
  })
  it('names the rides confirmed after the fleet was full, not the first ones', () => {
    const rides = [
      sold('late', six, '2026-12-01T10:00:00Z'),
      sold('first', six, '2026-11-30T10:00:00Z'),
      sold('other class', six, '2026-12-01T11:00:00Z', 'LUXMNVN'),
      sold('after the car is back', six + 3 * HOUR, '2026-12-01T12:00:00Z'),
    ]
    const fleet = [...cars('ECOMNVN', 1), ...cars('LUXMNVN', 1)]
    expect(overbooked(rides, fleet, limited)).toEqual(new Set(['late']))
  })
  it('counts only the fleet: a cap reached is not an overbooking', () => {
    const rules = { ...limited, caps: { ECOMNVN: { perDay: 1, perHour: null } } }
    const rides = [
      sold('a', six, '2026-11-30T10:00:00Z'),
      sold('b', six + 5 * HOUR, '2026-11-30T11:00:00Z'),
    ]
    expect(overbooked(rides, cars('ECOMNVN', 1), rules)).toEqual(new Set())
  })
})

describe('availability with the drivers on duty as a second limit', () => {
  const byDrivers: CapacityRules = { ...defaultCapacityRules, driversLimited: true }
  /** 4 December 2026 is a Friday (weekday 5). */
  const dayShift = (starts: string, ends: string): DutyDriver => ({
    hours: [{ weekday: 5, starts, ends }],
    timeOff: [],
  })
  const anyTime: DutyDriver = { hours: [], timeOff: [] }
  const ten = Date.parse('2026-12-04T10:00:00+03:00')

  it.each<[string, CapacityRide, CapacityRide[], DutyDriver[], string]>([
    ['no driver at all', ride(ten), [], [], 'drivers'],
    ['a driver whose hours cover the ride', ride(ten), [], [dayShift('08:00', '16:00')], 'free'],
    // 18:00 − 30 min … 20:15: after the 16:00 end of the shift
    ['a ride after the only shift ends', ride(six), [], [dayShift('08:00', '16:00')], 'drivers'],
    // 14:30 − 30 min … 16:45: the shift ends inside it
    [
      'a ride the shift ends in the middle of',
      ride(Date.parse('2026-12-04T14:30:00+03:00')),
      [],
      [dayShift('08:00', '16:00')],
      'drivers',
    ],
    ['a driver with no hours entered works any time', ride(six), [], [anyTime], 'free'],
    ['the one driver already driving then', ride(ten), [ride(ten)], [anyTime], 'drivers'],
    ['a second driver for the second ride', ride(ten), [ride(ten)], [anyTime, anyTime], 'free'],
    // The 08:00 ride is back by 10:15; a 10:45 ride takes the car from 10:15.
    [
      'one driver, rides one after the other',
      ride(Date.parse('2026-12-04T10:45:00+03:00')),
      [ride(Date.parse('2026-12-04T08:00:00+03:00'))],
      [anyTime],
      'free',
    ],
    [
      'a driver on time off',
      ride(ten),
      [],
      [
        {
          hours: [],
          timeOff: [{ startsAt: '2026-12-04T05:00:00.000Z', endsAt: '2026-12-04T09:00:00.000Z' }],
        },
      ],
      'drivers',
    ],
  ])('%s', (_, candidate, sold, drivers, expected) => {
    const answer = availability(candidate, sold, [], byDrivers, drivers)
    expect(
      answer.kind === 'free' ? 'free' : answer.kind === 'full' ? answer.limit : answer.kind,
    ).toBe(expected)
  })

  it('counts the cars first: a full fleet is said as the fleet', () => {
    const both = { ...byDrivers, fleetLimited: true }
    const answer = availability(ride(ten), [ride(ten)], cars('ECOMNVN', 1), both, [anyTime])
    expect(answer).toEqual({ kind: 'full', limit: 'fleet' })
  })
})

describe('availability with rides staff allow beyond the limits', () => {
  /** One more eco ride allowed for pickups from 17:00 until 19:00. */
  const oneMore = (extraRides = 1, vehicleClass: VehicleClassCode = 'ECOMNVN') => ({
    vehicleClass,
    start: six - HOUR,
    end: six + HOUR,
    extraRides,
  })
  const both: CapacityRules = { ...limited, driversLimited: true }
  const anyTime: DutyDriver = { hours: [], timeOff: [] }
  const limitOf = (answer: ReturnType<typeof availability>) =>
    answer.kind === 'full' ? answer.limit : answer.kind

  it.each<[string, CapacityRide, CapacityRide[], CapacityRules, string]>([
    [
      'the one car taken, one more allowed',
      ride(six),
      [ride(six)],
      { ...limited, allowances: [oneMore()] },
      'free',
    ],
    [
      'the allowed ride sold already',
      ride(six),
      [ride(six), ride(six)],
      { ...limited, allowances: [oneMore()] },
      'fleet',
    ],
    [
      'two allowed',
      ride(six),
      [ride(six), ride(six)],
      { ...limited, allowances: [oneMore(2)] },
      'free',
    ],
    // 19:00 is the allowance's end, excluded
    [
      'a pickup after the allowed period',
      ride(six + HOUR),
      [ride(six + HOUR)],
      { ...limited, allowances: [oneMore()] },
      'fleet',
    ],
    [
      'an allowance for another class',
      ride(six),
      [ride(six)],
      { ...limited, allowances: [oneMore(1, 'LUXMNVN')] },
      'fleet',
    ],
    [
      'the drivers limit too: the allowed car comes with its driver',
      ride(six),
      [ride(six)],
      { ...both, allowances: [oneMore()] },
      'free',
    ],
    [
      'a cap per hour raised by the allowance',
      ride(six),
      [ride(six)],
      {
        ...defaultCapacityRules,
        caps: { ECOMNVN: { perDay: null, perHour: 1 } },
        allowances: [oneMore()],
      },
      'free',
    ],
    [
      'a cap per day reached past the allowance',
      ride(six),
      [ride(six), ride(six)],
      {
        ...defaultCapacityRules,
        caps: { ECOMNVN: { perDay: 1, perHour: null } },
        allowances: [oneMore()],
      },
      'perDay',
    ],
  ])('%s', (_, candidate, sold, rules, expected) => {
    expect(limitOf(availability(candidate, sold, cars('ECOMNVN', 1), rules, [anyTime]))).toBe(
      expected,
    )
  })

  it('never opens a closed period', () => {
    const reason = { en: 'Closed', tr: 'Kapalı' }
    const rules = {
      ...limited,
      closedPeriods: [{ start: six - HOUR, end: six + HOUR, reason }],
      allowances: [oneMore()],
    }
    expect(availability(ride(six), [], cars('ECOMNVN', 1), rules)).toEqual({
      kind: 'closed',
      reason,
    })
  })

  it('shows the ride sold on an allowance as overbooked', () => {
    const rules = { ...limited, allowances: [oneMore()] }
    const rides = [
      { ...ride(six), id: 'own car', confirmedAt: '2026-11-30T10:00:00Z' },
      { ...ride(six), id: 'allowed', confirmedAt: '2026-12-01T10:00:00Z' },
    ]
    expect(availability(ride(six), [rides[0]!], cars('ECOMNVN', 1), rules).kind).toBe('free')
    expect(overbooked(rides, cars('ECOMNVN', 1), rules)).toEqual(new Set(['allowed']))
  })
})
