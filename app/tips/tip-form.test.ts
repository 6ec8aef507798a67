import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import { tipAmountOf, tipFormSchema } from './tip-form'

function parse(fields: Record<string, string>, currency: 'EUR' | 'TRY' = 'EUR') {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.set(name, value)
  return parseWithZod(form, { schema: tipFormSchema(currency) })
}

/** The messages a refused form carries for one field. */
function errorsOf(submission: ReturnType<typeof parse>, field: string) {
  return submission.status === 'error' ? submission.error?.[field] : undefined
}

describe('the tip form', () => {
  it('takes an offered amount by its value in minor units', () => {
    const submission = parse({ intent: 'tip', tipChoice: '1000' })
    expect(submission.status).toBe('success')
    if (submission.status === 'success') expect(tipAmountOf(submission.value, 'EUR')).toBe(1000)
  })

  it('refuses an amount the page did not offer', () => {
    const submission = parse({ intent: 'tip', tipChoice: '99999' })
    expect(submission.status).toBe('error')
    expect(errorsOf(submission, 'tipChoice')).toEqual(['traveller.tip.errors.choose'])
  })

  it('takes another amount typed within the bounds', () => {
    const submission = parse({ intent: 'tip', tipChoice: 'other', tipOther: '750,5' }, 'TRY')
    expect(submission.status).toBe('success')
    if (submission.status === 'success') expect(tipAmountOf(submission.value, 'TRY')).toBe(75_050)
  })

  it.each([
    ['', 'otherMissing'],
    ['abc', 'format'],
    ['0.5', 'tooSmall'],
    ['5000', 'tooLarge'],
  ])('says why another amount %j is refused (%s), beside its field', (typed, reason) => {
    const submission = parse({ intent: 'tip', tipChoice: 'other', tipOther: typed })
    expect(submission.status).toBe('error')
    expect(errorsOf(submission, 'tipOther')).toEqual([`traveller.tip.errors.${reason}`])
  })

  it('asks for a choice when none was made', () => {
    expect(errorsOf(parse({ intent: 'tip' }), 'tipChoice')).toEqual(['traveller.tip.errors.choose'])
  })
})
