import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import {
  describedBy,
  errorId,
  fieldErrorElement,
  fieldId,
  summaryContent,
  summaryElement,
  summaryGoesAfter,
  type ErrorElement,
} from './error-markup'
import { ErrorSummary, FieldErrors } from './form-errors'

const text = (error: string) => `«${error}» <&>`

/** A description as HTML, the way a browser serialises the elements built from it. */
function html(element: ErrorElement): string {
  const escape = (value: string) =>
    value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
  const attributes = Object.entries(element.attributes)
    .map(([name, value]) => ` ${name}="${escape(value).replace(/"/g, '&quot;')}"`)
    .join('')
  const children = element.children
    .map((child) => (typeof child === 'string' ? escape(child) : html(child)))
    .join('')
  return `<${element.tag}${attributes}>${children}</${element.tag}>`
}

describe('ids and aria-describedby', () => {
  it('follow conform: <form>-<name>, then -error', () => {
    expect(errorId(fieldId('passenger-form', 'email'))).toBe('passenger-form-email-error')
  })

  it('name the message after the other ids, once, and drop it when the field is right', () => {
    expect(describedBy('f-x-hint', 'f-x-error', true)).toBe('f-x-hint f-x-error')
    expect(describedBy('f-x-error  f-x-hint', 'f-x-error', true)).toBe('f-x-hint f-x-error')
    expect(describedBy('f-x-hint f-x-error', 'f-x-error', false)).toBe('f-x-hint')
    expect(describedBy('f-x-error', 'f-x-error', false)).toBeUndefined()
    expect(describedBy(null, 'f-x-error', true)).toBe('f-x-error')
  })
})

describe('a field’s message', () => {
  it('says each different error once, in their order', () => {
    expect(html(fieldErrorElement('f-x-error', ['a', 'b', 'a'], text)!)).toBe(
      '<p id="f-x-error" class="field__error">«a» &lt;&amp;&gt; «b» &lt;&amp;&gt;</p>',
    )
  })

  it('is not there without errors', () => {
    expect(fieldErrorElement('f-x-error', [], text)).toBeNull()
    expect(fieldErrorElement('f-x-error', undefined, text)).toBeNull()
  })

  it('renders on the server as described', () => {
    for (const errors of [['a'], ['a', 'b', 'a']]) {
      expect(renderToStaticMarkup(<FieldErrors id="f-x-error" errors={errors} text={text} />)).toBe(
        html(fieldErrorElement('f-x-error', errors, text)!),
      )
    }
    expect(renderToStaticMarkup(<FieldErrors id="f-x-error" errors={[]} text={text} />)).toBe('')
  })
})

const fields = [
  { name: 'name', label: 'Name', target: 'f-name' },
  { name: 'email', label: 'E-mail', target: 'f-email' },
  { name: 'phone', label: 'Phone', target: 'f-phone-0' },
]

describe('the error summary', () => {
  it('names each wrong field by its label in the fields mode, the form’s errors first', () => {
    const content = summaryContent({
      errors: [
        ['phone', ['p']],
        ['name', ['a', 'b', 'a']],
        ['email', []],
        ['', ['whole', 'whole']],
      ],
      fields,
      mode: 'fields',
      title: 'Please check:',
      text,
    })
    expect(content).toEqual({
      messages: ['«whole» <&>'],
      title: 'Please check:',
      links: [
        { target: 'f-name', content: 'Name: «a» <&> «b» <&>' },
        { target: 'f-phone-0', content: 'Phone: «p» <&>' },
      ],
    })
  })

  it('links each message of a field in the messages mode', () => {
    const content = summaryContent({
      errors: new Map([['name', ['a', 'b']]]),
      fields,
      mode: 'messages',
      text: (error) => error,
    })
    expect(content?.links).toEqual([
      { target: 'f-name', content: 'a' },
      { target: 'f-name', content: 'b' },
    ])
  })

  it('has nothing to say without errors', () => {
    const none = summaryContent({ errors: [['name', []]], fields, mode: 'fields', text })
    expect(none).toBeNull()
    expect(renderToStaticMarkup(<ErrorSummary content={none} />)).toBe('')
  })

  it('is an alert holding paragraphs, the title and a list of links', () => {
    const element = summaryElement(
      {
        messages: ['Whole form'],
        title: 'Please check:',
        links: [{ target: 'f-name', content: 'Name: wrong' }],
      },
      { focusable: true },
    )
    expect(html(element)).toBe(
      '<div class="alert alert--error error-summary" role="alert" tabindex="-1">' +
        '<p>Whole form</p><p>Please check:</p>' +
        '<ul><li><a href="#f-name">Name: wrong</a></li></ul></div>',
    )
  })

  it('has no title and no list without links', () => {
    const element = summaryElement({ messages: ['Whole form'], title: 'Please check:', links: [] })
    expect(html(element)).toBe(
      '<div class="alert alert--error error-summary" role="alert"><p>Whole form</p></div>',
    )
  })

  it('renders on the server as described, taking the focus on load', () => {
    const content = summaryContent({
      errors: [
        ['', ['whole']],
        ['name', ['a']],
        ['phone', ['p', 'q']],
      ],
      fields,
      mode: 'fields',
      title: 'Please check:',
      text,
    })!
    expect(renderToStaticMarkup(<ErrorSummary content={content} focus />)).toBe(
      html(summaryElement(content, { focusable: true, autofocus: true })),
    )
    expect(renderToStaticMarkup(<ErrorSummary content={content} />)).toBe(
      html(summaryElement(content)),
    )
  })

  it('sits after the form’s heading when the form starts with one', () => {
    expect(summaryGoesAfter('H2')).toBe(true)
    expect(summaryGoesAfter('h1')).toBe(true)
    expect(summaryGoesAfter('DIV')).toBe(false)
    expect(summaryGoesAfter(undefined)).toBe(false)
  })
})
