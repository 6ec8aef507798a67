import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import { buyerFieldLimits } from '~/booking/field-limits'
import { canReceiveSms } from '~/messages/phone-types.server'
import { toE164 } from '~/domain/phone'
import {
  billingLimits,
  passengerLimits,
  passengerNameMax,
  passengerNameSchema,
  passengerSchema,
  paymentSchema,
  companyInvoiceOf,
  type UpdatesOptions,
} from './booking-forms'

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
  pickupAddress: 'Pera Palace Hotel',
}

/** The errors of the passenger step of a pickup that is not an airport (its address asked). */
function passengerErrors(values: Record<string, string>) {
  const submission = parseWithZod(form(values), {
    schema: passengerSchema({ capacity, pickupAddress: true, phone: toE164 }),
  })
  return submission.status === 'success' ? {} : submission.reply().error
}

describe('passengerSchema', () => {
  it('accepts a complete form and normalises the flight number', () => {
    const submission = parseWithZod(form(passenger), {
      schema: passengerSchema({ capacity, phone: toE164 }),
    })
    expect(submission.status).toBe('success')
    if (submission.status !== 'success') return
    expect(submission.value).toMatchObject({
      name: 'Ayşe',
      phone: '+905321234567',
      updates: 'email',
      passengers: 3,
      luggage: 4,
      flightNumber: 'TK1984',
    })
  })

  describe('arriving at an airport', () => {
    /** The passenger step of an airport pickup: no address, the arrival asked. */
    const atAirport = (values: Record<string, string>) =>
      parseWithZod(form(values), {
        schema: passengerSchema({ capacity, arrivalByAir: true, phone: toE164 }),
      })
    const errorsOf = (values: Record<string, string>) => {
      const submission = atAirport(values)
      return submission.status === 'success' ? {} : submission.reply().error
    }

    it('needs the flight the traveller arrives on, kept as its ident', () => {
      expect(errorsOf({ ...passenger, pickupAddress: '', flightNumber: '' })).toEqual({
        flightNumber: ['booking.errors.flightRequired'],
      })
      const submission = atAirport({ ...passenger, flightNumber: 'tk 0012' })
      expect(submission.status === 'success' && submission.value.flightNumber).toBe('TK12')
    })

    it('needs no flight of a traveller who ticks that they are not arriving by air', () => {
      const submission = atAirport({ ...passenger, notByAir: 'on', flightNumber: '' })
      expect(submission.status === 'success' && submission.value.notByAir).toBe(true)
    })

    it('refuses what cannot be a flight number', () => {
      for (const flightNumber of ['1984', 'TK12345', 'TK/1984']) {
        expect(errorsOf({ ...passenger, flightNumber }), flightNumber).toEqual({
          flightNumber: ['booking.errors.flightNumber'],
        })
      }
    })

    it('asks nothing of a pickup elsewhere: the flight stays optional', () => {
      expect(passengerErrors({ ...passenger, flightNumber: '' })).toEqual({})
    })
  })

  describe("a return ride's pickup, asked like the outbound's", () => {
    /** A pickup in town both ways' start: SAW → Şile and back (the return's pickup is Şile). */
    const withReturn = (
      returnPickup: 'none' | 'address' | 'airport',
      values: Record<string, string>,
    ) =>
      parseWithZod(form(values), {
        schema: passengerSchema({ capacity, arrivalByAir: true, returnPickup, phone: toE164 }),
      })
    const errorsOf = (returnPickup: 'address' | 'airport', values: Record<string, string>) => {
      const submission = withReturn(returnPickup, values)
      return submission.status === 'success' ? {} : submission.reply().error
    }

    it("needs the exact address of a return's pickup in town", () => {
      expect(errorsOf('address', { ...passenger, returnPickupAddress: ' ' })).toEqual({
        returnPickupAddress: ['booking.errors.pickupAddress'],
      })
      const submission = withReturn('address', {
        ...passenger,
        returnPickupAddress: 'Şile Resort, Kumbaba',
      })
      expect(submission.status === 'success' && submission.value.returnPickupAddress).toBe(
        'Şile Resort, Kumbaba',
      )
    })

    it("needs the flight landing before a return's pickup at an airport, unless not by air", () => {
      expect(errorsOf('airport', { ...passenger, returnFlightNumber: '' })).toEqual({
        returnFlightNumber: ['booking.errors.flightRequired'],
      })
      expect(errorsOf('airport', { ...passenger, returnFlightNumber: '1984' })).toEqual({
        returnFlightNumber: ['booking.errors.flightNumber'],
      })
      const flown = withReturn('airport', { ...passenger, returnFlightNumber: 'pc 2012' })
      expect(flown.status === 'success' && flown.value.returnFlightNumber).toBe('PC2012')
      const byRoad = withReturn('airport', { ...passenger, returnNotByAir: 'on' })
      expect(byRoad.status === 'success' && byRoad.value.returnNotByAir).toBe(true)
    })

    it('keeps nothing of a return that is not there', () => {
      const submission = withReturn('none', {
        ...passenger,
        returnPickupAddress: 'posted anyway',
        returnFlightNumber: 'TK1',
        returnNotByAir: 'on',
      })
      expect(submission.status).toBe('success')
      if (submission.status !== 'success') return
      expect(submission.value.returnPickupAddress).toBeUndefined()
      expect(submission.value.returnFlightNumber).toBeUndefined()
      expect(submission.value.returnNotByAir).toBeUndefined()
    })
  })

  it('stores the phone in E.164, reading a number without a country code as Turkish', () => {
    for (const [typed, stored] of [
      ['0532 123 45 67', '+905321234567'],
      ['+49 151 23456789', '+4915123456789'],
      ['0044 7911 123456', '+447911123456'],
    ] as const) {
      const submission = parseWithZod(form({ ...passenger, phone: typed }), {
        schema: passengerSchema({ capacity, phone: toE164 }),
      })
      expect(submission.status === 'success' && submission.value.phone, typed).toBe(stored)
    }
  })

  describe('ride updates', () => {
    const offered: UpdatesOptions = { offered: true, canText: canReceiveSms }
    const errorsWith = (values: Record<string, string>, options: UpdatesOptions = offered) => {
      const submission = parseWithZod(form(values), {
        schema: passengerSchema({ capacity, updates: options, phone: toE164 }),
      })
      return submission.status === 'success' ? submission.value : submission.reply().error
    }

    it('are e-mail only, whatever is posted, when WhatsApp and SMS are not offered', () => {
      expect(errorsWith({ ...passenger, updates: 'whatsapp' }, { offered: false })).toMatchObject({
        updates: 'email',
      })
    })

    it('must be chosen when offered, from what is offered', () => {
      expect(errorsWith(passenger)).toEqual({ updates: ['booking.errors.updates'] })
      expect(errorsWith({ ...passenger, updates: 'pigeon' })).toEqual({
        updates: ['booking.errors.updates'],
      })
      expect(
        errorsWith({ ...passenger, updates: 'whatsapp' }, { ...offered, whatsapp: false }),
      ).toEqual({ updates: ['booking.errors.updates'] })
      expect(errorsWith({ ...passenger, updates: 'sms' })).toMatchObject({ updates: 'sms' })
    })

    it('by WhatsApp or SMS refuse a number that cannot take them, beside the phone', () => {
      const landline = { ...passenger, phone: '0212 555 01 00' }
      for (const updates of ['whatsapp', 'sms']) {
        expect(errorsWith({ ...landline, updates })).toEqual({
          phone: ['booking.errors.phoneNotMobile'],
        })
      }
      // E-mail only: a landline is a fine number to call.
      expect(errorsWith({ ...landline, updates: 'email' })).toMatchObject({
        phone: '+902125550100',
      })
    })
  })

  it('asks a pickup that is not an airport for its exact address, beside the field, with the rest', () => {
    expect(passengerErrors({ ...passenger, name: '', pickupAddress: '  ' })).toEqual({
      name: ['booking.errors.fillRequired'],
      pickupAddress: ['booking.errors.pickupAddress'],
    })
    const { pickupAddress: _left, ...withoutAddress } = passenger
    expect(passengerErrors(withoutAddress)).toEqual({
      pickupAddress: ['booking.errors.pickupAddress'],
    })
    const given = parseWithZod(form({ ...passenger, pickupAddress: ' Pera Palace Hotel ' }), {
      schema: passengerSchema({ capacity, pickupAddress: true, phone: toE164 }),
    })
    expect(given.status === 'success' && given.value.pickupAddress).toBe('Pera Palace Hotel')
    // An airport pickup has no such field: what a crafted form sends for it is dropped.
    const airport = parseWithZod(form({ ...passenger, pickupAddress: 'Gate 8' }), {
      schema: passengerSchema({ capacity, phone: toE164 }),
    })
    expect(airport.status === 'success' && airport.value.pickupAddress).toBe(undefined)
  })

  it('gives the fill-in message for every blank required field, including spaces only', () => {
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

  it('asks for one passenger more than the child and booster seats booked', () => {
    const withSeats = (childSeats: number, passengers: string) => {
      const schema = passengerSchema({ capacity, childSeats, phone: toE164 })
      const submission = parseWithZod(form({ ...passenger, passengers }), { schema })
      return submission.status === 'success' ? {} : submission.reply().error
    }
    expect(withSeats(2, '2')).toEqual({ passengers: ['booking.errors.passengersForSeats'] })
    expect(withSeats(2, '3')).toEqual({})
    expect(withSeats(0, '1')).toEqual({})
    expect(withSeats(1, '1')).toEqual({ passengers: ['booking.errors.passengersForSeats'] })
    expect(withSeats(4, '5')).toEqual({})
  })

  it('refuses a flight number that is not a flight designator', () => {
    expect(passengerErrors({ ...passenger, flightNumber: 'to the moon' })).toEqual({
      flightNumber: ['booking.errors.flightNumber'],
    })
  })

  const textFields = ['name', 'lastName', 'email', 'phone', 'notes', 'flightNumber', 'signName']

  it.each(textFields)('refuses a NUL or another control character in %s', (field) => {
    for (const character of ['\u0000', '\u001b', '\u0085']) {
      expect(passengerErrors({ ...passenger, [field]: `TK1${character}` })).toEqual({
        [field]: ['forms.errors.controlCharacters'],
      })
    }
  })

  /** A value of `length` characters that passes the field's own pattern. */
  const longest = (field: keyof typeof passengerLimits, length: number) => {
    const spaces = (count: number) => ' '.repeat(count)
    if (field === 'email') return `${'a'.repeat(length - 12)}@example.com`
    if (field === 'phone') return `+90${spaces(length - 16)}532 123 45 67`
    if (field === 'flightNumber') return `TK${spaces(length - 6)}1984`
    return 'ş'.repeat(length)
  }

  it.each(Object.entries(passengerLimits))(
    'takes %s up to %i characters and refuses one more with the limit',
    (field, max) => {
      const key = field as keyof typeof passengerLimits
      const fit = longest(key, max)
      expect(fit).toHaveLength(max)
      expect(passengerErrors({ ...passenger, [field]: fit })).toEqual({})
      const over = key === 'email' || key === 'phone' ? `1${fit}` : `${fit}ş`
      expect(passengerErrors({ ...passenger, [field]: over })).toEqual({
        [field]: [`forms.errors.tooLong?max=${max}`],
      })
    },
  )

  it('keeps the lines of the notes and normalises every field', () => {
    const submission = parseWithZod(
      form({ ...passenger, name: ' Bes\u0327ir ', notes: 'Two cases\r\n\tand a pram' }),
      { schema: passengerSchema({ capacity, phone: toE164 }) },
    )
    expect(submission.status === 'success' && submission.value).toMatchObject({
      name: 'Beşir',
      notes: 'Two cases\n\tand a pram',
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

  const billingText = ['fullname', 'lastname', 'company', 'address', 'country', 'city', 'zipcode']

  it.each(billingText)('refuses a NUL or another control character in %s', (field) => {
    for (const character of ['\u0000', '\u0007', '\u009b']) {
      const submission = parseWithZod(form({ ...billing, [field]: `Ayşe${character}` }), {
        schema: paymentSchema,
      })
      expect(submission.reply().error).toEqual({ [field]: ['forms.errors.controlCharacters'] })
    }
  })

  it.each(Object.entries(billingLimits))(
    'takes %s up to %i characters and refuses one more with the limit',
    (field, max) => {
      const fit = parseWithZod(form({ ...billing, [field]: 'Ş'.repeat(max) }), {
        schema: paymentSchema,
      })
      expect(fit.status).toBe('success')
      const over = parseWithZod(form({ ...billing, [field]: 'Ş'.repeat(max + 1) }), {
        schema: paymentSchema,
      })
      expect(over.reply().error).toEqual({ [field]: [`forms.errors.tooLong?max=${max}`] })
    },
  )

  it("never takes more than the payment provider's buyer and address fields", () => {
    expect(billingLimits.fullname).toBeLessThanOrEqual(buyerFieldLimits.name)
    expect(billingLimits.lastname).toBeLessThanOrEqual(buyerFieldLimits.surname)
    expect(billingLimits.fullname + 1 + billingLimits.lastname).toBeLessThanOrEqual(
      buyerFieldLimits.contactName,
    )
    expect(billingLimits.address).toBeLessThanOrEqual(buyerFieldLimits.address)
    expect(billingLimits.city).toBeLessThanOrEqual(buyerFieldLimits.city)
    expect(billingLimits.country).toBeLessThanOrEqual(buyerFieldLimits.country)
    expect(billingLimits.zipcode).toBeLessThanOrEqual(buyerFieldLimits.zipCode)
    expect(passengerLimits.email).toBeLessThanOrEqual(buyerFieldLimits.email)
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

describe('an invoice to a company on the payment step', () => {
  const company = { company: 'Deniz Turizm A.Ş.', taxOffice: 'Kadıköy', taxNumber: '454 053 6920' }
  const parse = (values: Record<string, string>) =>
    parseWithZod(form({ ...billing, ...values }), { schema: paymentSchema })

  it('ignores the company fields while the box is unticked, a wrong number included', () => {
    const submission = parse({ company: 'Deniz', taxOffice: '', taxNumber: '1234567890' })
    expect(submission.status).toBe('success')
    if (submission.status !== 'success') return
    expect(companyInvoiceOf(submission.value)).toEqual({
      billing_company: null,
      billing_tax_office: null,
      billing_tax_number: null,
    })
  })

  it('needs the name, the tax office and the number once ticked', () => {
    expect(parse({ invoiceToCompany: 'on' }).reply().error).toEqual({
      company: ['invoiceCompany.errors.companyRequired'],
      taxOffice: ['invoiceCompany.errors.taxOfficeRequired'],
      taxNumber: ['invoiceCompany.errors.taxNumberRequired'],
    })
  })

  it('says whether the number has the wrong length or a wrong check digit', () => {
    for (const [taxNumber, error] of [
      ['45405369', 'invoiceCompany.errors.taxNumberLength'],
      ['4540 5369 2012', 'invoiceCompany.errors.taxNumberLength'],
      ['45405369AB', 'invoiceCompany.errors.taxNumberLength'],
      ['4540536921', 'invoiceCompany.errors.taxNumberCheckDigit'],
      ['10000000147', 'invoiceCompany.errors.taxNumberCheckDigit'],
    ] as const) {
      expect(
        parse({ invoiceToCompany: 'on', ...company, taxNumber }).reply().error,
        taxNumber,
      ).toEqual({
        taxNumber: [error],
      })
    }
  })

  it('shows the company errors beside those of other fields at once', () => {
    expect(
      parse({ invoiceToCompany: 'on', ...company, taxNumber: '4540536921', city: '' }).reply()
        .error,
    ).toEqual({
      city: ['booking.errors.required'],
      taxNumber: ['invoiceCompany.errors.taxNumberCheckDigit'],
    })
  })

  it('shows a company field’s own refusal alone', () => {
    expect(
      parse({ invoiceToCompany: 'on', ...company, company: 'Deniz\u0007' }).reply().error,
    ).toEqual({
      company: ['forms.errors.controlCharacters'],
    })
  })

  it('stores a valid VKN or TCKN as its digits with the company and tax office', () => {
    const vkn = parse({ invoiceToCompany: 'on', ...company })
    expect(vkn.status).toBe('success')
    if (vkn.status !== 'success') return
    expect(companyInvoiceOf(vkn.value)).toEqual({
      billing_company: 'Deniz Turizm A.Ş.',
      billing_tax_office: 'Kadıköy',
      billing_tax_number: '4540536920',
    })
    const tckn = parse({ invoiceToCompany: 'on', ...company, taxNumber: '10000000146' })
    expect(tckn.status).toBe('success')
  })
})

describe('passengerNameSchema (Complete Reservation)', () => {
  it(`takes a name of ${passengerNameMax} characters, normalised, and refuses one more`, () => {
    expect(passengerNameSchema.safeParse(` ${'ğ'.repeat(passengerNameMax)} `).data).toBe(
      'ğ'.repeat(passengerNameMax),
    )
    const over = passengerNameSchema.safeParse('ğ'.repeat(passengerNameMax + 1))
    expect(over.error?.issues.map((issue) => issue.message)).toEqual([
      `forms.errors.tooLong?max=${passengerNameMax}`,
    ])
  })

  it('refuses a blank name and a name holding control characters', () => {
    expect(passengerNameSchema.safeParse('  ').error?.issues[0]?.message).toBe(
      'booking.errors.required',
    )
    expect(passengerNameSchema.safeParse('Ali\u0000').error?.issues[0]?.message).toBe(
      'forms.errors.controlCharacters',
    )
  })
})
