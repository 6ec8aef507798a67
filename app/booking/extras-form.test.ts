import { describe, expect, it } from 'vitest'
import { extrasFormSchema } from './extras-form'

describe('extrasFormSchema', () => {
  it("reads an extra's button as the quantity it asks for", () => {
    expect(extrasFormSchema.parse({ intent: 'set', extra: 'childSeat', quantity: '2' })).toEqual({
      intent: 'set',
      extra: 'childSeat',
      quantity: 2,
    })
    expect(extrasFormSchema.parse({ intent: 'set', extra: 'boosterSeat', quantity: '0' })).toEqual({
      intent: 'set',
      extra: 'boosterSeat',
      quantity: 0,
    })
  })

  it('refuses a quantity that is not a small whole number', () => {
    for (const quantity of ['', '-1', '1.5', '1e1', '100', ' 2', 'two', undefined]) {
      const parsed = extrasFormSchema.safeParse({ intent: 'set', extra: 'childSeat', quantity })
      expect(parsed.success, String(quantity)).toBe(false)
      expect(parsed.error?.issues.map((issue) => issue.path)).toEqual([['quantity']])
    }
  })

  it('reads Continue, whatever else comes with it', () => {
    expect(extrasFormSchema.parse({ intent: 'continue' })).toEqual({ intent: 'continue' })
    expect(extrasFormSchema.parse({ intent: 'continue', extra: 'nothing' })).toEqual({
      intent: 'continue',
    })
  })

  it('refuses an unknown extra', () => {
    for (const extra of ['wifi', 'ChildSeat', '', undefined]) {
      const parsed = extrasFormSchema.safeParse({ intent: 'set', extra, quantity: '1' })
      expect(parsed.success).toBe(false)
      expect(parsed.error?.issues.map((issue) => issue.path)).toEqual([['extra']])
    }
  })

  it('refuses a missing or unknown intent', () => {
    for (const intent of ['add', 'toggle', '', undefined]) {
      expect(
        extrasFormSchema.safeParse({ intent, extra: 'childSeat', quantity: '1' }).success,
      ).toBe(false)
    }
  })
})
