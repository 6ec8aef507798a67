import { redirect } from 'react-router'
import { getDatabase } from '~/db/db.server'
import { readTravellerSession, type SignedInTraveller } from './traveller-sessions.server'
import { readTravellerToken } from './traveller-cookie.server'

export type { SignedInTraveller } from './traveller-sessions.server'

// A page's loaders (and the booking steps') may ask more than once per request: read it once.
const sessionOfRequest = new WeakMap<Request, Promise<SignedInTraveller | undefined>>()

/**
 * The traveller signed in on this request (their account and session), or
 * undefined. For any page that shows or uses a traveller's own things.
 */
export function readSignedInTraveller(request: Request): Promise<SignedInTraveller | undefined> {
  let known = sessionOfRequest.get(request)
  if (!known) {
    known = (async () =>
      readTravellerSession(await getDatabase(), await readTravellerToken(request), new Date()))()
    sessionOfRequest.set(request, known)
  }
  return known
}

/**
 * The signed-in traveller whose address is proved, or undefined: for the
 * booking steps, where an account whose address is not proved counts for
 * nothing (account-proof.ts) and its holder books as a guest.
 */
export async function readProvedTraveller(
  request: Request,
): Promise<SignedInTraveller | undefined> {
  const signedIn = await readSignedInTraveller(request)
  return signedIn?.account.email_verified_at ? signedIn : undefined
}

/** The account pages' pages are private: no browser or proxy keeps a copy. */
export const accountPageHeaders = { 'Cache-Control': 'no-store' }

/** The signed-in traveller, or a redirect to /login that comes back here. */
export async function requireTraveller(request: Request): Promise<SignedInTraveller> {
  const signedIn = await readSignedInTraveller(request)
  if (signedIn) return signedIn
  const url = new URL(request.url)
  throw redirect(`/login?${new URLSearchParams({ next: url.pathname }).toString()}`, {
    headers: accountPageHeaders,
  })
}

/** Where to go after signing in: a page of this site under /account or a booking step. */
export function accountReturnPath(value: unknown): string {
  if (typeof value !== 'string') return '/account'
  return /^\/(account|booking-passenger|booking-payment)(\/[a-z-]*)?$/.test(value)
    ? value
    : '/account'
}
