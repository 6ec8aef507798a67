import { createCookie } from 'react-router'
import { getEnv } from '~/config/env.server'
import { STAFF_SESSION_ABSOLUTE_MS, staffSessionTokenPattern } from './sessions.server'

const env = getEnv()

/**
 * The staff session's token. Sent only to /ops (the storefront never sees
 * it), never to scripts, and never with a request started by another site
 * (SameSite=Strict): a link or form elsewhere cannot act as a signed-in staff
 * member. Secure whenever the site is served over https.
 */
const staffCookie = createCookie('staff_session', {
  path: '/ops',
  httpOnly: true,
  sameSite: 'strict',
  secure: env.PUBLIC_BASE_URL.startsWith('https:'),
  secrets: env.SESSION_SECRET,
  maxAge: STAFF_SESSION_ABSOLUTE_MS / 1000,
})

export async function readStaffToken(request: Request): Promise<string | undefined> {
  const value: unknown = await staffCookie.parse(request.headers.get('Cookie'))
  return typeof value === 'string' && staffSessionTokenPattern.test(value) ? value : undefined
}

export function staffCookieHeader(token: string): Promise<string> {
  return staffCookie.serialize(token)
}

export function clearedStaffCookieHeader(): Promise<string> {
  return staffCookie.serialize('', { maxAge: 0 })
}
