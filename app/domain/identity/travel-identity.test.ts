import { describe, expect, it } from 'vitest'
import {
  checkIdentity,
  compactDocumentNumber,
  identityNumberProblem,
  maskedNumber,
  passportNumberProblem,
} from './travel-identity'

/** 10000000146 is the T.C. number the registry's own examples use; its check digits hold. */
const validTckn = '10000000146'
const countries = new Set(['TR', 'DE', 'RU', 'SA'])

describe('a T.C. identity number', () => {
  it.each([
    [validTckn, undefined],
    ['100 000 001 46', undefined],
    ['', 'required'],
    ['1000000014', 'format'],
    ['01000000146', 'format'],
    ['1000000014a', 'format'],
    // one digit mistyped: the check digits catch it
    ['10000000147', 'check-digit'],
    ['10000001146', 'check-digit'],
  ])('%j is %s', (typed, problem) => {
    expect(identityNumberProblem(typed)).toBe(problem)
  })
})

describe('a passport number', () => {
  it.each([
    ['C01X00T47', undefined],
    ['c01x 00t47', undefined],
    ['753 5832 87', undefined],
    ['', 'required'],
    ['AB12', 'format'],
    ['A'.repeat(21), 'format'],
    // the machine-readable page has Latin letters and digits only
    ['ПА123456', 'format'],
    ['AB_123456', 'format'],
  ])('%j is %s', (typed, problem) => {
    expect(passportNumberProblem(typed)).toBe(problem)
  })

  it('is kept as the machine-readable page writes it', () => {
    expect(compactDocumentNumber(' c01x-00t47 ')).toBe('C01X00T47')
  })
})

describe('a passenger’s identity', () => {
  const typed = { nationality: '', identityNumber: '', passportNumber: '' }

  it('needs a nationality the form offers', () => {
    expect(checkIdentity(typed, countries)).toEqual({
      ok: false,
      problems: { nationality: 'required' },
    })
    expect(checkIdentity({ ...typed, nationality: 'XX' }, countries)).toEqual({
      ok: false,
      problems: { nationality: 'unknown' },
    })
  })

  it('names a Turkish citizen by the T.C. number, never a passport', () => {
    expect(
      checkIdentity(
        { nationality: 'tr', identityNumber: '100 000 001 46', passportNumber: 'U12345678' },
        countries,
      ),
    ).toEqual({
      ok: true,
      identity: { nationality: 'TR', identityNumber: validTckn, passportNumber: null },
    })
    expect(
      checkIdentity({ ...typed, nationality: 'TR', passportNumber: 'U12345678' }, countries),
    ).toEqual({ ok: false, problems: { identityNumber: 'required' } })
  })

  it('names anyone else by the passport number', () => {
    expect(
      checkIdentity(
        { nationality: 'DE', identityNumber: validTckn, passportNumber: 'c01x00t47' },
        countries,
      ),
    ).toEqual({
      ok: true,
      identity: { nationality: 'DE', identityNumber: null, passportNumber: 'C01X00T47' },
    })
    expect(checkIdentity({ ...typed, nationality: 'RU' }, countries)).toEqual({
      ok: false,
      problems: { passportNumber: 'required' },
    })
  })

  it('shows a number only by its end', () => {
    expect(maskedNumber('C01X00T47')).toBe('•••• 0T47')
  })
})
