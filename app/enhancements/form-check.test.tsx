// @vitest-environment happy-dom
import type { ComponentProps } from 'react'
import { parseWithZod } from '@conform-to/zod/v4'
import { beforeEach, describe, expect, it } from 'vitest'
import { contactSchema } from '~/contact/contact-schema'
import Contact from '~/routes/site/contact'
import { get, type } from '../../tests/support/dom-events'
import { renderServerMarkup } from '../../tests/support/server-markup'
import { enhance } from './form-check'

const url = 'http://localhost/contact'
const title = 'Contact | Test'

/** The contact page as the server renders it: a fresh form, or the one a refused POST answers with. */
function renderContact(actionData?: { result: unknown }) {
  // Only what the page reads of its route's props.
  const props = { loaderData: { sent: false }, actionData } as unknown as ComponentProps<
    typeof Contact
  >
  return renderServerMarkup(<Contact {...props} />, { url })
}

/** The page's form checked as app/enhancements/features.ts sets it up. */
async function enhancePage() {
  document.title = title
  await enhance([...document.querySelectorAll('form script[data-form-check]')])
}

const form = () => get<HTMLFormElement>('#contact-form')
const field = (name: string) => get<HTMLInputElement>(`#contact-form-${name}`)
const submitButton = () => get<HTMLButtonElement>('#contact-form button[type="submit"]')

/** Submits the form with a button; returns whether the submission went on to the page. */
function submit(button: HTMLButtonElement = submitButton()): boolean {
  let sent = false
  const last = (event: Event) => {
    sent = !event.defaultPrevented
    // Nothing is sent anywhere from a unit test.
    event.preventDefault()
  }
  window.addEventListener('submit', last, { once: true })
  form().requestSubmit(button)
  window.removeEventListener('submit', last)
  return sent
}

/** Markup with each element's attributes in one order: the browser sets them after React's. */
function comparable(html: string): string {
  const container = document.createElement('div')
  container.innerHTML = html
  for (const element of container.querySelectorAll('*')) {
    const attributes = [...element.attributes].map(({ name, value }) => [name, value] as const)
    for (const [name] of attributes) element.removeAttribute(name)
    for (const [name, value] of attributes.sort(([a], [b]) => a.localeCompare(b))) {
      element.setAttribute(name, value)
    }
  }
  return container.innerHTML
}

function leave(control: HTMLElement) {
  control.focus()
  control.blur()
}

function fillIn() {
  type(field('fullName'), 'Ayşe Yılmaz')
  type(field('email'), 'ayse@example.com')
  type(field('subject'), 'Airport pickup')
  type(field('message'), 'Hello')
}

beforeEach(async () => {
  sessionStorage.clear()
  await renderContact()
  await enhancePage()
})

describe('a field checked in the browser', () => {
  it('shows its message when left wrong, named by the field', () => {
    const email = field('email')
    type(email, 'not an address')
    expect(document.getElementById('contact-form-email-error')).toBeNull()

    leave(email)

    const message = get('#contact-form-email-error')
    expect(message.textContent).toBe(
      'Please enter a valid e-mail address, such as name@example.com.',
    )
    expect(message.closest('.field')).toBe(email.closest('.field'))
    expect(email.getAttribute('aria-invalid')).toBe('true')
    expect(email.getAttribute('aria-describedby')?.split(' ')).toContain(message.id)
    // Only the field left is checked.
    expect(field('fullName').hasAttribute('aria-invalid')).toBe(false)
    expect(document.getElementById('contact-form-fullName-error')).toBeNull()
  })

  it('loses its message as the fix is typed', () => {
    const email = field('email')
    leave(email)
    expect(get('#contact-form-email-error').textContent).toBe('Please enter your e-mail address.')

    type(email, 'ayse@')
    expect(get('#contact-form-email-error').textContent).toBe(
      'Please enter a valid e-mail address, such as name@example.com.',
    )

    type(email, 'ayse@example.com')
    expect(document.getElementById('contact-form-email-error')).toBeNull()
    expect(email.hasAttribute('aria-invalid')).toBe(false)
    expect(email.hasAttribute('aria-describedby')).toBe(false)
  })

  it('is not checked while typed before it was left', () => {
    type(field('email'), 'not an address')
    expect(document.getElementById('contact-form-email-error')).toBeNull()
    expect(field('email').hasAttribute('aria-invalid')).toBe(false)
  })
})

describe('a wrong form submitted', () => {
  it('is not sent, and the focus goes to its first wrong field', () => {
    type(field('fullName'), 'Ayşe Yılmaz')
    submitButton().focus()

    expect(submit()).toBe(false)

    expect(document.activeElement).toBe(field('email'))
    for (const name of ['email', 'subject', 'message']) {
      expect(field(name).getAttribute('aria-invalid')).toBe('true')
      expect(document.getElementById(`contact-form-${name}-error`)).not.toBeNull()
    }
    expect(field('fullName').hasAttribute('aria-invalid')).toBe(false)
  })

  it('shows the summary and the messages the server shows after the same refused POST', async () => {
    submit()
    const browser = {
      form: form().innerHTML,
      title: document.title,
    }
    const summary = form().firstElementChild
    expect(summary?.matches('.error-summary[role="alert"]')).toBe(true)

    // The server's answer to that POST (the honeypot is sent empty, as the form has it).
    const refused = parseWithZod(new FormData(form()), { schema: contactSchema }).reply()
    await renderContact({ result: refused })
    expect(comparable(browser.form)).toBe(comparable(form().innerHTML))
    expect(browser.title).toBe(`Error: ${title}`)
  })

  it('is sent once its fields are right, and the title loses its error prefix', () => {
    expect(submit()).toBe(false)
    expect(document.title).toBe(`Error: ${title}`)

    fillIn()

    expect(document.title).toBe(title)
    expect(form().querySelector('.error-summary')).toBeNull()
    expect(form().querySelector('[aria-invalid]')).toBeNull()
    expect(submit()).toBe(true)
  })

  it('takes the focus to a field from its link in the summary', () => {
    submit()
    const link = get<HTMLAnchorElement>('.error-summary a[href="#contact-form-subject"]')

    const event = new MouseEvent('click', { bubbles: true, cancelable: true })
    link.dispatchEvent(event)

    expect(event.defaultPrevented).toBe(true)
    expect(document.activeElement).toBe(field('subject'))
  })

  it('goes to the server unchecked from a button that says formnovalidate', () => {
    // As the language switch's buttons do on a page whose form holds typed fields.
    const button = document.createElement('button')
    button.type = 'submit'
    button.formNoValidate = true
    button.setAttribute('form', 'contact-form')
    document.body.append(button)
    leave(field('email'))

    expect(submit(button)).toBe(true)
    expect(form().querySelector('.error-summary')).toBeNull()
    // The fields checked so far are checked again once the page comes back in the other language.
    expect(JSON.parse(sessionStorage.getItem('form-check:/#contact-form') ?? '[]')).toEqual([
      'email',
    ])
  })
})

describe('a form the server refused', () => {
  it('keeps checking the fields the server marked, as they are fixed', async () => {
    const refused = parseWithZod(new FormData(), { schema: contactSchema }).reply()
    await renderContact({ result: refused })
    await enhancePage()
    expect(field('email').getAttribute('aria-invalid')).toBe('true')

    type(field('email'), 'ayse@example.com')

    expect(field('email').hasAttribute('aria-invalid')).toBe(false)
    expect(document.getElementById('contact-form-email-error')).toBeNull()
    expect(field('message').getAttribute('aria-invalid')).toBe('true')
  })
})
