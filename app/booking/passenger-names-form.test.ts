import { describe, expect, it } from 'vitest'
import { passengerNameMax } from './booking-forms'
import {
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

const ayse: PostedName = { firstname: 'Ayşe', lastname: 'Yılmaz' }
const mehmet: PostedName = { firstname: 'Mehmet', lastname: 'Demir' }

describe('passengerNamesPost', () => {
  it('pairs the n-th first name with the n-th last name, a missing last name empty', () => {
    expect(passengerNamesPost(form('complete', [['Ayşe', 'Yılmaz'], ['Mehmet']]))).toEqual({
      intent: 'complete',
      names: [ayse, { firstname: 'Mehmet', lastname: '' }],
    })
    expect(passengerNamesPost(form(undefined, []))).toEqual({ intent: null, names: [] })
  })
})

describe('passengerNamesFormSchema', () => {
  const schema = passengerNamesFormSchema(3)

  it('completes with every name normalised', () => {
    expect(
      schema.parse({ intent: 'complete', names: [{ firstname: ' Ayşe ', lastname: 'Yılmaz' }] }),
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
          { firstname: ' Ayşe ', lastname: '' },
          { firstname: 'x'.repeat(passengerNameMax + 1), lastname: 'Demir\u0000' },
        ],
      }),
    ).toEqual({
      intent: 'add',
      names: [
        { firstname: 'Ayşe', lastname: '' },
        { firstname: 'x'.repeat(passengerNameMax + 1), lastname: 'Demir\u0000' },
      ],
    })
    // The list's limit is the page's to tell: adding to a full list is no schema error.
    expect(schema.safeParse({ intent: 'add', names: [ayse, ayse, ayse, ayse] }).success).toBe(true)
  })

  it('refuses a missing, too long or control-character name, each with its message', () => {
    const names = [
      { firstname: '  ', lastname: 'Yılmaz' },
      { firstname: 'Mehmet', lastname: 'x'.repeat(passengerNameMax + 1) },
      { firstname: 'Ali\u0007', lastname: '' },
    ]
    const parsed = schema.safeParse({ intent: 'complete', names })
    expect(parsed.success).toBe(false)
    expect(refusedNames(names, parsed.error!)).toEqual({
      names: [
        { firstname: '  ', lastname: 'Yılmaz' },
        { firstname: 'Mehmet', lastname: 'x'.repeat(passengerNameMax + 1) },
        { firstname: 'Ali\u0007', lastname: '' },
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
