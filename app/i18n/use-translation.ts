import { useContext } from 'react'
import { getI18n, I18nContext, useTranslation as useReactTranslation } from 'react-i18next'
import type { i18n as I18n } from 'i18next'
import { sharedTranslator } from './memoized-translator'

type Translation = Pick<ReturnType<typeof useReactTranslation>, 't' | 'i18n'>

const translations = new WeakMap<I18n, Translation>()

/**
 * On the server each language has one i18next instance that never changes
 * language (i18n/middleware.server.ts), yet react-i18next's hook copies the whole
 * instance into a new wrapper for every component on every render: about 3 % of
 * rendering the vehicle step. There the instance's translator is made once and
 * shared, and it remembers its answers (memoized-translator.ts). In the browser,
 * where the language can change under a hydrated page and its components must
 * render again, react-i18next's hook is used as it is.
 */
function useServerTranslation(): Translation {
  const i18n = useContext(I18nContext)?.i18n ?? getI18n()
  let translation = translations.get(i18n)
  if (!translation) {
    translation = { t: sharedTranslator(i18n), i18n } as Translation
    translations.set(i18n, translation)
  }
  return translation
}

export const useTranslation: () => Translation =
  typeof document === 'undefined' ? useServerTranslation : useReactTranslation
