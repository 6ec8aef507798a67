import { describe, expect, it } from 'vitest'
import { parseWithZod } from '@conform-to/zod/v4'
import en from '~/locales/en.json'
import tr from '~/locales/tr.json'
import {
  contactLimits,
  contactRateLimit,
  contactSchema,
  isRateLimited,
  rateLimitWindowStart,
} from './contact-schema'

const valid = {
  fullName: 'Ayşe Yılmaz',
  email: 'ayse@example.com.tr',
  subject: 'Airport transfer for a group',
  message: 'We are twelve people arriving at IST on 3 May. Can you take us to Beşiktaş?',
}

/** Parses the fields the way the action does: as posted form data, through conform. */
function submit(fields: Record<string, string>) {
  const formData = new FormData()
  for (const [name, value] of Object.entries(fields)) formData.set(name, value)
  return parseWithZod(formData, { schema: contactSchema })
}

function errorsOf(fields: Record<string, string>) {
  const submission = submit(fields)
  expect(submission.status).toBe('error')
  return submission.status === 'error' ? submission.error : undefined
}

describe('the contact form schema', () => {
  it('accepts a complete message, trimmed', () => {
    const submission = submit({ ...valid, email: ` ${valid.email} `, fullName: ' Ayşe Yılmaz ' })
    expect(submission.status).toBe('success')
    expect(submission.status === 'success' && submission.value).toEqual(valid)
  })

  it('ignores fields it does not know (the honeypot among them)', () => {
    const submission = submit({ ...valid, website: 'http://spam.example' })
    expect(submission.status === 'success' && submission.value).toEqual(valid)
  })

  it.each(['fullName', 'email', 'subject', 'message'] as const)(
    'requires %s, missing or blank',
    (field) => {
      expect(errorsOf({ ...valid, [field]: '' })).toEqual({
        [field]: [`contact.errors.${field}Required`],
      })
      expect(errorsOf({ ...valid, [field]: '   ' })).toEqual({
        [field]: [`contact.errors.${field}Required`],
      })
      const { [field]: _left, ...others } = valid
      expect(errorsOf(others)).toEqual({ [field]: [`contact.errors.${field}Required`] })
    },
  )

  it('names every missing field at once', () => {
    expect(Object.keys(errorsOf({}) ?? {}).sort()).toEqual([
      'email',
      'fullName',
      'message',
      'subject',
    ])
  })

  it.each(['ayse', 'ayse@', '@example.com', 'ayse@example', 'ay se@example.com'])(
    'refuses the address %j',
    (email) => {
      expect(errorsOf({ ...valid, email })).toEqual({ email: ['contact.errors.emailInvalid'] })
    },
  )

  it.each(Object.entries(contactLimits))(
    'allows %s up to %i characters, not one more',
    (field, max) => {
      const fit = field === 'email' ? `${'a'.repeat(max - 12)}@example.com` : 'ş'.repeat(max)
      expect(submit({ ...valid, [field]: fit }).status).toBe('success')
      const over = field === 'email' ? `a${fit}` : `${fit}x`
      expect(errorsOf({ ...valid, [field]: over })).toEqual({
        [field]: [`forms.errors.tooLong?max=${max}`],
      })
    },
  )

  it.each(['fullName', 'email', 'subject', 'message'] as const)(
    'refuses a NUL or another control character in %s',
    (field) => {
      for (const character of ['\u0000', '\u001b', '\u007f', '\u0085']) {
        expect(errorsOf({ ...valid, [field]: `ayse${character}@example.com` })).toEqual({
          [field]: ['forms.errors.controlCharacters'],
        })
      }
    },
  )

  it('keeps the lines of the message, and makes one line of the subject', () => {
    const submission = submit({
      ...valid,
      subject: 'Group\r\ntransfer',
      message: 'Hello,\r\n\r\n\tTwelve of us.\r\n',
    })
    expect(submission.status === 'success' && submission.value).toMatchObject({
      subject: 'Group transfer',
      message: 'Hello,\n\n\tTwelve of us.',
    })
  })

  it('has an English and a Turkish text for every message it gives', () => {
    const keys = Object.keys(contactLimits).map((field) => `${field}Required`)
    for (const key of [...keys, 'emailInvalid', 'rateLimited']) {
      expect(en.contact.errors).toHaveProperty(key)
      expect(tr.contact.errors).toHaveProperty(key)
    }
    for (const key of ['tooLong', 'controlCharacters']) {
      expect(en.forms.errors).toHaveProperty(key)
      expect(tr.forms.errors).toHaveProperty(key)
    }
  })
})

describe('the contact rate limit', () => {
  it(`lets ${contactRateLimit.maxMessages} messages through and holds the next`, () => {
    expect(isRateLimited(0)).toBe(false)
    expect(isRateLimited(contactRateLimit.maxMessages - 1)).toBe(false)
    expect(isRateLimited(contactRateLimit.maxMessages)).toBe(true)
    expect(isRateLimited(contactRateLimit.maxMessages + 3)).toBe(true)
  })

  it('counts the last ten minutes', () => {
    expect(rateLimitWindowStart(new Date('2026-11-22T08:00:00Z')).toISOString()).toBe(
      '2026-11-22T07:50:00.000Z',
    )
  })
})
