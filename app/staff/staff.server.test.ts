import { describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/connect.server'
import { storageBackends, useMigratedDatabase } from '../../tests/support/database-backends'
import {
  StaffAccountError,
  createStaffAccount,
  disableStaffAccount,
  findStaffAccountByEmail,
  resetStaffPassword,
} from './accounts.server'
import {
  STAFF_SESSION_ABSOLUTE_MS,
  STAFF_SESSION_IDLE_MS,
  listLiveStaffSessions,
  purgeOldStaffSessions,
  readStaffSession,
  revokeStaffSession,
  startStaffSession,
} from './sessions.server'
import { secretTokenKey as sessionKey } from '~/utils/secret-token.server'
import { signIn, signInAccountRule, signInAddressRule, type SignInAttempt } from './sign-in.server'

const secret = 'staff-test-secret-0123456789'
const password = 'correct horse battery'
const at = (iso: string) => new Date(iso)
const later = (from: Date, ms: number) => new Date(from.getTime() + ms)

describe.each(storageBackends())('staff accounts, sign-in and sessions on $name', (backend) => {
  let handle: DatabaseHandle
  useMigratedDatabase(backend, (opened) => (handle = opened))
  const now = at('2026-11-25T08:00:00Z')
  let sequence = 0
  /** A fresh e-mail and address per test: the rate limits count across tests. */
  const fresh = () => {
    sequence += 1
    return { email: `staff${sequence}@example.com`, address: `198.51.100.${sequence}` }
  }
  const attempt = (email: string, address: string, typed = password): SignInAttempt => ({
    email,
    password: typed,
    clientAddress: address,
    userAgent: 'vitest',
    secret,
  })

  describe('accounts', () => {
    it('stores the e-mail lower-cased and only an argon2id hash of the password', async () => {
      const account = await createStaffAccount(
        handle,
        { email: '  Ayse.Yilmaz@Example.COM ', name: 'Ayşe Yılmaz', role: 'admin', password },
        now,
      )
      expect(account.email).toBe('ayse.yilmaz@example.com')
      expect(account.role).toBe('admin')
      expect(account.password_hash).toMatch(/^\$argon2id\$/)
      expect(account.password_hash).not.toContain(password)
      expect(account.disabled_at).toBeNull()
      expect((await findStaffAccountByEmail(handle, 'AYSE.YILMAZ@example.com'))?.id).toBe(
        account.id,
      )
    })

    it('refuses a second account with the same e-mail, in any case', async () => {
      const { email } = fresh()
      await createStaffAccount(handle, { email, name: 'One', role: 'dispatcher', password }, now)
      await expect(
        createStaffAccount(
          handle,
          { email: email.toUpperCase(), name: 'Two', role: 'driver', password },
          now,
        ),
      ).rejects.toMatchObject({ problem: 'email-taken' })
    })

    it('refuses passwords shorter than 12 characters and e-mails that are not one', async () => {
      const { email } = fresh()
      await expect(
        createStaffAccount(
          handle,
          { email, name: 'X', role: 'driver', password: 'elevenchars' },
          now,
        ),
      ).rejects.toBeInstanceOf(StaffAccountError)
      await expect(
        createStaffAccount(handle, { email: 'nobody', name: 'X', role: 'driver', password }, now),
      ).rejects.toMatchObject({ problem: 'invalid-email' })
      expect(await findStaffAccountByEmail(handle, email)).toBeUndefined()
    })

    it('answers not-found when disabling or resetting an unknown e-mail', async () => {
      await expect(disableStaffAccount(handle, 'ghost@example.com', now)).rejects.toMatchObject({
        problem: 'not-found',
      })
      await expect(
        resetStaffPassword(handle, 'ghost@example.com', password, now),
      ).rejects.toMatchObject({ problem: 'not-found' })
    })
  })

  describe('sign-in', () => {
    it('signs in with the right password and starts a session stored by its hash only', async () => {
      const { email, address } = fresh()
      await createStaffAccount(handle, { email, name: 'D', role: 'dispatcher', password }, now)
      const outcome = await signIn(handle, attempt(email.toUpperCase(), address), now)
      expect(outcome.signedIn).toBe(true)
      if (!outcome.signedIn) return
      expect(outcome.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
      const stored = await handle.db.selectFrom('staff_sessions').selectAll().execute()
      expect(stored.some((row) => row.id === outcome.token)).toBe(false)
      expect(stored.some((row) => row.id === sessionKey(outcome.token))).toBe(true)
      const signedIn = await readStaffSession(handle, outcome.token, now)
      expect(signedIn?.account.email).toBe(email)
      expect(signedIn?.session.user_agent).toBe('vitest')
    })

    it('refuses an unknown e-mail, a wrong password and a disabled account alike', async () => {
      const { email, address } = fresh()
      await createStaffAccount(handle, { email, name: 'D', role: 'driver', password }, now)
      expect(await signIn(handle, attempt('nobody@example.com', address), now)).toEqual({
        signedIn: false,
        reason: 'unknown',
      })
      expect(await signIn(handle, attempt(email, address, 'wrong password!'), now)).toEqual({
        signedIn: false,
        reason: 'wrong-password',
      })
      await disableStaffAccount(handle, email, now)
      expect(await signIn(handle, attempt(email, address), now)).toEqual({
        signedIn: false,
        reason: 'disabled',
      })
    })

    it('locks an account after five failures in 15 minutes, even from other addresses', async () => {
      const { email } = fresh()
      await createStaffAccount(handle, { email, name: 'L', role: 'dispatcher', password }, now)
      for (let index = 0; index < signInAccountRule.max; index++) {
        const outcome = await signIn(
          handle,
          attempt(email, `203.0.113.${index}`, 'nope nope nope'),
          now,
        )
        expect(outcome).toMatchObject({ reason: 'wrong-password' })
      }
      // The right password from a new address is refused while the account is locked.
      expect(await signIn(handle, attempt(email, '203.0.113.99'), later(now, 60_000))).toEqual({
        signedIn: false,
        reason: 'locked',
      })
      // Fifteen minutes after the first failure a place is free again.
      const outcome = await signIn(
        handle,
        attempt(email, '203.0.113.99'),
        later(now, 15 * 60_000 + 1_000),
      )
      expect(outcome.signedIn).toBe(true)
    })

    it('does not count successful sign-ins against the account', async () => {
      const { email, address } = fresh()
      await createStaffAccount(handle, { email, name: 'S', role: 'admin', password }, now)
      for (let index = 0; index < signInAccountRule.max + 2; index++) {
        expect((await signIn(handle, attempt(email, address), now)).signedIn).toBe(true)
      }
    })

    // Twenty-one password checks (argon2id, slow by design): on a busy 2-core machine
    // they take longer than vitest's default 5 s for a test.
    it('locks an address after twenty failures, whatever the e-mails, and says until when', async () => {
      const { address } = fresh()
      const { email } = fresh()
      await createStaffAccount(handle, { email, name: 'A', role: 'admin', password }, now)
      for (let index = 0; index < signInAddressRule.max; index++) {
        const at = later(now, index * 1_000)
        await signIn(handle, attempt(`guess${index}-${sequence}@example.com`, address), at)
      }
      // The address's limit tells nothing about accounts: it is named, with the
      // moment its first failure leaves the 15-minute window.
      expect(await signIn(handle, attempt(email, address), later(now, 60_000))).toEqual({
        signedIn: false,
        reason: 'address-locked',
        retryAt: later(now, signInAddressRule.windowMinutes * 60_000),
      })
      expect((await signIn(handle, attempt(email, '192.0.2.200'), now)).signedIn).toBe(true)
    }, 30_000)
  })

  describe('sessions', () => {
    async function signedInToken(role: 'admin' | 'dispatcher' | 'driver' = 'dispatcher') {
      const { email } = fresh()
      const account = await createStaffAccount(handle, { email, name: 'S', role, password }, now)
      return { email, account, token: await startStaffSession(handle, account.id, null, now) }
    }

    it('ends after 12 hours without use, and stays while used', async () => {
      const { token } = await signedInToken()
      const hours = (count: number) => later(now, count * 3_600_000)
      expect(await readStaffSession(handle, token, hours(11))).toBeDefined()
      // Seen at 11 h: still live at 22 h.
      expect(await readStaffSession(handle, token, hours(22))).toBeDefined()
      expect(
        await readStaffSession(handle, token, later(hours(22), STAFF_SESSION_IDLE_MS)),
      ).toBeUndefined()
    })

    it('ends seven days after sign-in however busy', async () => {
      const { token } = await signedInToken()
      let moment = now
      while (moment.getTime() + 10 * 3_600_000 < now.getTime() + STAFF_SESSION_ABSOLUTE_MS) {
        moment = later(moment, 10 * 3_600_000)
        expect(await readStaffSession(handle, token, moment)).toBeDefined()
      }
      expect(
        await readStaffSession(handle, token, later(now, STAFF_SESSION_ABSOLUTE_MS)),
      ).toBeUndefined()
    })

    it('is revocable one browser at a time', async () => {
      const { account, token } = await signedInToken()
      const other = await startStaffSession(handle, account.id, 'phone', now)
      await revokeStaffSession(handle, token, later(now, 1_000))
      expect(await readStaffSession(handle, token, later(now, 2_000))).toBeUndefined()
      expect(await readStaffSession(handle, other, later(now, 2_000))).toBeDefined()
      const live = await listLiveStaffSessions(handle, account.id, later(now, 2_000))
      expect(live.map((session) => session.user_agent)).toEqual(['phone'])
    })

    it('all end when the account is disabled or its password reset', async () => {
      const first = await signedInToken()
      await disableStaffAccount(handle, first.email, later(now, 1_000))
      expect(await readStaffSession(handle, first.token, later(now, 2_000))).toBeUndefined()

      const second = await signedInToken()
      await resetStaffPassword(handle, second.email, 'a brand new passphrase', later(now, 1_000))
      expect(await readStaffSession(handle, second.token, later(now, 2_000))).toBeUndefined()
      const { address } = fresh()
      expect(
        (await signIn(handle, attempt(second.email, address), later(now, 3_000))).signedIn,
      ).toBe(false)
      expect(
        (
          await signIn(
            handle,
            attempt(second.email, address, 'a brand new passphrase'),
            later(now, 3_000),
          )
        ).signedIn,
      ).toBe(true)
    })

    it('are deleted 30 days after their last use, not before', async () => {
      const { account, token } = await signedInToken()
      const days = (count: number) => later(now, count * 86_400_000)
      const rows = () =>
        handle.db.selectFrom('staff_sessions').select('id').where('account_id', '=', account.id)
      await purgeOldStaffSessions(handle, days(29))
      expect(await rows().execute()).toEqual([{ id: sessionKey(token) }])
      expect(await purgeOldStaffSessions(handle, later(days(30), 1_000))).toBeGreaterThanOrEqual(1)
      expect(await rows().execute()).toEqual([])
    })

    it('ignores malformed and unknown tokens', async () => {
      expect(await readStaffSession(handle, undefined, now)).toBeUndefined()
      expect(await readStaffSession(handle, 'not a token', now)).toBeUndefined()
      expect(await readStaffSession(handle, 'A'.repeat(43), now)).toBeUndefined()
    })
  })
})
