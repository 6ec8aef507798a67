/**
 * Staff roles and what each may do, as data: a page or action names the
 * permission it needs, and the table below says which roles hold it. A new
 * permission is added to `staffPermissions` and given to its roles here.
 */
export const staffRoles = ['admin', 'dispatcher', 'driver'] as const
export type StaffRole = (typeof staffRoles)[number]

export const staffPermissions = [
  /** The board and any booking's detail page. */
  'bookings.view',
  /** Adding, disabling and resetting staff accounts. */
  'staff.manage',
  /** Drivers and vehicles as records, and giving a booking its driver and vehicle. */
  'dispatch.manage',
  /** Cancelling a booking and refunding its payments through the provider. */
  'bookings.cancel',
  /** Writing to a booking's traveller (by their text channel, or e-mail). */
  'bookings.message',
  /** The driver's own jobs. */
  'jobs.own',
  /** Reading the price lists, promo codes, exchange rates and the reports. */
  'prices.view',
  /** Changing them: drafting and publishing price lists, promo codes, pinned rates. */
  'prices.manage',
  /** Reading the company accounts, their partner users and monthly statements. */
  'companies.view',
  /** Adding and changing them, their partner users, and marking a statement paid. */
  'companies.manage',
  /**
   * The passengers' identity documents, opened: a ride's manifest, the day's
   * list for the Ministry, filing it by hand or now.
   */
  'compliance.documents',
  /** The company's own details the Ministry and the invoices are sent (its licence number). */
  'compliance.settings',
  /** Travellers' reviews of their rides: publishing one (with consent) or keeping it off the site. */
  'reviews.moderate',
  /** Marking a driver's period settled (what they were owed, agreed and paid). */
  'drivers.settle',
] as const
export type StaffPermission = (typeof staffPermissions)[number]

const granted: Record<StaffRole, readonly StaffPermission[]> = {
  admin: [
    'bookings.view',
    'staff.manage',
    'dispatch.manage',
    'bookings.cancel',
    'bookings.message',
    'prices.view',
    'prices.manage',
    'companies.view',
    'companies.manage',
    'compliance.documents',
    'compliance.settings',
    'reviews.moderate',
    'drivers.settle',
  ],
  dispatcher: [
    'bookings.view',
    'dispatch.manage',
    'bookings.cancel',
    'bookings.message',
    'prices.view',
    'companies.view',
    'compliance.documents',
    'reviews.moderate',
  ],
  driver: ['jobs.own'],
}

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (staffRoles as readonly string[]).includes(value)
}

export function roleMay(role: StaffRole, permission: StaffPermission): boolean {
  return granted[role].includes(permission)
}

/** Every role holding a permission, for guards that take a list of roles. */
export function rolesThatMay(permission: StaffPermission): StaffRole[] {
  return staffRoles.filter((role) => roleMay(role, permission))
}

/** Why an admin may not disable an account, if they may not. */
export type DisableRefusal = 'self' | 'lastAdmin'

/**
 * An admin cannot disable their own account, nor the last admin still able to
 * sign in: the company would be left with no one to manage staff but the
 * command line on the server.
 */
export function disableRefusal(
  actorId: number,
  account: { id: number; role: StaffRole; disabled: boolean },
  activeAdmins: number,
): DisableRefusal | undefined {
  if (account.id === actorId) return 'self'
  if (account.role === 'admin' && !account.disabled && activeAdmins <= 1) return 'lastAdmin'
  return undefined
}
