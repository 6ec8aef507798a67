import { roleMay, type StaffPermission, type StaffRole } from './roles'

/**
 * The back office's navigation, grouped by the task a member of staff comes
 * for. Each entry needs one permission; a group none of whose entries the
 * role may open is not shown. Pure, so the grouping is tested as data.
 */

export interface OfficeNavEntry {
  href: string
  /** A locale key. */
  label: string
  permission: StaffPermission
}

export interface OfficeNavGroup {
  /** Names the group's locale key, `ops.shell.groups.<id>`. */
  id: 'today' | 'bookings' | 'fleet' | 'prices' | 'companies' | 'reports' | 'settings'
  entries: OfficeNavEntry[]
}

export const officeNav: OfficeNavGroup[] = [
  {
    id: 'today',
    entries: [
      { href: '/ops', label: 'ops.nav.board', permission: 'bookings.view' },
      { href: '/ops/timeline', label: 'ops.nav.timeline', permission: 'bookings.view' },
      { href: '/ops/cars', label: 'ops.nav.cars', permission: 'bookings.view' },
      { href: '/ops/jobs', label: 'ops.nav.jobs', permission: 'jobs.own' },
    ],
  },
  {
    id: 'bookings',
    entries: [
      { href: '/ops?view=week', label: 'ops.shell.week', permission: 'bookings.view' },
      { href: '/ops/run-sheet', label: 'ops.shell.runSheet', permission: 'bookings.view' },
      { href: '/ops/compliance', label: 'ops.nav.compliance', permission: 'bookings.view' },
    ],
  },
  {
    id: 'fleet',
    entries: [
      { href: '/ops/drivers', label: 'ops.nav.drivers', permission: 'dispatch.manage' },
      { href: '/ops/vehicles', label: 'ops.nav.vehicles', permission: 'dispatch.manage' },
      { href: '/ops/capacity', label: 'opsCapacity.nav', permission: 'bookings.view' },
    ],
  },
  {
    id: 'prices',
    entries: [
      { href: '/ops/prices', label: 'ops.nav.prices', permission: 'prices.view' },
      { href: '/ops/rates', label: 'ops.nav.rates', permission: 'prices.view' },
      { href: '/ops/promo-codes', label: 'ops.nav.promoCodes', permission: 'prices.view' },
    ],
  },
  {
    id: 'companies',
    entries: [{ href: '/ops/companies', label: 'opsCompanies.nav', permission: 'companies.view' }],
  },
  {
    id: 'reports',
    entries: [
      { href: '/ops/reports', label: 'ops.nav.reports', permission: 'prices.view' },
      { href: '/ops/reviews', label: 'ops.nav.reviews', permission: 'reviews.moderate' },
    ],
  },
  {
    id: 'settings',
    entries: [
      { href: '/ops/staff', label: 'ops.nav.staff', permission: 'staff.manage' },
      { href: '/ops/security', label: 'ops.nav.security', permission: 'bookings.view' },
    ],
  },
]

/** The groups and entries a role sees, in order. */
export function officeNavFor(role: StaffRole): OfficeNavGroup[] {
  return officeNav
    .map((group) => ({
      ...group,
      entries: group.entries.filter((entry) => roleMay(role, entry.permission)),
    }))
    .filter((group) => group.entries.length > 0)
}

/**
 * The entry for the page at `pathname` (and `search`), marked as the current
 * page: the longest matching path wins, so a booking's record is the board's
 * and a driver's form the drivers'. The week is the board with `view=week`.
 */
export function currentEntry(
  groups: OfficeNavGroup[],
  pathname: string,
  search: string,
): string | undefined {
  const week = new URLSearchParams(search).get('view') === 'week'
  let best: string | undefined
  for (const { entries } of groups) {
    for (const { href } of entries) {
      const [path, query] = href.split('?')
      if (query && !(pathname === path && week)) continue
      if (!query && path === '/ops' && week && pathname === '/ops') continue
      const matches =
        pathname === path ||
        (path === '/ops' ? pathname.startsWith('/ops/bookings/') : pathname.startsWith(`${path}/`))
      if (matches && (!best || href.length > best.length)) best = href
    }
  }
  return best
}
