import { createCookie } from 'react-router'
import { getEnv } from '~/config/env.server'
import { REMEMBERED_ABSOLUTE_MS, travellerSessionTokenPattern } from './traveller-sessions.server'

const env = getEnv()

/**
 * The traveller's session token, apart from the staff cookie (which only
 * /ops sees). Sent to the whole site, never to scripts; SameSite=Lax so that
 * a link opened from an e-mail arrives signed in, while a form posted from
 * another site does not. Secure whenever the site is served over https. Not
 * remembered: no Max-Age, so the browser drops it when it closes.
 */
const travellerCookie = createCookie('traveller_session', {
  path: '/',
  httpOnly: true,
  sameSite: 'lax',
  secure: env.PUBLIC_BASE_URL.startsWith('https:'),
  secrets: env.SESSION_SECRET,
})

export async function readTravellerToken(request: Request): Promise<string | undefined> {
  const value: unknown = await travellerCookie.parse(request.headers.get('Cookie'))
  return typeof value === 'string' && travellerSessionTokenPattern.test(value) ? value : undefined
}

export function travellerCookieHeader(token: string, remember: boolean): Promise<string> {
  return travellerCookie.serialize(token, remember ? { maxAge: REMEMBERED_ABSOLUTE_MS / 1000 } : {})
}

export function clearedTravellerCookieHeader(): Promise<string> {
  return travellerCookie.serialize('', { maxAge: 0 })
}
