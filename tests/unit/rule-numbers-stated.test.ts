import { describe, expect, it } from 'vitest'
import { parseEnv } from '~/config/env.server'
import { siteSettingsFrom } from '~/config/site.server'
import { fillDeep } from '~/content/localize'
import { ruleNumbers } from '~/domain/booking/rule-numbers'
import { translatorFor } from '~/i18n/fixed-translator.server'
import { TranslationKeyError } from '~/i18n/key-checks'
import en from '~/locales/en.json'
import tr from '~/locales/tr.json'

/**
 * The booking rules' numbers reach the texts only as placeholders
 * (app/domain/booking/rule-numbers.ts): no text may write one of them, and
 * no placeholder may be left unfilled.
 */

const site = siteSettingsFrom(parseEnv({}))
const contentFiles = import.meta.glob('/content/**/*.json', { eager: true, import: 'default' })

function strings(value: unknown, path: string, into: [string, string][] = []): [string, string][] {
  if (typeof value === 'string') into.push([path, value])
  else if (Array.isArray(value))
    value.forEach((item, index) => strings(item, `${path}[${index}]`, into))
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) strings(inner, `${path}.${key}`, into)
  }
  return into
}

const allTexts = [
  ...strings(en, 'app/locales/en.json'),
  ...strings(tr, 'app/locales/tr.json'),
  ...Object.entries(contentFiles).flatMap(([file, value]) => strings(value, file)),
]

/** The ways a text could write a rule's number instead of naming it. */
const { changeWindowHours, depositPercent, cashPercent, priceHoldMinutes } = ruleNumbers
const literalRules: [string, RegExp][] = [
  [
    'changeWindowHours',
    new RegExp(`\\b${changeWindowHours}(\\s?(hours?|h|saat\\w*)\\b|-hour)`, 'i'),
  ],
  ['depositPercent', new RegExp(`\\b${depositPercent}\\s?%|%\\s?${depositPercent}\\b`)],
  ['cashPercent', new RegExp(`\\b${cashPercent}\\s?%|%\\s?${cashPercent}\\b`)],
  ['priceHoldMinutes', new RegExp(`\\b${priceHoldMinutes}\\s?(minutes?|dakika\\w*)\\b`, 'i')],
]

describe('the booking rules in texts', () => {
  it('are never written as numbers in the interface strings or the content', () => {
    const written = allTexts.flatMap(([where, text]) =>
      literalRules
        .filter(([, pattern]) => pattern.test(text))
        .map(([name]) => `${where}: write {{${name}}} (content: {${name}}) in "${text}"`),
    )
    expect(written).toEqual([])
  })

  it('are named by the same values in both languages of every interface string', () => {
    const values = (text: string) =>
      [...text.matchAll(/\{\{\s*([^,}\s]+)/g)].map((match) => match[1]).sort()
    const english = new Map(strings(en, ''))
    const differ = strings(tr, '')
      .filter(
        ([key, text]) => english.has(key) && `${values(text)}` !== `${values(english.get(key)!)}`,
      )
      .map(([key]) => key)
    expect(differ).toEqual([])
  })

  it('leave no placeholder unfilled in any content text', () => {
    const left = Object.entries(contentFiles).flatMap(([file, value]) =>
      strings(fillDeep(value, site), file).filter(([, text]) => /\{\w+\}/.test(text)),
    )
    expect(left).toEqual([])
  })

  it('read as the rules say, in both languages', () => {
    const english = translatorFor('en')
    const turkish = translatorFor('tr')
    expect(english('traveller.cancel.free')).toContain(`${changeWindowHours} hours or more`)
    expect(turkish('traveller.cancel.free')).toContain(`${changeWindowHours} saat ya da daha fazla`)
    expect(english('invoice.depositCash')).toBe(`${depositPercent}% Deposit + Cash`)
    expect(turkish('invoice.depositCash')).toBe(`%${depositPercent} Ön Ödeme + Nakit`)
    expect(english('booking.notices.expired')).toContain(`held for ${priceHoldMinutes} minutes`)
    expect(turkish('booking.notices.expired')).toContain(`${priceHoldMinutes} dakika boyunca`)
  })

  it('fail a test when a text names a value nothing fills', () => {
    expect(() => translatorFor('en')('traveller.ride.openUntil')).toThrow(TranslationKeyError)
    expect(translatorFor('en')('traveller.ride.openUntil', { deadline: 'Friday' })).toMatch(
      /^Until Friday \(\d+ hours before pickup\)/,
    )
  })
})
