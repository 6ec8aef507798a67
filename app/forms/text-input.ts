import * as z from 'zod/mini'
import { hasControlCharacters, normalizeText } from '~/domain/text'

/**
 * The zod side of the one normalisation (app/domain/text.ts) for every
 * free-text field a traveller fills in (passenger, billing, contact, Complete
 * Reservation names, notes), shared by the server (the source of truth) and
 * the browser (conform runs the same schemas), so it stays pure: no I/O,
 * nothing server-only. The rules are in docs/input-limits.md. Written with
 * zod's small build (zod/mini, functions instead of methods) like every
 * schema the browser runs, so a form page downloads a fraction of zod.
 */

export { hasControlCharacters, normalizeText }

/**
 * Errors are translation keys, resolved when shown, in the language of the
 * page. A message that needs a value carries it after '?', like a query
 * string: 'forms.errors.tooLong?max=50'.
 */
export function fieldError(key: string, values: Record<string, string | number> = {}): string {
  const query = new URLSearchParams(
    Object.entries(values).map(([name, value]) => [name, String(value)]),
  ).toString()
  return query ? `${key}?${query}` : key
}

export { readFieldError } from './error-markup'

export const textErrors = {
  tooLong: 'forms.errors.tooLong',
  controlCharacters: 'forms.errors.controlCharacters',
} as const

export interface TextFieldOptions {
  /**
   * The most characters the field takes, counted in UTF-16 code units as a
   * browser counts them: never fewer than the characters PostgreSQL's
   * varchar(n) counts, so a value that passes always fits its column.
   */
  max: number
  /** A textarea: keeps line breaks and tabs. */
  multiline?: boolean
  /** The message of a missing or blank value; without it the field is optional. */
  required?: string
}

function normalizedText({ max, multiline = false, required }: TextFieldOptions) {
  const refuse = (message: string) => ({ code: 'custom' as const, message, continue: false })
  // Checks, not a max length: conform would turn a max into the input's maxlength,
  // and a browser silently cuts a pasted value to it. The traveller is told
  // instead. A refused value stops there: the checks a schema adds after this
  // one (an e-mail pattern) do not pile their messages on top.
  return z
    .pipe(
      z.string({ error: required }),
      z.transform((value: string) => normalizeText(value, multiline)),
    )
    .check(
      z.superRefine((text: string, context) => {
        if (text === '') {
          if (required) context.addIssue(refuse(required))
        } else if (hasControlCharacters(text, multiline)) {
          context.addIssue(refuse(textErrors.controlCharacters))
        } else if (text.length > max) {
          context.addIssue(refuse(fieldError(textErrors.tooLong, { max })))
        }
      }),
    )
}

/**
 * The building block of every text field in the forms: normalised
 * (normalizeText), refused with a message when it holds control characters
 * or is longer than `max`, never cut. Optional unless `required` names the
 * message of a missing value; an optional field left blank is ''.
 */
export function textField(
  options: TextFieldOptions & { required: string },
): ReturnType<typeof normalizedText>
export function textField(
  options: TextFieldOptions & { required?: undefined },
): z.ZodMiniOptional<ReturnType<typeof normalizedText>>
export function textField(options: TextFieldOptions) {
  const field = normalizedText(options)
  return options.required ? field : z.optional(field)
}
