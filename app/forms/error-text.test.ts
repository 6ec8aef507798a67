import { createInstance, type i18n as I18n } from 'i18next'
import { interpolation } from '~/i18n/interpolation'
import { describe, expect, it } from 'vitest'
import { resources } from '~/i18n/resources'
import { errorTranslator } from './error-markup'
import { withDefaultVariables, serverErrorText } from './error-text'
import { errorTemplates } from './form-check'
import { fieldError, textErrors } from './text-input'

const languages = ['en', 'tr'] as const

async function instanceIn(language: (typeof languages)[number]): Promise<I18n> {
  const instance = createInstance()
  await instance.init({
    resources,
    lng: language,
    fallbackLng: 'en',
    interpolation,
  })
  return instance
}

/** Every key under an `errors` section of the translations, without its plural suffix. */
function errorKeys(tree: Record<string, unknown>, prefix = '', inErrors = false): string[] {
  return [
    ...new Set(
      Object.entries(tree).flatMap(([name, value]) => {
        const key = prefix ? `${prefix}.${name}` : name
        if (typeof value === 'object' && value) {
          return errorKeys(value as Record<string, unknown>, key, inErrors || name === 'errors')
        }
        return inErrors ? [key.replace(/_(zero|one|two|few|many|other)$/, '')] : []
      }),
    ),
  ]
}

/** The sections the keys are in, as a page names them to FormCheck. */
const sectionOf = (key: string) => key.slice(0, key.lastIndexOf('.'))

// Values every error template may name: counts around the plural boundaries, a
// number that a locale groups, free text, the flight questions' facts, and the
// band a pinned exchange rate must stay in, and a ride to come (its reference and time).
const valueSets = [0, 1, 2, 5, 5000].map((count) => ({
  count,
  max: 5000,
  min: count + 1,
  phone: '+90 212 000 00 00',
  text: 'Kadıköy',
  flight: 'TK1984',
  airport: 'IST',
  landsAt: 'SAW',
  date: '28 November at 15:00',
  landing: '15:37',
  suggested: '16:10',
  departure: '18:40',
  hours: '3',
  drive: '55',
  percent: '50',
  source: '49.4371',
  days: '30',
  time: '15:00',
  reference: 'MC-7K4Q9P',
}))

describe('the error texts', () => {
  it('have keys to compare', () => {
    // Fewer would mean the walk above misses the translations' error sections.
    expect(errorKeys(resources.en.translation).length).toBeGreaterThan(50)
    expect(errorKeys(resources.tr.translation)).toEqual(errorKeys(resources.en.translation))
  })

  it('read as i18next reads them, on the server and in the browser, in both languages', async () => {
    for (const language of languages) {
      const i18n = await instanceIn(language)
      for (const key of errorKeys(resources[language].translation)) {
        const browserTemplates = errorTemplates(i18n, [sectionOf(key)])
        for (const values of valueSets) {
          const expected = i18n.t(key, values)
          const context = `${language} ${key} ${JSON.stringify(values)}`
          // The page's values (FormCheck's `values`, useErrorText's argument).
          const pageValues = { [key]: values }
          expect(serverErrorText(i18n, pageValues)(key), context).toBe(expected)
          const browser = errorTranslator({
            language,
            template: (name) => browserTemplates[name],
            values: withDefaultVariables(i18n, pageValues),
          })
          expect(browser(key), context).toBe(expected)
          // The values the schema carried in the error itself.
          expect(serverErrorText(i18n)(fieldError(key, values)), context).toBe(expected)
        }
      }
    }
  })

  it('are the messages travellers read, with their numbers formatted', async () => {
    const [en, tr] = await Promise.all([instanceIn('en'), instanceIn('tr')])
    const error = fieldError(textErrors.tooLong, { max: 5000 })
    expect(serverErrorText(en)(error)).toBe('Please use at most 5,000 characters.')
    expect(serverErrorText(tr)(error)).toBe('Lütfen en fazla 5.000 karakter kullanın.')
    expect(serverErrorText(tr)(textErrors.controlCharacters)).toMatch(/kontrol karakter/)
    expect(
      serverErrorText(en, { '*': { phone: '+90 1' } })('contact.errors.rateLimited'),
    ).toContain('+90 1')
    const passengers = { '*': { count: 1 } }
    expect(serverErrorText(en, passengers)('booking.errors.passengersMax')).toBe(
      'This vehicle takes at most 1 passenger.',
    )
  })

  it('let a value the error carries win over the page’s', async () => {
    const en = await instanceIn('en')
    const text = serverErrorText(en, { '*': { max: 10 } })
    expect(text(fieldError(textErrors.tooLong, { max: 2000 }))).toBe(
      'Please use at most 2,000 characters.',
    )
    expect(text(textErrors.tooLong)).toBe('Please use at most 10 characters.')
  })

  it('read as their key when there is no template, as i18next does', async () => {
    const en = await instanceIn('en')
    expect(serverErrorText(en)('nowhere.errors.unknown?x=1')).toBe('nowhere.errors.unknown')
    const browser = errorTranslator({ language: 'en', template: () => undefined })
    expect(browser('nowhere.errors.unknown?x=1')).toBe('nowhere.errors.unknown')
  })
})
