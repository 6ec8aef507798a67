// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest'
import { get } from '../../tests/support/dom-events'
import { enhance } from './payment-choice'

// The parts of the payment step's markup the script reads (booking-payment.tsx): the
// options, each with its amounts as the server formats them, and the review's rows.
// The whole step renders only from a booking in progress, so it is written out here.
beforeEach(() => {
  document.body.innerHTML = `
    <fieldset>
      <input type="radio" name="paymentOption" id="option-full" value="fullCard"
        data-due-now="€120.00" data-due-cash="" checked>
      <input type="radio" name="paymentOption" id="option-deposit" value="depositCash"
        data-due-now="€24.00" data-due-cash="€96.00">
    </fieldset>
    <dl>
      <div><dt>Due now</dt><dd data-due-now-shown="">€120.00</dd></div>
      <div hidden><dt>Due in cash</dt><dd data-due-cash-shown=""></dd></div>
    </dl>`
  enhance([...document.querySelectorAll('input[data-due-now]')])
})

const cashRow = () => get('[data-due-cash-shown]').parentElement!

describe('the payment step’s review', () => {
  it('follows the option picked', () => {
    get<HTMLInputElement>('#option-deposit').click()
    expect(get('[data-due-now-shown]').textContent).toBe('€24.00')
    expect(get('[data-due-cash-shown]').textContent).toBe('€96.00')
    expect(cashRow().hidden).toBe(false)

    get<HTMLInputElement>('#option-full').click()
    expect(get('[data-due-now-shown]').textContent).toBe('€120.00')
    expect(cashRow().hidden).toBe(true)
  })
})
