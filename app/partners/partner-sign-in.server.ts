import { hash, verify } from '@node-rs/argon2'
import type { DatabaseHandle } from '~/db/connect.server'
import {
  clientHash,
  rateLimitFreesAt,
  takeRateLimitSlot,
  type RateLimitRule,
} from '~/db/rate-limit.server'
import { normalizeStaffEmail, staffPasswordMaxLength } from '~/domain/staff/password'
import { logger } from '~/utils/logger.server'
import { startPartnerSession } from './partner-sessions.server'

/**
 * Partners sign in by e-mail and password, with the staff sign-in's limits:
 * five failures per e-mail and twenty per client address in fifteen minutes,
 * counted in the database so every instance sees them; a success gives its
 * slots back.
 */
export const partnerSignInAccountRule: RateLimitRule = {
  name: 'partner-sign-in-account',
  max: 5,
  windowMinutes: 15,
}
export const partnerSignInAddressRule: RateLimitRule = {
  name: 'partner-sign-in-address',
  max: 20,
  windowMinutes: 15,
}

/** Verified for an unknown e-mail, so its answer takes as long as a wrong password's. */
const unknownUserHash =
  '$argon2id$v=19$m=19456,t=2,p=1$rGhEW9J5NXfd+a0XGGPLFw$FrQcuWddgUEQaYW2aUmO4xAgqPWCX0JUZDc5eXxCeWE'

export interface PartnerSignInAttempt {
  email: string
  password: string
  clientAddress: string
  userAgent: string | null
  secret: string
}

export type PartnerSignInOutcome =
  | { signedIn: true; token: string; userId: number }
  | { signedIn: false; reason: 'address-locked'; retryAt: Date }
  /** Unknown, wrong password, disabled, company inactive or locked: one answer for all. */
  | { signedIn: false; reason: 'refused' }

async function passwordMatches(passwordHash: string, password: string) {
  try {
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}

/** A partner user's password hash: argon2id with the library's defaults, as staff's. */
export function hashPartnerPassword(password: string): Promise<string> {
  return hash(password)
}

export async function signInPartner(
  handle: DatabaseHandle,
  attempt: PartnerSignInAttempt,
  now: Date,
): Promise<PartnerSignInOutcome> {
  const email = normalizeStaffEmail(attempt.email).slice(0, 254)
  const accountSlot = await takeRateLimitSlot(
    handle,
    partnerSignInAccountRule,
    clientHash(`partner:${email}`, attempt.secret),
    now,
  )
  const addressHash = clientHash(attempt.clientAddress, attempt.secret)
  const addressSlot = await takeRateLimitSlot(handle, partnerSignInAddressRule, addressHash, now)
  const release = async () => {
    await accountSlot?.release()
    await addressSlot?.release()
  }
  if (!accountSlot || !addressSlot) {
    await release()
    if (addressSlot) return refuse('locked')
    const retryAt =
      (await rateLimitFreesAt(handle.db, partnerSignInAddressRule, addressHash, now)) ??
      new Date(now.getTime() + partnerSignInAddressRule.windowMinutes * 60_000)
    logger.warn('partner.sign_in_refused', { reason: 'address-locked' })
    return { signedIn: false, reason: 'address-locked', retryAt }
  }

  const password = attempt.password.slice(0, staffPasswordMaxLength * 4)
  const user = email
    ? await handle.db
        .selectFrom('partner_users')
        .innerJoin('companies', 'companies.id', 'partner_users.company_id')
        .select([
          'partner_users.id',
          'partner_users.password_hash',
          'partner_users.disabled_at',
          'companies.active',
        ])
        .where('partner_users.email', '=', email)
        .executeTakeFirst()
    : undefined
  const matches = await passwordMatches(user?.password_hash ?? unknownUserHash, password)
  if (!user) return refuse('unknown')
  if (!matches) return refuse('wrong-password', user.id)
  if (user.disabled_at || !user.active) return refuse('disabled', user.id)

  await release()
  const token = await startPartnerSession(handle, user.id, attempt.userAgent, now)
  logger.info('partner.signed_in', { userId: user.id })
  return { signedIn: true, token, userId: user.id }
}

function refuse(reason: string, userId?: number): PartnerSignInOutcome {
  logger.warn('partner.sign_in_refused', { reason, userId })
  return { signedIn: false, reason: 'refused' }
}
