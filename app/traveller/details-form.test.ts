import { describe, expect, it } from 'vitest'
import { toE164 } from '~/domain/phone'
import { detailsFormSchema } from './details-form'

const capacity = { passengers: 5, luggage: 6 }
const valid = {
  phone: '+90 532 123 45 67',
  passengers: 2,
  luggage: 2,
  flightNumber: 'tk 1984',
  signName: '',
  notes: '',
  names: [{ firstname: 'Ayşe', lastname: 'Yılmaz' }],
}
const issues = (value: unknown) =>
  detailsFormSchema({ capacity }, toE164)
    .safeParse(value)
    .error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)

describe('the change-details form', () => {
  it('takes the passenger step’s rules: the flight normalised, the counts within the class', () => {
    expect(detailsFormSchema({ capacity }, toE164).parse(valid)).toMatchObject({
      flightNumber: 'TK1984',
      passengers: 2,
      names: [{ firstname: 'Ayşe', lastname: 'Yılmaz' }],
    })
    expect(issues({ ...valid, passengers: 6 })).toEqual([
      'passengers: booking.errors.passengersMax',
    ])
    expect(issues({ ...valid, luggage: 7 })).toEqual(['luggage: booking.errors.luggageMax'])
    expect(issues({ ...valid, phone: 'call me' })).toEqual(['phone: booking.errors.phone'])
  })

  it('wants both parts of every name, and no more names than passengers', () => {
    expect(issues({ ...valid, names: [{ firstname: 'Ayşe', lastname: '' }] })).toEqual([
      'names.0.lastname: booking.errors.required',
    ])
    const three = [1, 2, 3].map((n) => ({ firstname: `P${n}`, lastname: 'Kaya' }))
    expect(issues({ ...valid, passengers: 2, names: three })).toEqual([
      'passengers: traveller.change.errors.fewerThanNames',
    ])
    expect(
      detailsFormSchema({ capacity }, toE164).parse({ ...valid, names: undefined }).names,
    ).toEqual([])
  })
})
