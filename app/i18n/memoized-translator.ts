import type { i18n as I18n, TFunction } from 'i18next'

/** Enough for every key and option set a page uses in a language, many times over. */
const limit = 4000

/**
 * A translator that remembers its answers. i18next's `t` resolves the key,
 * checks plurals and contexts, and interpolates on every call; on the server a
 * page calls it hundreds of times with the same keys and options (15 % of
 * rendering the vehicle step), while the texts of a language never change in a
 * running process. Calls with a key and, at most, options whose values are all
 * plain strings, numbers or booleans are answered from memory once seen; any
 * other call (several keys, objects in the options) goes to i18next every time.
 * Only string answers are kept (never `returnObjects` trees a caller might change).
 * The memory is bounded: when full it starts again, the keys of a page being few.
 */
export function memoizedTranslator(t: TFunction): TFunction {
  const answers = new Map<string, string>()
  const translate = t as unknown as (...all: unknown[]) => unknown
  const memoized = (...args: unknown[]) => {
    const key = memoKey(args)
    if (key === undefined) return translate(...args)
    const known = answers.get(key)
    if (known !== undefined) return known
    const answer = translate(...args)
    if (typeof answer === 'string') {
      if (answers.size >= limit) answers.clear()
      answers.set(key, answer)
    }
    return answer
  }
  return Object.assign(memoized, t) as unknown as TFunction
}

function memoKey(args: unknown[]): string | undefined {
  const [key, options] = args
  if (typeof key !== 'string' || args.length > 2) return undefined
  if (options === undefined) return key
  if (typeof options !== 'object' || options === null || Array.isArray(options)) return undefined
  let memo = key
  for (const [name, value] of Object.entries(options)) {
    const kind = typeof value
    if (kind !== 'string' && kind !== 'number' && kind !== 'boolean' && value !== undefined) {
      return undefined
    }
    // Names and values cannot hold the separators, which are control characters.
    memo += `\u0001${name}\u0002${kind}\u0002${String(value)}`
  }
  return memo
}

const sharedTranslators = new WeakMap<I18n, Map<string, TFunction>>()

/**
 * The remembering translator of an i18next instance in one language, made once
 * and shared by every request: on the server each language has one instance
 * that never changes (i18n/middleware.server.ts).
 */
export function sharedTranslator(i18n: I18n, language: string | null = null): TFunction {
  let byLanguage = sharedTranslators.get(i18n)
  if (!byLanguage) {
    byLanguage = new Map()
    sharedTranslators.set(i18n, byLanguage)
  }
  const name = language ?? ''
  let t = byLanguage.get(name)
  if (!t) {
    t = memoizedTranslator(i18n.getFixedT(language, 'translation'))
    byLanguage.set(name, t)
  }
  return t
}
