import { describe, expect, it } from 'vitest'
import { formValues } from './form-data'

describe('formValues', () => {
  it('reads each name once, its first value, as FormData.get does', () => {
    const form = new FormData()
    form.append('intent', 'toggle')
    form.append('extra', 'childSeat')
    form.append('extra', 'boosterSeat')
    expect(formValues(form)).toEqual({ intent: 'toggle', extra: 'childSeat' })
  })

  it('leaves out what was not posted', () => {
    expect(formValues(new FormData())).toEqual({})
  })
})
