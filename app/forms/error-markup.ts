/**
 * The one description of a form's error markup, for both renderers of it: the
 * server's React components (form-errors.tsx, fields.tsx) after a refused POST,
 * and the browser's check of a form (app/enhancements/form-check.ts), which
 * builds the same elements on a page React does not hydrate. Everything here is
 * plain data and plain functions, so the browser script can import it without
 * React or i18next: the ids, the aria-describedby tokens, the structure of a
 * field's message and of the error summary, and the translation of the error
 * texts. Each renderer only turns an `ErrorElement` tree into its own elements.
 */

// ---------------------------------------------------------------------------
// Ids and aria-describedby

/** conform's id of a field: `<form id>-<name>`. */
export function fieldId(formId: string, name: string): string {
  return `${formId}-${name}`
}

/** The id of a field's message, which the field's aria-describedby names. */
export function errorId(fieldId: string): string {
  return `${fieldId}-error`
}

/**
 * A control's aria-describedby with its error message named or not: the other
 * ids it names (a hint) stay first and in their order, the message comes last.
 * Undefined when nothing is left, so the attribute goes.
 */
export function describedBy(
  current: string | null | undefined,
  messageId: string,
  invalid: boolean,
): string | undefined {
  const others = (current ?? '').split(/\s+/).filter((token) => token && token !== messageId)
  const ids = invalid ? [...others, messageId] : others
  return ids.length ? ids.join(' ') : undefined
}

// ---------------------------------------------------------------------------
// The elements

/** An element of the error markup: HTML attribute names, text or elements inside. */
export interface ErrorElement {
  tag: 'div' | 'p' | 'ul' | 'li' | 'a'
  attributes: Record<string, string>
  children: (ErrorElement | string)[]
}

function element(
  tag: ErrorElement['tag'],
  attributes: Record<string, string>,
  children: ErrorElement['children'],
): ErrorElement {
  return { tag, attributes, children }
}

/** Translates an error of the shared schemas (a key, its values after '?'). */
export type ErrorText = (error: string) => string

/** The text of a field's errors: each different one once, in their order, on one line. */
export function fieldErrorText(errors: readonly string[], text: ErrorText): string {
  return [...new Set(errors)].map(text).join(' ')
}

/** A field's message, beside it: null without errors. */
export function fieldErrorElement(
  id: string,
  errors: readonly string[] | undefined,
  text: ErrorText,
): ErrorElement | null {
  if (!errors?.length) return null
  return element('p', { id, class: 'field__error' }, [fieldErrorText(errors, text)])
}

/** One link of a summary: the id of the element it takes the focus to, and what it says. */
export interface SummaryLink {
  target: string
  content: string
}

/** What an error summary says: errors of the whole form, then a titled list of links. */
export interface SummaryContent {
  messages: string[]
  title?: string
  links: SummaryLink[]
}

/** A field a summary may link to, in the form's order. */
export interface SummaryField {
  name: string
  /** The id its link goes to: the control's, or a radio group's first radio. */
  target: string
  /** Its label, which names its link in the 'fields' mode. */
  label?: string
}

/**
 * What a summary of these errors says. 'fields': one link per wrong field,
 * '<label>: <its messages>'; 'messages': one link per message of a field. The
 * errors of names that are none of the fields are the whole form's, shown as
 * paragraphs first. Null when there is nothing to say.
 */
export function summaryContent({
  errors,
  fields,
  mode,
  title,
  text,
}: {
  errors: Iterable<readonly [string, readonly string[] | undefined]>
  fields: readonly SummaryField[]
  mode: 'fields' | 'messages'
  title?: string
  text: ErrorText
}): SummaryContent | null {
  const byName = new Map([...errors].filter(([, messages]) => messages?.length))
  const names = new Set(fields.map((field) => field.name))
  const formErrors = [...byName]
    .filter(([name]) => !names.has(name))
    .flatMap(([, messages]) => messages ?? [])
  const links = fields.flatMap(({ name, target, label }): SummaryLink[] => {
    const messages = [...new Set(byName.get(name) ?? [])]
    if (!messages.length) return []
    if (mode === 'fields')
      return [{ target, content: `${label}: ${fieldErrorText(messages, text)}` }]
    return messages.map((message) => ({ target, content: text(message) }))
  })
  const messages = [...new Set(formErrors)].map(text)
  if (!messages.length && !links.length) return null
  return { messages, title, links }
}

