import { describe, expect, it } from 'vitest'
import { amountsDue } from './payment-split'

describe('amountsDue', () => {
  it('charges the whole total by card for a full card payment', () => {
    expect(amountsDue(12900, 'fullCard')).toEqual({ nowMinor: 12900, cashMinor: 0 })
  })

  it('takes 30 % by card and leaves the exact rest in cash', () => {
    expect(amountsDue(12900, 'depositCash')).toEqual({ nowMinor: 3870, cashMinor: 9030 })
    // 30 % of 9999 is 2999.7: rounded once, the two parts still add up.
    const { nowMinor, cashMinor } = amountsDue(9999, 'depositCash')
    expect(nowMinor).toBe(3000)
    expect(nowMinor + cashMinor).toBe(9999)
  })
})
