/**
 * The one normalisation of free text a traveller types, pure so the search
 * rules, the form schemas and the browser share it. The length limits and the
 * fields they apply to are in docs/input-limits.md.
 */

/** Unicode's control characters (C0, DEL and C1): PostgreSQL refuses NUL, SQLite keeps it. */
const controlCharacter = /\p{Cc}/u
/** The same, except the tab and the line feed a multi-line field keeps. */
const controlCharacterInText = /(?![\t\n])\p{Cc}/u

/**
 * NFC first (a name typed on one system as 's' + combining cedilla and on
 * another as 'ş' is then stored, compared and counted the same), line breaks
 * as '\n'; a single-line field turns tabs and line breaks into spaces (a
 * browser never sends them from a text input, a pasted spreadsheet cell may).
 * Leading and trailing white space goes.
 */
export function normalizeText(value: string, multiline = false): string {
  const text = value.normalize('NFC').replace(/\r\n?/g, '\n')
  return (multiline ? text : text.replace(/[\t\n]/g, ' ')).trim()
}

/** Whether the normalised text still holds a control character the field does not take. */
export function hasControlCharacters(text: string, multiline = false): boolean {
  return (multiline ? controlCharacterInText : controlCharacter).test(text)
}
