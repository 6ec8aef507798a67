// @vitest-environment happy-dom
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { fieldErrorElement, summaryContent, summaryElement } from '~/forms/error-markup'
import { ErrorSummary, FieldErrors } from '~/forms/form-errors'
import { buildElement, placeSummary, textOf } from './error-dom'

const build = (description: Parameters<typeof buildElement>[0]) =>
  buildElement(description, document)

const text = (error: string) => `«${error}» <&>`

describe('the browser’s error markup', () => {
  it('is the server’s for a field’s message', () => {
    const errors = ['a', 'b', 'a']
    const built = build(fieldErrorElement('f-x-error', errors, text)!)
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
      const built = build(summaryElement(content, { focusable: true }))
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
    expect(textOf(description)).toBe(build(description).textContent)
    expect(textOf(description)).toBe('Please check:Name: «a» <&>')
  })
})

describe('the browser’s summary', () => {
  const summary = () => build(summaryElement({ messages: ['whole'], links: [] }))

  it('goes after the heading a form starts with', () => {
    document.body.innerHTML = '<form><h2>Details</h2><input name="x"></form>'
    const form = document.querySelector('form')!
    placeSummary(form, summary())
    expect([...form.children].map((child) => child.tagName)).toEqual(['H2', 'DIV', 'INPUT'])
  })

  it('goes first in a form without a heading', () => {
    document.body.innerHTML = '<form><p>Lead</p><input name="x"></form>'
    const form = document.querySelector('form')!
    placeSummary(form, summary())
    expect([...form.children].map((child) => child.tagName)).toEqual(['DIV', 'P', 'INPUT'])
  })
})
