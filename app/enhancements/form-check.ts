// A form checked in the browser as the server checks it, on the pages React does
// not hydrate: a field is checked when the traveller leaves it, again at each
// keystroke once it showed an error, and the whole form before it is sent; a
// refused form is not sent, its first wrong field takes the focus. The schema is
// the one the server parses the form with (form-schemas.ts), and the messages are
// the server's translations (the JSON the server renders in the form,
// app/forms/form-check.tsx), shown with the markup the server renders after a
// refused POST (app/forms/fields.tsx, form-errors.tsx): the same ids, the same
// aria-invalid and aria-describedby, the same summary.
import { parseWithZod } from '@conform-to/zod/v4'
import type { FormCheckConfig } from './form-check-config'
import { formSchemas } from './form-schemas'

export async function enhance(scripts: Element[]) {
  await Promise.all(
    scripts.map(async (script) => {
      const form = script.closest('form')
      if (!form || !script.textContent) return
      const config = JSON.parse(script.textContent) as FormCheckConfig
      const make = formSchemas[config.schema]
      if (!make) return
      checkForm(form, config, await make(config.params))
    }),
  )
}

type Schema = Parameters<typeof parseWithZod>[1]['schema']
type Errors = Map<string, string[]>

function checkForm(form: HTMLFormElement, config: FormCheckConfig, schema: Schema) {
  const text = translator(config)
  // The fields checked so far: their errors show. Those the server already refused count.
  const validated = new Set<string>()
  for (const name of controlNames(form)) {
    if (document.getElementById(errorId(form, name))) validated.add(name)
  }
  let submitted = form.querySelector('.error-summary') !== null
  // A language switch reloads the page with what was typed: the fields checked before
  // it are checked again, so their messages come back in the new language.
  const carried = takeCarried(form)
  for (const name of carried) validated.add(name)

  const check = (): Errors => {
    const submission = parseWithZod(new FormData(form), { schema })
    const errors: Errors = new Map()
    if (submission.status === 'error') {
      for (const [name, messages] of Object.entries(submission.error ?? {})) {
        if (messages?.length) errors.set(name, messages)
      }
    }
    return errors
  }

  const show = (errors: Errors) => {
    const shown: Errors = new Map([...errors].filter(([name]) => validated.has(name)))
    for (const name of new Set([...controlNames(form), ...errors.keys()])) {
      showFieldErrors(form, name, shown.get(name), text)
    }
    const failed = config.summary.mode === 'submit' ? submitted && shown.size > 0 : shown.size > 0
    if (config.summary.mode !== 'none') showSummary(form, config, shown, failed, text)
    setErrorTitle(config, failed || config.keepErrorTitle)
  }

  const fieldName = (target: EventTarget | null) =>
    target instanceof Element && isControl(target) && target.form === form && target.name
      ? target.name
      : null

  if (carried.length) show(check())

  form.addEventListener('focusout', (event) => {
    const name = fieldName(event.target)
    if (!name) return
    validated.add(name)
    show(check())
  })
  form.addEventListener('input', (event) => {
    const name = fieldName(event.target)
    if (name && validated.has(name)) show(check())
  })
  form.addEventListener(
    'submit',
    (event) => {
      // A language switch (and any button that says so) goes to the server unchecked, and
      // so does a button of conform's that changes the form (adds or removes a row).
      const submitter = event.submitter
      if (submitter?.hasAttribute('formnovalidate')) {
        carry(form, validated)
        return
      }
      if (submitter?.getAttribute('name') === '__intent__') return
      const errors = check()
      if (!errors.size) return
      event.preventDefault()
      submitted = true
      for (const name of errors.keys()) validated.add(name)
      show(errors)
      firstWrongControl(form, errors)?.focus()
      // First of the form's own listeners: one that sends the form (swap-form.ts) sees it refused.
    },
    { capture: true },
  )
  // Pressing a submit button would first blur the field being typed in: its error
  // would push the button down before the click lands, and the click would be lost.
  // So the focus moves only once the click has landed.
  for (const button of form.querySelectorAll<HTMLButtonElement>('button[type="submit"]')) {
    button.addEventListener('mousedown', (event) => event.preventDefault())
    button.addEventListener('click', () => button.focus())
  }
  // A summary's link takes the focus to its field (the fragment alone only scrolls).
  form.addEventListener('click', (event) => {
    const link = event.target instanceof Element ? event.target.closest('a') : null
    if (!link || !link.closest('.error-summary')) return
    const field = document.getElementById(link.hash.slice(1))
    if (!field) return
    event.preventDefault()
    field.focus()
  })
}

const carriedKey = (form: HTMLFormElement) => `form-check:${window.location.pathname}#${form.id}`

function carry(form: HTMLFormElement, validated: Set<string>) {
  try {
    sessionStorage.setItem(carriedKey(form), JSON.stringify([...validated]))
  } catch {
    // Storage refused: the messages come back at the next check instead.
  }
}

function takeCarried(form: HTMLFormElement): string[] {
  try {
    const saved = sessionStorage.getItem(carriedKey(form))
    sessionStorage.removeItem(carriedKey(form))
    return saved ? (JSON.parse(saved) as string[]) : []
  } catch {
    return []
  }
}

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement

function isControl(element: Element): element is Control {
  return (
    element instanceof HTMLInputElement ||
    element instanceof HTMLSelectElement ||
    element instanceof HTMLTextAreaElement
  )
}

function controls(form: HTMLFormElement, name: string): Control[] {
  return [...form.elements].filter(
    (element): element is Control =>
      isControl(element) && element.name === name && element.type !== 'hidden',
  )
}

