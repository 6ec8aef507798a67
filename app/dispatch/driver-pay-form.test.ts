import { describe, expect, it } from 'vitest'
import { parseWithZod } from '@conform-to/zod/v4'
import { driverSchema } from './dispatch-forms'

const driver = {
  name: 'Mehmet Kaya',
  phone: '+90 532 000 00 01',
  languages: 'Turkish',
  licenceNumber: 'B123',
  offerChannel: 'sms',
}

function submit(values: Record<string, string>) {
  const data = new FormData()
  for (const [name, value] of Object.entries({ ...driver, ...values })) data.set(name, value)
  return parseWithZod(data, { schema: driverSchema })
}

describe('a driver’s pay rule on the driver form', () => {
  it.each([
    [{}, {}],
    [
      { payRule: 'per_ride', payAmount: '450' },
      { payRule: 'per_ride', payAmount: 450 },
    ],
    [
      { payRule: 'per_hour', payAmount: '300' },
      { payRule: 'per_hour', payAmount: 300 },
    ],
    [
      { payRule: 'share', payAmount: '100' },
      { payRule: 'share', payAmount: 100 },
    ],
  ])('accepts %j', (values, expected) => {
    const submission = submit(values)
    expect(submission.status).toBe('success')
    expect(submission.status === 'success' && submission.value).toMatchObject(expected)
  })

  it.each([
    [{ payRule: 'per_ride' }, 'ops.settlements.errors.payAmountRequired'],
    [{ payAmount: '450' }, 'ops.settlements.errors.payRuleMissing'],
    [{ payRule: 'share', payAmount: '0' }, 'ops.settlements.errors.shareRange'],
    [{ payRule: 'share', payAmount: '101' }, 'ops.settlements.errors.shareRange'],
    [{ payRule: 'per_hour', payAmount: '100001' }, 'ops.settlements.errors.payRange?max=100000'],
    [{ payRule: 'per_ride', payAmount: '12.5' }, 'ops.settlements.errors.payAmountNumber'],
    [{ payRule: 'weekly', payAmount: '5' }, 'ops.settlements.errors.payRuleInvalid'],
  ])('refuses %j beside its field', (values, error) => {
    const submission = submit(values)
    expect(submission.status).toBe('error')
    const errors = (submission.status === 'error' ? submission.error : {}) as Record<
      string,
      string[]
    >
    expect([...(errors.payAmount ?? []), ...(errors.payRule ?? [])]).toEqual([error])
  })
})
