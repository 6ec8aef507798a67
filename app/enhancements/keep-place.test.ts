// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { get } from '../../tests/support/dom-events'
import { enhance } from './keep-place'

// The extras step's quantity forms as booking-extra.tsx renders them (the step renders
// only from a booking in progress, so its markup is written out): one form per extra,
// named by `data-keep-place`, its buttons posting the new quantity.
function renderExtras({ seatPlusDisabled = false } = {}) {
  document.body.innerHTML = `
    <form method="post" data-keep-place="meetGreet">
      <button type="submit" name="quantity" value="1">Add</button>
    </form>
    <form method="post" data-keep-place="childSeat">
      <button type="submit" name="quantity" value="0">−</button>
      <button type="submit" name="quantity" value="2" ${seatPlusDisabled ? 'disabled' : ''}>+</button>
    </form>`
  enhance([...document.querySelectorAll('form[data-keep-place]')])
}

/** Presses a button of a form; the page is not left from a unit test. */
function press(button: HTMLButtonElement) {
  window.addEventListener('submit', (event) => event.preventDefault(), { once: true })
  button.form!.requestSubmit(button)
}

const seatButtons = () => [
  ...get('form[data-keep-place="childSeat"]').querySelectorAll<HTMLButtonElement>('button'),
]

beforeEach(() => {
  sessionStorage.clear()
  window.history.replaceState(null, '', '/booking-extra')
})
afterEach(() => vi.restoreAllMocks())

describe('the extras step after a quantity button posts its form', () => {
  it('comes back scrolled as it was, the focus on the button pressed', () => {
    renderExtras()
    vi.spyOn(window, 'scrollY', 'get').mockReturnValue(640)
    press(seatButtons()[1]!)

    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {})
    renderExtras()

    expect(scrollTo).toHaveBeenCalledWith(0, 640)
    expect(document.activeElement).toBe(seatButtons()[1])
  })

  it('gives the focus to the nearest button still enabled', () => {
    renderExtras()
    press(seatButtons()[1]!)

    renderExtras({ seatPlusDisabled: true })

    expect(document.activeElement).toBe(seatButtons()[0])
  })

  it('keeps no place for another page, nor twice', () => {
    renderExtras()
    press(seatButtons()[1]!)
    window.history.replaceState(null, '', '/booking-payment')
    renderExtras()
    expect(document.activeElement).toBe(document.body)

    window.history.replaceState(null, '', '/booking-extra')
    renderExtras()
    expect(document.activeElement).toBe(document.body)
  })
})
