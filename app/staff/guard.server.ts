import { data, redirect } from 'react-router'
export { refuseCrossOrigin } from '~/utils/same-origin.server'
import { getDatabase } from '~/db/db.server'
import type { StaffRole } from '~/domain/staff/roles'
import { readStaffSession, type SignedInStaff } from './sessions.server'
import { readStaffToken } from './staff-cookie.server'

/** Staff pages are private: neither a browser nor a proxy keeps a copy. */
export const staffPageHeaders = { 'Cache-Control': 'no-store' }

export const signInPath = '/ops/sign-in'

// The layout's loader and the page's ask for the same request's session:
// read it once.
const sessionOfRequest = new WeakMap<Request, Promise<SignedInStaff | undefined>>()

/** Who is signed in on this request, if anyone. */
export function currentStaff(request: Request): Promise<SignedInStaff | undefined> {
  let known = sessionOfRequest.get(request)
  if (!known) {
    known = (async () =>
      readStaffSession(await getDatabase(), await readStaffToken(request), new Date()))()
    sessionOfRequest.set(request, known)
  }
  return known
}

/** Where to come back to after signing in: only pages under /ops. */
export function staffReturnPath(value: unknown): string {
  if (typeof value !== 'string') return '/ops'
  if (value !== '/ops' && !/^\/ops[/?]/.test(value)) return '/ops'
  // Backslashes and control characters can turn a path into another host in some browsers.
  // eslint-disable-next-line no-control-regex
  if (value.includes('\\') || /[\u0000-\u001f]/.test(value) || value.includes('//')) return '/ops'
  return value
}

/**
 * The signed-in staff member, when their role is one of `allowedRoles`.
 * Signed out (or the session ended): a redirect to the sign-in page, which
 * brings them back here. Signed in with another role: 403.
 */
export async function requireStaff(
  request: Request,
  allowedRoles: readonly StaffRole[],
): Promise<SignedInStaff> {
  const staff = await currentStaff(request)
  if (!staff) {
    const url = new URL(request.url)
    const next = staffReturnPath(url.pathname + url.search)
    throw redirect(
      next === '/ops' ? signInPath : `${signInPath}?${new URLSearchParams({ next }).toString()}`,
      { headers: staffPageHeaders },
    )
  }
  if (!allowedRoles.includes(staff.account.role)) throw forbidden()
  return staff
}

/** The answer to a member of staff asking for what is not theirs: 403, never cached. */
export function forbidden() {
  return data('Forbidden', { status: 403, statusText: 'Forbidden', headers: staffPageHeaders })
}
