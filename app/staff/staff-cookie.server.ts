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

/** How long the code step waits after a right password before asking for the password again. */
export const CODE_STEP_MINUTES = 5

/**
 * Between the password and the code: which account's password was right, and
 * until when. Signed with the session secrets, so it cannot be made up, and
 * worth nothing without a code from that account's app.
 */
const codeStepCookie = createCookie('staff_code_step', {
  path: '/ops',
  httpOnly: true,
  sameSite: 'strict',
  secure: env.PUBLIC_BASE_URL.startsWith('https:'),
  secrets: env.SESSION_SECRET,
  maxAge: CODE_STEP_MINUTES * 60,
})

export interface CodeStep {
  accountId: number
  /** Milliseconds since the epoch. */
  until: number
}

export function codeStepCookieHeader(accountId: number, now: Date): Promise<string> {
  const step: CodeStep = { accountId, until: now.getTime() + CODE_STEP_MINUTES * 60_000 }
  return codeStepCookie.serialize(step)
}

export function clearedCodeStepCookieHeader(): Promise<string> {
  return codeStepCookie.serialize('', { maxAge: 0 })
}

/** The code step this browser is in, if it is still open at `now`. */
export async function readCodeStep(request: Request, now: Date): Promise<CodeStep | undefined> {
  const value: unknown = await codeStepCookie.parse(request.headers.get('Cookie'))
  if (typeof value !== 'object' || value === null) return undefined
  const { accountId, until } = value as Partial<CodeStep>
  if (typeof accountId !== 'number' || typeof until !== 'number') return undefined
  return until > now.getTime() ? { accountId, until } : undefined
}
