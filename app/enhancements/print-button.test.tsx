// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PrintButton } from '~/components/print-button'
import { get } from '../../tests/support/dom-events'
import { renderServerMarkup } from '../../tests/support/server-markup'
import { enhance } from './print-button'

async function renderButton(only?: string) {
  await renderServerMarkup(<PrintButton label="Print" only={only} />)
  expect(get('button').hidden).toBe(true)
}

const setUp = () => enhance([...document.querySelectorAll('button[data-print-button]')])

afterEach(() => {
  vi.unstubAllGlobals()
  delete document.documentElement.dataset.print
})

describe('the print button', () => {
  it('shows and opens the print dialog', async () => {
    const print = vi.fn()
    vi.stubGlobal('print', print)
    await renderButton()
    setUp()

    expect(get('button').hidden).toBe(false)
    get('button').click()
    expect(print).toHaveBeenCalledOnce()
    expect(document.documentElement.dataset.print).toBeUndefined()
  })

  it('prints in its mode until printing is over', async () => {
    const print = vi.fn(() => {
      expect(document.documentElement.dataset.print).toBe('voucher')
    })
    vi.stubGlobal('print', print)
    await renderButton('voucher')
    setUp()

    get('button').click()
    expect(print).toHaveBeenCalledOnce()
    window.dispatchEvent(new Event('afterprint'))
    expect(document.documentElement.dataset.print).toBeUndefined()
  })

  it('stays hidden in a browser that cannot print', async () => {
    vi.stubGlobal('print', undefined)
    await renderButton()
    setUp()
    expect(get('button').hidden).toBe(true)
  })
})
