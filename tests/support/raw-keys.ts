import { readFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * What a text shows when a translation went wrong, for the tests of every
 * e-mail and every page: a translation key printed as it is (a key missing
 * from the texts, or one asked for by a typo), i18next's sentence for a key
 * that names a group of keys, or a placeholder left unfilled. Read from the
 * files, so a key added tomorrow is looked for too.
 */

type Texts = { [key: string]: string | Texts }

/** The texts' keys, each as it is asked for, and the keys that name a group. */
function keysOf(texts: Texts, prefix = '', keys = new Set<string>(), groups = new Set<string>()) {
  for (const [name, value] of Object.entries(texts)) {
    const key = `${prefix}${name}`
    if (typeof value === 'string') {
      // A plural's forms are asked for by their base key ('ride.hireLine_one' by 'ride.hireLine').
      keys.add(key.replace(/_(zero|one|two|few|many|other)$/, ''))
    } else {
      keys.add(key)
      groups.add(key)
      keysOf(value, `${key}.`, keys, groups)
    }
  }
  return { keys, groups }
}

const english = JSON.parse(
  readFileSync(join(process.cwd(), 'app/locales/en.json'), 'utf8'),
) as Texts

const { keys, groups } = keysOf(english)

/** Every key and group of keys of the texts (both languages have the same keys). */
export const translationKeys: ReadonlySet<string> = keys

/**
 * Dotted words, as a key is written ('notices.traveller', 'ride.hireLine'),
 * not part of an e-mail address, a host name or a path.
 */
const dotted = /(?<![\w@./-])[a-z][a-zA-Z0-9]*(?:\.[a-zA-Z0-9_]+)+(?![\w@/-])/g

/**
 * Whether a dotted word is a key: one of the texts' keys, or one missing from
 * them (i18next shows it as it was asked for) under one of their groups.
 */
function looksLikeKey(word: string): boolean {
  if (keys.has(word)) return true
  const parts = word.split('.')
  for (let length = parts.length - 1; length > 0; length--) {
    const prefix = parts.slice(0, length).join('.')
    if (keys.has(prefix)) return groups.has(prefix)
  }
  return false
}

/** The raw keys, group sentences and unfilled placeholders in `text`, as found. */
export function rawKeysIn(text: string): string[] {
  const found = [...text.matchAll(dotted)].map((match) => match[0]).filter(looksLikeKey)
  // Whatever the case: a page may show it in capitals (an eyebrow's text-transform).
  if (/returned an object instead of string/i.test(text)) found.push('returned an object')
  if (/\{\{|\}\}/.test(text)) found.push('{{')
  return found
}
