import { createCookie } from 'react-router'
import { getEnv } from '~/config/env.server'
import { PARTNER_SESSION_ABSOLUTE_MS, partnerTokenPattern } from './partner-sessions.server'

const env = getEnv()

/**
 * The partner session's token. Path `/`, unlike the staff cookie: a partner
 * books through the storefront's own steps, which must know the booking is a
 * company's. Lax, so the booking steps' links work; never to scripts.
 */
const partnerCookie = createCookie('partner_session', {
  path: '/',
  httpOnly: true,
  sameSite: 'lax',
  secure: env.PUBLIC_BASE_URL.startsWith('https:'),
  secrets: env.SESSION_SECRET,
  maxAge: PARTNER_SESSION_ABSOLUTE_MS / 1000,
})

export async function readPartnerToken(request: Request): Promise<string | undefined> {
  const value: unknown = await partnerCookie.parse(request.headers.get('Cookie'))
  return typeof value === 'string' && partnerTokenPattern.test(value) ? value : undefined
}

export function partnerCookieHeader(token: string): Promise<string> {
  return partnerCookie.serialize(token)
}

export function clearedPartnerCookieHeader(): Promise<string> {
  return partnerCookie.serialize('', { maxAge: 0 })
}
