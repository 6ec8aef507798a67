import type { InitOptions } from 'i18next'

/**
 * Whether this process runs the tests (vitest sets VITEST; NODE_ENV=test for
 * other runners). Read at call time: the bundle for the browser never calls it.
 */
export function underTest(): boolean {
  const env = typeof process === 'undefined' ? undefined : process.env
  return Boolean(env && (env.VITEST || env.NODE_ENV === 'test'))
}

/**
 * A text asked for by a key that is not a text, or missing a value it names: a
 * test must fail on it, never a traveller.
 */
export class TranslationKeyError extends Error {
  override name = 'TranslationKeyError'
}

/**
 * i18next options that turn a slip in a key, or a `{{value}}` nothing fills,
 * into an error, under test only.
 * Without them i18next answers a missing key with the key itself and a key
 * naming a group of keys with "key '…' returned an object instead of
 * string.", and both reach a page or an e-mail unnoticed. In production these
 * options are empty: the reader gets i18next's answer as before, never an
 * error. A call with a `defaultValue` chose its own fallback and is left alone.
 */
export function keyCheckOptions(strict = underTest()): InitOptions {
  if (!strict) return {}
  return {
    // i18next only calls missingKeyHandler when saveMissing is on; nothing is saved anywhere.
    saveMissing: true,
    missingKeyHandler: (languages, _namespace, key, _fallback, _update, options) => {
      const chosenFallback = (options as { defaultValue?: unknown } | undefined)?.defaultValue
      if (chosenFallback !== undefined) return
      throw new TranslationKeyError(
        `No text for the key '${key}' (${languages.join(', ')}): add it to app/locales/*.json`,
      )
    },
    // A `{{name}}` no call passes and no default variable fills: i18next would
    // leave the braces in the text. A value passed as undefined is an empty one.
    missingInterpolationHandler: (text, match: RegExpExecArray, options) => {
      const name = match[1]?.split(',')[0]?.trim() ?? ''
      if (options && Object.prototype.hasOwnProperty.call(options, name)) return ''
      throw new TranslationKeyError(`No value for {{${name}}} in the text '${text}'`)
    },
    returnedObjectHandler: (key) => {
      throw new TranslationKeyError(
        `The key '${key}' names a group of keys, not a text: use one of its keys`,
      )
    },
  }
}
