import en from '~/locales/en.json'
import tr from '~/locales/tr.json'

/** UI strings of both languages, one `translation` namespace each. */
export const resources = {
  en: { translation: en },
  tr: { translation: tr },
} as const
