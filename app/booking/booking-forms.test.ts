import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import { passengerSchema, paymentSchema } from './booking-forms'

function form(values: Record<string, string>): FormData {
  const data = new FormData()
  for (const [name, value] of Object.entries(values)) data.append(name, value)
  return data
}

const capacity = { passengers: 5, luggage: 6 }
const passenger = {
  name: 'Ayşe',
  lastName: 'Yılmaz',
  email: 'ayse@example.com',
  phone: '+90 532 123 45 67',
  passengers: '3',
  luggage: '4',
  notes: '',
  flightNumber: 'tk 1984',
  signName: '',
}

function passengerErrors(values: Record<string, string>) {
  const submission = parseWithZod(form(values), { schema: passengerSchema(capacity) })
  return submission.status === 'success' ? {} : submission.reply().error
}

describe('passengerSchema', () => {
  it('accepts a complete form and normalises the flight number', () => {
    const submission = parseWithZod(form(passenger), { schema: passengerSchema(capacity) })
    expect(submission.status).toBe('success')
    if (submission.status !== 'success') return
    expect(submission.value).toMatchObject({
      name: 'Ayşe',
      passengers: 3,
      luggage: 4,
      flightNumber: 'TK1984',
    })
  })

  it("gives the seed's message for every blank required field, including spaces only", () => {
    expect(
      passengerErrors({ ...passenger, name: '', lastName: '   ', email: '', phone: '' }),
    ).toEqual({
      name: ['booking.errors.fillRequired'],
      lastName: ['booking.errors.fillRequired'],
      email: ['booking.errors.fillRequired'],
      phone: ['booking.errors.fillRequired'],
    })
  })

  it('refuses an e-mail address without @ and a phone number without enough digits', () => {
    expect(passengerErrors({ ...passenger, email: 'ayse.example.com', phone: '12-34' })).toEqual({
      email: ['booking.errors.email'],
      phone: ['booking.errors.phone'],
    })
  })

  it('asks for both counts, and refuses counts above the vehicle capacity', () => {
    expect(passengerErrors({ ...passenger, passengers: '', luggage: '' })).toEqual({
      passengers: ['booking.errors.counts'],
      luggage: ['booking.errors.counts'],
    })
    expect(passengerErrors({ ...passenger, passengers: '6', luggage: '7' })).toEqual({
      passengers: ['booking.errors.passengersMax'],
      luggage: ['booking.errors.luggageMax'],
    })
    expect(passengerErrors({ ...passenger, passengers: '0', luggage: '2.5' })).toEqual({
      passengers: ['booking.errors.counts'],
      luggage: ['booking.errors.counts'],
    })
  })

  it('refuses a flight number that is not a flight designator', () => {
    expect(passengerErrors({ ...passenger, flightNumber: 'to the moon' })).toEqual({
      flightNumber: ['booking.errors.flightNumber'],
    })
  })
})

const billing = {
  fullname: 'Ayşe',
  lastname: 'Yılmaz',
  company: '',
  address: 'Bağdat Caddesi 1',
  country: 'Türkiye',
  city: 'İstanbul',
  zipcode: '34710',
  paymentOption: 'depositCash',
  acceptTerms: 'on',
}

describe('paymentSchema', () => {
  it('accepts complete billing details with the company left out', () => {
    const submission = parseWithZod(form(billing), { schema: paymentSchema })
    expect(submission.status).toBe('success')
    if (submission.status !== 'success') return
    expect(submission.value).toMatchObject({ paymentOption: 'depositCash', acceptTerms: true })
    expect(submission.value.company).toBeUndefined()
  })

  it("marks each missing billing field with 'This field is required.'", () => {
    const submission = parseWithZod(form({ paymentOption: 'fullCard', acceptTerms: 'on' }), {
      schema: paymentSchema,
    })
    expect(submission.reply().error).toEqual(
      Object.fromEntries(
        ['fullname', 'lastname', 'address', 'country', 'city', 'zipcode'].map((name) => [
          name,
          ['booking.errors.required'],
        ]),
      ),
    )
  })

  it('needs a known payment option and the accepted agreements', () => {
    const submission = parseWithZod(
      form({ ...billing, paymentOption: 'bitcoin', acceptTerms: '' }),
      { schema: paymentSchema },
    )
    expect(submission.reply().error).toEqual({
      paymentOption: ['booking.errors.paymentOption'],
      acceptTerms: ['booking.errors.acceptTerms'],
    })
  })
})
