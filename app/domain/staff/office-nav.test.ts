import { describe, expect, it } from 'vitest'
import { currentEntry, officeNav, officeNavFor } from './office-nav'

const shown = (role: Parameters<typeof officeNavFor>[0]) =>
  officeNavFor(role).map((group) => [group.id, group.entries.map((entry) => entry.href)])

describe('officeNavFor', () => {
  it('gives an admin every group but the driver’s own jobs', () => {
    expect(shown('admin')).toEqual([
      ['today', ['/ops', '/ops/timeline', '/ops/cars']],
      ['bookings', ['/ops?view=week', '/ops/run-sheet', '/ops/compliance']],
      ['fleet', ['/ops/drivers', '/ops/vehicles', '/ops/capacity']],
      ['prices', ['/ops/prices', '/ops/rates', '/ops/promo-codes']],
      ['companies', ['/ops/companies']],
      ['reports', ['/ops/reports', '/ops/reviews']],
      ['settings', ['/ops/staff', '/ops/security']],
    ])
  })

  it('keeps staff accounts from a dispatcher', () => {
    expect(shown('dispatcher').at(-1)).toEqual(['settings', ['/ops/security']])
  })

  it('gives a driver their jobs and nothing else', () => {
    expect(shown('driver')).toEqual([['today', ['/ops/jobs']]])
  })

  it('names every page once', () => {
    const hrefs = officeNav.flatMap((group) => group.entries.map((entry) => entry.href))
    expect(new Set(hrefs).size).toBe(hrefs.length)
  })
})

describe('currentEntry', () => {
  const groups = officeNavFor('admin')
  it.each([
    ['/ops', '', '/ops'],
    ['/ops', '?day=2026-12-02', '/ops'],
    ['/ops', '?view=week&day=2026-12-02', '/ops?view=week'],
    ['/ops/bookings/MC-ABCDEF', '', '/ops'],
    ['/ops/bookings/MC-ABCDEF/assign', '', '/ops'],
    ['/ops/drivers/4', '', '/ops/drivers'],
    ['/ops/prices/draft', '', '/ops/prices'],
    ['/ops/run-sheet', '?day=2026-12-02', '/ops/run-sheet'],
    ['/ops/sign-in', '', undefined],
  ])('%s%s is %s', (pathname, search, expected) => {
    expect(currentEntry(groups, pathname, search)).toBe(expected)
  })
})
