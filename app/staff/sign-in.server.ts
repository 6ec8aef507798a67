import type { DatabaseHandle } from '~/db/connect.server'
import { takePairedSlots, type PairedSlots, type RateLimitRule } from '~/db/rate-limit.server'
import { normalizeStaffEmail } from '~/domain/staff/password'
import { logger } from '~/utils/logger.server'
import { typedPasswordMatches } from '~/utils/password-hash.server'
import { findStaffAccount, findStaffAccountByEmail, type StaffAccount } from './accounts.server'
import { checkSecondFactorCode } from './second-factor.server'
import { startStaffSession } from './sessions.server'

/**
 * Failed sign-ins counted per account (the e-mail typed, known or not) and per
 * client address, in the database so every instance sees them. A success
 * gives its slots back: only failures count.
 */
export const signInAccountRule: RateLimitRule = {
  name: 'staff-sign-in-account',
  max: 5,
  windowMinutes: 15,
}
export const signInAddressRule: RateLimitRule = {
  name: 'staff-sign-in-address',
  max: 20,
  windowMinutes: 15,
}

export interface SignInAttempt {
  email: string
  password: string
  clientAddress: string
  userAgent: string | null
  /** Keys the hashes of e-mails and addresses in the rate-limit table. */
  secret: string
}

export type SignInReason = 'locked' | 'unknown' | 'wrong-password' | 'disabled' | 'wrong-code'

export type SignInOutcome =
  | { signedIn: true; token: string; account: StaffAccount }
  /** The password is right and the account has a second factor: a code comes next. */
  | { signedIn: false; reason: 'code-needed'; account: StaffAccount }
  /**
   * The client address has spent its failures. That limit says nothing about
   * any account, so the person is told, with the time a try is counted again.
   */
  | { signedIn: false; reason: 'address-locked'; retryAt: Date }
  /** The reason goes to the log only: the person signing in sees one message for all. */
  | { signedIn: false; reason: SignInReason }

type SignInSlots = PairedSlots

/** The staff limits, keyed by the e-mail typed (known or not) and the client address. */
function takeSignInSlots(
  handle: DatabaseHandle,
  email: string,
  attempt: Pick<SignInAttempt, 'clientAddress' | 'secret'>,
  now: Date,
): Promise<SignInSlots> {
  return takePairedSlots(
    handle,
    { account: signInAccountRule, address: signInAddressRule },
    { accountKey: `staff:${email}`, clientAddress: attempt.clientAddress, secret: attempt.secret },
    now,
  )
}

function refuse(reason: SignInReason, accountId?: number): SignInOutcome {
  logger.warn('staff.sign_in_refused', { reason, accountId })
  return { signedIn: false, reason }
}

/** The refusal of a try whose limit is spent. */
function refuseSpent(slots: Exclude<SignInSlots, { taken: true }>, accountId?: number) {
  if (slots.spent === 'account') return refuse('locked', accountId)
  logger.warn('staff.sign_in_refused', { reason: 'address-locked', accountId })
  return { signedIn: false as const, reason: 'address-locked' as const, retryAt: slots.retryAt }
}

async function startSignedIn(
  handle: DatabaseHandle,
  account: StaffAccount,
  userAgent: string | null,
  now: Date,
): Promise<SignInOutcome> {
  const token = await startStaffSession(handle, account.id, userAgent, now)
  logger.info('staff.signed_in', { accountId: account.id, role: account.role })
  return { signedIn: true, token, account }
}

export async function signIn(
  handle: DatabaseHandle,
  attempt: SignInAttempt,
  now: Date,
): Promise<SignInOutcome> {
  const email = normalizeStaffEmail(attempt.email).slice(0, 254)
  const slots = await takeSignInSlots(handle, email, attempt, now)
  if (!slots.taken) return refuseSpent(slots)

  const account = email ? await findStaffAccountByEmail(handle, email) : undefined
  const matches = await typedPasswordMatches(account?.password_hash, attempt.password)
  if (!account) return refuse('unknown')
  if (!matches) return refuse('wrong-password', account.id)
  if (account.disabled_at) return refuse('disabled', account.id)

  await slots.release()
  if (account.totp_enabled_at) return { signedIn: false, reason: 'code-needed', account }
  return startSignedIn(handle, account, attempt.userAgent, now)
}

export interface CodeAttempt extends Pick<SignInAttempt, 'clientAddress' | 'userAgent' | 'secret'> {
  /** The account whose password was right a moment ago. */
  accountId: number
  code: string
}

/**
 * The second step of a sign-in with a second factor. Wrong codes count
 * against the same limits as wrong passwords, so guessing codes locks the
 * account as guessing passwords does.
 */
export async function signInWithCode(
  handle: DatabaseHandle,
  attempt: CodeAttempt,
  now: Date,
): Promise<SignInOutcome> {
  const account = await findStaffAccount(handle, attempt.accountId)
  if (!account) return refuse('unknown')
  const slots = await takeSignInSlots(handle, account.email, attempt, now)
  if (!slots.taken) return refuseSpent(slots, account.id)
  if (account.disabled_at) return refuse('disabled', account.id)
  if (!(await checkSecondFactorCode(handle, account.id, attempt.code, now))) {
    return refuse('wrong-code', account.id)
  }
  await slots.release()
  return startSignedIn(handle, account, attempt.userAgent, now)
}
