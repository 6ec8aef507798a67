import { describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/connect.server'
import { storageBackends, useMigratedDatabase } from '../../tests/support/database-backends'
import {
  activeAdminCount,
  createStaffAccount,
  disableStaffAccount,
  disableStaffAccountAsAdmin,
  enableStaffAccount,
  endStaffSessions,
  resetStaffPassword,
} from './accounts.server'
import { listLiveStaffSessions, startStaffSession } from './sessions.server'

const now = new Date('2026-11-20T08:00:00Z')
const password = 'a-long-password-1'

describe.each(storageBackends())('account changes made in the console on $name', (backend) => {
  let handle: DatabaseHandle
  useMigratedDatabase(backend, (opened) => (handle = opened))

  async function auditOf(accountId: number) {
    const rows = await handle.db
      .selectFrom('staff_audit')
      .select(['account_id', 'action', 'subject', 'after_json'])
      .where('subject', '=', `staff:${accountId}`)
      .orderBy('id')
      .execute()
    return rows.map((row) => ({ ...row, after: row.after_json && JSON.parse(row.after_json) }))
  }

  it('writes each change to the audit log with the admin who made it', async () => {
    const admin = await createStaffAccount(
      handle,
      { email: 'root@example.com', name: 'Root', role: 'admin', password },
      now,
    )
    const actor = { accountId: admin.id }
    const driver = await createStaffAccount(
      handle,
      { email: 'Ali@Example.com', name: 'Ali Kaya', role: 'driver', password },
      now,
      actor,
    )
    await startStaffSession(handle, driver.id, 'phone', now)
    await startStaffSession(handle, driver.id, 'tablet', now)
    expect(await endStaffSessions(handle, driver.email, now, actor)).toBe(2)
    await startStaffSession(handle, driver.id, 'phone', now)
    await resetStaffPassword(handle, driver.email, 'another-long-password', now, actor)
    expect(await listLiveStaffSessions(handle, driver.id, now)).toEqual([])
    await startStaffSession(handle, driver.id, 'phone', now)
    await disableStaffAccount(handle, driver.email, now, actor)
    expect(await listLiveStaffSessions(handle, driver.id, now)).toEqual([])
    await enableStaffAccount(handle, driver.email, now, actor)

    const log = await auditOf(driver.id)
    expect(log.map(({ account_id, action }) => ({ account_id, action }))).toEqual(
      [
        'staff.added',
        'staff.sessions_revoked',
        'staff.password_reset',
        'staff.disabled',
        'staff.enabled',
      ].map((action) => ({ account_id: admin.id, action })),
    )
    expect(log[0]!.after).toEqual({ email: 'ali@example.com', name: 'Ali Kaya', role: 'driver' })
    expect(log[1]!.after).toEqual({ sessions: 2 })
    // The command line acts for no one: no audit row for the first admin.
    expect(await auditOf(admin.id)).toEqual([])
  })

  it('counts the admins who can still sign in', async () => {
    const before = await activeAdminCount(handle)
    const second = await createStaffAccount(
      handle,
      { email: 'second-admin@example.com', name: 'Second', role: 'admin', password },
      now,
    )
    expect(await activeAdminCount(handle)).toBe(before + 1)
    await disableStaffAccount(handle, second.email, now)
    expect(await activeAdminCount(handle)).toBe(before)
  })

  it('refuses an admin their own account and the last admin who can sign in', async () => {
    await noOtherAdmins()
    const [first, second] = await twoAdmins('own')
    expect(
      await disableStaffAccountAsAdmin(handle, first.email, now, { accountId: first.id }),
    ).toEqual({ kind: 'refused', refusal: 'self' })
    const disabled = await disableStaffAccountAsAdmin(handle, second.email, now, {
      accountId: first.id,
    })
    expect(disabled).toMatchObject({ kind: 'disabled', account: { id: second.id } })
    expect(await activeAdminCount(handle)).toBe(1)
    // The first is now the last admin: no one may disable them.
    expect(
      await disableStaffAccountAsAdmin(handle, first.email, now, { accountId: second.id }),
    ).toEqual({ kind: 'refused', refusal: 'lastAdmin' })
    expect(await auditOf(second.id)).toMatchObject([{ action: 'staff.disabled' }])
  })

  it('leaves one admin when two admins disable each other at the same moment', async () => {
    for (let round = 0; round < 5; round++) {
      await noOtherAdmins()
      const [first, second] = await twoAdmins(`race${round}`)
      // The console's rule was once checked before the write: both saw two admins.
      const outcomes = await Promise.all([
        disableStaffAccountAsAdmin(handle, second.email, now, { accountId: first.id }),
        disableStaffAccountAsAdmin(handle, first.email, now, { accountId: second.id }),
      ])
      expect(outcomes.map((outcome) => outcome.kind).sort()).toEqual(['disabled', 'refused'])
      expect(await activeAdminCount(handle)).toBe(1)
    }
  })

  /** Disables every admin the earlier tests made, so a test knows how many can sign in. */
  async function noOtherAdmins() {
    await handle.db
      .updateTable('staff_accounts')
      .set({ disabled_at: now.toISOString() })
      .where('role', '=', 'admin')
      .where('disabled_at', 'is', null)
      .execute()
  }

  async function twoAdmins(name: string) {
    const admin = (letter: string) =>
      createStaffAccount(
        handle,
        {
          email: `${name}-${letter}@example.com`,
          name: `Admin ${letter}`,
          role: 'admin',
          password,
        },
        now,
      )
    return Promise.all([admin('a'), admin('b')])
  }
})
