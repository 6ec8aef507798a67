import { describe, expect, it } from 'vitest'
import { cardOutcome, sessionAmounts, simulatorCards } from './simulator.server'

describe("the simulator's bank", () => {
  it("approves iyzico's sandbox success card, spaces or not", () => {
    expect(cardOutcome(simulatorCards.success)).toEqual({ outcome: 'success' })
    expect(cardOutcome('5528 7900 0000 0008')).toEqual({ outcome: 'success' })
  })

  it('declines with the error group and code iyzico uses for insufficient funds', () => {
    expect(cardOutcome(simulatorCards.declined)).toMatchObject({
      outcome: 'failure',
      errorCode: '10051',
      errorGroup: 'NOT_SUFFICIENT_FUNDS',
    })
  })

  it('fails the 3-D Secure card, and refuses any other number', () => {
    expect(cardOutcome(simulatorCards.threeDsFailed)).toMatchObject({
      outcome: 'failure',
      errorGroup: 'THREEDS_FAILED',
    })
    expect(cardOutcome('4242424242424242')).toMatchObject({ outcome: 'failure' })
  })
})

describe("the simulator's stored amounts", () => {
  it('are read back as minor units, however the decimals were written', () => {
    expect(sessionAmounts({ price: '6723.45', paid_price: '6723.45' })).toEqual({
      priceMinor: 672345,
      paidMinor: 672345,
    })
    expect(sessionAmounts({ price: '40.8', paid_price: '136' })).toEqual({
      priceMinor: 4080,
      paidMinor: 13600,
    })
  })

  it('are undefined when a stored value is not money, so it never matches a booking', () => {
    expect(sessionAmounts({ price: '40.805', paid_price: 'abc' })).toEqual({
      priceMinor: undefined,
      paidMinor: undefined,
    })
  })
})