/**
 * The summary's element. `focusable`: it can take the focus (tabindex -1);
 * `autofocus`: it takes it as the page loads (a page the server rendered after
 * a POST without JavaScript). The title shows only above links.
 */
export function summaryElement(
  { messages, title, links }: SummaryContent,
  { focusable = false, autofocus = false }: { focusable?: boolean; autofocus?: boolean } = {},
): ErrorElement {
  const attributes: Record<string, string> = {
    class: 'alert alert--error error-summary',
    role: 'alert',
  }
  if (focusable) attributes.tabindex = '-1'
  if (autofocus) attributes.autofocus = ''
  const children: ErrorElement['children'] = messages.map((message) => element('p', {}, [message]))
  if (links.length) {
    if (title) children.push(element('p', {}, [title]))
    children.push(
      element(
        'ul',
        {},
        links.map(({ target, content }) =>
          element('li', {}, [element('a', { href: `#${target}` }, [content])]),
        ),
      ),
    )
  }
  return element('div', attributes, children)
}

/**
 * Where a summary sits in its form: after the form's heading when the form
 * starts with one (the heading names the form), else first.
 */
export function summaryGoesAfter(firstChildTag: string | undefined): boolean {
  return firstChildTag !== undefined && /^h[1-6]$/i.test(firstChildTag)
}

// ---------------------------------------------------------------------------
// The texts

/** Values the page adds to its messages: '*' for every key, else by key. */
export type ErrorValues = Record<string, Record<string, string | number>>

/** The key and the values of an error made by fieldError (a plain key has no values). */
export function readFieldError(error: string): { key: string; values: Record<string, string> } {
  const mark = error.indexOf('?')
  if (mark < 0) return { key: error, values: {} }
  return {
    key: error.slice(0, mark),
    values: Object.fromEntries(new URLSearchParams(error.slice(mark + 1))),
  }
}

const formats = new Map<string, { plural: Intl.PluralRules; number: Intl.NumberFormat }>()

/** A language's plural rules and number format, made once: the server asks at every render. */
function formatsOf(language: string) {
  let found = formats.get(language)
  if (!found) {
    found = { plural: new Intl.PluralRules(language), number: new Intl.NumberFormat(language) }
    formats.set(language, found)
  }
  return found
}

/**
 * The error texts: a key with its values after '?' (fieldError in
 * text-input.ts), translated with the page's templates as i18next translates
 * them: the plural form for a count (`key_one`, `key_other`), `{{name}}` and
 * `{{name, number}}`. `template` finds a key's template in the page's
 * language; a key without one reads as `missing` says, by default as itself
 * (as in i18next).
 */
export function errorTranslator({
  language,
  template,
  values = {},
  missing = (key) => key,
}: {
  language: string
  template: (key: string) => string | undefined
  values?: ErrorValues
  missing?: (key: string) => string
}): ErrorText {
  const { plural, number } = formatsOf(language)
  return (error) => {
    const { key, values: carried } = readFieldError(error)
    const all: Record<string, string | number> = { ...values['*'], ...values[key], ...carried }
    const count = all.count === undefined ? undefined : Number(all.count)
    const found =
      (count === undefined
        ? undefined
        : (template(`${key}_${plural.select(count)}`) ?? template(`${key}_other`))) ?? template(key)
    if (found === undefined) return missing(key)
    return found.replace(/\{\{\s*(\w+)\s*(?:,\s*(\w+)\s*)?\}\}/g, (_, name: string, format) => {
      const value = all[name]
      if (value === undefined) return ''
      return format === 'number' ? number.format(Number(value)) : String(value)
    })
  }
}
