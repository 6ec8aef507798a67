import type { DatabaseHandle } from '~/db/connect.server'
import type { TravellerTokenPurpose } from '~/db/schema'
import { writeTransaction } from '~/db/write.server'
import type { Executor } from '~/db/executor'
import { getEnv } from '~/config/env.server'
import {
  clientHash,
  consumeRateLimit,
  rateLimitFreesAt,
  takePairedSlots,
  type PairedSlots,
  type RateLimitRule,
} from '~/db/rate-limit.server'
import type { Language } from '~/i18n/config'
import { deliverSoon } from '~/messages/queue.server'
import { logger } from '~/utils/logger.server'
import { hashPassword, typedPasswordMatches } from '~/utils/password-hash.server'
import {
  createTravellerAccount,
  findTravellerAccount,
  findTravellerAccountByEmail,
  forgetSavedDetails,
  markEmailVerified,
  normalizeTravellerEmail,
  setTravellerPassword,
  type TravellerAccount,
} from './traveller-accounts.server'
import { queueAccountExistsMail, queueTravellerLinkMail } from './traveller-mail.server'
import {
  markTravellerSessionProved,
  revokeTravellerAccountSessions,
  startTravellerSession,
  type SignedInTraveller,
} from './traveller-sessions.server'
import {
  issueTravellerToken,
  retireTravellerTokens,
  useTravellerToken,
} from './traveller-tokens.server'

/**
 * What a traveller does with their account: register, sign in with a
 * password or with a link by e-mail, prove their address, set a new password.
 * Nothing here tells anyone whether an address has an account: a refused
 * sign-in has one answer, and every request for an e-mail (register, a link)
 * is answered "check your e-mail" whether or not one went.
 */

/** Failed password sign-ins per e-mail typed (known or not) and per client address, as staff's. */
export const travellerSignInAccountRule: RateLimitRule = {
  name: 'traveller-sign-in-account',
  max: 5,
  windowMinutes: 15,
}
export const travellerSignInAddressRule: RateLimitRule = {
  name: 'traveller-sign-in-address',
  max: 20,
  windowMinutes: 15,
}

/** E-mails asked for one address (registering, links): a few an hour, known account or not. */
export const accountMailsPerEmailRule: RateLimitRule = {
  name: 'traveller-mails-email',
  max: 5,
  windowMinutes: 60,
}
/** E-mails asked for from one client address (ACCOUNT_EMAILS_PER_ADDRESS an hour). */
export function accountMailsPerAddressRule(): RateLimitRule {
  return {
    name: 'traveller-mails-address',
    max: getEnv().ACCOUNT_EMAILS_PER_ADDRESS,
    windowMinutes: 60,
  }
}

export interface ClientFacts {
  clientAddress: string
  userAgent: string | null
  /** Keys the hashes of e-mails and addresses in the rate-limit table. */
  secret: string
}

/** The one refusal that names a limit: it says nothing about any account. */
export interface RateLimited {
  kind: 'rate-limited'
  retryAt: Date
}

// ---------------------------------------------------------------- e-mails asked for

type MailRequestOutcome = { kind: 'answered' } | RateLimited

/**
 * Counts one request for an e-mail against both limits (per address typed,
 * per client) and, under them, lets `queue` queue what goes (if anything),
 * in the same transaction; then sends it. Every request counts, answered
 * with a mail or not, so counting tells nothing either.
 */
async function answerMailRequest(
  handle: DatabaseHandle,
  email: string,
  client: Pick<ClientFacts, 'clientAddress' | 'secret'>,
  now: Date,
  queue: (trx: Executor, eventId: number) => Promise<number | undefined>,
): Promise<MailRequestOutcome> {
  const addressRule = accountMailsPerAddressRule()
  const addressHash = clientHash(client.clientAddress, client.secret)
  type Counted = { limited: RateLimitRule; hash: string } | { limited?: never; mailId?: number }
  const outcome = await writeTransaction(handle, async (trx): Promise<Counted> => {
    const byClient = await consumeRateLimit(trx, handle.dialect, addressRule, addressHash, now)
    if (byClient === undefined) return { limited: addressRule, hash: addressHash }
    const emailHash = clientHash(`traveller:${email}`, client.secret)
    const byEmail = await consumeRateLimit(
      trx,
      handle.dialect,
      accountMailsPerEmailRule,
      emailHash,
      now,
    )
    if (byEmail === undefined) return { limited: accountMailsPerEmailRule, hash: emailHash }
    return { mailId: await queue(trx, byEmail) }
  })
  if (outcome.limited) {
    logger.warn('traveller.mail_rate_limited', { rule: outcome.limited.name })
    const retryAt =
      (await rateLimitFreesAt(handle.db, outcome.limited, outcome.hash, now)) ??
      new Date(now.getTime() + outcome.limited.windowMinutes * 60_000)
    return { kind: 'rate-limited', retryAt }
  }
  deliverSoon(handle, [outcome.mailId])
  return { kind: 'answered' }
}

