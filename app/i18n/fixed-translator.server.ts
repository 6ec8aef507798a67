import { createInstance, type TFunction } from 'i18next'
import { resources } from './resources'
import type { Language } from './config'
import { keyCheckOptions } from './key-checks'
import { interpolation } from './interpolation'

const translators = new Map<Language, TFunction>()

/**
 * A translator fixed to one language, for text written outside a request
 * (e-mails, jobs): built once per language and kept, as the texts only
 * change with a deploy.
 */
export function translatorFor(language: Language): TFunction {
  let t = translators.get(language)
  if (!t) {
    const instance = createInstance()
    void instance.init({
      resources,
      lng: language,
      fallbackLng: 'en',
      initAsync: false,
      interpolation,
      // Under test a missing key, or one naming a group of keys, throws.
      ...keyCheckOptions(),
    })
    t = instance.getFixedT(language)
    translators.set(language, t)
  }
  return t
}
