import type { i18n as I18n } from 'i18next'
import { useTranslation } from '~/i18n/use-translation'
import { errorTranslator, type ErrorText, type ErrorValues } from './error-markup'

/**
 * The server's translation of the shared schemas' errors: the same rules the
 * browser's check of a form applies (errorTranslator), over the same
 * templates, i18next's resources in the page's language (then its fallbacks).
 * `values` are the ones the page also gives that check (FormCheck), so a
 * message reads the same whichever side shows it.
 */
export function serverErrorText(i18n: I18n, values: ErrorValues = {}): ErrorText {
  const languages = i18n.languages?.length ? i18n.languages : [i18n.language]
  return errorTranslator({
    language: i18n.language,
    template: (key) => {
      for (const language of languages) {
        const found: unknown = i18n.getResource(language, 'translation', key)
        if (typeof found === 'string') return found
      }
      return undefined
    },
    values: withDefaultVariables(i18n, values),
    // i18next's own answer for a key it lacks (under test, the key check's).
    missing: (key) => i18n.t(key),
  })
}

/**
 * A page's error values with i18next's default variables (the booking rules'
 * numbers) under `*`: what both the server's translation and the browser's
 * check (FormCheck) fill the templates with.
 */
export function withDefaultVariables(i18n: I18n, values: ErrorValues): ErrorValues {
  return { ...values, '*': { ...i18n.options.interpolation?.defaultVariables, ...values['*'] } }
}

/** serverErrorText in a component, for the page's language. */
export function useErrorText(values?: ErrorValues): ErrorText {
  const { i18n } = useTranslation()
  return serverErrorText(i18n, values)
}