export interface Registration {
  email: string
  password: string
  language: Language
}

/**
 * A new account and the link that proves its address; for an address with
 * an account already, a note to its owner instead. The password is hashed
 * either way, so the answer takes as long.
 */
export async function registerTraveller(
  handle: DatabaseHandle,
  registration: Registration,
  client: ClientFacts,
  now: Date,
): Promise<MailRequestOutcome> {
  const email = normalizeTravellerEmail(registration.email)
  const passwordHash = await hashPassword(registration.password)
  return answerMailRequest(handle, email, client, now, async (trx, eventId) => {
    const created = await createTravellerAccount(
      trx,
      { email, passwordHash, language: registration.language },
      now,
    )
    if (created) {
      logger.info('traveller.registered', { accountId: created.id })
      const token = await issueTravellerToken(trx, created.id, 'verify', now)
      return queueTravellerLinkMail(trx, created, 'verify', token, now)
    }
    const existing = await findTravellerAccountByEmail(trx, email)
    return existing ? queueAccountExistsMail(trx, existing, eventId, now) : undefined
  })
}

/**
 * A link by e-mail for the account of `email`, if it has one: to sign in,
 * to set a new password, or (asked from the account page) to prove the
 * address again. The same answer whether or not the address has an account.
 */
export async function requestTravellerLink(
  handle: DatabaseHandle,
  email: string,
  purpose: TravellerTokenPurpose,
  client: Pick<ClientFacts, 'clientAddress' | 'secret'>,
  now: Date,
): Promise<MailRequestOutcome> {
  const normalized = normalizeTravellerEmail(email).slice(0, 254)
  return answerMailRequest(handle, normalized, client, now, async (trx) => {
    const account = await findTravellerAccountByEmail(trx, normalized)
    if (!account) return undefined
    if (purpose === 'verify' && account.email_verified_at) return undefined
    const token = await issueTravellerToken(trx, account.id, purpose, now)
    return queueTravellerLinkMail(trx, account, purpose, token, now)
  })
}

// ---------------------------------------------------------------- signing in

/**
 * One password try against both sign-in limits: the address typed (known or
 * not) and the client's. A success gives its slots back, so only failures count.
 */
function takeSignInSlots(
  handle: DatabaseHandle,
  email: string,
  client: Pick<ClientFacts, 'clientAddress' | 'secret'>,
  now: Date,
): Promise<PairedSlots> {
  return takePairedSlots(
    handle,
    { account: travellerSignInAccountRule, address: travellerSignInAddressRule },
    {
      accountKey: `traveller:${email}`,
      clientAddress: client.clientAddress,
      secret: client.secret,
    },
    now,
  )
}

export type SignInOutcome =
  | { signedIn: true; token: string; account: TravellerAccount }
  | { signedIn: false; reason: 'address-locked'; retryAt: Date }
  /** Unknown e-mail, wrong password, no password set, or too many failures: one answer for all. */
  | { signedIn: false; reason: 'refused' }

export async function signInTraveller(
  handle: DatabaseHandle,
  attempt: { email: string; password: string; remember: boolean },
  client: ClientFacts,
  now: Date,
): Promise<SignInOutcome> {
  const email = normalizeTravellerEmail(attempt.email).slice(0, 254)
  const slots = await takeSignInSlots(handle, email, client, now)
  if (!slots.taken) {
    logger.warn('traveller.sign_in_refused', { reason: `${slots.spent}-locked` })
    return slots.spent === 'address'
      ? { signedIn: false, reason: 'address-locked', retryAt: slots.retryAt }
      : { signedIn: false, reason: 'refused' }
  }
  const account = email ? await findTravellerAccountByEmail(handle.db, email) : undefined
  const matches = await typedPasswordMatches(account?.password_hash, attempt.password)
  if (!account || !matches) {
    logger.warn('traveller.sign_in_refused', {
      reason: account ? 'wrong-password' : 'unknown',
      accountId: account?.id,
    })
    return { signedIn: false, reason: 'refused' }
  }
  await slots.release()
  const token = await startTravellerSession(
    handle.db,
    account.id,
    { remember: attempt.remember, userAgent: client.userAgent },
    now,
  )
  logger.info('traveller.signed_in', { accountId: account.id, by: 'password' })
  return { signedIn: true, token, account }
}

