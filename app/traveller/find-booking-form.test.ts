import { describe, expect, it } from 'vitest'
import { normalizeReference } from '~/domain/booking/reference'
import { findBookingSchema } from './find-booking-form'

describe('the find-my-booking form', () => {
  it('reads a reference however it was typed', () => {
    for (const typed of ['MC-7K4Q9P', 'mc-7k4q9p', ' mc 7k4q9p ', '7K4Q9P', 'MC7K4Q9P']) {
      expect(normalizeReference(typed), typed).toBe('MC-7K4Q9P')
    }
    expect(findBookingSchema.parse({ reference: 'mc 7k4q9p', email: ' a@b.co ' })).toEqual({
      reference: 'MC-7K4Q9P',
      email: 'a@b.co',
    })
  })

  it('says what is wrong beside each field', () => {
    const issues = (value: unknown) =>
      findBookingSchema
        .safeParse(value)
        .error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
    expect(issues({ reference: '', email: '' })).toEqual([
      'reference: traveller.find.errors.referenceRequired',
      'email: traveller.find.errors.emailRequired',
    ])
    // Letters the references never use (O, I, 0, 1), or too short.
    expect(issues({ reference: 'MC-OI01AB', email: 'a@b.co' })).toEqual([
      'reference: traveller.find.errors.referenceFormat',
    ])
    expect(issues({ reference: 'MC-7K4', email: 'not an address' })).toEqual([
      'reference: traveller.find.errors.referenceFormat',
      'email: traveller.find.errors.emailInvalid',
    ])
  })
})
