import { describe, expect, it } from 'vitest'
import {
  selectionHire,
  selectionParams,
  selectionReturn,
  selectionTrip,
  selectionTripSchema,
  vehicleSelectionSchema,
} from './vehicle-selection-form'

const nonce = 'AbCdEfGhIjKlMnOp_-123456'
const post = {
  date: '2027-06-01',
  time: '14:30',
  pickup: 'Istanbul Airport (IST)',
  destination: 'Kadıköy',
  currency: 'USD',
  vehicleClass: 'LUXMNVN',
  shownPrice: '12345',
  page: nonce,
}

describe('vehicleSelectionSchema', () => {
  it('reads a Select post: the trip, the currency, the class, the price shown and the nonce', () => {
    const parsed = vehicleSelectionSchema.parse(post)
    // A post without a mode is a transfer's; the hire's fields are then empty.
    expect(parsed).toEqual({
      ...post,
      shownPrice: 12345,
      mode: 'transfer',
      hours: '',
      km: '',
      return: false,
      returnDate: '',
      returnTime: '',
    })
    expect(selectionTrip(parsed)).toEqual({
      date: '2027-06-01',
      time: '14:30',
      pickup: 'Istanbul Airport (IST)',
      destination: 'Kadıköy',
    })
  })

  it('takes only the four vehicle classes', () => {
    for (const vehicleClass of ['ECOMNVN', 'LUXMNVN', 'ECOMNBS', 'LUXMNBS']) {
      expect(vehicleSelectionSchema.safeParse({ ...post, vehicleClass }).success).toBe(true)
    }
    for (const vehicleClass of ['sedan', 'ecomnvn', '', undefined]) {
      const parsed = vehicleSelectionSchema.safeParse({ ...post, vehicleClass })
      expect(parsed.success).toBe(false)
      expect(parsed.error?.issues.map((issue) => issue.path)).toEqual([['vehicleClass']])
    }
  })

  it('normalises the trip as the search does and reads a missing field as empty', () => {
    const parsed = vehicleSelectionSchema.parse({
      ...post,
      pickup: '  Kadıko\u0308y\t',
      destination: undefined,
    })
    expect(parsed.pickup).toBe('Kadıköy')
    expect(parsed.destination).toBe('')
  })

  it('reads an unknown or missing currency as euro', () => {
    expect(vehicleSelectionSchema.parse({ ...post, currency: 'XYZ' }).currency).toBe('EUR')
    expect(vehicleSelectionSchema.parse({ ...post, currency: undefined }).currency).toBe('EUR')
  })

  it('keeps a shown price only when it is a whole number, without refusing the post', () => {
    expect(vehicleSelectionSchema.parse({ ...post, shownPrice: '0' }).shownPrice).toBe(0)
    for (const shownPrice of ['12.5', 'abc', '9007199254740993', undefined]) {
      expect(vehicleSelectionSchema.parse({ ...post, shownPrice }).shownPrice).toBeUndefined()
    }
  })

  it('keeps the page nonce only in the shape the page makes, without refusing the post', () => {
    for (const page of ['short', 'x'.repeat(33), 'has space in it 123', '', undefined]) {
      expect(vehicleSelectionSchema.parse({ ...post, page }).page).toBeUndefined()
    }
  })
})

describe('selectionTripSchema', () => {
  it('reads the trip of any post, even one refused for its class', () => {
    expect(selectionTripSchema.parse({ ...post, vehicleClass: 'sedan' })).toEqual({
      mode: 'transfer',
      date: '2027-06-01',
      time: '14:30',
      pickup: 'Istanbul Airport (IST)',
      destination: 'Kadıköy',
      hours: '',
      km: '',
      return: false,
      returnDate: '',
      returnTime: '',
      currency: 'USD',
    })
    expect(selectionTripSchema.parse({})).toEqual({
      mode: 'transfer',
      date: '',
      time: '',
      pickup: '',
      destination: '',
      hours: '',
      km: '',
      return: false,
      returnDate: '',
      returnTime: '',
      currency: 'EUR',
    })
  })

  it('reads a return only when Add a return was ticked, and gives it back in the search', () => {
    const trip = selectionTripSchema.parse({
      ...post,
      return: '1',
      returnDate: '2027-06-03',
      returnTime: '18:00',
    })
    expect(selectionReturn(trip)).toEqual({ wanted: true, date: '2027-06-03', time: '18:00' })
    expect(selectionParams(trip).get('returnDate')).toBe('2027-06-03')
    expect(selectionParams(trip).get('return')).toBe('1')
    const unticked = selectionTripSchema.parse({ ...post, returnDate: '2027-06-03' })
    expect(selectionReturn(unticked).wanted).toBe(false)
    expect(selectionParams(unticked).has('returnDate')).toBe(false)
  })

  it('reads an hourly post as the hire it searched, and gives its search back', () => {
    const hourly = selectionTripSchema.parse({
      mode: 'hourly',
      date: '2027-06-01',
      time: '09:00',
      pickup: ' Kadıköy ',
      hours: '4',
      km: '90',
      currency: 'TRY',
    })
    expect(hourly.mode).toBe('hourly')
    expect(selectionHire(hourly)).toEqual({
      date: '2027-06-01',
      time: '09:00',
      pickup: 'Kadıköy',
      hours: '4',
      plannedKm: '90',
    })
    expect(selectionParams(hourly).toString()).toBe(
      'mode=hourly&date=2027-06-01&time=09%3A00&pickup=Kad%C4%B1k%C3%B6y&hours=4&km=90&currency=TRY',
    )
    // Any other mode is a transfer, searched by its four fields.
    const other = selectionTripSchema.parse({ ...post, mode: 'rental' })
    expect(other.mode).toBe('transfer')
    expect(selectionParams(other).get('mode')).toBeNull()
    expect(selectionParams(other).get('destination')).toBe('Kadıköy')
  })
})
