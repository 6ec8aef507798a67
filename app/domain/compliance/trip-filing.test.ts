import { describe, expect, it } from 'vitest'
import gazetteer from '~/domain/places/gazetteer.json'
import {
  draftTripFiling,
  filingParts,
  filingWindow,
  nextTryAfter,
  splitFullName,
  type FilingRide,
} from './trip-filing'
import { uetdsDistricts } from './uetds-places'

const ride: FilingRide = {
  reference: 'MC-7K4Q9P',
  // 23:30 in Istanbul, a 90-minute ride: it ends the next day.
  pickupAt: new Date('2026-12-01T20:30:00Z'),
  minutes: 90,
  pickupPlaceId: 2,
  destinationPlaceId: 1033,
  pickupText: 'Sabiha Gökçen Havalimanı (SAW)',
  destinationText: 'Şile',
  fare: { minor: 8500, currency: 'EUR' },
  passengerCount: 2,
  vehicle: { plate: '34ABC111' },
  driver: {
    name: 'Mehmet Ali Kaya',
    phone: '+905551112233',
    identityNumber: '10000000146',
    sex: 'male',
  },
  passengers: [
    {
      firstname: 'Ayşe',
      lastname: 'Yılmaz',
      identity: { nationality: 'TR', identityNumber: '19191919190', passportNumber: null },
    },
    {
      firstname: 'Anna',
      lastname: 'Schmidt',
      identity: { nationality: 'DE', identityNumber: null, passportNumber: 'C01X00T47' },
    },
  ],
}

describe('a ride as the passenger list files it', () => {
  it('names the trip, its driver, its route and each passenger with their document', () => {
    const draft = draftTripFiling(ride)
    expect(draft.ok).toBe(true)
    if (!draft.ok) return
    expect(draft.filing.trip).toEqual({
      plate: '34ABC111',
      departureDate: '2026-12-01',
      departureTime: '23:30',
      endDate: '2026-12-02',
      endTime: '01:00',
      companyTripNo: 'MC-7K4Q9P',
      description: 'Sabiha Gökçen Havalimanı (SAW) - Şile',
      vehiclePhone: '+905551112233',
    })
    expect(draft.filing.crew).toEqual([
      {
        role: 0,
        nationality: 'TR',
        identityNumber: '10000000146',
        sex: 'E',
        firstName: 'Mehmet Ali',
        lastName: 'Kaya',
        phone: '+905551112233',
      },
    ])
    expect(draft.filing.group).toMatchObject({
      name: 'MC-7K4Q9P',
      from: {
        country: 'TR',
        province: 34,
        district: 1835,
        place: 'Sabiha Gökçen Havalimanı (SAW)',
      },
      to: { country: 'TR', province: 34, district: 1659, place: 'Şile' },
      fare: '85.00 EUR',
    })
    expect(draft.filing.passengers).toEqual([
      {
        nationality: 'TR',
        documentNumber: '19191919190',
        firstName: 'Ayşe',
        lastName: 'Yılmaz',
        seat: '1',
      },
      {
        nationality: 'DE',
        documentNumber: 'C01X00T47',
        firstName: 'Anna',
        lastName: 'Schmidt',
        seat: '2',
      },
    ])
  })

  it.each([
    [{ vehicle: null }, ['vehicle']],
    [{ driver: null }, ['driver']],
    [
      { driver: { ...ride.driver!, identityNumber: null, sex: null } },
      ['driverIdentity', 'driverSex'],
    ],
    [{ passengers: ride.passengers.slice(0, 1) }, ['passengerNames']],
    [
      { passengers: [ride.passengers[0]!, { ...ride.passengers[1]!, identity: null }] },
      ['passengerDocuments'],
    ],
    [{ destinationPlaceId: 99_999 }, ['place']],
    [{ vehicle: null, driver: null, passengers: [] }, ['vehicle', 'driver', 'passengerNames']],
  ] as const)('says everything still missing at once (%j)', (change, gaps) => {
    expect(draftTripFiling({ ...ride, ...change } as FilingRide)).toEqual({ ok: false, gaps })
  })

  it('files a female driver as K, and a one-word name with no surname to guess', () => {
    const draft = draftTripFiling({ ...ride, driver: { ...ride.driver!, sex: 'female' } })
    expect(draft.ok && draft.filing.crew[0]!.sex).toBe('K')
    expect(splitFullName('  Mehmet  ')).toEqual({ firstName: 'Mehmet', lastName: '' })
    expect(splitFullName('Zeynep Nur Demir')).toEqual({
      firstName: 'Zeynep Nur',
      lastName: 'Demir',
    })
  })

  it('sends again only the part that changed', () => {
    const before = draftTripFiling(ride)
    const after = draftTripFiling({ ...ride, vehicle: { plate: '34XYZ222' } })
    if (!before.ok || !after.ok) throw new Error('not complete')
    const [was, now] = [filingParts(before.filing), filingParts(after.filing)]
    expect(
      Object.keys(was).filter(
        (part) => was[part as keyof typeof was] !== now[part as keyof typeof now],
      ),
    ).toEqual(['trip'])
  })

  it('knows a district code for every place the company serves', () => {
    const missing = gazetteer.filter((place) => !uetdsDistricts[place.id]).map((place) => place.id)
    expect(missing).toEqual([])
  })
})

describe('the filing clock', () => {
  const pickup = new Date('2026-12-01T10:00:00Z')
  const at = (hoursBefore: number) => new Date(pickup.getTime() - hoursBefore * 3_600_000)
  it.each([
    [30, 'early'],
    [24, 'open'],
    [1.6, 'open'],
    [1.5, 'late'],
    [0.1, 'late'],
    [0, 'departed'],
    [-1, 'departed'],
  ] as const)('%s hours before the pickup, with a 90-minute lead: %s', (hours, window) => {
    expect(filingWindow(at(hours), pickup, 90)).toBe(window)
  })

  it('waits longer after each failure, an hour at most', () => {
    const now = new Date('2026-12-01T08:00:00Z')
    const waits = [1, 2, 3, 4, 5, 9].map(
      (failures) => (nextTryAfter(failures, now).getTime() - now.getTime()) / 60_000,
    )
    expect(waits).toEqual([5, 10, 20, 40, 60, 60])
  })
})
