import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { fieldErrorElement, summaryContent, summaryElement } from '~/forms/error-markup'
import { ErrorSummary, FieldErrors } from '~/forms/form-errors'
import { buildElement, textOf } from './error-dom'

/**
 * The few DOM calls buildElement makes, serialised as a browser's outerHTML
 * does (attributes in the order set, text escaped). The project has no DOM
 * library for its unit tests; this stands in for one here.
 */
class FakeElement {
  readonly attributes = new Map<string, string>()
  readonly children: (FakeElement | string)[] = []
  constructor(readonly tag: string) {}
  setAttribute(name: string, value: string) {
    this.attributes.set(name, value)
  }
  append(...nodes: (FakeElement | string)[]) {
    this.children.push(...nodes)
  }
  get textContent(): string {
    return this.children
      .map((child) => (typeof child === 'string' ? child : child.textContent))
      .join('')
  }
  get outerHTML(): string {
    const escape = (value: string) =>
      value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
    const attributes = [...this.attributes]
      .map(([name, value]) => ` ${name}="${value.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"`)
      .join('')
    const inside = this.children
      .map((child) => (typeof child === 'string' ? escape(child) : child.outerHTML))
      .join('')
    return `<${this.tag}${attributes}>${inside}</${this.tag}>`
  }
}

const fakeDocument = {
  createElement: (tag: string) => new FakeElement(tag),
} as unknown as Document

const build = (...args: Parameters<typeof buildElement>) =>
  buildElement(...args) as unknown as FakeElement

const text = (error: string) => `«${error}» <&>`

describe('the browser’s error markup', () => {
  it('is the server’s for a field’s message', () => {
    const errors = ['a', 'b', 'a']
    const built = build(fieldErrorElement('f-x-error', errors, text)!, fakeDocument)
    expect(built.outerHTML).toBe(
      renderToStaticMarkup(<FieldErrors id="f-x-error" errors={errors} text={text} />),
    )
  })

  it('is the server’s for a summary in each mode', () => {
    const fields = [
      { name: 'name', label: 'Name', target: 'f-name' },
      { name: 'phone', label: 'Phone', target: 'f-phone-0' },
    ]
    const errors: [string, string[]][] = [
      ['', ['whole']],
      ['name', ['a', 'b']],
      ['phone', ['p']],
    ]
    for (const mode of ['fields', 'messages'] as const) {
      const content = summaryContent({ errors, fields, mode, title: 'Please check:', text })!
      // The browser's summary can take the focus, but only the server's takes it on load.
      const built = build(summaryElement(content, { focusable: true }), fakeDocument)
      const server = renderToStaticMarkup(<ErrorSummary content={content} focus />)
      expect(built.outerHTML).toBe(server.replace(' autofocus=""', ''))
      expect(built.outerHTML).toContain('<a href="#f-phone-0">')
    }
  })

  it('reads as the text the description holds', () => {
    const content = summaryContent({
      errors: [['name', ['a']]],
      fields: [{ name: 'name', label: 'Name', target: 'f-name' }],
      mode: 'fields',
      title: 'Please check:',
      text,
    })!
    const description = summaryElement(content)
    expect(textOf(description)).toBe(build(description, fakeDocument).textContent)
    expect(textOf(description)).toBe('Please check:Name: «a» <&>')
  })
})
