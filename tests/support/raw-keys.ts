import { readFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * What a text shows when a translation went wrong, for the tests of every
 * e-mail and every page: a translation key printed as it is (a key missing
 * from the texts, or a typo), i18next's sentence for a key that names a group
 * of keys, or a placeholder left unfilled. Read from the files, so a key added
 * tomorrow is looked for too.
 */

type Texts = { [key: string]: string | Texts }

function keysOf(texts: Texts, prefix = ''): string[] {
  return Object.entries(texts).flatMap(([name, value]) => {
    const key = `${prefix}${name}`
    // A plural's forms are asked for by their base key ('ride.hireLine_one' by 'ride.hireLine').
    const asked = key.replace(/_(zero|one|two|few|many|other)$/, '')
    return typeof value === 'string' ? [asked] : [key, ...keysOf(value, `${key}.`)]
  })
}

const english = JSON.parse(
  readFileSync(join(process.cwd(), 'app/locales/en.json'), 'utf8'),
) as Texts

/** Every key and group of keys of the texts (both languages have the same keys). */
export const translationKeys: ReadonlySet<string> = new Set(keysOf(english))

/** Dotted words, as a key is written: 'notices.traveller', 'ride.hireLine'. */
const dotted = /\b[a-z][a-zA-Z0-9]*(?:\.[a-zA-Z0-9_]+)+\b/g

/** The raw keys, group sentences and unfilled placeholders in `text`, as found. */
export function rawKeysIn(text: string): string[] {
  const found = [...text.matchAll(dotted)]
    .map((match) => match[0])
    .filter((word) => translationKeys.has(word))
  if (/returned an object instead of string/.test(text)) found.push('returned an object')
  if (/\{\{|\}\}/.test(text)) found.push('{{')
  return found
}
