import { describe, expect, it } from 'vitest'
import { isStaffRole, roleMay, rolesThatMay } from './roles'
import { normalizeStaffEmail, staffPasswordProblem } from './password'

describe('staff roles', () => {
  it('lets admins and dispatchers see bookings, not drivers', () => {
    expect(rolesThatMay('bookings.view')).toEqual(['admin', 'dispatcher'])
    expect(roleMay('driver', 'bookings.view')).toBe(false)
  })
  it('keeps staff management to admins', () => {
    expect(rolesThatMay('staff.manage')).toEqual(['admin'])
  })
  it('lets admins and dispatchers dispatch, cancel and refund; drivers only see their jobs', () => {
    expect(rolesThatMay('dispatch.manage')).toEqual(['admin', 'dispatcher'])
    expect(rolesThatMay('bookings.cancel')).toEqual(['admin', 'dispatcher'])
    expect(rolesThatMay('jobs.own')).toEqual(['driver'])
  })
  it('knows its roles', () => {
    expect(isStaffRole('driver')).toBe(true)
    expect(isStaffRole('owner')).toBe(false)
    expect(isStaffRole(undefined)).toBe(false)
  })
})

describe('staff passwords and e-mails', () => {
  it('refuses passwords under 12 characters and absurdly long ones', () => {
    expect(staffPasswordProblem('short-pass1')).toBe('too-short')
    expect(staffPasswordProblem('long-enough-1')).toBeUndefined()
    expect(staffPasswordProblem('ş'.repeat(12))).toBeUndefined()
    expect(staffPasswordProblem('x'.repeat(257))).toBe('too-long')
  })
  it('compares e-mails lower-cased and trimmed', () => {
    expect(normalizeStaffEmail('  Ayse@Example.COM ')).toBe('ayse@example.com')
  })
})
