import { describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/connect.server'
import { createDraft, findBooking } from '~/booking/bookings.server'
import { draftInput } from '../../tests/support/booking-fixtures'
import { storageBackends, useMigratedDatabase } from '../../tests/support/database-backends'
import { secretTokenKey } from '~/utils/secret-token.server'
import {
  confirmTravellerPassword,
  openTravellerLink,
  registerTraveller,
  requestTravellerLink,
  resetTravellerPassword,
  signInTraveller,
  travellerSignInAccountRule,
  accountMailsPerEmailRule,
  type ClientFacts,
} from './traveller-sign-in.server'
import {
  purgeOldTravellerSessions,
  readTravellerSession,
  revokeTravellerSession,
  REMEMBERED_IDLE_MS,
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
} from './traveller-sessions.server'
import {
  issueTravellerToken,
  peekTravellerToken,
  useTravellerToken,
} from './traveller-tokens.server'
import {
  findTravellerAccountByEmail,
  saveTravellerDetails,
  savedDetailsOf,
} from './traveller-accounts.server'
import { listAccountBookings } from './my-bookings.server'
import { hasRecentProof, RECENT_PROOF_MINUTES } from './account-proof'

/**
 * Traveller accounts against stored data, on a real SQLite file and on
 * PostgreSQL: registering (and the answer for an address that has an
 * account), password sign-in and its lockout, sessions remembered or not and
 * their ends, the e-mailed links (one use, their expiry and purpose), and
 * "My bookings": only for a proved address, only its bookings, whatever the case.
 */
const now = new Date('2026-11-20T08:00:00Z')
const later = (ms: number) => new Date(now.getTime() + ms)
const minutes = 60_000
const password = 'correct horse battery'

describe.each(storageBackends())('traveller accounts on $name', (backend) => {
  let handle: DatabaseHandle
  useMigratedDatabase(backend, (opened) => (handle = opened))

  let clients = 0
  /** Each call from its own client address unless one is given. */
  const client = (clientAddress = `198.51.100.${clients++ % 250}`): ClientFacts => ({
    clientAddress,
    userAgent: 'vitest',
    secret: 'test-secret-0123456789',
  })

  let emails = 0
  const newEmail = () => `traveller${++emails}@example.com`

  const mailsTo = (recipient: string) =>
    handle.db
      .selectFrom('outgoing_messages')
      .select(['kind', 'recipient', 'subject', 'text_body', 'language'])
      .where('recipient', '=', recipient)
      .orderBy('id')
      .execute()

  /** The token of the last link e-mailed to `recipient`. */
  async function lastLinkTo(recipient: string): Promise<string> {
    const mails = await mailsTo(recipient)
    const token = /\/account\/link\?token=([\w-]{43})/.exec(mails.at(-1)?.text_body ?? '')?.[1]
    if (!token) throw new Error(`no link mailed to ${recipient}`)
    return token
  }

  /** Registered and proved by its verification link; signed in by that link. */
  async function verifiedAccount(email = newEmail()) {
    await registerTraveller(handle, { email, password, language: 'en' }, client(), now)
    const opened = await openTravellerLink(
      handle,
      await lastLinkTo(email),
      'verify',
      { remember: false, userAgent: null },
      now,
    )
    if (!opened.done) throw new Error('verification refused')
    return opened
  }

  const signIn = (email: string, typed: string, at = now, from = client(), remember = false) =>
    signInTraveller(handle, { email, password: typed, remember }, from, at)

  it('registers an account, unproved, and e-mails its verification link in its language', async () => {
    const email = newEmail()
    const outcome = await registerTraveller(
      handle,
      { email: ` ${email.toUpperCase()} `, password, language: 'tr' },
      client(),
      now,
    )
    expect(outcome).toEqual({ kind: 'answered' })
    const account = await findTravellerAccountByEmail(handle.db, email)
    expect(account).toMatchObject({ email, email_verified_at: null, language: 'tr' })
    expect(account!.password_hash).toMatch(/^\$argon2id\$/)
    const [mail, ...others] = await mailsTo(email)
    expect(others).toEqual([])
    expect(mail).toMatchObject({ kind: 'traveller.account_verify', language: 'tr' })
    expect(mail!.subject).toContain('E-posta adresinizi doğrulayın')
    // Only the token's hash is stored.
    const token = await lastLinkTo(email)
    const stored = await handle.db.selectFrom('traveller_tokens').selectAll().execute()
    expect(stored.map((row) => row.id)).toContain(secretTokenKey(token))
    expect(stored.map((row) => row.id)).not.toContain(token)
  })

  it('answers a second registration of an address as the first, and tells its owner instead', async () => {
    const { account } = await verifiedAccount()
    const outcome = await registerTraveller(
      handle,
      { email: account.email, password: 'another password!', language: 'tr' },
      client(),
      now,
    )
    expect(outcome).toEqual({ kind: 'answered' })
    const mails = await mailsTo(account.email)
    expect(mails.map((mail) => mail.kind)).toEqual([
      'traveller.account_verify',
      'traveller.account_exists',
    ])
    // In the account's language, not the one of the second attempt; the password is unchanged.
    expect(mails[1]!.language).toBe('en')
    expect(mails[1]!.text_body).toContain('/account/forgot-password')
    expect((await signIn(account.email, password)).signedIn).toBe(true)
    expect((await signIn(account.email, 'another password!')).signedIn).toBe(false)
  })

  it('signs in with the right password only, one answer for an unknown e-mail or a wrong password', async () => {
    const { account } = await verifiedAccount()
    const right = await signIn(` ${account.email.toUpperCase()}`, password)
    expect(right).toMatchObject({ signedIn: true, account: { id: account.id } })
    expect(await signIn(account.email, 'wrong password')).toEqual({
      signedIn: false,
      reason: 'refused',
    })
    expect(await signIn('nobody@example.com', password)).toEqual({
      signedIn: false,
      reason: 'refused',
    })
  })

  it('locks an e-mail after 5 failures, even for the right password, until the window passes', async () => {
    const { account } = await verifiedAccount()
    for (let i = 0; i < travellerSignInAccountRule.max; i++) {
      expect((await signIn(account.email, `wrong ${i}`)).signedIn).toBe(false)
    }
    expect(await signIn(account.email, password)).toEqual({ signedIn: false, reason: 'refused' })
    expect((await signIn(account.email, password, later(16 * minutes))).signedIn).toBe(true)
  })

  it('locks a client address after 20 failures, naming when it may try again', async () => {
    const from = client('203.0.113.77')
    for (let i = 0; i < 20; i++) await signIn(`x${i}@example.com`, 'wrong', now, from)
    const { account } = await verifiedAccount()
    const refused = await signIn(account.email, password, now, from)
    expect(refused).toMatchObject({ signedIn: false, reason: 'address-locked' })
    expect((await signIn(account.email, password, now, client())).signedIn).toBe(true)
  })

  it('counts a sign-in as a proof for minutes, and a password typed again as a new one', async () => {
    const { account } = await verifiedAccount()
    const outcome = await signIn(account.email, password)
    if (!outcome.signedIn) throw new Error('refused')
    const other = await signIn(account.email, password)
    if (!other.signedIn) throw new Error('refused')
    const at = (moment: Date) => readTravellerSession(handle, outcome.token, moment)
    const fresh = (await at(now))!
    expect(fresh.session.proved_at).toBe(now.toISOString())
    expect(hasRecentProof(fresh.session, later(RECENT_PROOF_MINUTES * minutes - 1))).toBe(true)
    const stale = (await at(later(RECENT_PROOF_MINUTES * minutes)))!
    expect(hasRecentProof(stale.session, later(RECENT_PROOF_MINUTES * minutes))).toBe(false)

    // A wrong password proves nothing, and counts against the sign-in's limit for the address.
    const afterwards = later(30 * minutes)
    const signedIn = (await at(afterwards))!
    expect(await confirmTravellerPassword(handle, signedIn, 'wrong', client(), afterwards)).toEqual(
      { confirmed: false, reason: 'refused' },
    )
    expect(hasRecentProof((await at(afterwards))!.session, afterwards)).toBe(false)
    expect(
      await confirmTravellerPassword(handle, signedIn, password, client(), afterwards),
    ).toEqual({ confirmed: true })
    expect(hasRecentProof((await at(afterwards))!.session, afterwards)).toBe(true)
    // Another browser of the account is not proved by it.
    expect((await readTravellerSession(handle, other.token, afterwards))!.session.proved_at).toBe(
      now.toISOString(),
    )
  })

  it('refuses a password confirmation once the address has failed 5 times, even the right one', async () => {
    const { account } = await verifiedAccount()
    const outcome = await signIn(account.email, password)
    if (!outcome.signedIn) throw new Error('refused')
    const signedIn = (await readTravellerSession(handle, outcome.token, now))!
    for (let i = 0; i < travellerSignInAccountRule.max; i++) {
      await confirmTravellerPassword(handle, signedIn, `wrong ${i}`, client(), now)
    }
    expect(await confirmTravellerPassword(handle, signedIn, password, client(), now)).toEqual({
      confirmed: false,
      reason: 'refused',
    })
    // The sign-in page counts the same failures.
    expect(await signIn(account.email, password)).toEqual({ signedIn: false, reason: 'refused' })
  })

  it('ends a session not remembered after 2 hours idle or 12 hours in all', async () => {
    const { account } = await verifiedAccount()
    const outcome = await signIn(account.email, password)
    if (!outcome.signedIn) throw new Error('refused')
    const { session } = (await readTravellerSession(handle, outcome.token, now))!
    expect(session.remember).toBe(0)
    expect(
      await readTravellerSession(handle, outcome.token, later(SESSION_IDLE_MS - minutes)),
    ).toBeDefined()
    // Kept alive by use, it still ends 12 hours after sign-in.
    for (let hour = 2; hour < 12; hour++) {
      expect(
        await readTravellerSession(handle, outcome.token, later(hour * 60 * minutes)),
      ).toBeDefined()
    }
    expect(
      await readTravellerSession(handle, outcome.token, later(SESSION_ABSOLUTE_MS)),
    ).toBeUndefined()

    const idle = await signIn(account.email, password)
    if (!idle.signedIn) throw new Error('refused')
    expect(await readTravellerSession(handle, idle.token, later(SESSION_IDLE_MS))).toBeUndefined()
  })

  it('keeps a remembered session for days of no use, and ends it after 30 days', async () => {
    const { account } = await verifiedAccount()
    const outcome = await signIn(account.email, password, now, client(), true)
    if (!outcome.signedIn) throw new Error('refused')
    const day = 24 * 60 * minutes
    expect(await readTravellerSession(handle, outcome.token, later(3 * day))).toMatchObject({
      session: { remember: 1 },
    })
    expect(
      await readTravellerSession(handle, outcome.token, later(3 * day + REMEMBERED_IDLE_MS)),
    ).toBeUndefined()
    const busy = await signIn(account.email, password, now, client(), true)
    if (!busy.signedIn) throw new Error('refused')
    for (let days = 10; days < 30; days += 10) {
      expect(await readTravellerSession(handle, busy.token, later(days * day))).toBeDefined()
    }
    expect(await readTravellerSession(handle, busy.token, later(30 * day))).toBeUndefined()
  })

  it('signs one browser out, leaving the others signed in', async () => {
    const { account, token: first } = await verifiedAccount()
    const second = await signIn(account.email, password)
    if (!second.signedIn) throw new Error('refused')
    await revokeTravellerSession(handle, first, now)
    expect(await readTravellerSession(handle, first, now)).toBeUndefined()
    expect(await readTravellerSession(handle, second.token, now)).toBeDefined()
  })

  it('uses a link once, for its own purpose, before it expires', async () => {
    const { account } = await verifiedAccount()
    const token = await issueTravellerToken(handle.db, account.id, 'sign-in', now)
    expect(await peekTravellerToken(handle.db, token, now)).toEqual({
      purpose: 'sign-in',
      accountId: account.id,
    })
    // A sign-in link sets no password, and proves nothing as a verification link.
    expect(await useTravellerToken(handle.db, token, 'reset', now)).toBeUndefined()
    expect(await useTravellerToken(handle.db, token, 'verify', now)).toBeUndefined()
    // Expired after 20 minutes.
    expect(
      await useTravellerToken(handle.db, token, 'sign-in', later(20 * minutes)),
    ).toBeUndefined()
    expect(await useTravellerToken(handle.db, token, 'sign-in', later(19 * minutes))).toBe(
      account.id,
    )
    expect(
      await useTravellerToken(handle.db, token, 'sign-in', later(19 * minutes)),
    ).toBeUndefined()
    expect(await peekTravellerToken(handle.db, token, now)).toBeUndefined()
    // Anything that is not a token of ours.
    expect(await useTravellerToken(handle.db, 'x'.repeat(43), 'sign-in', now)).toBeUndefined()
  })

  it('signs in by a link asked for, the same answer for an address with no account', async () => {
    const { account } = await verifiedAccount()
    expect(await requestTravellerLink(handle, account.email, 'sign-in', client(), now)).toEqual({
      kind: 'answered',
    })
    expect(
      await requestTravellerLink(handle, 'nobody@example.com', 'sign-in', client(), now),
    ).toEqual({
      kind: 'answered',
    })
    expect(await mailsTo('nobody@example.com')).toEqual([])
    const token = await lastLinkTo(account.email)
    const options = { remember: true, userAgent: null }
    const opened = await openTravellerLink(handle, token, 'sign-in', options, now)
    expect(opened).toMatchObject({ done: true, account: { id: account.id } })
    expect(await openTravellerLink(handle, token, 'sign-in', options, now)).toEqual({ done: false })
  })

  it('limits the e-mails asked for one address, known or not', async () => {
    const email = newEmail()
    for (let i = 0; i < accountMailsPerEmailRule.max; i++) {
      expect((await requestTravellerLink(handle, email, 'reset', client(), now)).kind).toBe(
        'answered',
      )
    }
    expect((await requestTravellerLink(handle, email, 'reset', client(), now)).kind).toBe(
      'rate-limited',
    )
  })

  it('proves an address by a sign-in link, dropping a password and details set before it was proved', async () => {
    const email = newEmail()
    await registerTraveller(handle, { email, password, language: 'en' }, client(), now)
    const squatter = await signIn(email, password)
    if (!squatter.signedIn) throw new Error('refused')
    // Details left by an account made before saving asked for a proved address.
    await handle.db
      .updateTable('traveller_accounts')
      .set({ saved_details: JSON.stringify({ phone: '+90 532 999 99 99' }) })
      .where('email', '=', email)
      .execute()
    await requestTravellerLink(handle, email, 'sign-in', client(), now)
    const opened = await openTravellerLink(
      handle,
      await lastLinkTo(email),
      'sign-in',
      { remember: false, userAgent: null },
      now,
    )
    expect(opened).toMatchObject({
      done: true,
      account: { password_hash: null, saved_details: null },
    })
    expect((await findTravellerAccountByEmail(handle.db, email))!.email_verified_at).not.toBeNull()
    expect(await readTravellerSession(handle, squatter.token, now)).toBeUndefined()
    expect((await signIn(email, password)).signedIn).toBe(false)
  })

  it('sets a new password by a reset link, signing every other browser out', async () => {
    const { account, token: first } = await verifiedAccount()
    const second = await signIn(account.email, password, now, client(), true)
    if (!second.signedIn) throw new Error('refused')
    await requestTravellerLink(handle, account.email, 'reset', client(), now)
    const resetToken = await lastLinkTo(account.email)
    const options = { remember: false, userAgent: null }
    const reset = await resetTravellerPassword(
      handle,
      resetToken,
      'a brand new password',
      options,
      now,
    )
    if (!reset.done) throw new Error('reset refused')
    expect(await readTravellerSession(handle, first, now)).toBeUndefined()
    expect(await readTravellerSession(handle, second.token, now)).toBeUndefined()
    expect(await readTravellerSession(handle, reset.token, now)).toBeDefined()
    expect((await signIn(account.email, password)).signedIn).toBe(false)
    expect((await signIn(account.email, 'a brand new password')).signedIn).toBe(true)
    // The link is spent.
    expect(
      await resetTravellerPassword(handle, resetToken, 'yet another password', options, now),
    ).toEqual({ done: false })
  })

  /** A booking in `status` made with `email`, picked up `days` after `now` at 10:00. */
  async function booking(
    email: string,
    status: 'confirmed' | 'awaiting_payment' | 'cancelled' | 'draft' | 'finished',
    days: number,
    confirmed = status !== 'awaiting_payment' && status !== 'draft',
  ) {
    const date = new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10)
    const { booking } = await createDraft(handle, draftInput(1, date), now)
    await handle.db
      .updateTable('bookings')
      .set({
        status,
        email,
        first_name: 'Ayşe',
        last_name: 'Yılmaz',
        confirmed_at: confirmed ? now.toISOString() : null,
      })
      .where('id', '=', booking.id)
      .execute()
    return (await findBooking(handle, booking.id))!
  }

  it('lists the paid bookings of a proved address only, any case, newest pickup first', async () => {
    const email = newEmail()
    const typedOtherwise = email.replace('traveller', 'Traveller').toUpperCase()
    const future = await booking(` ${typedOtherwise}`, 'confirmed', 5)
    const later_ = await booking(email, 'confirmed', 9)
    const cancelledAfterPaying = await booking(email, 'cancelled', 7)
    const past = await booking(email, 'finished', -3)
    await booking(email, 'draft', 4)
    await booking(email, 'awaiting_payment', 4)
    await booking(email, 'cancelled', 4, false)
    await booking(`other-${email}`, 'confirmed', 5)

    await registerTraveller(handle, { email, password, language: 'en' }, client(), now)
    const unproved = (await findTravellerAccountByEmail(handle.db, email))!
    expect(await listAccountBookings(handle.db, unproved, now)).toEqual({ upcoming: [], past: [] })

    await openTravellerLink(
      handle,
      await lastLinkTo(email),
      'verify',
      { remember: false, userAgent: null },
      now,
    )
    const proved = (await findTravellerAccountByEmail(handle.db, email))!
    const listed = await listAccountBookings(handle.db, proved, now)
    expect(listed.upcoming.map((row) => row.reference)).toEqual([
      later_.reference,
      cancelledAfterPaying.reference,
      future.reference,
    ])
    expect(listed.past.map((row) => row.reference)).toEqual([past.reference])
  })

  it('deletes sessions unused and links expired more than 30 days before', async () => {
    const { account, token } = await verifiedAccount()
    const link = await issueTravellerToken(handle.db, account.id, 'sign-in', now)
    const day = 24 * 60 * minutes
    await purgeOldTravellerSessions(handle, later(29 * day))
    expect(await readTravellerSession(handle, token, now)).toBeDefined()
    expect(await peekTravellerToken(handle.db, link, now)).toBeDefined()
    await purgeOldTravellerSessions(handle, later(31 * day))
    expect(await readTravellerSession(handle, token, now)).toBeUndefined()
    expect(await peekTravellerToken(handle.db, link, now)).toBeUndefined()
  })

  it('keeps saved details, blank ones dropped', async () => {
    const { account } = await verifiedAccount()
    await saveTravellerDetails(
      handle,
      account.id,
      { name: 'Ayşe', lastName: 'Yılmaz', city: 'İstanbul', company: '', updates: 'sms' },
      now,
    )
    const stored = (await findTravellerAccountByEmail(handle.db, account.email))!
    expect(savedDetailsOf(stored)).toEqual({
      name: 'Ayşe',
      lastName: 'Yılmaz',
      city: 'İstanbul',
      updates: 'sms',
    })
  })

  it('keeps no details for an account whose address is not proved', async () => {
    const email = newEmail()
    await registerTraveller(handle, { email, password, language: 'en' }, client(), now)
    const account = (await findTravellerAccountByEmail(handle.db, email))!
    await saveTravellerDetails(handle, account.id, { name: 'Mallory', phone: '+905329999999' }, now)
    const stored = (await findTravellerAccountByEmail(handle.db, email))!
    expect(stored.saved_details).toBeNull()
  })
})
