// The browser's renderer of the error markup that app/forms/error-markup.ts
// describes (the server renders the same description with React, in
// app/forms/form-errors.tsx): an element tree becomes DOM elements, and an
// error summary goes where the server puts it.
import { summaryGoesAfter, type ErrorElement } from '~/forms/error-markup'

/** The elements of a description, with its attributes as written. */
export function buildElement(description: ErrorElement, document: Document): HTMLElement {
  const element = document.createElement(description.tag)
  for (const [name, value] of Object.entries(description.attributes)) {
    element.setAttribute(name, value)
  }
  for (const child of description.children) {
    element.append(typeof child === 'string' ? child : buildElement(child, document))
  }
  return element
}

/** The text a description holds, as textContent reads it. */
export function textOf(description: ErrorElement): string {
  return description.children
    .map((child) => (typeof child === 'string' ? child : textOf(child)))
    .join('')
}

/** Puts a form's summary where the server renders it (summaryGoesAfter). */
export function placeSummary(form: HTMLFormElement, summary: HTMLElement) {
  const first = form.firstElementChild
  if (first && summaryGoesAfter(first.tagName)) first.after(summary)
  else form.prepend(summary)
}
