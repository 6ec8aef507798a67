import { describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/connect.server'
import { storageBackends, useMigratedDatabase } from '../../tests/support/database-backends'
import { createStaffAccount, findStaffAccount } from './accounts.server'
import {
  confirmSecondFactor,
  removeSecondFactor,
  secondFactorSetupSecret,
} from './second-factor.server'
import { signIn, signInWithCode } from './sign-in.server'
import { totpCodeAt } from './totp.server'

const now = new Date('2026-11-20T08:00:10Z')
const seconds = (from: Date, count: number) => new Date(from.getTime() + count * 1000)
const password = 'a-long-password-1'
const client = { clientAddress: '203.0.113.9', userAgent: 'test', secret: 'test-secret' }

describe.each(storageBackends())('the second factor on $name', (backend) => {
  let handle: DatabaseHandle
  useMigratedDatabase(backend, (opened) => (handle = opened))

  async function account(email: string) {
    return createStaffAccount(handle, { email, name: 'Desk', role: 'dispatcher', password }, now)
  }

  it('is turned on only by a code from the secret being set up, and audited', async () => {
    const desk = await account('setup@example.com')
    const secret = (await secondFactorSetupSecret(handle, desk.id))!
    // Asking again shows the same secret until it is turned on.
    expect(await secondFactorSetupSecret(handle, desk.id)).toBe(secret)
    expect(await confirmSecondFactor(handle, desk.id, '000000', now)).toBe(false)
    expect(await confirmSecondFactor(handle, desk.id, totpCodeAt(secret, now), now)).toBe(true)
    expect((await findStaffAccount(handle, desk.id))?.totp_enabled_at).toBe(now.toISOString())
    expect(await secondFactorSetupSecret(handle, desk.id)).toBeUndefined()
    const audit = await handle.db
      .selectFrom('staff_audit')
      .select(['account_id', 'action'])
      .where('subject', '=', `staff:${desk.id}`)
      .execute()
    expect(audit).toEqual([{ account_id: desk.id, action: 'staff.second_factor_enabled' }])
  })

  it('asks for a code after the password, accepts each code once, and locks after five wrong', async () => {
    const desk = await account('code@example.com')
    const secret = (await secondFactorSetupSecret(handle, desk.id))!
    await confirmSecondFactor(handle, desk.id, totpCodeAt(secret, now), now)

    const later = seconds(now, 60)
    const first = await signIn(handle, { email: desk.email, password, ...client }, later)
    expect(first).toMatchObject({ signedIn: false, reason: 'code-needed' })

    const code = totpCodeAt(secret, later)
    const attempt = { accountId: desk.id, ...client }
    expect(await signInWithCode(handle, { ...attempt, code }, later)).toMatchObject({
      signedIn: true,
    })
    // The same code, a second time (over someone's shoulder): refused.
    expect(await signInWithCode(handle, { ...attempt, code }, later)).toMatchObject({
      signedIn: false,
      reason: 'wrong-code',
    })
    for (let wrong = 2; wrong <= 5; wrong++) {
      expect(await signInWithCode(handle, { ...attempt, code: '000000' }, later)).toMatchObject({
        reason: 'wrong-code',
      })
    }
    const next = seconds(later, 30)
    expect(
      await signInWithCode(handle, { ...attempt, code: totpCodeAt(secret, next) }, next),
    ).toMatchObject({ signedIn: false, reason: 'locked' })
  })

  it('is removed by an admin, and the password alone signs in again', async () => {
    const admin = await createStaffAccount(
      handle,
      { email: 'root@example.com', name: 'Root', role: 'admin', password },
      now,
    )
    const desk = await account('lost-phone@example.com')
    const secret = (await secondFactorSetupSecret(handle, desk.id))!
    await confirmSecondFactor(handle, desk.id, totpCodeAt(secret, now), now)
    await removeSecondFactor(handle, desk.email, now, { accountId: admin.id })
    const outcome = await signIn(
      handle,
      { email: desk.email, password, ...client, clientAddress: '203.0.113.10' },
      now,
    )
    expect(outcome.signedIn).toBe(true)
    const audit = await handle.db
      .selectFrom('staff_audit')
      .select(['account_id', 'action'])
      .where('subject', '=', `staff:${desk.id}`)
      .orderBy('id')
      .execute()
    expect(audit.at(-1)).toEqual({ account_id: admin.id, action: 'staff.second_factor_removed' })
  })
})
