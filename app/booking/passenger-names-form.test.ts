import { describe, expect, it } from 'vitest'
import { passengerNameMax } from './booking-forms'
import {
  passengerIdentities,
  passengerNamesFormSchema,
  passengerNamesPost,
  refusedNames,
  type PostedName,
} from './passenger-names-form'

const required = 'booking.errors.required'
const tooLong = `forms.errors.tooLong?max=${passengerNameMax}`
const control = 'forms.errors.controlCharacters'

function form(intent: string | undefined, names: [string, string?][]): FormData {
  const data = new FormData()
  if (intent !== undefined) data.append('intent', intent)
  for (const [firstname, lastname] of names) {
    data.append('firstname', firstname)
    if (lastname !== undefined) data.append('lastname', lastname)
  }
  return data
}

/** A passenger whose nationality and numbers were left empty. */
const noIdentity = { nationality: '', identityNumber: '', passportNumber: '' }
const ayse: PostedName = { firstname: 'Ayşe', lastname: 'Yılmaz', ...noIdentity }
const mehmet: PostedName = { firstname: 'Mehmet', lastname: 'Demir', ...noIdentity }

describe('passengerNamesPost', () => {
  it('pairs the n-th first name with the n-th last name, a missing last name empty', () => {
    expect(passengerNamesPost(form('complete', [['Ayşe', 'Yılmaz'], ['Mehmet']]))).toEqual({
      intent: 'complete',
      names: [ayse, { firstname: 'Mehmet', lastname: '', ...noIdentity }],
    })
    expect(passengerNamesPost(form(undefined, []))).toEqual({ intent: null, names: [] })
  })
})

describe('passengerNamesFormSchema', () => {
  const schema = passengerNamesFormSchema(3)

  it('completes with every name normalised', () => {
    expect(
      schema.parse({
        intent: 'complete',
        names: [{ firstname: ' Ayşe ', lastname: 'Yılmaz', ...noIdentity }],
      }),
    ).toEqual({ intent: 'complete', names: [ayse] })
  })

  it('reads a post without add as Complete Reservation', () => {
    for (const intent of [undefined, null, 'save', '']) {
      expect(schema.parse({ intent, names: [ayse] })).toEqual({
        intent: 'complete',
        names: [ayse],
      })
    }
  })

  it('adds without checking the names, normalised where they pass and as typed where not', () => {
    expect(
      schema.parse({
        intent: 'add',
        names: [
          { firstname: ' Ayşe ', lastname: '', ...noIdentity },
          { firstname: 'x'.repeat(passengerNameMax + 1), lastname: 'Demir\u0000', ...noIdentity },
        ],
      }),
    ).toEqual({
      intent: 'add',
      names: [
        { firstname: 'Ayşe', lastname: '', ...noIdentity },
        { firstname: 'x'.repeat(passengerNameMax + 1), lastname: 'Demir\u0000', ...noIdentity },
      ],
    })
    // The list's limit is the page's to tell: adding to a full list is no schema error.
    expect(schema.safeParse({ intent: 'add', names: [ayse, ayse, ayse, ayse] }).success).toBe(true)
  })

  it('refuses a missing, too long or control-character name, each with its message', () => {
    const names = [
      { firstname: '  ', lastname: 'Yılmaz', ...noIdentity },
      { firstname: 'Mehmet', lastname: 'x'.repeat(passengerNameMax + 1), ...noIdentity },
      { firstname: 'Ali\u0007', lastname: '', ...noIdentity },
    ]
    const parsed = schema.safeParse({ intent: 'complete', names })
    expect(parsed.success).toBe(false)
    expect(refusedNames(names, parsed.error!)).toEqual({
      names: [
        { firstname: '  ', lastname: 'Yılmaz', ...noIdentity },
        { firstname: 'Mehmet', lastname: 'x'.repeat(passengerNameMax + 1), ...noIdentity },
        { firstname: 'Ali\u0007', lastname: '', ...noIdentity },
      ],
      errors: [
        { firstname: required },
        { lastname: tooLong },
        { firstname: control, lastname: required },
      ],
    })
  })

  it('refuses no names and more names than passengers, without a message of their own', () => {
    const none = schema.safeParse({ intent: 'complete', names: [] })
    expect(none.success).toBe(false)
    expect(refusedNames([], none.error!)).toEqual({ names: [], errors: [] })

    const four = [ayse, mehmet, ayse, mehmet]
    const tooMany = schema.safeParse({ intent: 'complete', names: four })
    expect(tooMany.success).toBe(false)
    expect(refusedNames(four, tooMany.error!)).toEqual({ names: four, errors: [{}, {}, {}, {}] })
  })

  it('takes up to the booking’s passenger count', () => {
    expect(passengerNamesFormSchema(2).safeParse({ names: [ayse, mehmet] }).success).toBe(true)
    expect(passengerNamesFormSchema(0).safeParse({ names: [ayse] }).success).toBe(false)
  })
})

describe('passengerIdentities', () => {
  const countries = new Set(['TR', 'DE', 'RU'])
  const tckn = '10000000146'

  it('takes a T.C. number for a Turkish citizen and a passport for anyone else', () => {
    expect(
      passengerIdentities(
        [
          { ...ayse, nationality: 'TR', identityNumber: tckn },
          { ...mehmet, nationality: 'de', passportNumber: 'c01x00t47' },
        ],
        [],
        countries,
      ),
    ).toEqual({
      ok: true,
      identities: [
        { nationality: 'TR', identityNumber: tckn, passportNumber: null },
        { nationality: 'DE', identityNumber: null, passportNumber: 'C01X00T47' },
      ],
    })
  })

  it('says what is wrong beside each field, by passenger', () => {
    expect(
      passengerIdentities(
        [
          { ...ayse, nationality: 'TR', identityNumber: '10000000147' },
          { ...mehmet },
          { ...ayse, nationality: 'RU', passportNumber: 'ПА12345' },
        ],
        [],
        countries,
      ),
    ).toEqual({
      ok: false,
      errors: [
        { identityNumber: 'received.errors.identityNumber.check-digit' },
        { nationality: 'received.errors.nationality.required' },
        { passportNumber: 'received.errors.passportNumber.format' },
      ],
    })
  })

  it('keeps a number given before when it is left empty and the nationality is the same', () => {
    const stored = [{ nationality: 'TR' }, { nationality: 'DE' }]
    expect(
      passengerIdentities(
        [
          { ...ayse, nationality: 'TR' },
          { ...mehmet, nationality: 'RU' },
        ],
        stored,
        countries,
      ),
    ).toEqual({
      ok: false,
      // A new nationality needs its own number.
      errors: [{}, { passportNumber: 'received.errors.passportNumber.required' }],
    })
    expect(passengerIdentities([{ ...ayse, nationality: 'TR' }], stored, countries)).toEqual({
      ok: true,
      identities: [{ keep: 'TR' }],
    })
  })
})
