import { redirect } from 'react-router'
import { getDatabase } from '~/db/db.server'
import { readPartnerSession, type SignedInPartner } from './partner-sessions.server'
import { readPartnerToken } from './partner-cookie.server'

/** Partner pages hold a company's bookings: private, never kept by a browser or a proxy. */
export const partnerPageHeaders = { 'Cache-Control': 'no-store' }

export const partnerSignInPath = '/partners/sign-in'

const partnerOfRequest = new WeakMap<Request, Promise<SignedInPartner | undefined>>()

/**
 * The partner signed in on this request, if any (read once per request: the
 * booking steps ask from their loader and their action).
 */
export function currentPartner(request: Request): Promise<SignedInPartner | undefined> {
  let known = partnerOfRequest.get(request)
  if (!known) {
    known = (async () => {
      const token = await readPartnerToken(request)
      if (!token) return undefined
      return readPartnerSession(await getDatabase(), token, new Date())
    })()
    partnerOfRequest.set(request, known)
  }
  return known
}

/** The signed-in partner, or a redirect to the partners' sign-in page. */
export async function requirePartner(request: Request): Promise<SignedInPartner> {
  const partner = await currentPartner(request)
  if (!partner) throw redirect(partnerSignInPath, { headers: partnerPageHeaders })
  return partner
}
