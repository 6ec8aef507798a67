import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { optionsMarkup, type SelectOption } from './options-markup'

/** What React writes for the same select, to compare with. */
function reactSelect(placeholder: string, options: SelectOption[], value: string): string {
  return renderToStaticMarkup(
    createElement(
      'select',
      { defaultValue: value, name: 'x' },
      createElement('option', { value: '', disabled: true }, placeholder),
      ...options.map((option) =>
        createElement('option', { key: option.value, value: option.value }, option.label),
      ),
    ),
  )
}

const times = ['00:15', '10:00', '23:45'].map((time) => ({ value: time, label: time }))

describe('optionsMarkup', () => {
  it('writes the options as React does, with the chosen one selected', () => {
    for (const value of ['10:00', '', '07:07']) {
      expect(`<select name="x">${optionsMarkup('Select Time', times, value)}</select>`).toBe(
        reactSelect('Select Time', times, value),
      )
    }
  })

  it('escapes labels and values as React does', () => {
    const tricky = [{ value: 'a"&<b>', label: `4 saat <"&'>` }]
    expect(`<select name="x">${optionsMarkup(`Seç & <git>`, tricky, 'a"&<b>')}</select>`).toBe(
      reactSelect(`Seç & <git>`, tricky, 'a"&<b>'),
    )
  })
})
