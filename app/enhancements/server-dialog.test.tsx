// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest'
import { NoticeDialog } from '~/components/modal-dialog'
import { get } from '../../tests/support/dom-events'
import { renderServerMarkup } from '../../tests/support/server-markup'
import { enhance } from './server-dialog'

/** A page the server renders with a notice open: what it covers is inert until the script runs. */
async function renderPage({ returnFocus }: { returnFocus?: string } = {}) {
  await renderServerMarkup(
    <>
      <div className="page-chrome" inert>
        <a href="/">Home</a>
      </div>
      <main id="main">
        <h1>Choose your vehicle</h1>
        <input id="pickup" name="pickup" />
        <p data-hidden-while-dialog="" hidden>
          We do not serve this route yet.
        </p>
        <NoticeDialog
          id="apology"
          title="Out of our area"
          text="We do not serve this route yet."
          button="Okay"
          open
          dismissHref="/booking-vehicle?pickup=Ankara"
          returnFocus={returnFocus}
        />
      </main>
    </>,
  )
  enhance([...document.querySelectorAll('dialog[data-server-modal]')])
}

const dialog = () => get<HTMLDialogElement>('dialog')

/** Presses the notice's button: its form is submitted; returns whether the page was left. */
function dismiss(): boolean {
  const form = get<HTMLFormElement>('form[data-dismiss]', dialog())
  let left = false
  const last = (event: Event) => {
    left = !event.defaultPrevented
    event.preventDefault()
  }
  window.addEventListener('submit', last, { once: true })
  form.requestSubmit(get<HTMLButtonElement>('button', form))
  window.removeEventListener('submit', last)
  return left
}

describe('a notice the server renders open', () => {
  beforeEach(() => renderPage({ returnFocus: 'pickup' }))

  it('becomes a modal dialog, the page behind it no longer inert', () => {
    expect(dialog().open).toBe(true)
    expect(get('.page-chrome').inert).toBe(false)
    expect(get('.page-chrome').hasAttribute('inert')).toBe(false)
  })

  it('closes on its button without loading the page, the focus going to its field', () => {
    get<HTMLButtonElement>('button', dialog()).focus()

    expect(dismiss()).toBe(false)

    expect(dialog().open).toBe(false)
    expect(document.activeElement).toBe(get('#pickup'))
    // What it said stays on the page.
    expect(get('[data-hidden-while-dialog]').hidden).toBe(false)
  })
})

describe('a notice with no field to go back to', () => {
  it('gives the focus to the page’s heading when it closes', async () => {
    await renderPage()
    get<HTMLButtonElement>('button', dialog()).focus()

    dismiss()

    expect(document.activeElement).toBe(get('main h1'))
    expect(get('main h1').getAttribute('tabindex')).toBe('-1')
  })
})