export type ConfirmOutcome =
  | { confirmed: true }
  | { confirmed: false; reason: 'address-locked'; retryAt: Date }
  /** A wrong password, none set, or too many failures for the account: one answer. */
  | { confirmed: false; reason: 'refused' }

/**
 * The signed-in traveller proves who they are again with their password,
 * before downloading or deleting their data (account-proof.ts). It counts
 * against the sign-in's limits, by the account's address and the client's,
 * so a browser left signed in is no way round them to guess the password.
 */
export async function confirmTravellerPassword(
  handle: DatabaseHandle,
  signedIn: SignedInTraveller,
  password: string,
  client: ClientFacts,
  now: Date,
): Promise<ConfirmOutcome> {
  const { account, session } = signedIn
  const slots = await takeSignInSlots(handle, account.email, client, now)
  if (!slots.taken) {
    logger.warn('traveller.confirm_refused', { reason: `${slots.spent}-locked` })
    return slots.spent === 'address'
      ? { confirmed: false, reason: 'address-locked', retryAt: slots.retryAt }
      : { confirmed: false, reason: 'refused' }
  }
  if (!(await typedPasswordMatches(account.password_hash, password))) {
    logger.warn('traveller.confirm_refused', { reason: 'wrong-password', accountId: account.id })
    return { confirmed: false, reason: 'refused' }
  }
  await slots.release()
  await markTravellerSessionProved(handle.db, session.id, now)
  logger.info('traveller.confirmed', { accountId: account.id, by: 'password' })
  return { confirmed: true }
}

export type LinkOutcome =
  | { done: true; token: string; account: TravellerAccount }
  /** Unknown, used, expired, or made for something else. */
  | { done: false }

/**
 * Opens a link to prove the address or to sign in: either proves the address
 * and signs this browser in. An address proved for the first time by a
 * sign-in link drops the password and any details saved before it was
 * proved (whoever set them had not shown they own the mailbox) and ends
 * that person's sessions.
 */
export async function openTravellerLink(
  handle: DatabaseHandle,
  token: string,
  purpose: 'verify' | 'sign-in',
  options: { remember: boolean; userAgent: string | null },
  now: Date,
): Promise<LinkOutcome> {
  const outcome = await writeTransaction(handle, async (trx) => {
    const accountId = await useTravellerToken(trx, token, purpose, now)
    const account = accountId === undefined ? undefined : await findTravellerAccount(trx, accountId)
    if (!account) return undefined
    if (!account.email_verified_at) {
      if (purpose === 'sign-in') {
        await setTravellerPassword(trx, account.id, null, now)
        await forgetSavedDetails(trx, account.id, now)
        await revokeTravellerAccountSessions(trx, account.id, now)
      }
      await markEmailVerified(trx, account.id, now)
    }
    const session = await startTravellerSession(trx, account.id, options, now)
    return { token: session, account: (await findTravellerAccount(trx, account.id))! }
  })
  if (!outcome) {
    logger.info('traveller.link_refused', { purpose })
    return { done: false }
  }
  logger.info('traveller.signed_in', { accountId: outcome.account.id, by: purpose })
  return { done: true, ...outcome }
}

/**
 * Sets a new password with a reset link: every session of the account ends,
 * its other reset and sign-in links stop working, the address counts as
 * proved (the link came to it), and this browser is signed in anew.
 */
export async function resetTravellerPassword(
  handle: DatabaseHandle,
  token: string,
  password: string,
  options: { remember: boolean; userAgent: string | null },
  now: Date,
): Promise<LinkOutcome> {
  const passwordHash = await hashPassword(password)
  const outcome = await writeTransaction(handle, async (trx) => {
    const accountId = await useTravellerToken(trx, token, 'reset', now)
    if (accountId === undefined) return undefined
    await setTravellerPassword(trx, accountId, passwordHash, now)
    const ended = await revokeTravellerAccountSessions(trx, accountId, now)
    await retireTravellerTokens(trx, accountId, ['reset', 'sign-in'], now)
    await markEmailVerified(trx, accountId, now)
    const session = await startTravellerSession(trx, accountId, options, now)
    logger.info('traveller.password_reset', { accountId, sessionsEnded: ended })
    return { token: session, account: (await findTravellerAccount(trx, accountId))! }
  })
  return outcome ? { done: true, ...outcome } : { done: false }
}
