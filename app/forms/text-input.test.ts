import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import {
  fieldError,
  hasControlCharacters,
  normalizeText,
  readFieldError,
  textErrors,
  textField,
} from './text-input'

/** Parses one field the way the actions do: as posted form data, through conform. */
function parse(schema: z.ZodMiniType, value: string | undefined) {
  const formData = new FormData()
  if (value !== undefined) formData.set('field', value)
  const submission = parseWithZod(formData, { schema: z.object({ field: schema }) })
  return submission.status === 'success'
    ? { value: (submission.value as { field: unknown }).field }
    : { errors: submission.reply().error?.field }
}

const tooLong = (max: number) => [`forms.errors.tooLong?max=${max}`]
const control = [textErrors.controlCharacters]

describe('normalizeText', () => {
  it('composes to NFC, so a decomposed ş is the same letter', () => {
    const decomposed = 'Bes\u0327iktas\u0327'
    expect(normalizeText(decomposed)).toBe('Beşiktaş')
    expect(normalizeText(decomposed)).toHaveLength(8)
  })

  it('trims, and turns tabs and line breaks of a single-line value into spaces', () => {
    expect(normalizeText('  Ayşe\tYılmaz\r\nHanım \n')).toBe('Ayşe Yılmaz Hanım')
  })

  it('keeps the lines and tabs of a multi-line value, each break a \\n', () => {
    expect(normalizeText('\r\nline one\r\n\tline two\rline three\n\n', true)).toBe(
      'line one\n\tline two\nline three',
    )
  })
})

describe('hasControlCharacters', () => {
  it.each([
    ['NUL', 'Ay\u0000şe'],
    ['escape', '\u001b[31mred'],
    ['DEL', 'a\u007fb'],
    ['C1 next line', 'a\u0085b'],
    ['C1 CSI', 'a\u009bb'],
  ])('finds %s in either kind of field', (_name, text) => {
    expect(hasControlCharacters(text)).toBe(true)
    expect(hasControlCharacters(text, true)).toBe(true)
  })

  it('lets a multi-line value keep its tabs and line feeds, nothing else', () => {
    expect(hasControlCharacters('a\n\tb', true)).toBe(false)
    expect(hasControlCharacters('a\n\tb')).toBe(true)
    expect(hasControlCharacters('Çiğdem Öztürk, İstanbul — 🚗')).toBe(false)
  })
})

describe('textField', () => {
  const name = textField({ max: 10, required: 'form.nameRequired' })
  const notes = textField({ max: 10, multiline: true })

  it('gives the normalised value', () => {
    expect(parse(name, '  Bes\u0327iktas\u0327 ')).toEqual({ value: 'Beşiktaş' })
    expect(parse(notes, 'one\r\ntwo')).toEqual({ value: 'one\ntwo' })
  })

  it('refuses NUL and other control characters with their message', () => {
    expect(parse(name, 'Ayşe\u0000')).toEqual({ errors: control })
    expect(parse(name, '\u0000')).toEqual({ errors: control })
    expect(parse(notes, 'line\u0000')).toEqual({ errors: control })
    expect(parse(notes, 'a\u009bb')).toEqual({ errors: control })
  })

  it('takes a value of exactly max characters and refuses one more, naming the limit', () => {
    expect(parse(name, 'ş'.repeat(10))).toEqual({ value: 'ş'.repeat(10) })
    expect(parse(name, 'ş'.repeat(11))).toEqual({ errors: tooLong(10) })
    // Counted once normalised: ten decomposed letters are ten letters.
    expect(parse(name, 's\u0327'.repeat(10))).toEqual({ value: 'ş'.repeat(10) })
    // Spaces around the value do not count.
    expect(parse(name, `  ${'a'.repeat(10)}  `)).toEqual({ value: 'a'.repeat(10) })
    expect(parse(notes, 'a\n'.repeat(5) + 'b')).toEqual({ errors: tooLong(10) })
  })

  it('counts as a browser does: an emoji outside the BMP is two', () => {
    expect(parse(name, '🚗'.repeat(5))).toEqual({ value: '🚗'.repeat(5) })
    expect(parse(name, `${'🚗'.repeat(5)}a`)).toEqual({ errors: tooLong(10) })
  })

  it('asks for a required value that is missing or blank', () => {
    expect(parse(name, undefined)).toEqual({ errors: ['form.nameRequired'] })
    expect(parse(name, '')).toEqual({ errors: ['form.nameRequired'] })
    expect(parse(name, ' \t\r\n ')).toEqual({ errors: ['form.nameRequired'] })
  })

  it('lets an optional value be left out', () => {
    expect(parse(notes, undefined)).toEqual({ value: undefined })
    expect(parse(notes, '')).toEqual({ value: undefined })
    expect(parse(notes, '   ')).toEqual({ value: '' })
  })

  it('stops at its own refusal: checks added after it add no second message', () => {
    const email = textField({ max: 10, required: 'required' }).check(
      z.refine((v) => v.includes('@'), { error: 'email' }),
    )
    expect(parse(email, 'a'.repeat(11))).toEqual({ errors: tooLong(10) })
    expect(parse(email, 'a\u0000')).toEqual({ errors: control })
    expect(parse(email, 'abc')).toEqual({ errors: ['email'] })
  })
})

describe('error messages', () => {
  it('carry their values and read back', () => {
    expect(fieldError('forms.errors.tooLong', { max: 50 })).toBe('forms.errors.tooLong?max=50')
    expect(readFieldError('forms.errors.tooLong?max=50')).toEqual({
      key: 'forms.errors.tooLong',
      values: { max: '50' },
    })
    expect(readFieldError('booking.errors.required')).toEqual({
      key: 'booking.errors.required',
      values: {},
    })
  })
})
