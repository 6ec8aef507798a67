import { describe, expect, it } from 'vitest'
import { needsPassword, parseStaffCommand } from './staff-command.server'

describe('the staff command line', () => {
  it('reads add with its e-mail, name and role', () => {
    expect(
      parseStaffCommand(['add', '--email', 'a@example.com', '--name', 'Ayşe', '--role', 'admin']),
    ).toEqual({ action: 'add', email: 'a@example.com', name: 'Ayşe', role: 'admin' })
  })
  it('reads --disable and --reset', () => {
    const disable = parseStaffCommand(['--disable', '--email', 'a@example.com'])
    expect(disable).toEqual({ action: 'disable', email: 'a@example.com' })
    const reset = parseStaffCommand(['--reset', '--email', 'a@example.com'])
    expect(reset).toEqual({ action: 'reset', email: 'a@example.com' })
    expect('action' in disable && needsPassword(disable)).toBe(false)
    expect('action' in reset && needsPassword(reset)).toBe(true)
  })
  it('refuses a missing e-mail, an unknown role, two actions or none', () => {
    expect(parseStaffCommand(['add', '--name', 'N', '--role', 'admin'])).toHaveProperty('error')
    expect(
      parseStaffCommand(['add', '--email', 'a@example.com', '--name', 'N', '--role', 'boss']),
    ).toHaveProperty('error')
    expect(parseStaffCommand(['--disable', '--reset', '--email', 'a@example.com'])).toHaveProperty(
      'error',
    )
    expect(parseStaffCommand(['--email', 'a@example.com'])).toHaveProperty('error')
    expect(parseStaffCommand(['add', '--bogus'])).toHaveProperty('error')
  })
})
