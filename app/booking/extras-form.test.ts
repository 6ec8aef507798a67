import { describe, expect, it } from 'vitest'
import { extrasFormSchema } from './extras-form'

describe('extrasFormSchema', () => {
  it("reads an extra's button as the add or remove it asks for", () => {
    expect(
      extrasFormSchema.parse({ intent: 'toggle', extra: 'childSeat', chosen: 'true' }),
    ).toEqual({ intent: 'add', extra: 'childSeat' })
    expect(
      extrasFormSchema.parse({ intent: 'toggle', extra: 'boosterSeat', chosen: 'false' }),
    ).toEqual({ intent: 'remove', extra: 'boosterSeat' })
  })

  it('removes unless the button asks for the extra', () => {
    expect(extrasFormSchema.parse({ intent: 'toggle', extra: 'childSeat' })).toEqual({
      intent: 'remove',
      extra: 'childSeat',
    })
  })

  it('reads Continue, whatever else comes with it', () => {
    expect(extrasFormSchema.parse({ intent: 'continue' })).toEqual({ intent: 'continue' })
    expect(extrasFormSchema.parse({ intent: 'continue', extra: 'nothing' })).toEqual({
      intent: 'continue',
    })
  })

  it('refuses an unknown extra', () => {
    for (const extra of ['wifi', 'ChildSeat', '', undefined]) {
      const parsed = extrasFormSchema.safeParse({ intent: 'toggle', extra, chosen: 'true' })
      expect(parsed.success).toBe(false)
      expect(parsed.error?.issues.map((issue) => issue.path)).toEqual([['extra']])
    }
  })

  it('refuses a missing or unknown intent', () => {
    for (const intent of ['add', 'remove', '', undefined]) {
      expect(
        extrasFormSchema.safeParse({ intent, extra: 'childSeat', chosen: 'true' }).success,
      ).toBe(false)
    }
  })
})
