import { describe, expect, it } from 'vitest'
import { disableRefusal, isStaffRole, roleMay, rolesThatMay } from './roles'
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
  it('lets dispatchers read the company accounts and only admins change them', () => {
    expect(rolesThatMay('companies.view')).toEqual(['admin', 'dispatcher'])
    expect(rolesThatMay('companies.manage')).toEqual(['admin'])
  })
  it('opens passengers’ documents to the office, never to drivers; the company’s details to admins', () => {
    expect(rolesThatMay('compliance.documents')).toEqual(['admin', 'dispatcher'])
    expect(rolesThatMay('compliance.settings')).toEqual(['admin'])
  })
  it('lets the office moderate travellers’ reviews, never drivers (their own rides’ reviews)', () => {
    expect(rolesThatMay('reviews.moderate')).toEqual(['admin', 'dispatcher'])
    expect(roleMay('driver', 'reviews.moderate')).toBe(false)
  })
  it('knows its roles', () => {
    expect(isStaffRole('driver')).toBe(true)
    expect(isStaffRole('owner')).toBe(false)
    expect(isStaffRole(undefined)).toBe(false)
  })
})

describe('disableRefusal', () => {
  const dispatcher = { id: 2, role: 'dispatcher' as const, disabled: false }
  const otherAdmin = { id: 3, role: 'admin' as const, disabled: false }
  it('refuses an admin their own account', () => {
    expect(disableRefusal(1, { id: 1, role: 'admin', disabled: false }, 2)).toBe('self')
  })
  it('refuses the last admin able to sign in, not one of two', () => {
    expect(disableRefusal(1, otherAdmin, 1)).toBe('lastAdmin')
    expect(disableRefusal(1, otherAdmin, 2)).toBeUndefined()
  })
  it('lets any other account be disabled', () => {
    expect(disableRefusal(1, dispatcher, 1)).toBeUndefined()
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
