// A form checked in the browser as the server checks it, on the pages React does
// not hydrate: a field is checked when the traveller leaves it, again at each
// keystroke once it showed an error, and the whole form before it is sent; a
// refused form is not sent, its first wrong field takes the focus. The schema is
// the one the server parses the form with (form-schemas.ts), and the messages are
// the server's translations (the JSON the server renders in the form,
// app/forms/form-check.tsx), and the markup is the one the server renders after
// a refused POST: both build it from app/forms/error-markup.ts (ids,
// aria-describedby, the messages, the summary, the texts' plurals and numbers).
import { parseWithZod } from '@conform-to/zod/v4'
import {
  describedBy,
  errorId,
  errorTranslator,
  fieldErrorElement,
  fieldId,
  summaryContent,
  summaryElement,
  type ErrorText,
} from '~/forms/error-markup'
import { buildElement, placeSummary, textOf } from './error-dom'
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
  // The server's templates in the page's language, read by the server's own rules.
  const text = errorTranslator({
    language: config.language,
    template: (key) => config.templates[key],
    values: config.values,
  })
  // The fields checked so far: their errors show. Those the server already refused count.
  const validated = new Set<string>()
  for (const name of controlNames(form)) {
    if (document.getElementById(errorId(fieldId(form.id, name)))) validated.add(name)
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

/**
 * The controls this check owns. One marked `data-form-check="off"` (the
 * payment step's promo code, judged by the server alone) keeps the
 * invalid state and message the server gave it.
 */
function controlNames(form: HTMLFormElement): string[] {
  return [
    ...new Set(
      [...form.elements]
        .filter(
          (element): element is Control =>
            isControl(element) &&
            element.type !== 'hidden' &&
            (element as HTMLElement).dataset.formCheck !== 'off',
        )
        .map((element) => element.name)
        .filter(Boolean),
    ),
  ]
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
  text: ErrorText,
) {
  const id = errorId(fieldId(form.id, name))
  const fields = controls(form, name)
  const description = fieldErrorElement(id, errors, text)
  const invalid = description !== null
  const describe = (element: Element) => {
    const ids = describedBy(element.getAttribute('aria-describedby'), id, invalid)
    if (ids) element.setAttribute('aria-describedby', ids)
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
  const message = document.getElementById(id)
  if (!description) {
    message?.remove()
    return
  }
  if (message) {
    // The same element, its text changed only if it did: a screen reader reading it keeps its place.
    const words = textOf(description)
    if (message.textContent !== words) message.textContent = words
    return
  }
  const container = group ?? fields[0]?.closest('.field')
  container?.append(buildElement(description, document))
}

function showSummary(
  form: HTMLFormElement,
  config: FormCheckConfig,
  errors: Errors,
  failed: boolean,
  text: ErrorText,
) {
  const current = form.querySelector('.error-summary')
  const { labels, targets = {}, title, mode } = config.summary
  const names = mode === 'fields' && labels ? Object.keys(labels) : controlNames(form)
  const content = failed
    ? summaryContent({
        errors,
        fields: names.map((name) => ({
          name,
          label: labels?.[name],
          target: targets[name] ?? fieldId(form.id, name),
        })),
        mode: mode === 'fields' && labels ? 'fields' : 'messages',
        title,
        text,
      })
    : null
  if (!content) {
    current?.remove()
    return
  }
  const summary = buildElement(
    summaryElement(content, { focusable: config.summary.focusable }),
    document,
  )
  if (current) {
    // Unchanged, it stays the element it is: a link being clicked is not pulled away
    // by the check that leaving the field (the press on the link) runs.
    if (current.outerHTML !== summary.outerHTML) current.replaceWith(summary)
    return
  }
  placeSummary(form, summary)
}

function setErrorTitle(config: FormCheckConfig, hasErrors: boolean) {
  const prefix = config.errorPrefix
  const prefixed = document.title.startsWith(prefix)
  if (hasErrors && !prefixed) document.title = prefix + document.title
  if (!hasErrors && prefixed) document.title = document.title.slice(prefix.length)
}
