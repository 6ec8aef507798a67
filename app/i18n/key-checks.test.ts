import { describe, expect, it } from 'vitest'
import { translatorFor } from './fixed-translator.server'
import { sharedI18n } from './middleware.server'
import { sharedTranslator } from './memoized-translator'
import { keyCheckOptions, TranslationKeyError, underTest } from './key-checks'

describe('translation keys under test', () => {
  it('knows it runs under test', () => {
    expect(underTest()).toBe(true)
  })

  for (const language of ['en', 'tr'] as const) {
    it(`fails on a missing key and on a group of keys: e-mail translator, ${language}`, () => {
      const t = translatorFor(language)
      expect(() => t('notices.noSuchLabel')).toThrow(TranslationKeyError)
      expect(() => t('notices.traveller')).toThrow(/names a group of keys/)
      expect(() => t('mail.nextContact')).toThrow(/No value for \{\{phone\}\}/)
      // Texts, plurals, a group asked for as a group, a chosen fallback: as before.
      expect(t('notices.reference')).not.toBe('notices.reference')
      expect(t('mail.people', { count: 2 })).toMatch(/2/)
      expect(typeof t('notices.traveller.fields', { returnObjects: true })).toBe('object')
      expect(t('ops.audit.actions.noSuchAction', { defaultValue: 'kept' })).toBe('kept')
    })

    it(`fails on a missing key and on a group of keys: pages' translator, ${language}`, async () => {
      const t = sharedTranslator(await sharedI18n(language), language)
      expect(() => t('received.noSuchLabel')).toThrow(TranslationKeyError)
      expect(() => t('received')).toThrow(TranslationKeyError)
      // A value the text names that the call does not pass.
      expect(() => t('traveller.ride.openUntil')).toThrow(/No value for \{\{deadline\}\}/)
      expect(t('traveller.ride.openUntil', { deadline: 'x' })).not.toMatch(/\{\{/)
      expect(t('received.extras')).not.toBe('received.extras')
    })
  }

  it('adds nothing outside the tests: production keeps i18next’s own answers', () => {
    expect(keyCheckOptions(false)).toEqual({})
  })
})
