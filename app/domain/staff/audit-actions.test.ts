import { describe, expect, it } from 'vitest'
import { changedFields } from './audit-actions'

describe('changedFields', () => {
  it('keeps only the fields that differ, on both sides', () => {
    expect(
      changedFields(
        { name: 'Ali Kaya', phone: '+90 532 000 00 00', seats: 3 },
        { name: 'Ali Kaya', phone: '+90 532 111 11 11', seats: 3 },
      ),
    ).toEqual({ before: { phone: '+90 532 000 00 00' }, after: { phone: '+90 532 111 11 11' } })
  })
  it('treats a missing field as null', () => {
    expect(changedFields({}, { plate: '34 ABC 123' })).toEqual({
      before: { plate: null },
      after: { plate: '34 ABC 123' },
    })
    expect(changedFields({ plate: null }, {})).toEqual({ before: {}, after: {} })
  })
})
