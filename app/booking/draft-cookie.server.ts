import { createCookie } from 'react-router'
import { getEnv } from '~/config/env.server'
import { bookingIdPattern } from './identifiers.server'

const env = getEnv()

/**
 * The only thing the browser holds about its booking: the draft's id, signed
 * so it cannot be swapped for another booking's id. Prices, classes and counts
 * are always read again from the database.
 */
const bookingCookie = createCookie('booking', {
  path: '/',
  httpOnly: true,
  sameSite: 'lax',
  secure: env.PUBLIC_BASE_URL.startsWith('https:'),
  secrets: env.SESSION_SECRET,
  // A week: long enough to come back to a booking, short enough to forget it.
  maxAge: 60 * 60 * 24 * 7,
})

/** The draft id of this browser, or undefined when there is none or its signature fails. */
export async function readDraftId(request: Request): Promise<string | undefined> {
  const value: unknown = await bookingCookie.parse(request.headers.get('Cookie'))
  return typeof value === 'string' && bookingIdPattern.test(value) ? value : undefined
}

export function draftCookieHeader(bookingId: string): Promise<string> {
  return bookingCookie.serialize(bookingId)
}
