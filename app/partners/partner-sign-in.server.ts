import type { DatabaseHandle } from '~/db/connect.server'
import { takePairedSlots, type RateLimitRule } from '~/db/rate-limit.server'
import { normalizeStaffEmail } from '~/domain/staff/password'
import { typedPasswordMatches } from '~/utils/password-hash.server'
import { logger } from '~/utils/logger.server'
import { startPartnerSession } from './partner-sessions.server'

/**
 * Partners sign in by e-mail and password, with the staff sign-in's limits:
 * five failures per e-mail and twenty per client address in fifteen minutes,
 * counted in the database so every instance sees them; a success gives its
 * slots back.
 */
export const partnerSignInRules: { account: RateLimitRule; address: RateLimitRule } = {
  account: { name: 'partner-sign-in-account', max: 5, windowMinutes: 15 },
  address: { name: 'partner-sign-in-address', max: 20, windowMinutes: 15 },
}

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

export async function signInPartner(
  handle: DatabaseHandle,
  attempt: PartnerSignInAttempt,
  now: Date,
): Promise<PartnerSignInOutcome> {
  const email = normalizeStaffEmail(attempt.email).slice(0, 254)
  const slots = await takePairedSlots(
    handle,
    partnerSignInRules,
    { accountKey: `partner:${email}`, ...attempt },
    now,
  )
  if (!slots.taken) {
    if (slots.spent === 'account') return refuse('locked')
    logger.warn('partner.sign_in_refused', { reason: 'address-locked' })
    return { signedIn: false, reason: 'address-locked', retryAt: slots.retryAt }
  }

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
  const matches = await typedPasswordMatches(user?.password_hash, attempt.password)
  if (!user) return refuse('unknown')
  if (!matches) return refuse('wrong-password', user.id)
  if (user.disabled_at || !user.active) return refuse('disabled', user.id)

  await slots.release()
  const token = await startPartnerSession(handle, user.id, attempt.userAgent, now)
  logger.info('partner.signed_in', { userId: user.id })
  return { signedIn: true, token, userId: user.id }
}

function refuse(reason: string, userId?: number): PartnerSignInOutcome {
  logger.warn('partner.sign_in_refused', { reason, userId })
  return { signedIn: false, reason: 'refused' }
}
