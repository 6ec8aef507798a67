// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest'
import { get } from '../../tests/support/dom-events'
import { enhance } from './enter-submits'

// The payment step's promo field (booking-payment.tsx), and a button before it
// that carries the same form, as the header's language buttons do.
let sent: (string | null)[] = []
beforeEach(() => {
  sent = []
  document.body.innerHTML = `
    <button type="submit" form="payment-form" name="lng" value="en">EN</button>
    <form id="payment-form">
      <input id="address" name="address">
      <input id="promo-code" name="promoCode" data-enter-submits="promo-apply">
      <button type="submit" id="promo-apply" name="intent" value="applyPromo">Apply</button>
      <button type="submit">Book Now</button>
    </form>`
  get<HTMLFormElement>('#payment-form').addEventListener('submit', (event) => {
    event.preventDefault()
    const submitter = (event as SubmitEvent).submitter
    sent.push(submitter?.getAttribute('value') ?? null)
  })
  enhance([...document.querySelectorAll('[data-enter-submits]')])
})

const pressEnter = (selector: string) =>
  get(selector).dispatchEvent(
    new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }),
  )

describe('Enter in the promo code', () => {
  it('applies the code with its own button', () => {
    expect(pressEnter('#promo-code')).toBe(false)
    expect(sent).toEqual(['applyPromo'])
  })

  it('leaves other keys and other fields alone', () => {
    get('#promo-code').dispatchEvent(new KeyboardEvent('keydown', { key: 'a', bubbles: true }))
    expect(pressEnter('#address')).toBe(true)
    expect(sent).toEqual([])
  })
})
