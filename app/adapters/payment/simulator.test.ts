import { describe, expect, it } from 'vitest'
import { cardOutcome, simulatorCards } from './simulator.server'

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