function controlNames(form: HTMLFormElement): string[] {
  return [
    ...new Set(
      [...form.elements]
        .filter((element): element is Control => isControl(element) && element.type !== 'hidden')
        .map((element) => element.name)
        .filter(Boolean),
    ),
  ]
}

/** conform's ids: `<form id>-<name>` for a field, and `-error` after it for its errors. */
function errorId(form: HTMLFormElement, name: string) {
  return `${form.id}-${name}-error`
}

function firstWrongControl(form: HTMLFormElement, errors: Errors): Control | undefined {
  return [...form.elements].find(
    (element): element is Control => isControl(element) && errors.has(element.name),
  )
}

function showFieldErrors(
  form: HTMLFormElement,
  name: string,
  errors: string[] | undefined,
  text: (error: string) => string,
) {
  const id = errorId(form, name)
  const fields = controls(form, name)
  const invalid = Boolean(errors?.length)
  const describe = (element: Element) => {
    const others = (element.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .filter((token) => token && token !== id)
    const ids = invalid ? [...others, id] : others
    if (ids.length) element.setAttribute('aria-describedby', ids.join(' '))
    else element.removeAttribute('aria-describedby')
  }
  for (const control of fields) {
    if (invalid) control.setAttribute('aria-invalid', 'true')
    else control.removeAttribute('aria-invalid')
    describe(control)
  }
  // A radio group's errors are the group's: at the end of its fieldset, which they describe.
  const group = fields[0]?.type === 'radio' ? fields[0].closest('fieldset') : null
  if (group) describe(group)
  let message = document.getElementById(id)
  if (!invalid) {
    message?.remove()
    return
  }
  if (!message) {
    const container = group ?? fields[0]?.closest('.field')
    if (!container) return
    message = document.createElement('p')
    message.id = id
    message.className = 'field__error'
    container.append(message)
  }
  const words = [...new Set(errors)].map(text).join(' ')
  if (message.textContent !== words) message.textContent = words
}

function showSummary(
  form: HTMLFormElement,
  config: FormCheckConfig,
  errors: Errors,
  failed: boolean,
  text: (error: string) => string,
) {
  const current = form.querySelector('.error-summary')
  if (!failed) {
    current?.remove()
    return
  }
  const { labels, targets = {}, title, mode } = config.summary
  const summary = document.createElement('div')
  summary.className = 'alert alert--error error-summary'
  summary.setAttribute('role', 'alert')
  if (config.summary.focusable) summary.tabIndex = -1
  const paragraph = (content: string) => {
    const element = document.createElement('p')
    element.textContent = content
    return element
  }
  const fieldNames = mode === 'fields' && labels ? Object.keys(labels) : controlNames(form)
  const formErrors = [...errors]
    .filter(([name]) => !fieldNames.includes(name))
    .flatMap(([, messages]) => messages)
  for (const error of new Set(formErrors)) summary.append(paragraph(text(error)))
  const links: { target: string; content: string }[] = []
  for (const name of fieldNames) {
    const messages = [...new Set(errors.get(name) ?? [])]
    if (!messages.length) continue
    const target = targets[name] ?? `${form.id}-${name}`
    if (mode === 'fields' && labels) {
      links.push({ target, content: `${labels[name]}: ${messages.map(text).join(' ')}` })
    } else {
      for (const message of messages) links.push({ target, content: text(message) })
    }
  }
  if (links.length) {
    if (title) summary.append(paragraph(title))
    const list = document.createElement('ul')
    for (const { target, content } of links) {
      const item = document.createElement('li')
      const link = document.createElement('a')
      link.href = `#${target}`
      link.textContent = content
      item.append(link)
      list.append(item)
    }
    summary.append(list)
  }
  if (current) {
    // Unchanged, it stays the element it is: a link being clicked is not pulled away
    // by the check that leaving the field (the press on the link) runs.
    if (current.outerHTML !== summary.outerHTML) current.replaceWith(summary)
    return
  }
  // Where the server renders it: after the form's heading, if it starts with one.
  const first = form.firstElementChild
  if (first && /^H[1-6]$/.test(first.tagName)) first.after(summary)
  else form.prepend(summary)
}

function setErrorTitle(config: FormCheckConfig, hasErrors: boolean) {
  const prefix = config.errorPrefix
  const prefixed = document.title.startsWith(prefix)
  if (hasErrors && !prefixed) document.title = prefix + document.title
  if (!hasErrors && prefixed) document.title = document.title.slice(prefix.length)
}

/**
 * The server's error texts: a key with its values after '?' (fieldError in
 * app/forms/text-input.ts), translated as i18next does with the templates the
 * server sent: the plural form for a count, `{{name}}` and `{{name, number}}`.
 */
function translator(config: FormCheckConfig) {
  const plural = new Intl.PluralRules(config.language)
  const number = new Intl.NumberFormat(config.language)
  return (error: string): string => {
    const mark = error.indexOf('?')
    const key = mark < 0 ? error : error.slice(0, mark)
    const values: Record<string, string | number> = {
      ...config.values['*'],
      ...config.values[key],
      ...(mark < 0 ? {} : Object.fromEntries(new URLSearchParams(error.slice(mark + 1)))),
    }
    const count = values.count === undefined ? undefined : Number(values.count)
    const template =
      (count === undefined
        ? undefined
        : (config.templates[`${key}_${plural.select(count)}`] ??
          config.templates[`${key}_other`])) ?? config.templates[key]
    if (template === undefined) return key
    return template.replace(/\{\{\s*(\w+)\s*(?:,\s*(\w+)\s*)?\}\}/g, (_, name: string, format) => {
      const value = values[name]
      if (value === undefined) return ''
      return format === 'number' ? number.format(Number(value)) : String(value)
    })
  }
}
